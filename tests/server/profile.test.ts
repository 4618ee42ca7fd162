import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyMembers, companyStatusChanges, documents, invitations, users } from '@server/db/schema';
import type { TestServer, TestUser } from '../support/server';
import { startTestServer } from '../support/server';

let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createUser({ roles: ['system-admin'], name: 'Equipe Um' });
});
afterAll(() => server?.close());

/** A real 1×1 PNG, a JPEG and a WebP header: the server looks at the first bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(14)]);

async function putPhoto(
  userId: string,
  token: string | undefined,
  bytes: Uint8Array<ArrayBuffer>,
  name = 'foto.png',
  type = 'image/png',
) {
  const form = new FormData();
  form.set('file', new File([bytes], name, { type }));
  const response = await fetch(`${server.baseUrl}/api/users/${userId}/photo`, {
    method: 'PUT',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** The photo's address as the API gives it, relative to the test server. */
const pathOf = (photoUrl: string) => {
  const url = new URL(photoUrl);
  return url.pathname + url.search;
};

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

describe('GET /api/users/{id}: the profile as the person sees it', () => {
  it('answers the person their own row, the team anyone’s, others 403 and no token 401', async () => {
    const [user, other] = await Promise.all([server.createUser({ name: 'Clara Dias' }), server.createUser()]);
    const own = await server.call(`/api/users/${user.uid}`, { token: user.token });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ id: user.uid, email: user.email, name: 'Clara Dias', phone: null, photoUrl: null });
    const denied = await server.call(`/api/users/${user.uid}`, { token: other.token });
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe('Você só pode ver a sua própria conta.');
    expect((await server.call(`/api/users/${user.uid}`)).status).toBe(401);
    expect((await server.call(`/api/users/${user.uid}`, { token: admin.token })).status).toBe(200);
  });
});

describe('PATCH /api/users/{id}: the profile', () => {
  it('lets a person change their own name and mobile, kept in the sign-in account too', async () => {
    const user = await server.createUser();
    const { status, body } = await server.call(`/api/users/${user.uid}`, {
      method: 'PATCH',
      token: user.token,
      body: { name: '  Renata Alves ', phone: '(21) 99876-5432' },
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: user.uid, name: 'Renata Alves', phone: '21998765432', email: user.email });
    const token = await server.signIn(user.email, user.password);
    expect(claimsOf(token).name).toBe('Renata Alves');
  });

  it('clears the mobile with an empty value', async () => {
    const user = await server.createUser();
    await server.call(`/api/users/${user.uid}`, { method: 'PATCH', token: user.token, body: { phone: '11987654321' } });
    const { status, body } = await server.call(`/api/users/${user.uid}`, {
      method: 'PATCH',
      token: user.token,
      body: { phone: '' },
    });
    expect(status).toBe(200);
    expect(body.data.phone).toBeNull();
  });

  it('keeps a landline given at signup: saving a new name with it is not refused', async () => {
    const user = await server.createUser();
    const { status, body } = await server.call(`/api/users/${user.uid}`, {
      method: 'PATCH',
      token: user.token,
      body: { name: 'Renata Alves', phone: '(11) 3333-4444' },
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ name: 'Renata Alves', phone: '1133334444' });
  });

  it.each([
    ['an area code with zero', '(01) 98765-4321'],
    ['too few digits', '(11) 9876-543'],
    ['letters', 'abc'],
  ])('refuses %s with "Telefone inválido"', async (_, phone) => {
    const user = await server.createUser();
    const { status, body } = await server.call(`/api/users/${user.uid}`, { method: 'PATCH', token: user.token, body: { phone } });
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({ phone: 'Telefone inválido' });
  });

  it('refuses a short name and a body with nothing to change', async () => {
    const user = await server.createUser();
    const short = await server.call(`/api/users/${user.uid}`, { method: 'PATCH', token: user.token, body: { name: ' A ' } });
    expect(short.status).toBe(400);
    expect(short.body.error.fields).toEqual({ name: 'Informe seu nome.' });
    // The e-mail is the sign-in identity: it is not a profile field, so it changes nothing.
    const email = await server.call(`/api/users/${user.uid}`, {
      method: 'PATCH',
      token: user.token,
      body: { email: 'outro@empresa.com.br' },
    });
    expect(email.status).toBe(400);
    expect(email.body.error.message).toBe('Nada para atualizar.');
    const [row] = await server.db.select().from(users).where(eq(users.id, user.uid));
    expect(row.email).toBe(user.email);
  });

  it('answers 403 for someone else’s profile, 401 without a token, and lets the team correct anyone', async () => {
    const [user, other] = await Promise.all([server.createUser(), server.createUser()]);
    const denied = await server.call(`/api/users/${other.uid}`, {
      method: 'PATCH',
      token: user.token,
      body: { name: 'Invasor' },
    });
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe('Você só pode alterar a sua própria conta.');
    expect((await server.call(`/api/users/${other.uid}`, { method: 'PATCH', body: { name: 'Anônimo' } })).status).toBe(401);
    const [untouched] = await server.db.select().from(users).where(eq(users.id, other.uid));
    expect(untouched.name).toBe('Pessoa de Teste');
    const fixed = await server.call(`/api/users/${other.uid}`, {
      method: 'PATCH',
      token: admin.token,
      body: { name: 'Nome Corrigido' },
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body.data.name).toBe('Nome Corrigido');
    const missing = await server.call('/api/users/ninguem', { method: 'PATCH', token: admin.token, body: { name: 'Ninguém' } });
    expect(missing.status).toBe(404);
  });
});

describe('PUT/GET/DELETE /api/users/{id}/photo', () => {
  it('stores a PNG, JPEG or WebP and serves it by its versioned address, without a token', async () => {
    const user = await server.createUser();
    for (const [bytes, name, contentType] of [
      [PNG, 'eu.png', 'image/png'],
      [JPEG, 'eu.jpeg', 'image/jpeg'],
      [WEBP, 'eu.webp', 'image/webp'],
    ] as const) {
      const { status, body } = await putPhoto(user.uid, user.token, bytes, name);
      expect(status).toBe(200);
      expect(body.data.photoUrl).toMatch(new RegExp(`^${server.baseUrl}/api/users/${user.uid}/photo\\?v=`));
      const response = await fetch(body.data.photoUrl);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(contentType);
      expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
    }
  });

  it('recognises the image by its bytes, whatever the file is called', async () => {
    const user = await server.createUser();
    const renamed = await putPhoto(user.uid, user.token, JPEG, 'foto.png', 'image/png');
    expect(renamed.status).toBe(200);
    expect((await fetch(renamed.body.data.photoUrl)).headers.get('content-type')).toBe('image/jpeg');
    const fake = await putPhoto(user.uid, user.token, Buffer.from('MZ\x90\x00 not an image at all'), 'foto.png');
    expect(fake.status).toBe(415);
    expect(fake.body.error.message).toBe('Envie a foto em PNG, JPG ou WEBP.');
    const pdf = await putPhoto(user.uid, user.token, Buffer.from('%PDF-1.7\n'), 'foto.pdf', 'application/pdf');
    expect(pdf.status).toBe(415);
  });

  it('refuses a photo over 2 MB (413), an empty one and a missing file (400)', async () => {
    const user = await server.createUser();
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooLarge = await putPhoto(user.uid, user.token, big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error.message).toBe('A foto passa do limite de 2 MB.');
    // Far over (past the documents' 10 MB too): still the photo's own limit in the message.
    const huge = await putPhoto(user.uid, user.token, Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024)]));
    expect(huge.status).toBe(413);
    expect(huge.body.error.message).toBe('A foto passa do limite de 2 MB.');
    const empty = await putPhoto(user.uid, user.token, Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({ file: 'A imagem está vazia.' });
    const form = new FormData();
    form.set('other', 'x');
    const response = await fetch(`${server.baseUrl}/api/users/${user.uid}/photo`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${user.token}` },
      body: form,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).error.fields).toEqual({ file: 'Escolha uma imagem.' });
    const json = await server.call(`/api/users/${user.uid}/photo`, { method: 'PUT', token: user.token, body: { file: 'x' } });
    expect(json.status).toBe(400);
    const [row] = await server.db.select().from(users).where(eq(users.id, user.uid));
    expect(row.photoUrl).toBeNull();
  });

  it('lets only the person and the team change or read the photo without its version', async () => {
    const [user, other] = await Promise.all([server.createUser(), server.createUser()]);
    expect((await putPhoto(user.uid, other.token, PNG)).status).toBe(403);
    expect((await putPhoto(user.uid, undefined, PNG)).status).toBe(401);
    const mine = await putPhoto(user.uid, user.token, PNG);
    expect(mine.status).toBe(200);
    const plain = `/api/users/${user.uid}/photo`;
    expect((await server.call(plain)).status).toBe(401);
    expect((await server.call(plain, { token: other.token })).status).toBe(403);
    expect((await server.call(plain, { token: user.token })).status).toBe(200);
    expect((await server.call(plain, { token: admin.token })).status).toBe(200);
    // A guessed version finds nothing.
    expect((await server.call(`${plain}?v=00000000-0000-4000-8000-000000000000.png`)).status).toBe(404);
    const byAdmin = await putPhoto(user.uid, admin.token, JPEG, 'x.jpg');
    expect(byAdmin.status).toBe(200);
  });

  it('a new photo retires the old address; removing it clears the profile and the sign-in account', async () => {
    const user = await server.createUser();
    const first = await putPhoto(user.uid, user.token, PNG);
    const second = await putPhoto(user.uid, user.token, JPEG, 'nova.jpg');
    expect(second.body.data.photoUrl).not.toBe(first.body.data.photoUrl);
    expect((await server.call(pathOf(first.body.data.photoUrl))).status).toBe(404);
    expect((await server.call(pathOf(second.body.data.photoUrl))).status).toBe(200);
    expect(claimsOf(await server.signIn(user.email, user.password)).picture).toBe(second.body.data.photoUrl);

    const removed = await server.call(`/api/users/${user.uid}/photo`, { method: 'DELETE', token: user.token });
    expect(removed.status).toBe(200);
    expect(removed.body.data.photoUrl).toBeNull();
    expect((await server.call(pathOf(second.body.data.photoUrl))).status).toBe(404);
    expect(claimsOf(await server.signIn(user.email, user.password)).picture).toBeUndefined();
  });
});

describe('DELETE /api/users/{id}: account deletion', () => {
  it('deletes the login and personal documents; companies and their records stay, a company left alone says so', async () => {
    const [shared, alone] = await Promise.all([
      server.createCompany({ name: 'Sociedade Compartilhada Ltda' }),
      server.createCompany({ name: 'Empresa Individual Ltda', status: 'active' }),
    ]);
    const user = await server.createUser({ companyIds: [shared, alone], name: 'Pessoa que Sai' });
    const partner = await server.createUser({ companyIds: [shared] });
    const [personal] = await server.db
      .insert(documents)
      .values({
        ownerUserId: user.uid,
        type: 'rg_cnh',
        name: 'rg.pdf',
        contentType: 'application/pdf',
        size: 10,
        storageKey: `personal/${user.uid}/rg.pdf`,
      })
      .returning();
    // A file sent for the company, even one that names the person, is the company's.
    const [companyFile] = await server.db
      .insert(documents)
      .values({
        companyId: alone,
        ownerUserId: user.uid,
        type: 'contrato_social',
        name: 'contrato.pdf',
        contentType: 'application/pdf',
        size: 10,
        storageKey: `${alone}/contrato.pdf`,
        uploadedBy: user.uid,
      })
      .returning();
    await server.db.insert(invitations).values({ userId: user.uid, email: 'amigo@empresa.com.br' });
    await putPhoto(user.uid, user.token, PNG);

    const { status, body } = await server.call(`/api/users/${user.uid}`, { method: 'DELETE', token: user.token });
    expect(status).toBe(200);
    expect(body.data).toEqual({ id: user.uid, keptCompanyIds: [alone] });

    expect(await server.db.select().from(users).where(eq(users.id, user.uid))).toEqual([]);
    expect(await server.identity.findUserByEmail(user.email)).toBeNull();
    expect(await server.db.select().from(documents).where(eq(documents.id, personal.id))).toEqual([]);
    expect(await server.db.select().from(invitations).where(eq(invitations.userId, user.uid))).toEqual([]);
    expect(await server.db.select().from(companyMembers).where(eq(companyMembers.userId, user.uid))).toEqual([]);

    // The companies and what the person did for them stay.
    expect(await server.db.select({ id: companies.id }).from(companies).where(eq(companies.id, shared))).toHaveLength(1);
    expect(await server.db.select({ id: companies.id }).from(companies).where(eq(companies.id, alone))).toHaveLength(1);
    const [kept] = await server.db.select().from(documents).where(eq(documents.id, companyFile.id));
    expect(kept).toMatchObject({ companyId: alone, uploadedBy: null, ownerUserId: null });

    // The partner keeps the shared company; the one left alone has a note in its history for the team.
    const partnerView = await server.call(`/api/companies/${shared}`, { token: partner.token });
    expect(partnerView.status).toBe(200);
    const notes = await server.db.select().from(companyStatusChanges).where(eq(companyStatusChanges.companyId, alone));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ fromStatus: 'active', toStatus: 'active', changedBy: null });
    expect(notes[0].note).toContain('Pessoa que Sai');
    expect(notes[0].note).toContain('prazo legal de 5 anos');
    expect(await server.db.select().from(companyStatusChanges).where(eq(companyStatusChanges.companyId, shared))).toEqual([]);

    // Gone is gone: a second deletion finds nobody.
    expect((await server.call(`/api/users/${user.uid}`, { method: 'DELETE', token: admin.token })).status).toBe(404);
  });

  it('answers 403 for someone else’s account and 401 without a token; the team may delete anyone', async () => {
    const [user, other] = await Promise.all([server.createUser(), server.createUser()]);
    expect((await server.call(`/api/users/${other.uid}`, { method: 'DELETE', token: user.token })).status).toBe(403);
    expect((await server.call(`/api/users/${other.uid}`, { method: 'DELETE' })).status).toBe(401);
    expect(await server.db.select().from(users).where(eq(users.id, other.uid))).toHaveLength(1);
    expect((await server.call(`/api/users/${other.uid}`, { method: 'DELETE', token: admin.token })).status).toBe(200);
    expect(await server.identity.findUserByEmail(other.email)).toBeNull();
  });

  it('keeps the last person of the accounting team, and lets one go while another remains', async () => {
    const refused = await server.call(`/api/users/${admin.uid}`, { method: 'DELETE', token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain('única conta da equipe contábil');
    expect(await server.identity.findUserByEmail(admin.email)).not.toBeNull();

    const second = await server.createUser({ roles: ['system-admin'] });
    expect((await server.call(`/api/users/${second.uid}`, { method: 'DELETE', token: second.token })).status).toBe(200);
    expect((await server.call(`/api/users/${admin.uid}`, { method: 'DELETE', token: admin.token })).status).toBe(409);
  });
});
