import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../free-port.ts';

/**
 * The reverse proxy of the README's deployment section: round robin over the instances, websocket
 * upgrades passed on, the client's address and scheme in X-Forwarded-For and X-Forwarded-Proto.
 */
export function nginxConfig(dir: string, port: number, upstreams: string[]): string {
  const asRoot = process.getuid?.() === 0 ? 'user root;' : '';
  return `${asRoot}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  upstream console {
${upstreams.map((address) => `    server ${address};`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://console;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 1h;
    }
  }
}
`;
}

export interface Nginx {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Debian's nginx as a child process, on a free loopback port, in front of the instances. */
export async function startNginx(upstreams: string[]): Promise<Nginx> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'water-nginx-'));
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  await writeFile(conf, nginxConfig(dir, port, upstreams));
  const child: ChildProcess = spawn('nginx', ['-c', conf, '-p', dir, '-e', `${dir}/error.log`, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exit = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const ready = await fetch(`${baseUrl}/auth/code`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = await readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '');
      child.kill('SIGKILL');
      throw new Error(`nginx did not start:\n${stderr}${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    baseUrl,
    stop: async () => {
      // SIGQUIT would wait for the open websockets; the test is over.
      if (child.exitCode === null) child.kill('SIGTERM');
      await exit;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
