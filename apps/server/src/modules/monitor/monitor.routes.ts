import { statfs } from 'node:fs/promises';
import os from 'node:os';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authErrors, Empty } from '@water/contract/common';
import { ServerStatus, StatementStats } from '@water/contract/logs';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { formatDateTime } from '../../lib/time.ts';

/** CPU busy share between two readings of the cores' counters. */
function cpuTimes() {
  let idle = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const times = cpu.times;
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.irq + times.idle;
  }
  return { idle, total };
}

/** The single `value` column of a one-row query; both drivers answer `{ rows }`. */
async function scalar(app: FastifyInstance, query: SQL): Promise<string | undefined> {
  const result = (await app.db.execute(query)) as unknown as { rows: { value: string }[] };
  return result.rows[0]?.value;
}

export async function monitorRoutes(base: FastifyInstance, options: { dataDir: string }) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  let previous = cpuTimes();

  app.get(
    '/api/monitor/server',
    {
      schema: {
        tags: ['monitor'],
        summary: 'Server, CPU, memory, disk and database figures',
        response: { 200: ServerStatus, ...authErrors },
      },
      config: { permission: ['monitor:list'] },
    },
    async () => {
      const current = cpuTimes();
      const busy = current.total - previous.total;
      const usedPercent = busy > 0 ? Math.round((1 - (current.idle - previous.idle) / busy) * 1000) / 10 : 0;
      previous = current;
      const disk = await statfs(options.dataDir).catch(() => statfs('/'));
      const [size, version] = await Promise.all([
        scalar(app, sql`SELECT pg_database_size(current_database())::text AS value`),
        scalar(app, sql`SELECT current_setting('server_version') AS value`),
      ]);
      const cpus = os.cpus();
      return {
        system: {
          os: `${os.type()} ${os.release()} (${os.arch()})`,
          hostname: os.hostname(),
          uptimeSeconds: Math.round(os.uptime()),
          nodeVersion: process.version,
          processUptimeSeconds: Math.round(process.uptime()),
          time: formatDateTime(app.clock.now()) as string,
        },
        cpu: {
          model: cpus[0]?.model ?? 'unknown',
          cores: cpus.length,
          loadAverage: os.loadavg().map((load) => Math.round(load * 100) / 100),
          usedPercent,
        },
        memory: {
          totalBytes: os.totalmem(),
          usedBytes: os.totalmem() - os.freemem(),
          processRssBytes: process.memoryUsage().rss,
        },
        disk: {
          path: options.dataDir,
          totalBytes: disk.blocks * disk.bsize,
          usedBytes: (disk.blocks - disk.bfree) * disk.bsize,
        },
        database: {
          kind: app.database.kind === 'pglite' ? 'PostgreSQL (embedded)' : 'PostgreSQL',
          sizeBytes: Number(size ?? 0),
          version: version ?? 'unknown',
        },
      };
    },
  );

  const round = (ms: number) => Math.round(ms * 1000) / 1000;

  app.get(
    '/api/monitor/sql',
    {
      schema: {
        tags: ['monitor'],
        summary: 'Every SQL statement run since start: count, total, average and longest time, errors',
        response: { 200: Type.Array(StatementStats), ...authErrors },
      },
      config: { permission: ['sql:list'] },
    },
    async () =>
      app.database.stats
        .snapshot()
        .sort((a, b) => b.totalMs - a.totalMs)
        .map((entry) => ({
          ...entry,
          totalMs: round(entry.totalMs),
          maxMs: round(entry.maxMs),
          avgMs: round(entry.totalMs / entry.count),
        })),
  );

  app.delete(
    '/api/monitor/sql',
    {
      schema: { tags: ['monitor'], summary: 'Start the SQL figures afresh', response: { 200: Empty, ...authErrors } },
      config: { permission: ['sql:list'] },
    },
    async (_request, reply) => {
      app.database.stats.reset();
      return reply.code(200).send();
    },
  );
}

/** `/druid`, where eladmin kept its SQL monitor, leads to the console's SQL page. */
export async function druidRedirect(app: FastifyInstance) {
  app.get('/druid', { schema: { hide: true } }, (_request, reply) => reply.redirect('/monitor/sql', 302));
}
