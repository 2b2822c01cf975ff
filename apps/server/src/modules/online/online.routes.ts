import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authErrors, Empty, ErrorBody, Page, PageQuery } from '@water/contract/common';
import { OnlineUser } from '@water/contract/logs';
import { and, desc, eq, gt, ilike, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { depts, sessions, users } from '../../db/schema.ts';
import { addressOf } from '../../lib/client-info.ts';
import { sortKeys, sortRows } from '../../lib/list-query.ts';
import { formatDateTime } from '../../lib/time.ts';

const tags = ['online users'];

export async function onlineRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/auth/online',
    {
      schema: {
        tags,
        summary: 'Users signed in now, one row per session',
        querystring: Type.Intersect([
          PageQuery,
          Type.Object({ username: Type.Optional(Type.String({ maxLength: 64 })) }),
        ]),
        response: { 200: Page(OnlineUser), ...authErrors },
      },
      config: { permission: ['online:list'] },
    },
    async (request) => {
      const { username, page, size, sort } = request.query;
      const order = sortKeys(sort, ['userName', 'nickName', 'dept', 'ip', 'browser', 'loginTime'] as const);
      const text = username?.trim();
      const rows = await app.db
        .select({ session: sessions, user: users, dept: depts.name })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(depts, eq(depts.id, users.deptId))
        .where(
          and(
            gt(sessions.expiresAt, app.clock.now()),
            text ? or(ilike(users.username, `%${text}%`), ilike(users.nickName, `%${text}%`)) : undefined,
          ),
        )
        .orderBy(desc(sessions.loginTime));
      const start = (page ?? 0) * (size ?? 10);
      const all = sortRows(
        rows.map((row) => ({
          key: row.session.id,
          userName: row.user.username,
          nickName: row.user.nickName,
          dept: row.dept,
          browser: row.session.browser,
          ip: row.session.ip,
          address: addressOf(row.session.ip ?? undefined),
          loginTime: formatDateTime(row.session.loginTime) as string,
        })),
        order,
      );
      const content = page === undefined ? all : all.slice(start, start + (size ?? 10));
      return { content, totalElements: rows.length };
    },
  );

  app.delete(
    '/auth/online',
    {
      schema: {
        tags,
        summary: 'Sign sessions out (kick out)',
        body: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 1000 }),
        response: { 200: Empty, 400: ErrorBody, ...authErrors },
      },
      config: { permission: ['online:del'] },
    },
    async (request, reply) => {
      const known = await app.db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, request.body));
      await app.sessions.revoke(known.map((row) => row.id));
      return reply.code(200).send();
    },
  );
}
