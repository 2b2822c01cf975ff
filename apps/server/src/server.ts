import type { Logger } from 'pino';
import { ConfigError, dataDirExposure, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/client.ts';
import { openDatabase } from './db/open.ts';
import { warmUpValidators } from './lib/validators.ts';

/** The only file that touches the process: configuration, listening, and shutting down. */
async function main() {
  // Everything the process creates (database files, uploads, secrets) is its owner's alone.
  process.umask(0o077);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  // Checked before opening creates anything: only a directory that was already there can be open.
  const exposure = dataDirExposure(config.dataDir);

  // The database opens while the rest of the server's code loads: it spends most of that time
  // compiling its WebAssembly and reading files, off this thread.
  const opening = openDatabase(config);
  const appModule = import('./app.ts');
  let opened: Awaited<ReturnType<typeof openDatabase>>;
  try {
    opened = await opening;
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`Could not open the database: ${reason}`);
    process.exit(1);
  }

  const { buildApp } = await appModule;
  const app = await buildApp({ config, database: opened.database, jwtSecret: opened.jwtSecret });
  if (exposure) app.log.warn(exposure);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('requests did not finish within 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    await app.close();
    await opened.database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // What the configuration asks cannot be done (the MQTT port is taken): one line, not a stack.
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Configuration error: ${error.message}`);
    await opened.database.close();
    process.exit(1);
  }
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = [`Console running at http://${shownHost}:${port}`];
  if (opened.generatedAdminPassword) {
    lines.push(`First start: sign in as "admin" with password ${opened.generatedAdminPassword}`);
    lines.push('This password is shown only once; change it in the personal center.');
  }
  // What start-up logged comes first: the log is written in batches (lib/access-log.ts).
  await new Promise<void>((resolve) => (app.log as Logger).flush(() => resolve()));
  // Printed, not logged: the admin password must not end up in log files.
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
  // What start-up left for later, made while no one is waiting yet.
  setTimeout(warmUpValidators, 50).unref();
}

void main();
