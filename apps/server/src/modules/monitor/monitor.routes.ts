import { monitorRoutes as routes } from '@water/contract/monitor-routes';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import type { MonitorService } from './monitor.service.ts';

export async function monitorRoutes(app: FastifyInstance, { service }: { service: MonitorService }) {
  contractRoute(app, routes.server, async () => service.server());
  contractRoute(app, routes.eladmin, async () => service.eladmin());
  contractRoute(app, routes.statements, async () => service.statements());
  contractRoute(app, routes.resetStatements, async () => {
    service.resetStatements();
  });
}

/** The console's SQL page: the seeded menu `monitor` > `sql`. */
export const SQL_PAGE_PATH = '/monitor/sql';

/**
 * What `/druid` and everything below it answer, where eladmin kept its SQL monitor: eladmin-web's
 * SQL page frames `/druid/index.html`, so this is a small page it may frame (its own origin and
 * ALLOWED_ORIGINS), in both languages, with a link that opens the console's SQL page.
 */
const DRUID_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>SQL 监控 · SQL monitor</title>
<style>body{font:14px/1.6 system-ui,"Microsoft YaHei","WenQuanYi Micro Hei",sans-serif;margin:32px;color:#1f1f1f}
a{color:#1677ff}p{margin:0 0 12px}</style></head>
<body><h1>SQL 监控 · SQL monitor</h1>
<p>SQL 监控是控制台的一个页面：每条语句的执行次数、耗时、返回行数和最近的错误。</p>
<p>The SQL monitor is a page of the console: each statement's runs, time, rows and latest error.</p>
<p><a href="${SQL_PAGE_PATH}" target="_blank" rel="noopener">在控制台中打开 · Open it in the console</a></p>
</body></html>
`;

/** Serves the page of `/druid`, framable by the console's own origin and the ALLOWED_ORIGINS. */
export async function druidPage(app: FastifyInstance, { allowedOrigins }: { allowedOrigins: readonly string[] }) {
  const policy = `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors ${["'self'", ...allowedOrigins].join(' ')}`;
  const answer = async (_request: unknown, reply: FastifyReply) =>
    reply
      .header('content-security-policy', policy)
      .removeHeader('x-frame-options')
      .type('text/html; charset=utf-8')
      .send(DRUID_PAGE);
  contractRoute(app, routes.druid, answer);
  contractRoute(app, routes.druidFiles, answer);
}
