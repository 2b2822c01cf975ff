import { StickerCodeParams } from '@water/contract/public-machines';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-errors.ts';
import type { ConsumerService } from './consumer.service.ts';
import { machinePage, notFoundPage, type PageAssets, type PageLanguage } from './machine-page.ts';

const LANGUAGE_COOKIE = 'm_lang';
const YEAR_S = 365 * 24 * 3600;

/** Chinese unless `?lang=en` asks for English or the consumer chose it before (a cookie of the page's). */
function languageOf(request: FastifyRequest, reply: FastifyReply): PageLanguage {
  const asked = (request.query as { lang?: string }).lang;
  if (asked === 'en' || asked === 'zh') {
    reply.header('set-cookie', `${LANGUAGE_COOKIE}=${asked}; Path=/m; Max-Age=${YEAR_S}; SameSite=Lax`);
    return asked;
  }
  const cookie = request.headers.cookie ?? '';
  return /(?:^|;\s*)m_lang=en(?:;|$)/.test(cookie) ? 'en' : 'zh';
}

/**
 * `/m/:code`, the page behind a machine's sticker: drawn by the server (the first paint needs no
 * script), limited as the API it reads. An unknown code gets a friendly page in both languages.
 */
export async function machinePageRoutes(
  app: FastifyInstance,
  options: {
    service: ConsumerService;
    assets: () => PageAssets;
    limits: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  },
) {
  app.get(
    '/m/:code',
    {
      schema: { hide: true, params: StickerCodeParams },
      preValidation: options.limits,
      // A code that is not even a code's shape is unknown too: the same friendly page.
      attachValidation: true,
    },
    async (request, reply) => {
      const language = languageOf(request, reply);
      const assets = options.assets();
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      if (request.validationError) return reply.code(404).send(notFoundPage(language, assets));
      try {
        const machine = await options.service.machine((request.params as { code: string }).code);
        return reply.code(200).send(machinePage(machine, language, assets));
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 404)
          return reply.code(404).send(notFoundPage(language, assets));
        throw error;
      }
    },
  );
}
