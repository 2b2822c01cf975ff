import { APP_TITLE } from '@water/contract/constants';
import type { FastifyInstance } from 'fastify';
import { type Language, languageOf } from '../lib/texts.ts';

const SHORT_NAME: Record<Language, string> = { en: 'Water Console', zh: '售水管理' };
const DESCRIPTION: Record<Language, string> = {
  en: 'Machines, sales and field work of the water vending network',
  zh: '售水机网络的设备、销售与现场运维',
};
const MY_WORK_ORDERS: Record<Language, string> = { en: 'My work orders', zh: '我的工单' };

/**
 * The web app's manifest, in the language the phone asks for: what makes the console installable
 * on a phone's home screen (a technician's way in), with the icons of apps/web/public/icons.
 */
export function webManifest(language: Language) {
  return {
    id: '/',
    name: APP_TITLE[language],
    short_name: SHORT_NAME[language],
    description: DESCRIPTION[language],
    lang: language === 'zh' ? 'zh-CN' : 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: '#f0f2f5',
    theme_color: '#1890ff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts: [
      {
        name: MY_WORK_ORDERS[language],
        url: '/field/my-work-orders',
        icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
      },
    ],
  };
}

export async function webManifestRoute(app: FastifyInstance) {
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Language')
      .type('application/manifest+json; charset=utf-8')
      .send(JSON.stringify(webManifest(languageOf(request.headers['accept-language'])))),
  );
}
