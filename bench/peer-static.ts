/**
 * A built single-page client served as nginx serves one in front of the API: each file of its
 * `dist` (read once into memory) with the build's precompressed .gz when the browser takes gzip
 * (gzip_static), other text gzipped (gzip on), the index for any other path (try_files … /index.html),
 * and the API's paths passed to the server (proxy_pass, Host kept, keep-alive upstream; WebSocket
 * upgrades passed through). Used by bench/sign-in-peer.ts to serve eladmin-web beside our server.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The paths nginx passes to the API in eladmin's deployment: the API, sign-in, avatars, files, WebSocket. */
const PROXIED = /^\/(auth|api|avatar|files|websocket)(\/|\?|$)/i;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
};

/** Every file of `dist`, read once: its type, its bytes and, for text, its gzip (the build's .gz, or made here). */
function readDist(dist: string): Map<string, { type: string; body: Buffer; gzip: Buffer | undefined }> {
  const files = new Map<string, { type: string; body: Buffer; gzip: Buffer | undefined }>();
  const walk = (directory: string) => {
    for (const name of readdirSync(directory)) {
      const file = path.join(directory, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (!name.endsWith('.gz')) {
        const type = TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
        const body = readFileSync(file);
        const text = /^(text\/|application\/(javascript|json)|image\/svg)/.test(type);
        const gzip = existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`) : text ? gzipSync(body) : undefined;
        files.set(`/${path.relative(dist, file).split(path.sep).join('/')}`, { type, body, gzip });
      }
    }
  };
  walk(dist);
  return files;
}

/** eladmin-web's build as nginx serves it, with its API paths passed to `apiPort` (keep-alive, Host kept). */
export function servePeer(dist: string, port: number, apiPort: number): Promise<http.Server> {
  const files = readDist(dist);
  const index = files.get('/index.html')!;
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((request, response) => {
    const url = request.url ?? '/';
    if (PROXIED.test(url)) {
      // As nginx does (proxy_next_upstream error), a GET whose keep-alive connection failed before
      // any answer is tried once more on a new connection; anything else answers 502.
      const forward = (retry: boolean) => {
        const upstream = http.request(
          {
            host: '127.0.0.1',
            port: apiPort,
            method: request.method,
            path: url,
            agent: retry ? agent : false,
            headers: { ...request.headers, 'x-forwarded-for': request.socket.remoteAddress ?? '' },
          },
          (answer) => {
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
          },
        );
        upstream.on('error', (error) => {
          if (response.headersSent) response.destroy();
          else if (retry && (request.method === 'GET' || request.method === 'HEAD')) forward(false);
          else {
            console.error(`peer proxy: ${request.method} ${url}: ${error.message}`);
            response.writeHead(502).end();
          }
        });
        if (request.method === 'GET' || request.method === 'HEAD') upstream.end();
        else request.pipe(upstream);
      };
      forward(true);
      return;
    }
    const file = files.get(decodeURIComponent(url.split('?')[0] ?? '/')) ?? index;
    const gzip = file.gzip && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    const body = gzip ? file.gzip! : file.body;
    response.writeHead(200, {
      'content-type': file.type,
      'content-length': body.length,
      vary: 'Accept-Encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      'cache-control': file === index ? 'no-cache' : 'max-age=31536000',
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  // The WebSocket upgrade, passed through as bytes.
  server.on('upgrade', (request, socket, head) => {
    const upstream = net.connect(apiPort, '127.0.0.1', () => {
      const headers = Object.entries(request.headers).map(([name, value]) => `${name}: ${value}\r\n`);
      upstream.write(`${request.method} ${request.url} HTTP/1.1\r\n${headers.join('')}\r\n`);
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  server.once('close', () => agent.destroy());
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
