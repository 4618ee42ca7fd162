import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  companyStatusChanges,
  companyTaxProfiles,
  nfsRequests,
  obligationPayments,
  obligationReminders,
  outboxMessages,
  users,
} from '@server/db/schema';
import type { MailMessage, MailService } from '@server/services/mail';
import { MailDeliveryError, createOutboxMail } from '@server/services/mail';
import { sendDueTaxReminders } from '@server/services/tax-reminders';
import type { TestServer, TestUser } from '../support/server';
import { startTestServer } from '../support/server';

/**
 * The tax reminders (docs/taxes.md "Reminders") on a migrated database, with literal dates: October 2026's guides are
 * due on 20 November 2026, a Friday that is the Dia da Consciência Negra (Lei 14.759/2023), so on Monday 23 November.
 * The DAS-MEI of a services MEI in 2026: 5 % of the R$ 1.621,00 minimum wage (R$ 81,05) + ISS R$ 5,00 = R$ 86,05.
 */
let server: TestServer;
let meiId: string;
let simplesId: string;
let ana: TestUser;
let bruno: TestUser;
let carlos: TestUser;

const sp = (localDateTime: string) => new Date(`${localDateTime}-03:00`);
const APP = 'https://app.contabil.test';

async function sentTo(email: string) {
  return server.db
    .select({ subject: outboxMessages.subject, text: outboxMessages.textBody, html: outboxMessages.htmlBody })
    .from(outboxMessages)
    .where(eq(outboxMessages.toAddress, email));
}

const run = (now: Date, mail: MailService = createOutboxMail(server.db)) =>
  sendDueTaxReminders({ db: server.db, mail, appUrl: APP, now });

beforeAll(async () => {
  server = await startTestServer();
  meiId = await server.createCompany({ name: 'Ana Lima Design', size: 'MEI', mainActivity: '7410202' });
  // A name with markup: it is the customer's own text and must reach the e-mail as text.
  simplesId = await server.createCompany({ name: 'Mendes <b>Software</b> Ltda', size: 'ME', mainActivity: '6201501' });
  await server.db.insert(companyStatusChanges).values([
    { companyId: meiId, fromStatus: 'opening', toStatus: 'active', changedAt: sp('2025-03-10T09:00:00') },
    { companyId: simplesId, fromStatus: 'opening', toStatus: 'active', changedAt: sp('2023-01-02T09:00:00') },
  ]);
  await server.db.insert(companyTaxProfiles).values({ companyId: simplesId, annex: 'III', fatorR: false });
  // R$ 10.000,00 in October 2026 and nothing in the 12 months before: Anexo III's first bracket, 6 % = R$ 600,00.
  await server.db.insert(nfsRequests).values({
    companyId: simplesId,
    status: 'issued',
    emissionType: 'cnpj',
    customerDocument: '11222333000181',
    customerName: 'Estúdio Aurora Design Ltda',
    description: 'Desenvolvimento de software.',
    competence: '2026-10',
    totalCents: 1_000_000,
  });
  [ana, bruno, carlos] = await Promise.all([
    server.createUser({ companyIds: [meiId], name: 'Ana Lima' }),
    server.createUser({ companyIds: [meiId], name: 'Bruno Lima' }),
    server.createUser({ companyIds: [simplesId], name: 'Carlos Mendes' }),
  ]);
});
afterAll(() => server?.close());
beforeEach(async () => {
  await server.db.delete(obligationReminders);
  await server.db.delete(outboxMessages);
  await server.db.delete(obligationPayments);
  await server.db.update(users).set({ taxReminders: true });
});

describe('before the due date', () => {
  it('sends nothing six days before', async () => {
    expect(await run(sp('2026-11-17T09:00:00'))).toEqual({ sent: 0, failed: 0 });
  });

  it('from five days before, once to each of the company’s people', async () => {
    expect(await run(sp('2026-11-18T09:00:00'))).toEqual({ sent: 3, failed: 0 });
    const [toAna] = await sentTo(ana.email);
    expect(toAna.subject).toBe('DAS-MEI de outubro de 2026: vence em 23/11/2026 (R$ 86,05)');
    expect(toAna.text).toContain('Olá, Ana,');
    expect(toAna.text).toContain('O DAS-MEI de outubro de 2026 da Ana Lima Design vence em 23/11/2026, segunda-feira.');
    expect(toAna.text).toContain(`${APP}/app/taxes`);
    expect(toAna.text).toContain(`${APP}/app/user/my-profile`);
    expect(await sentTo(bruno.email)).toHaveLength(1);
    const [toCarlos] = await sentTo(carlos.email);
    expect(toCarlos.subject).toBe('DAS de outubro de 2026: vence em 23/11/2026 (R$ 600,00)');
    expect(toCarlos.html).toContain('Mendes &lt;b&gt;Software&lt;/b&gt; Ltda');
    expect(toCarlos.html).not.toContain('<b>Software');

    // The next runs, days later too, send nothing more.
    expect(await run(sp('2026-11-18T10:00:00'))).toEqual({ sent: 0, failed: 0 });
    expect(await run(sp('2026-11-23T08:00:00'))).toEqual({ sent: 0, failed: 0 });
    expect(await sentTo(ana.email)).toHaveLength(1);
  });

  it('says "hoje" on the due date when nothing was sent before', async () => {
    await run(sp('2026-11-23T08:00:00'));
    const [toAna] = await sentTo(ana.email);
    expect(toAna.subject).toBe('DAS-MEI de outubro de 2026: vence hoje (R$ 86,05)');
  });

  it('sends each e-mail once when several servers run at the same moment', async () => {
    const results = await Promise.all([1, 2, 3, 4].map(() => run(sp('2026-11-19T09:00:00'))));
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(3);
    for (const person of [ana, bruno, carlos]) expect(await sentTo(person.email)).toHaveLength(1);
  });
});

describe('after the due date', () => {
  it('sends "em atraso" the day after, once, and not after a week', async () => {
    expect(await run(sp('2026-11-24T07:00:00'))).toEqual({ sent: 3, failed: 0 });
    const [toAna] = await sentTo(ana.email);
    expect(toAna.subject).toBe('DAS-MEI de outubro de 2026 em atraso: venceu em 23/11/2026');
    expect(toAna.text).toContain('multa de 0,33% ao dia (até 20%)');
    expect(toAna.text).toContain('PGMEI');
    expect((await sentTo(carlos.email))[0].text).toContain('PGDAS-D');
    expect(await run(sp('2026-11-25T07:00:00'))).toEqual({ sent: 0, failed: 0 });
  });

  it('a server down on the day still sends it up to seven days late, never on the eighth', async () => {
    expect(await run(sp('2026-12-01T07:00:00'))).toEqual({ sent: 0, failed: 0 });
    expect(await run(sp('2026-11-30T23:00:00'))).toEqual({ sent: 3, failed: 0 });
  });
});

describe('the yearly returns the team files', () => {
  it('the DASN-SIMEI of 2025, five days before 1 June 2026 (31 May is a Sunday), beside a late DAS-MEI', async () => {
    await run(sp('2026-05-27T09:00:00'));
    const subjects = (await sentTo(ana.email)).map((m) => m.subject).sort();
    expect(subjects).toEqual([
      'DAS-MEI de abril de 2026 em atraso: venceu em 20/05/2026',
      'DASN-SIMEI de 2025: entrega até 01/06/2026',
    ]);
    const [dasn] = (await sentTo(ana.email)).filter((m) => m.subject.startsWith('DASN'));
    expect(dasn.text).toContain('A DASN-SIMEI de 2025 da Ana Lima Design vence em 01/06/2026, segunda-feira.');
    expect(dasn.text).toContain('A equipe contábil a entrega por você.');
    // A month without revenue has no DAS: the Simples company gets nothing this day.
    expect(await sentTo(carlos.email)).toHaveLength(0);
  });

  it('the DEFIS of 2025, four days before 31 March 2026; never once it is late', async () => {
    await run(sp('2026-03-27T09:00:00'));
    expect((await sentTo(carlos.email)).map((m) => m.subject)).toEqual(['DEFIS de 2025: entrega até 31/03/2026']);
    await server.db.delete(obligationReminders);
    await server.db.delete(outboxMessages);
    await run(sp('2026-04-01T09:00:00'));
    expect(await sentTo(carlos.email)).toHaveLength(0);
  });
});

describe('who gets none', () => {
  it('a guide recorded as paid', async () => {
    await server.db
      .insert(obligationPayments)
      .values({ companyId: meiId, kind: 'das_mei', competence: '2026-10', paidAt: sp('2026-11-16T12:00:00') });
    await run(sp('2026-11-18T09:00:00'));
    expect(await sentTo(ana.email)).toHaveLength(0);
    expect(await sentTo(carlos.email)).toHaveLength(1);
  });

  it('a person who turned the reminders off, through the API', async () => {
    const response = await server.call(`/api/users/${ana.uid}`, {
      method: 'PATCH',
      token: ana.token,
      body: { taxReminders: false },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.taxReminders).toBe(false);
    await run(sp('2026-11-18T09:00:00'));
    expect(await sentTo(ana.email)).toHaveLength(0);
    expect(await sentTo(bruno.email)).toHaveLength(1);
  });

  it('refuses a setting that is not yes or no, in Portuguese', async () => {
    const response = await server.call(`/api/users/${ana.uid}`, {
      method: 'PATCH',
      token: ana.token,
      body: { taxReminders: 'talvez' },
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('Diga se quer receber os lembretes de impostos');
  });
});

describe('a delivery that fails', () => {
  it('is tried again after the lease, and sent once', async () => {
    let refuse = true;
    const outbox = createOutboxMail(server.db);
    const flaky: MailService = {
      transport: 'smtp',
      async send(message: MailMessage) {
        if (refuse && message.to === ana.email) throw new MailDeliveryError('SMTP RCPT TO refused: 451 try later');
        return outbox.send(message);
      },
    };
    expect(await run(sp('2026-11-18T09:00:00'), flaky)).toEqual({ sent: 2, failed: 1 });
    const [row] = await server.db.select().from(obligationReminders).where(eq(obligationReminders.userId, ana.uid));
    expect(row.sentAt).toBeNull();
    expect(row.error).toContain('451');
    refuse = false;
    // Within the 10 minutes' lease nobody takes it; after it, one run does.
    expect(await run(sp('2026-11-18T09:09:00'), flaky)).toEqual({ sent: 0, failed: 0 });
    expect(await run(sp('2026-11-18T09:11:00'), flaky)).toEqual({ sent: 1, failed: 0 });
    expect(await run(sp('2026-11-18T09:30:00'), flaky)).toEqual({ sent: 0, failed: 0 });
    expect(await sentTo(ana.email)).toHaveLength(1);
  });

  it('gives up after five attempts', async () => {
    const refusing: MailService = {
      transport: 'smtp',
      async send() {
        throw new MailDeliveryError('SMTP server unreachable');
      },
    };
    const failed: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const now = new Date(sp('2026-11-18T09:00:00').getTime() + attempt * 11 * 60_000);
      failed.push((await run(now, refusing)).failed);
    }
    expect(failed).toEqual([3, 3, 3, 3, 3, 0, 0]);
  });
});
