import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

export interface LocalServer {
  url: string;
  close(): Promise<void>;
}

function closer(server: { close(callback: () => void): unknown; closeAllConnections?: () => void }) {
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      // Keep-alive connections of the tests' fetch calls would otherwise hold the server open.
      server.closeAllConnections?.();
    });
}

/** Serves a Hono app (a fake) on a random local port. */
export async function listen(app: { fetch: (request: Request) => Response | Promise<Response> }): Promise<LocalServer> {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: closer(server as Parameters<typeof closer>[0]) };
}

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A plain HTTP server whose answers the test decides, recording every request with its raw body. */
export async function scriptedServer(
  handler: (request: ReceivedRequest, response: ServerResponse<IncomingMessage>) => void,
): Promise<LocalServer & { received: ReceivedRequest[] }> {
  const received: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(entry);
      handler(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, close: closer(server) };
}

export function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
