import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authErrors } from '@water/contract/common';
import { DashboardStats } from '@water/contract/logs';
import { and, count, countDistinct, eq, gt, gte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dicts, menus, operationLogs, sessions, users } from '../../db/schema.ts';
import { SIGN_IN } from '../auth/auth.routes.ts';

const DAYS = 7;

/** `yyyy-MM-dd` of a time in the server's time zone. */
function day(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export async function dashboardRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/dashboard/stats',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Counts for the home page and sign-ins of the last 7 days',
        response: { 200: DashboardStats, ...authErrors },
      },
      config: { permission: 'signed-in' },
    },
    async () => {
      const now = app.clock.now();
      const first = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (DAYS - 1));
      const [[userCount], [online], [menuCount], [dictCount], signIns] = await Promise.all([
        app.db.select({ n: count() }).from(users),
        app.db
          .select({ n: countDistinct(sessions.userId) })
          .from(sessions)
          .where(gt(sessions.expiresAt, now)),
        app.db.select({ n: count() }).from(menus),
        app.db.select({ n: count() }).from(dicts),
        app.db
          .select({ at: operationLogs.createTime })
          .from(operationLogs)
          .where(
            and(
              eq(operationLogs.description, SIGN_IN),
              eq(operationLogs.logType, 'INFO'),
              gte(operationLogs.createTime, first),
            ),
          ),
      ]);
      const perDay = new Map<string, number>();
      for (const { at } of signIns) perDay.set(day(at), (perDay.get(day(at)) ?? 0) + 1);
      return {
        users: userCount?.n ?? 0,
        onlineUsers: online?.n ?? 0,
        menus: menuCount?.n ?? 0,
        dicts: dictCount?.n ?? 0,
        signIns: Array.from({ length: DAYS }, (_, index) => {
          const date = day(new Date(first.getFullYear(), first.getMonth(), first.getDate() + index));
          return { date, count: perDay.get(date) ?? 0 };
        }),
      };
    },
  );
}
