import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@/lib/api/clients';
import { ApiError } from '@/lib/api/errors';

/** A server that answers each request with the next status of a script, and records what it received. */
let script: number[] = [];
let received: { method: string; authorization?: string }[] = [];
const server = createServer((request, response) => {
  received.push({ method: request.method!, authorization: request.headers.authorization });
  const status = script.shift() ?? 200;
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(
    status >= 400
      ? JSON.stringify({ error: { code: 'x', message: 'Mensagem do servidor.', fields: { a: 'Campo inválido.' } } })
      : '{"data":1}',
  );
});
let baseURL = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());
beforeEach(() => {
  script = [];
  received = [];
});

describe('HTTP clients (docs/rules.md)', () => {
  it('sends the bearer token when there is one', async () => {
    const client = createApiClient({ baseURL, bearer: () => 'abc' });
    await client('/x');
    await createApiClient({ baseURL })('/x');
    expect(received.map((r) => r.authorization)).toEqual(['Bearer abc', undefined]);
  });

  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries a GET once on %i', async (status) => {
    script = [status, status, status];
    await expect(createApiClient({ baseURL })('/x')).rejects.toBeInstanceOf(ApiError);
    expect(received).toHaveLength(2);
  });

  it('does not retry other statuses', async () => {
    script = [400, 200];
    await expect(createApiClient({ baseURL })('/x')).rejects.toMatchObject({ status: 400 });
    expect(received).toHaveLength(1);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('never retries a %s', async (method) => {
    script = [503, 200];
    await expect(createApiClient({ baseURL })('/x', { method: method as 'POST' })).rejects.toMatchObject({ status: 503 });
    expect(received).toEqual([{ method, authorization: undefined }]);
  });

  it('succeeds when the retry does', async () => {
    script = [503, 200];
    await expect(createApiClient({ baseURL })('/x')).resolves.toEqual({ data: 1 });
  });

  it('reports a 401 and hands the caller the server’s message and fields', async () => {
    let unauthorized = 0;
    script = [401];
    const error = await createApiClient({ baseURL, onUnauthorized: () => unauthorized++ })('/x').catch((e: unknown) => e);
    expect(unauthorized).toBe(1);
    expect(error).toMatchObject({ status: 401, message: 'Mensagem do servidor.', fields: { a: 'Campo inválido.' } });
  });

  it('explains a network failure in Portuguese', async () => {
    const error = await createApiClient({ baseURL: 'http://127.0.0.1:1' })('/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, message: 'Sem conexão com o servidor. Verifique sua internet e tente novamente.' });
  });
});
