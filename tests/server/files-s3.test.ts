import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Fake } from '@server/fakes/s3';
import { contentDisposition } from '@server/services/content-disposition';
import { INCOMING_PREFIX, createS3Storage } from '@server/services/s3-storage';
import type { LocalServer } from '../services/local-server';
import { listen } from '../services/local-server';
import type { TestServer, TestUser } from '../support/server';
import { startTestServer } from '../support/server';
import { buildZip } from '../support/zip';

/** The documents' flow with the files in an S3-compatible store (the local fake, on an origin of its own). */

const CREDENTIALS = { accessKeyId: 'AKIACONTABILSERVER', secretAccessKey: 'server-test-secret' };
const BUCKET = 'contabil-documents';
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const MB = 1024 * 1024;

let store: LocalServer;
let storage: ReturnType<typeof createS3Storage>;
let server: TestServer;
let customer: TestUser;
let companyId: string;

beforeAll(async () => {
  store = await listen(s3Fake({ ...CREDENTIALS, buckets: [BUCKET] }));
  storage = createS3Storage({
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint: store.url,
    forcePathStyle: true,
    credentials: CREDENTIALS,
  });
  server = await startTestServer({ storage });
  companyId = await server.createCompany();
  customer = await server.createUser({ companyIds: [companyId] });
});
afterAll(async () => {
  await server?.close();
  await store?.close();
});

interface UploadLink {
  token: string;
  url: string;
  field: string;
  fields: Record<string, string>;
}

async function uploadLink(name: string, query = `?companyId=${companyId}`): Promise<UploadLink> {
  const answer = await server.call(`/api/upload/${encodeURIComponent(name)}${query}`, { token: customer.token });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

/** Sends the bytes straight to the store, as the browser does with the link: the policy's fields, then the file. */
async function sendToStore(link: UploadLink, bytes: Uint8Array) {
  const form = new FormData();
  for (const [name, value] of Object.entries(link.fields)) form.set(name, value);
  form.set(link.field, new File([bytes as Uint8Array<ArrayBuffer>], 'qualquer-nome.bin'));
  const response = await fetch(link.url, { method: 'POST', body: form });
  return { status: response.status, body: await response.text() };
}

const register = (uploadToken: string, type = 'outros') =>
  server.call(`/api/documents/register?companyId=${companyId}`, {
    method: 'POST',
    token: customer.token,
    body: { uploadToken, type },
  });

/** The file's own key: the link's key without the upload area. */
const keyOf = (link: UploadLink) => link.fields.key.slice(INCOMING_PREFIX.length);

describe('documents with files in an S3-compatible store', () => {
  it('uploads straight to the store, registers, lists and downloads the same bytes under the original name', async () => {
    const link = await uploadLink('Contrato Social — versão final.pdf');
    expect(link.url).toBe(`${store.url}/${BUCKET}`);
    expect(Object.keys(link.fields)).toEqual(expect.arrayContaining(['Policy', 'X-Amz-Signature', 'key']));

    const sent = await sendToStore(link, PDF);
    expect(sent.status).toBe(204);

    const registered = await register(link.token, 'contrato_social');
    expect(registered.status).toBe(201);
    expect(registered.body.data).toMatchObject({
      companyId,
      type: 'contrato_social',
      name: 'Contrato Social — versão final.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
    });

    const list = await server.call(`/api/documents?companyId=${companyId}`, { token: customer.token });
    expect(list.body.data.map((d: { id: string }) => d.id)).toContain(registered.body.data.id);

    const download = await server.call(`/api/download/${registered.body.data.id}?companyId=${companyId}`, {
      token: customer.token,
    });
    expect(download.status).toBe(200);
    expect(download.body.data.url.startsWith(`${store.url}/${BUCKET}/${keyOf(link)}?`)).toBe(true);
    const file = await fetch(download.body.data.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(contentDisposition('Contrato Social — versão final.pdf'));
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);

    // The route that serves with the session reads the same store.
    const direct = await fetch(`${server.baseUrl}/api/documents/${registered.body.data.id}/file?companyId=${companyId}`, {
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(new Uint8Array(await direct.arrayBuffer())).toEqual(PDF);
  });

  it('refuses at registration a file of another kind sent straight to the store, and removes it', async () => {
    const link = await uploadLink('guia.pdf');
    // The store checks the size, not the content: it takes the bytes.
    expect((await sendToStore(link, new TextEncoder().encode('MZ\x90\x00 um programa, não um PDF'))).status).toBe(204);

    const refused = await register(link.token);
    expect(refused.status).toBe(415);
    expect(refused.body.error.message).toBe(
      'Tipo de arquivo não aceito. Envie PDF, imagem (PNG, JPG, WEBP), XML, ZIP, OFX ou certificado A1 (.pfx).',
    );
    expect(await storage.head(keyOf(link), 8)).toBeNull();
    expect(await storage.head(link.fields.key, 8)).toBeNull();
    const list = await server.call(`/api/documents?companyId=${companyId}`, { token: customer.token });
    expect(list.body.data.map((d: { name: string }) => d.name)).not.toContain('guia.pdf');

    // Nothing is left to register; a new upload through the same link is checked again.
    expect((await register(link.token)).body.error.message).toBe(
      'O arquivo ainda não chegou: envie-o pelo link antes de registrá-lo.',
    );
    expect((await sendToStore(link, PDF)).status).toBe(204);
    expect((await register(link.token)).status).toBe(201);
  });

  it('refuses at registration a zip bomb sent straight to the store, and removes it; an ordinary ZIP registers', async () => {
    const link = await uploadLink('notas.zip');
    const bomb = buildZip([{ name: 'notas.xml', data: new Uint8Array(30 * MB) }]);
    expect((await sendToStore(link, bomb)).status).toBe(204);
    const refused = await register(link.token);
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields.file).toMatch(/^O arquivo ZIP foi recusado por segurança: ele se expande mais de 200 vezes/);
    expect(await storage.head(keyOf(link), 8)).toBeNull();

    const ordinary = await uploadLink('notas.zip');
    expect((await sendToStore(ordinary, buildZip([{ name: 'março/nota 1.xml', data: '<nfe/>' }]))).status).toBe(204);
    expect((await register(ordinary.token)).status).toBe(201);
  });

  it('lets the store refuse a file over 10 MB, which then never arrived', async () => {
    const link = await uploadLink('grande.pdf');
    const big = new Uint8Array(10 * MB + 1);
    big.set(PDF);
    const sent = await sendToStore(link, big);
    expect(sent.status).toBe(400);
    expect(sent.body).toContain('<Code>EntityTooLarge</Code>');
    const early = await register(link.token);
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe('O arquivo ainda não chegou: envie-o pelo link antes de registrá-lo.');
  });

  it('does not let a link still valid replace a registered file', async () => {
    const link = await uploadLink('foto.png');
    await sendToStore(link, PNG);
    const doc = await register(link.token);
    expect(doc.status).toBe(201);

    // The store takes a second upload through the link, but out of the document's reach.
    expect((await sendToStore(link, new TextEncoder().encode('%PDF outro conteúdo'))).status).toBe(204);
    const twice = await register(link.token);
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('Este arquivo já foi registrado.');
    const download = await server.call(`/api/download/${doc.body.data.id}?companyId=${companyId}`, { token: customer.token });
    expect(new Uint8Array(await (await fetch(download.body.data.url)).arrayBuffer())).toEqual(new Uint8Array(PNG));
  });

  it('keeps personal documents and profile photos in the store too', async () => {
    const first = await uploadLink('rg.png', '');
    await sendToStore(first, PNG);
    const rg = await server.call('/api/documents/personal/register', {
      method: 'POST',
      token: customer.token,
      body: { uploadToken: first.token, type: 'rg_cnh' },
    });
    expect(rg.status).toBe(201);
    // A new one in the same slot replaces the old, whose file goes.
    const second = await uploadLink('cnh.pdf', '');
    await sendToStore(second, PDF);
    const cnh = await server.call('/api/documents/personal/register', {
      method: 'POST',
      token: customer.token,
      body: { uploadToken: second.token, type: 'rg_cnh' },
    });
    expect(cnh.status).toBe(201);
    expect(await storage.head(keyOf(first), 8)).toBeNull();
    const download = await server.call(`/api/download/${cnh.body.data.id}`, { token: customer.token });
    expect(new Uint8Array(await (await fetch(download.body.data.url)).arrayBuffer())).toEqual(PDF);

    const form = new FormData();
    form.set('file', new File([PNG], 'eu.png', { type: 'image/png' }));
    const photo = await fetch(`${server.baseUrl}/api/users/${customer.uid}/photo`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${customer.token}` },
      body: form,
    });
    expect(photo.status).toBe(200);
    const { data } = (await photo.json()) as { data: { photoUrl: string } };
    expect(Buffer.from(await (await fetch(data.photoUrl)).arrayBuffer())).toEqual(PNG);
    expect(server.errors).toEqual([]);
  });
});
