import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A webhook receiver for server processes: `/stuck` takes a message and never answers; any other path answers 200. */
export async function startWebhookReceiver() {
  const received: { path: string; body: string }[] = [];
  const held: ServerResponse[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ path: request.url ?? '', body });
      if (request.url === '/stuck') held.push(response);
      else response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (name: string) => `http://127.0.0.1:${port}/${name}`,
    of: (name: string) => received.filter((message) => message.path === `/${name}`),
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
