import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedLinks, filesSigningSecret } from '@server/services/signed-links';
import type { TestServer, TestUser } from '../support/server';
import { startTestServer, twoCompanies } from '../support/server';
import { buildZip } from '../support/zip';

let server: TestServer;
let admin: TestUser;
let customer: TestUser;
let partner: TestUser;
let other: TestUser;
let companyId: string;
let otherCompanyId: string;

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const MB = 1024 * 1024;

beforeAll(async () => {
  server = await startTestServer();
  ({ companyId, otherCompanyId, admin, customer, partner, other } = await twoCompanies(server));
});
afterAll(() => server?.close());

/** Asks for an upload link (the name as typed, encoded once as a browser would). */
const uploadLink = (token: string, name: string, query = `?companyId=${companyId}`) =>
  server.call(`/api/upload/${encodeURIComponent(name)}${query}`, { token });

/** Sends bytes to a signed upload link, as the browser's form does. */
async function sendTo(url: string, name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name));
  const response = await fetch(`${server.baseUrl}${url}`, { method: 'POST', body: form });
  return { status: response.status, body: await response.json() };
}

async function uploaded(token: string, name: string, bytes: Uint8Array, query?: string) {
  const link = await uploadLink(token, name, query);
  expect(link.status).toBe(200);
  const sent = await sendTo(link.body.data.url, name, bytes);
  expect(sent.status).toBe(201);
  return link.body.data.token as string;
}

/** The same token with one character of its payload or signature changed. */
function tamper(token: string, part: 1 | 2): string {
  const pieces = token.split('.');
  const text = pieces[part];
  const i = Math.floor(text.length / 2);
  pieces[part] = text.slice(0, i) + (text[i] === 'A' ? 'B' : 'A') + text.slice(i + 1);
  return pieces.join('.');
}

/** A raw request, so the path reaches the server exactly as written. */
function rawGet(path: string, token: string): Promise<number> {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('signed upload and download links', () => {
  it('needs a session to ask for a link', async () => {
    expect((await server.call(`/api/upload/nota.pdf?companyId=${companyId}`)).status).toBe(401);
    expect((await server.call(`/api/download/${crypto.randomUUID()}?companyId=${companyId}`)).status).toBe(401);
  });

  it('uploads, registers, lists and downloads the very same bytes under the original name', async () => {
    const link = await uploadLink(customer.token, 'Contrato Social — versão final.pdf');
    expect(link.status).toBe(200);
    expect(link.body.data).toMatchObject({ method: 'POST', field: 'file', maxBytes: 10 * MB });
    expect(link.body.data.url).toMatch(/^\/api\/files\/v1\./);
    const minutes = (Date.parse(link.body.data.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);

    const sent = await sendTo(link.body.data.url, 'qualquer.pdf', PDF);
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ name: 'Contrato Social — versão final.pdf', size: PDF.length });

    const registered = await server.call(`/api/documents/register?companyId=${companyId}`, {
      method: 'POST',
      token: customer.token,
      body: { uploadToken: link.body.data.token, type: 'contrato_social' },
    });
    expect(registered.status).toBe(201);
    expect(registered.body.data).toMatchObject({
      companyId,
      type: 'contrato_social',
      status: 'available',
      name: 'Contrato Social — versão final.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
      publishedBy: null,
      isNew: false,
    });

    const list = await server.call(`/api/documents?companyId=${companyId}`, { token: customer.token });
    expect(list.body.data.map((d: { id: string }) => d.id)).toContain(registered.body.data.id);

    const download = await server.call(`/api/download/${registered.body.data.id}?companyId=${companyId}`, {
      token: partner.token,
    });
    expect(download.status).toBe(200);
    const minutesLeft = (Date.parse(download.body.data.expiresAt) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(4);
    expect(minutesLeft).toBeLessThanOrEqual(5);
    // The link itself is the authorisation: no session token.
    const file = await fetch(`${server.baseUrl}${download.body.data.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="Contrato Social _ vers_o final.pdf"; filename*=UTF-8''${encodeURIComponent('Contrato Social — versão final.pdf')}`,
    );
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
  });

  it('refuses a tampered or expired link, and a link used for the other purpose', async () => {
    const link = await uploadLink(customer.token, 'guia.pdf');
    for (const forged of [tamper(link.body.data.token, 1), tamper(link.body.data.token, 2), 'v1.abc.def', 'nada']) {
      const sent = await sendTo(`/api/files/${forged}`, 'guia.pdf', PDF);
      expect(sent.status, forged).toBe(403);
      expect(sent.body.error.message).toMatch(/^Link de arquivo inválido/);
    }

    // A link signed with the right key but already past its time.
    const links = createSignedLinks(filesSigningSecret('test', {}));
    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = links.sign({
      op: 'upload',
      key: `${companyId}/${crypto.randomUUID()}.pdf`,
      name: 'guia.pdf',
      ext: 'pdf',
      companyId,
      ownerUserId: null,
      uid: customer.uid,
      maxBytes: 10 * MB,
      exp: past,
    });
    const late = await sendTo(`/api/files/${expired}`, 'guia.pdf', PDF);
    expect(late.status).toBe(403);
    expect(late.body.error.message).toBe('Este link de arquivo expirou. Peça um novo link.');

    // Registering is allowed a while after the link's end (a slow upload), not for ever.
    const longGone = links.sign({
      op: 'upload',
      key: `${companyId}/${crypto.randomUUID()}.pdf`,
      name: 'guia.pdf',
      ext: 'pdf',
      companyId,
      ownerUserId: null,
      uid: customer.uid,
      maxBytes: 10 * MB,
      exp: past - 2 * 3600,
    });
    const register = await server.call(`/api/documents/register?companyId=${companyId}`, {
      method: 'POST',
      token: customer.token,
      body: { uploadToken: longGone, type: 'outros' },
    });
    expect(register.status).toBe(400);
    expect(register.body.error.fields).toEqual({ uploadToken: 'Este link de arquivo expirou. Peça um novo link.' });
    const forgedRegister = await server.call(`/api/documents/register?companyId=${companyId}`, {
      method: 'POST',
      token: customer.token,
      body: { uploadToken: tamper(link.body.data.token, 1), type: 'outros' },
    });
    expect(forgedRegister.status).toBe(400);
    expect(forgedRegister.body.error.fields.uploadToken).toMatch(/adulterado/);

    // An expired download link.
    const expiredDownload = links.sign({
      op: 'download',
      key: `${companyId}/x.pdf`,
      name: 'x.pdf',
      companyId,
      ownerUserId: null,
      documentId: crypto.randomUUID(),
      contentType: 'application/pdf',
      exp: past,
    });
    const gone = await fetch(`${server.baseUrl}/api/files/${expiredDownload}`);
    expect(gone.status).toBe(403);

    // An upload link is not a download link, nor the reverse.
    const asDownload = await fetch(`${server.baseUrl}${link.body.data.url}`);
    expect(asDownload.status).toBe(403);
    expect((await asDownload.json()).error.message).toBe('Este link não serve para esta operação.');
    const fresh = await uploaded(customer.token, 'a.pdf', PDF);
    const doc = await server.call(`/api/documents/register?companyId=${companyId}`, {
      method: 'POST',
      token: customer.token,
      body: { uploadToken: fresh, type: 'outros' },
    });
    const download = await server.call(`/api/download/${doc.body.data.id}?companyId=${companyId}`, { token: customer.token });
    const asUpload = await sendTo(download.body.data.url, 'a.pdf', PDF);
    expect(asUpload.status).toBe(403);
  });

  it('refuses path tricks in file names', async () => {
    const tricks = [
      '../../etc/passwd.pdf',
      '/etc/passwd.pdf',
      'C:\\Windows\\nota.pdf',
      'pasta\\nota.pdf',
      'nota\u0000.pdf',
      'nota%2F..%2Fsegredo.pdf',
      '%2e%2e.pdf',
    ];
    for (const name of tricks) {
      const answer = await uploadLink(customer.token, name);
      expect(answer.status, name).toBe(400);
      expect(answer.body.error.fields.filename, name).toMatch(/^Nome de arquivo inválido/);
    }
    // A slash written as such, and dot segments the URL parser folds away, never reach a file either.
    expect(await rawGet(`/api/upload/a/b.pdf?companyId=${companyId}`, customer.token)).toBe(400);
    expect(await rawGet(`/api/upload/../../etc/passwd?companyId=${companyId}`, customer.token)).not.toBe(200);
    expect(await rawGet(`/api/upload/%2e%2e/%2e%2e/x.pdf?companyId=${companyId}`, customer.token)).not.toBe(200);
    expect(await rawGet(`/api/download/..%2F..%2Fetc%2Fpasswd?companyId=${companyId}`, customer.token)).toBe(400);
    // An ordinary name with accents and spaces is fine.
    expect((await uploadLink(customer.token, 'Cartão CNPJ (2026).pdf')).status).toBe(200);
  });

  it('refuses files that are too large or of the wrong kind, saying the limit', async () => {
    const announced = await uploadLink(customer.token, 'grande.pdf', `?companyId=${companyId}&size=${11 * MB}`);
    expect(announced.status).toBe(413);
    expect(announced.body.error.message).toBe('O arquivo passa do limite de 10 MB.');

    const link = await uploadLink(customer.token, 'grande.pdf');
    const big = new Uint8Array(10 * MB + 1);
    big.set(PDF);
    const tooBig = await sendTo(link.body.data.url, 'grande.pdf', big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.message).toBe('O arquivo passa do limite de 10 MB.');

    const exe = await uploadLink(customer.token, 'programa.exe');
    expect(exe.status).toBe(415);
    expect(exe.body.error.message).toContain('Tipo de arquivo não aceito. Envie PDF, imagem (PNG, JPG, WEBP), XML, ZIP, OFX');

    // A renamed executable is told apart by its first bytes.
    const disguised = await sendTo(link.body.data.url, 'grande.pdf', new TextEncoder().encode('MZ\x90\x00 not a pdf'));
    expect(disguised.status).toBe(415);
    const empty = await sendTo(link.body.data.url, 'grande.pdf', new Uint8Array());
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('O arquivo está vazio.');

    // Personal documents are scans or photos only.
    const personalXml = await uploadLink(customer.token, 'rg.xml', '');
    expect(personalXml.status).toBe(415);
    expect(personalXml.body.error.message).toBe(
      'Tipo de arquivo não aceito para documentos pessoais. Envie PDF ou imagem (PNG, JPG, WEBP).',
    );
    expect((await uploadLink(customer.token, 'rg.png', '')).status).toBe(200);
  });

  it('refuses ZIPs that are bombs, climb out of their folder or nest archives, naming the reason; takes an ordinary one', async () => {
    const refusals = [
      [buildZip([{ name: 'extrato.txt', data: new Uint8Array(25 * MB) }]), /^O arquivo ZIP foi recusado por segurança/],
      [buildZip([{ name: 'a.xml', data: 'x', declaredSize: 200 * MB }]), /^O arquivo ZIP passa de 100 MB/],
      [buildZip([{ name: '../../../home/app/.bashrc', data: 'echo' }]), /caminhos inválidos \(com "\.\." ou começando na raiz\)/],
      [
        buildZip([
          {
            name: 'a.zip',
            data: buildZip([{ name: 'b.zip', data: buildZip([{ name: 'c.xml', data: '<c/>' }]), method: 'store' }]),
            method: 'store',
          },
        ]),
        /ZIP dentro de ZIP/,
      ],
      [new TextEncoder().encode('PK\u0003\u0004 cortado no meio'), /^O arquivo ZIP está corrompido/],
    ] as const;
    for (const [bytes, message] of refusals) {
      // Through a signed link (the local store)…
      const link = await uploadLink(customer.token, 'notas.zip');
      const sent = await sendTo(link.body.data.url, 'notas.zip', bytes);
      expect(sent.status, String(message)).toBe(422);
      expect(sent.body.error.code).toBe('unprocessable');
      expect(sent.body.error.message).toMatch(message);
      expect(sent.body.error.fields.file).toMatch(message);
      // …and as a direct upload (the wizards' steps).
      const form = new FormData();
      form.set('type', 'outros');
      form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], 'notas.zip'));
      const direct = await fetch(`${server.baseUrl}/api/documents?companyId=${companyId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${customer.token}` },
        body: form,
      });
      expect(direct.status, String(message)).toBe(422);
      expect((await direct.json()).error.message).toMatch(message);
    }
    const token = await uploaded(customer.token, 'notas.zip', buildZip([{ name: 'nota.xml', data: '<nfe/>'.repeat(500) }]));
    const registered = await server.call(`/api/documents/register?companyId=${companyId}`, {
      method: 'POST',
      token: customer.token,
      body: { uploadToken: token, type: 'outros' },
    });
    expect(registered.status).toBe(201);
    expect(registered.body.data).toMatchObject({ name: 'notas.zip', contentType: 'application/zip' });
  });

  it('refuses a multipart upload over the limit before reading it, and a link that names another size', async () => {
    const form = new FormData();
    form.set('type', 'outros');
    form.set('file', new File([new Uint8Array(11 * MB)], 'grande.pdf'));
    const direct = await fetch(`${server.baseUrl}/api/documents?companyId=${companyId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customer.token}` },
      body: form,
    });
    expect(direct.status).toBe(413);
    expect((await direct.json()).error.message).toBe('O arquivo passa do limite de 10 MB.');
    for (const size of ['-1', '1e9', 'abc', '99999999999999999999']) {
      const answer = await uploadLink(customer.token, 'nota.pdf', `?companyId=${companyId}&size=${size}`);
      expect(answer.status, size).toBe(400);
      expect(answer.body.error.message).toBe('Tamanho inválido.');
    }
  });

  it('binds links to the company and to the person', async () => {
    expect((await uploadLink(other.token, 'nota.pdf')).status).toBe(403);
    const token = await uploaded(customer.token, 'nota.pdf', PDF);
    // Another company's people cannot register it into theirs, nor into this one.
    const elsewhere = await server.call(`/api/documents/register?companyId=${otherCompanyId}`, {
      method: 'POST',
      token: other.token,
      body: { uploadToken: token, type: 'outros' },
    });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.error.message).toBe('Este arquivo foi enviado para outra empresa.');
    const byPartner = await server.call(`/api/documents/register?companyId=${companyId}`, {
      method: 'POST',
      token: partner.token,
      body: { uploadToken: token, type: 'outros' },
    });
    expect(byPartner.status).toBe(403);
    expect(byPartner.body.error.message).toBe('Só quem enviou o arquivo pode registrá-lo.');

    const doc = await server.call(`/api/documents/register?companyId=${companyId}`, {
      method: 'POST',
      token: customer.token,
      body: { uploadToken: token, type: 'outros' },
    });
    expect(doc.status).toBe(201);
    // Once registered, the link neither registers again nor replaces the file.
    const twice = await server.call(`/api/documents/register?companyId=${companyId}`, {
      method: 'POST',
      token: customer.token,
      body: { uploadToken: token, type: 'outros' },
    });
    expect(twice.status).toBe(409);
    const foreignDownload = await server.call(`/api/download/${doc.body.data.id}?companyId=${companyId}`, { token: other.token });
    expect(foreignDownload.status).toBe(403);
    // Asking through one's own company for another company's document finds nothing.
    const wrongCompany = await server.call(`/api/download/${doc.body.data.id}?companyId=${otherCompanyId}`, {
      token: other.token,
    });
    expect(wrongCompany.status).toBe(404);
    expect((await server.call(`/api/download/${doc.body.data.id}?companyId=${companyId}`, { token: admin.token })).status).toBe(
      200,
    );
  });

  it('refuses to register a file that never arrived', async () => {
    const link = await uploadLink(customer.token, 'nota.pdf');
    const early = await server.call(`/api/documents/register?companyId=${companyId}`, {
      method: 'POST',
      token: customer.token,
      body: { uploadToken: link.body.data.token, type: 'outros' },
    });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe('O arquivo ainda não chegou: envie-o pelo link antes de registrá-lo.');
  });

  it('does not let an upload link replace a registered file', async () => {
    const link = await uploadLink(customer.token, 'foto.png');
    await sendTo(link.body.data.url, 'foto.png', PNG);
    const doc = await server.call(`/api/documents/register?companyId=${companyId}`, {
      method: 'POST',
      token: customer.token,
      body: { uploadToken: link.body.data.token, type: 'outros' },
    });
    expect(doc.body.data.contentType).toBe('image/png');
    const again = await sendTo(link.body.data.url, 'foto.png', new Uint8Array([...PNG, 9, 9]));
    expect(again.status).toBe(409);
    const download = await server.call(`/api/download/${doc.body.data.id}?companyId=${companyId}`, { token: customer.token });
    expect(new Uint8Array(await (await fetch(`${server.baseUrl}${download.body.data.url}`)).arrayBuffer())).toEqual(PNG);
    expect(server.errors).toEqual([]);
  });
});
