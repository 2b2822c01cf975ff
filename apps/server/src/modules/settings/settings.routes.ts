import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authErrors, Empty, ErrorBody } from '@water/contract/common';
import { GlobalSettings, GlobalSettingsQuery } from '@water/contract/settings';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { globalSettings } from '../../db/schema.ts';

const tags = ['global settings'];

/** The settings of each side, kept in memory until they change on any instance. */
export class SettingsCache {
  readonly #cache = new Map<string, Promise<GlobalSettings>>();

  constructor(private readonly app: FastifyInstance) {
    app.events.on('settings', () => this.#cache.clear());
  }

  get(sideCode: string, fromType: string): Promise<GlobalSettings> {
    const key = `${sideCode}\u0000${fromType}`;
    let entry = this.#cache.get(key);
    if (!entry) {
      entry = this.app.db
        .select({ value: globalSettings.value })
        .from(globalSettings)
        .where(and(eq(globalSettings.sideCode, sideCode), eq(globalSettings.fromType, fromType)))
        .then(([row]) => {
          // Only sides that exist are kept, so made-up query values cannot fill memory.
          if (!row) this.#cache.delete(key);
          return (row?.value ?? {}) as GlobalSettings;
        });
      entry.catch(() => this.#cache.delete(key));
      this.#cache.set(key, entry);
    }
    return entry;
  }
}

export interface SettingsOptions {
  cache: SettingsCache;
}

/** `GET api/global/setting`: public, read before anyone signs in. */
export async function publicSettingsRoutes(base: FastifyInstance, { cache }: SettingsOptions) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/global/setting',
    {
      schema: {
        tags,
        summary: 'Global settings of a side (title, footer text, case number, publicity)',
        querystring: GlobalSettingsQuery,
        response: { 200: GlobalSettings, 400: ErrorBody },
      },
    },
    async (request) => cache.get(request.query.sideCode, request.query.fromType),
  );
}

/** A write clears the public read's cache on every instance, through the event. */
export async function settingsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  app.put(
    '/api/global/setting',
    {
      schema: {
        tags,
        summary: 'Store the global settings of a side',
        querystring: GlobalSettingsQuery,
        body: GlobalSettings,
        response: { 204: Empty, 400: ErrorBody, ...authErrors },
      },
      config: { permission: ['setting:edit'] },
    },
    async (request, reply) => {
      const { sideCode, fromType } = request.query;
      const now = app.clock.now();
      const updateBy = request.principal!.username;
      await app.db
        .insert(globalSettings)
        .values({ sideCode, fromType, value: request.body, updateBy, updateTime: now })
        .onConflictDoUpdate({
          target: [globalSettings.sideCode, globalSettings.fromType],
          set: { value: request.body, updateBy, updateTime: now },
        });
      await app.events.publish('settings', {});
      return reply.code(204).send();
    },
  );
}
