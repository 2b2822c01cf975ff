import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as a fake channel received it. */
export interface ReceivedRequest {
  method: string;
  /** Path and query exactly as sent (what WeChat Pay's signature covers). */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** An answer a fake channel gives. */
export interface ChannelReply {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

/**
 * A loopback HTTP server for a fake payment channel: it reads each request whole, hands it to the
 * channel's handler and writes the answer. Port 0: the system gives a free port, with no race.
 */
export async function startChannelServer(handle: (request: ReceivedRequest) => ChannelReply) {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const reply = handle({
        method: request.method ?? 'GET',
        url: request.url ?? '/',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(reply.status, reply.headers);
      response.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
