import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyMembers, invitations, outboxMessages, payments, subscriptions, users } from '@server/db/schema';
import type { TestServer, TestUser } from '../support/server';
import { startTestServer } from '../support/server';
import { httpErrorOf } from '@server/http/errors';
import { ServiceError } from '@server/services/errors';
import { sendInvitation } from '@server/services/invitations';

let server: TestServer;
let referrer: TestUser;
let other: TestUser;
let admin: TestUser;
let code: string;

const HOUR = 60 * 60 * 1000;

/** A person who signed up with `indicatedBy`, with companies in the given situations. */
async function referred(
  name: string,
  email: string,
  indicatedBy: string,
  companies: { status: 'pending' | 'active' | 'disabled'; paid?: boolean }[] = [],
) {
  const id = `referred-${email}`;
  await server.db.insert(users).values({ id, name, email, indicatedBy });
  for (const company of companies) {
    const companyId = await server.createCompany({ status: company.status });
    await server.db.insert(companyMembers).values({ companyId, userId: id });
    if (company.paid) {
      const [subscription] = await server.db
        .insert(subscriptions)
        .values({ companyId, planId: 'mei', status: 'active', priceCents: 8900 })
        .returning();
      await server.db.insert(payments).values({
        subscriptionId: subscription.id,
        companyId,
        provider: 'sandbox',
        providerCheckoutId: `chk-${id}`,
        checkoutUrl: 'https://pagamentos.invalid/x',
        amountCents: 8900,
        status: 'paid',
        paidAt: new Date(),
      });
    }
  }
}

beforeAll(async () => {
  server = await startTestServer();
  [referrer, other, admin] = await Promise.all([
    server.createUser({ name: 'Carlos Indicador' }),
    server.createUser(),
    server.createUser({ roles: ['system-admin'] }),
  ]);
  code = createHash('sha256').update(referrer.uid).digest('hex').slice(0, 10);
});
afterAll(() => server?.close());

const invite = (body: unknown, token = referrer.token) =>
  server.call('/api/referrals/invitations', { method: 'POST', token, body });
const outboxTo = (address: string) => server.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, address));

describe('the referral link', () => {
  it('asks for a session', async () => {
    expect((await server.call('/api/referrals/me')).status).toBe(401);
    expect((await server.call('/api/referrals/invitations')).status).toBe(401);
  });

  it('is derived from the person, the same every time', async () => {
    const first = await server.call('/api/referrals/me', { token: referrer.token });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      code,
      link: `${server.baseUrl}/app/login?mode=signup&ref=${code}`,
      total: 0,
      counts: { signed_up: 0, company_started: 0, company_active: 0, paying: 0 },
    });
    const again = await server.call('/api/referrals/me', { token: referrer.token });
    expect(again.body.data.code).toBe(code);
    const theirs = await server.call('/api/referrals/me', { token: other.token });
    expect(theirs.body.data.code).toMatch(/^[0-9a-f]{10}$/);
    expect(theirs.body.data.code).not.toBe(code);
  });

  it('shows who signed up with it and how far each has come, without their whole e-mail', async () => {
    await referred('Fernanda Lopes', 'fernanda.lopes@exemplo.com.br', code);
    await referred('Ricardo Alves Souza', 'ricardo@alves.com.br', code.toUpperCase(), [{ status: 'pending' }]);
    await referred('Bia', 'bia@exemplo.com', code, [{ status: 'active' }]);
    await referred('Patrícia Nunes', 'patricia.nunes@exemplo.com.br', code, [
      { status: 'pending' },
      { status: 'active', paid: true },
    ]);
    // A contract that ended no longer counts, paid or not.
    await referred('Gustavo Lima', 'gustavo@exemplo.com.br', code, [{ status: 'disabled', paid: true }]);
    await referred('Outra Pessoa', 'outra@exemplo.com.br', 'abcdef0123');

    const summary = await server.call('/api/referrals/me', { token: referrer.token });
    expect(summary.body.data).toMatchObject({
      total: 5,
      counts: { signed_up: 2, company_started: 1, company_active: 1, paying: 1 },
    });
    const { body } = await server.call('/api/referrals/me/referred?limit=10', { token: referrer.token });
    expect(body.total).toBe(5);
    const byName = Object.fromEntries(body.data.map((r: { name: string }) => [r.name, r]));
    expect(byName).toMatchObject({
      'Fernanda L.': { stage: 'signed_up', email: 'fe***@e***.com.br' },
      'Ricardo S.': { stage: 'company_started', email: 'ri***@a***.com.br' },
      Bia: { stage: 'company_active', email: 'b***@e***.com' },
      'Patrícia N.': { stage: 'paying' },
      'Gustavo L.': { stage: 'signed_up' },
    });
    expect(JSON.stringify(body)).not.toMatch(/fernanda\.lopes|exemplo\.com|referred-/);
    const page = await server.call('/api/referrals/me/referred?limit=2&offset=4', { token: referrer.token });
    expect(page.body).toMatchObject({ total: 5, data: [{}] });
    const bad = await server.call('/api/referrals/me/referred?limit=0', { token: referrer.token });
    expect(bad.status).toBe(400);
  });
});

describe('invitations by e-mail', () => {
  it('checks the address, with the messages the form shows', async () => {
    const missing = await invite({});
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ email: 'Informe o e-mail.' });
    const invalid = await invite({ email: 'maria@', name: 'x'.repeat(121) });
    expect(invalid.body.error.fields).toEqual({ email: 'E-mail inválido', name: 'O nome pode ter no máximo 120 caracteres.' });
    const mine = await invite({ email: referrer.email.toUpperCase() });
    expect(mine.status).toBe(400);
    expect(mine.body.error.fields).toEqual({ email: 'Este é o seu próprio e-mail: convide outra pessoa.' });
    const member = await invite({ email: other.email });
    expect(member.status).toBe(409);
    expect(member.body.error.message).toBe('Esta pessoa já tem conta no Contábil.');
    expect(await outboxTo(other.email)).toEqual([]);
  });

  it('sends the e-mail with the referral link through the outbox, and lists the invitation', async () => {
    const { status, body } = await invite({ name: '  Marina Costa ', email: ' Marina.Costa@Exemplo.com.br ' });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({
      email: 'marina.costa@exemplo.com.br',
      name: 'Marina Costa',
      sentCount: 1,
      signedUp: false,
    });
    const resendAt = Date.parse(body.data.resendAvailableAt) - Date.parse(body.data.lastSentAt);
    expect(resendAt).toBe(24 * HOUR);

    const [mail] = await outboxTo('marina.costa@exemplo.com.br');
    expect(mail).toMatchObject({ transport: 'outbox', subject: 'Carlos Indicador convidou você para o Contábil', error: null });
    expect(mail.sentAt).toBeInstanceOf(Date);
    expect(mail.textBody).toContain('Olá, Marina Costa!');
    expect(mail.textBody).toContain(`${server.baseUrl}/app/login?mode=signup&ref=${code}`);
    expect(mail.htmlBody).toContain(`href="${server.baseUrl}/app/login?mode=signup&amp;ref=${code}"`);

    const duplicate = await invite({ email: 'marina.costa@exemplo.com.br' });
    expect(duplicate.status).toBe(409);
    // Just sent, its row offers no "Reenviar" yet: the message says when it will.
    expect(duplicate.body.error.fields.email).toMatch(
      /^Você já convidou este e-mail\. O convite poderá ser reenviado pela lista de convites a partir de \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}\.$/,
    );
    await server.db
      .update(invitations)
      .set({ lastSentAt: new Date(Date.now() - 25 * HOUR) })
      .where(eq(invitations.id, body.data.id));
    const later = await invite({ email: 'marina.costa@exemplo.com.br' });
    expect(later.body.error.fields.email).toBe('Você já convidou este e-mail. Use "Reenviar" na lista de convites.');
    const listed = await server.call('/api/referrals/invitations', { token: referrer.token });
    expect(listed.body).toMatchObject({ total: 1, data: [{ id: body.data.id, email: 'marina.costa@exemplo.com.br' }] });
    const theirs = await server.call('/api/referrals/invitations', { token: other.token });
    expect(theirs.body).toEqual({ data: [], total: 0 });
  });

  it('sends one again only a day later, at most three times, and only the person who invited', async () => {
    const { body } = await invite({ email: 'joao@exemplo.com.br' });
    const resend = () =>
      server.call(`/api/referrals/invitations/${body.data.id}/resend`, { method: 'POST', token: referrer.token });
    const tooSoon = await resend();
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.error.message).toMatch(
      /^Você poderá reenviar este convite a partir de \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}\.$/,
    );

    await server.db
      .update(invitations)
      .set({ lastSentAt: new Date(Date.now() - 25 * HOUR) })
      .where(eq(invitations.id, body.data.id));
    const again = await resend();
    expect(again.status).toBe(200);
    expect(again.body.data.sentCount).toBe(2);
    expect(await outboxTo('joao@exemplo.com.br')).toHaveLength(2);

    const foreign = await server.call(`/api/referrals/invitations/${body.data.id}/resend`, {
      method: 'POST',
      token: other.token,
    });
    expect(foreign.status).toBe(403);
    const unknown = await server.call(`/api/referrals/invitations/${crypto.randomUUID()}/resend`, {
      method: 'POST',
      token: referrer.token,
    });
    expect(unknown.status).toBe(404);

    await server.db
      .update(invitations)
      .set({ sentCount: 3, lastSentAt: new Date(Date.now() - 25 * HOUR) })
      .where(eq(invitations.id, body.data.id));
    const tooMany = await resend();
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error.message).toBe('Este convite já foi enviado 3 vezes.');
  });

  it('shows when an invited person signed up, and sends them nothing more', async () => {
    const { body } = await invite({ email: 'lia@exemplo.com.br' });
    await server.db.insert(users).values({ id: 'lia-signed-up', name: 'Lia', email: 'lia@exemplo.com.br', indicatedBy: code });
    const listed = await server.call('/api/referrals/invitations', { token: referrer.token });
    expect(listed.body.data.find((i: { id: string }) => i.id === body.data.id)).toMatchObject({
      signedUp: true,
      resendAvailableAt: null,
    });
    await server.db
      .update(invitations)
      .set({ lastSentAt: new Date(Date.now() - 25 * HOUR) })
      .where(eq(invitations.id, body.data.id));
    const resend = await server.call(`/api/referrals/invitations/${body.data.id}/resend`, {
      method: 'POST',
      token: referrer.token,
    });
    expect(resend.status).toBe(409);
  });

  it('allows 20 e-mails a day per person: the 21st is refused and nothing is written', async () => {
    const sender = await server.createUser();
    for (let i = 1; i <= 20; i++) expect((await invite({ email: `pessoa${i}@exemplo.com.br` }, sender.token)).status).toBe(201);
    const refused = await invite({ email: 'pessoa21@exemplo.com.br' }, sender.token);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({
      code: 'rate_limited',
      message: 'Você já enviou 20 convites nas últimas 24 horas. Tente novamente amanhã.',
    });
    expect(await outboxTo('pessoa21@exemplo.com.br')).toEqual([]);
    const listed = await server.call('/api/referrals/invitations?limit=100', { token: sender.token });
    expect(listed.body.total).toBe(20);
    // Others are not held back by this person's limit.
    expect((await invite({ email: 'pessoa21@exemplo.com.br' }, other.token)).status).toBe(201);
  });
});

describe('GET /dev/outbox', () => {
  it('shows the team what was sent, newest first, by recipient', async () => {
    expect((await server.call('/api/dev/outbox')).status).toBe(401);
    const customer = await server.call('/api/dev/outbox', { token: referrer.token });
    expect(customer.status).toBe(403);
    const { status, body } = await server.call('/api/dev/outbox?to=JOAO@exemplo.com.br', { token: admin.token });
    expect(status).toBe(200);
    expect(body.total).toBe(2);
    expect(body.data[0]).toMatchObject({
      to: 'joao@exemplo.com.br',
      subject: 'Carlos Indicador convidou você para o Contábil',
      transport: 'outbox',
      error: null,
    });
    expect(Date.parse(body.data[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(body.data[1].createdAt));
  });
});

describe('GET /dev/outbox in production', () => {
  it('does not exist, even for the team', async () => {
    const production = await startTestServer({ environment: 'production' });
    try {
      const team = await production.createUser({ roles: ['system-admin'] });
      const { status, body } = await production.call('/api/dev/outbox', { token: team.token });
      expect(status).toBe(404);
      expect(body.error.message).toBe('Recurso não encontrado.');
    } finally {
      await production.close();
    }
  });
});

describe('an invitation whose e-mail the SMTP server does not take', () => {
  it('is refused as not delivered, and neither the invitation nor its e-mail is kept', async () => {
    const logged: string[] = [];
    const email = `nao-entregue.${Date.now()}@teste.com.br`;
    const deps = {
      db: server.db,
      // Port 9 (discard) answers nothing: the connection is refused.
      config: { publicUrl: 'http://127.0.0.1', mail: { smtpUrl: 'smtp://127.0.0.1:9' } },
      logger: { info: () => {}, error: (message: string) => void logged.push(message) },
    };
    const refused = await sendInvitation(deps, { uid: referrer.uid, input: { email } }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServiceError);
    expect(httpErrorOf(refused)?.toBody()).toEqual({
      error: { code: 'bad_gateway', message: 'Não foi possível enviar o e-mail agora. Tente novamente em instantes.' },
    });
    expect(logged).toEqual(['Invitation e-mail not delivered']);
    expect(await server.db.select().from(invitations).where(eq(invitations.email, email))).toEqual([]);
    expect(await server.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, email))).toEqual([]);
  });
});
