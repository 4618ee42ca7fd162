import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxSignature } from '@server/services/payments';
import { seedReferenceData } from '@server/seed/reference';
import type { TestServer, TestUser } from '../support/server';
import { engine, startTestServer } from '../support/server';
import { BELO_HORIZONTE_ADDRESS, bakeryPartner } from '../support/partners';

let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  await seedReferenceData(server.db);
  admin = await server.createUser({ roles: ['system-admin'] });
});
afterAll(() => server?.close());

const address = BELO_HORIZONTE_ADDRESS;
const partner = bakeryPartner;
const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF');

/** A customer who signed up, with a fresh token after creating their company (the claims changed). */
async function customerWithCompany(trackId: 'create-company' | 'migrate-company', cnpj?: string) {
  const user = await server.createUser();
  const created = await server.call('/api/companies', {
    method: 'POST',
    token: user.token,
    body: { trackId, ...(cnpj ? { cnpj } : {}) },
  });
  expect(created.status).toBe(201);
  const token = await server.signIn(user.email, user.password);
  return { user, token, companyId: created.body.data.id as string };
}

async function upload(token: string, companyId: string, type: string, bytes: Uint8Array, name = 'guia.pdf') {
  const form = new FormData();
  form.set('type', type);
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type: 'application/pdf' }));
  const response = await fetch(`${server.baseUrl}/api/documents?companyId=${companyId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

/** Pays at the sandbox as a person would: the form on its checkout page. */
async function payAtSandbox(paymentUrl: string) {
  const response = await fetch(`${paymentUrl}/pay`, {
    method: 'POST',
    body: new URLSearchParams({ method: 'pix' }),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  return response.headers.get('location')!;
}

describe('opening a company, end to end over the API', () => {
  it('cancels the first charge of the old price when the plan changes before paying', async () => {
    const { token, companyId } = await customerWithCompany('create-company');
    const step = (stepId: string, body: unknown) =>
      server.call(`/api/companies/${companyId}/steps/${stepId}`, { method: 'POST', token, body });
    expect(
      (await step('pre-registration', { type: 'on_person', size: 'ME', mainActivity: '6201501', alias: 'Lima Dev', address }))
        .status,
    ).toBe(200);
    expect((await step('partner-registration', { partners: [partner('438.944.943-52', 100)] })).status).toBe(200);
    const pay = (subscriptionId: string) =>
      server.call(`/api/subscriptions/${subscriptionId}`, { method: 'POST', token, body: {} });

    const essencial = await step('subscription', { planId: 'essencial' });
    const first = await pay(essencial.body.data.subscription.id);
    expect(first.status).toBe(200);
    const completo = await step('subscription', { planId: 'completo' });
    expect(completo.body.data.subscription.id).toBe(essencial.body.data.subscription.id);
    const second = await pay(completo.body.data.subscription.id);
    expect(second.body.data.paymentId).not.toBe(first.body.data.paymentId);

    const { body } = await server.call(`/api/v1/ecommerce/payments?companyId=${companyId}`, { token });
    const byId = new Map(body.data.map((p: { id: string; status: string }) => [p.id, p.status]));
    expect(byId.get(first.body.data.paymentId)).toBe('cancelled');
    expect(byId.get(second.body.data.paymentId)).toBe('pending');
    // Asked again, the open charge is the new plan's.
    expect((await pay(completo.body.data.subscription.id)).body.data.paymentId).toBe(second.body.data.paymentId);
  });

  it('lets the customer go back and change a done step before paying, and after paying only the partners', async () => {
    const { token, companyId } = await customerWithCompany('create-company');
    const step = (stepId: string, body: unknown) =>
      server.call(`/api/companies/${companyId}/steps/${stepId}`, { method: 'POST', token, body });
    const company = { type: 'on_person', size: 'ME', mainActivity: '6201501', alias: 'Lima Dev', address };
    expect((await step('pre-registration', company)).status).toBe(200);
    expect((await step('partner-registration', { partners: [partner('438.944.943-52', 100)] })).status).toBe(200);
    const saved = await step('subscription', { planId: 'essencial' });
    const first = await server.call(`/api/subscriptions/${saved.body.data.subscription.id}`, { method: 'POST', token, body: {} });
    expect(first.status).toBe(200);

    // Back to the company's data: the size changes; the partners are to be confirmed again, their data kept; the
    // first charge of the plan chosen for the old size can no longer be paid.
    const revised = await step('pre-registration', { ...company, size: 'EPP' });
    expect(revised.status).toBe(200);
    expect(revised.body.data.company.size).toBe('EPP');
    expect(revised.body.data.track.steps.map((s: { status: string }) => s.status)).toEqual([
      'done',
      'in_progress',
      'pending',
      'pending',
      'pending',
    ]);
    expect(revised.body.data.track.steps[1].payload.partners).toHaveLength(1);
    const { body: charges } = await server.call(`/api/v1/ecommerce/payments?companyId=${companyId}`, { token });
    expect(charges.data.find((p: { id: string }) => p.id === first.body.data.paymentId).status).toBe('cancelled');
    expect((await step('subscription', { planId: 'essencial' })).body.error.message).toBe(
      'Conclua a etapa "Sócios" antes desta.',
    );

    // Forward again, and paid: the company's data are fixed, the partners may still change.
    expect((await step('partner-registration', { partners: [partner('438.944.943-52', 100)] })).status).toBe(200);
    const again = await step('subscription', { planId: 'essencial' });
    const charge = await server.call(`/api/subscriptions/${again.body.data.subscription.id}`, {
      method: 'POST',
      token,
      body: {},
    });
    expect(charge.status).toBe(200);
    await payAtSandbox(charge.body.data.paymentUrl);
    const locked = await step('pre-registration', { ...company, size: 'ME' });
    expect([locked.status, locked.body.error.message]).toEqual([
      409,
      'Esta etapa já foi paga e não pode mais ser alterada. Fale com a nossa equipe para mudar.',
    ]);
    const partners = await step('partner-registration', {
      partners: [{ ...partner('438.944.943-52', 100), email: 'juliana@limadev.com.br' }],
    });
    expect(partners.status).toBe(200);
    expect(partners.body.data.track.steps[1].payload.partners[0].email).toBe('juliana@limadev.com.br');
    expect(partners.body.data.track.steps.map((s: { status: string }) => s.status)).toEqual([
      'done',
      'done',
      'done',
      'in_progress',
      'pending',
    ]);
  });

  it('walks every step, with the payment, the guide and the status changes', async () => {
    const { token, companyId } = await customerWithCompany('create-company');
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(claims.companies).toEqual([companyId]);

    const steps = await server.call(`/api/companies/${companyId}/steps`, { token });
    expect(steps.body.data.steps.map((s: { stepId: string; status: string }) => `${s.stepId}:${s.status}`)).toEqual([
      'pre-registration:in_progress',
      'partner-registration:pending',
      'subscription:pending',
      'awaiting-guide:pending',
      'upload-guide-receipt:pending',
    ]);

    const early = await server.call(`/api/companies/${companyId}/steps/partner-registration`, {
      method: 'POST',
      token,
      body: { partners: [] },
    });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe('Conclua a etapa "Dados da empresa" antes desta.');

    const invalid = await server.call(`/api/companies/${companyId}/steps/pre-registration`, {
      method: 'POST',
      token,
      body: { size: 'MEI' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.fields).toMatchObject({ type: 'Escolha a natureza jurídica.', alias: 'Informe o nome fantasia.' });

    const notMei = await server.call(`/api/companies/${companyId}/steps/pre-registration`, {
      method: 'POST',
      token,
      body: { type: 'on_person', size: 'MEI', mainActivity: '6201501', alias: 'Rocha Tech', address },
    });
    expect(notMei.status).toBe(400);
    expect(notMei.body.error.fields.mainActivity).toBe('A atividade 6201-5/01 não é permitida para o MEI.');

    const pre = await server.call(`/api/companies/${companyId}/steps/pre-registration`, {
      method: 'POST',
      token,
      body: {
        type: 'on_person',
        size: 'MEI',
        mainActivity: '1091102',
        secondaryActivities: ['5620104'],
        alias: 'Rocha Doces',
        address,
      },
    });
    expect(pre.status).toBe(200);
    expect(pre.body.data.company).toMatchObject({
      alias: 'Rocha Doces',
      size: 'MEI',
      type: 'on_person',
      address: { zipCode: '30130010' },
    });

    const twoOwners = await server.call(`/api/companies/${companyId}/steps/partner-registration`, {
      method: 'POST',
      token,
      body: { partners: [partner('43894494352', 50), partner('57291053714', 50)] },
    });
    expect(twoOwners.status).toBe(400);
    expect(twoOwners.body.error.fields.partners).toBe(
      'Empresário individual e SLU têm um único titular: cadastre só uma pessoa.',
    );
    const partners = await server.call(`/api/companies/${companyId}/steps/partner-registration`, {
      method: 'POST',
      token,
      body: { partners: [partner('438.944.943-52', 100)] },
    });
    expect(partners.status).toBe(200);

    const wrongPlan = await server.call(`/api/companies/${companyId}/steps/subscription`, {
      method: 'POST',
      token,
      body: { planId: 'completo' },
    });
    expect(wrongPlan.body.error.fields.planId).toBe('O plano Completo não atende Microempreendedor Individual (MEI).');
    const subscription = await server.call(`/api/companies/${companyId}/steps/subscription`, {
      method: 'POST',
      token,
      body: { planId: 'mei' },
    });
    expect(subscription.status).toBe(200);
    expect(subscription.body.data.subscription).toMatchObject({ planId: 'mei', status: 'pending', priceCents: 8900 });
    expect(subscription.body.data.track.steps[2]).toMatchObject({ stepId: 'subscription', status: 'in_progress' });

    const start = await server.call(`/api/subscriptions/${subscription.body.data.subscription.id}`, {
      method: 'POST',
      token,
      body: { returnPath: '/app/wizard/company-opening' },
    });
    expect(start.status).toBe(200);
    expect(start.body.data.paymentUrl).toContain('/fakes/payments/checkout/');
    const again = await server.call(`/api/subscriptions/${subscription.body.data.subscription.id}`, {
      method: 'POST',
      token,
      body: {},
    });
    expect(again.body.data.paymentUrl).toBe(start.body.data.paymentUrl);

    const back = await payAtSandbox(start.body.data.paymentUrl);
    expect(back).toMatch(/\/app\/wizard\/company-opening\?status=paid&checkout=/);
    const afterPayment = await server.call(`/api/companies/${companyId}`, { token });
    expect(afterPayment.body.data).toMatchObject({ status: 'awaiting_opening', currentSubscription: { status: 'active' } });
    const paid = await server.call(`/api/companies/${companyId}/steps`, { token });
    expect(paid.body.data.steps.map((s: { status: string }) => s.status)).toEqual([
      'done',
      'done',
      'done',
      'in_progress',
      'pending',
    ]);

    // The team attaches the registration-fee guide; the customer may not.
    const guide = await upload(admin.token, companyId, 'guia_taxa', PDF, 'DARE JUCEMG.pdf');
    expect(guide.status).toBe(201);
    const byCustomer = await server.call(`/api/companies/${companyId}/steps/awaiting-guide`, {
      method: 'POST',
      token,
      body: { documentId: guide.body.data.id },
    });
    expect(byCustomer.status).toBe(403);
    expect(byCustomer.body.error.message).toBe('Esta etapa é feita pela nossa equipe.');
    const attached = await server.call(`/api/companies/${companyId}/steps/awaiting-guide`, {
      method: 'POST',
      token: admin.token,
      body: { documentId: guide.body.data.id, dueDate: '2026-12-10', amountCents: 9870 },
    });
    expect(attached.status).toBe(200);
    // The guide the customer sees carries its due date and value.
    const guideOf = async () =>
      (await server.call(`/api/documents?companyId=${companyId}&limit=100`, { token })).body.data.find(
        (d: { id: string }) => d.id === guide.body.data.id,
      );
    expect(await guideOf()).toMatchObject({ dueDate: '2026-12-10', amountCents: 9870 });

    const download = await fetch(`${server.baseUrl}/api/documents/${guide.body.data.id}/file?companyId=${companyId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain("filename*=UTF-8''DARE%20JUCEMG.pdf");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF);

    const receipt = await upload(token, companyId, 'comprovante_pagamento', PDF, 'comprovante.pdf');
    const finished = await server.call(`/api/companies/${companyId}/steps/upload-guide-receipt`, {
      method: 'POST',
      token,
      body: { documentId: receipt.body.data.id },
    });
    expect(finished.body.data.track.status).toBe('done');
    // Its receipt accepted, the guide is paid: nothing offers to mark it paid any more.
    expect((await guideOf()).status).toBe('paid');

    // The team moves the company along its lifecycle; activating needs the CNPJ.
    const opening = await server.call(`/api/companies/${companyId}/status/opening`, {
      method: 'PUT',
      token: admin.token,
      body: { note: 'Protocolado na JUCEMG.' },
    });
    expect(opening.body.data.status).toBe('opening');
    const noCnpj = await server.call(`/api/companies/${companyId}/status/active`, {
      method: 'PUT',
      token: admin.token,
      body: {},
    });
    expect(noCnpj.status).toBe(409);
    expect(noCnpj.body.error.message).toBe('Informe o CNPJ da empresa antes de ativá-la.');
    const withCnpj = await server.call(`/api/companies/${companyId}`, {
      method: 'PUT',
      token: admin.token,
      body: { cnpj: '36.711.088/0001-05' },
    });
    expect(withCnpj.body.data.cnpj).toBe('36711088000105');
    const active = await server.call(`/api/companies/${companyId}/status/active`, {
      method: 'PUT',
      token: admin.token,
      body: {},
    });
    expect(active.body.data.status).toBe('active');

    const history = await server.call(`/api/companies/${companyId}/status-history`, { token });
    expect(
      history.body.data.map((h: { fromStatus: string | null; toStatus: string }) => `${h.fromStatus}→${h.toStatus}`),
    ).toEqual(['opening→active', 'awaiting_opening→opening', 'pending→awaiting_opening', 'null→pending']);
    // The customer reads who by the team's name, never a team member's account.
    expect(history.body.data[1]).toMatchObject({
      note: 'Protocolado na JUCEMG.',
      changedBy: { name: 'Equipe contábil', team: true },
    });
    expect(history.body.data[1].changedBy).not.toHaveProperty('id');
  });
});

describe('status changes', () => {
  it('are the team’s, follow the lifecycle and answer 409 in Portuguese otherwise', async () => {
    const { token, companyId } = await customerWithCompany('create-company');
    expect((await server.call(`/api/companies/${companyId}/status/active`, { method: 'PUT', token, body: {} })).status).toBe(403);
    const illegal = await server.call(`/api/companies/${companyId}/status/active`, {
      method: 'PUT',
      token: admin.token,
      body: {},
    });
    expect(illegal.status).toBe(409);
    expect(illegal.body.error.message).toBe('Não é possível mudar a situação de "Cadastro pendente" para "Ativa".');
    const unknown = await server.call(`/api/companies/${companyId}/status/closed`, {
      method: 'PUT',
      token: admin.token,
      body: {},
    });
    expect(unknown.status).toBe(400);
    await server.call(`/api/companies/${companyId}/status/disabled`, {
      method: 'PUT',
      token: admin.token,
      body: { note: 'Pedido do cliente.' },
    });
    const back = await server.call(`/api/companies/${companyId}/status/pending`, { method: 'PUT', token: admin.token, body: {} });
    expect(back.body.data.status).toBe('pending');
  });
});

describe('migration', () => {
  it('takes the CNPJ, reads the Receita Federal record and refuses a CNPJ taken by another company', async () => {
    const { token, companyId } = await customerWithCompany('migrate-company');
    const bad = await server.call(`/api/companies/${companyId}/steps/pre-registration`, {
      method: 'POST',
      token,
      body: { cnpj: '11.222.333/0001-82', currentAccountant: { name: 'Silva Contábil' } },
    });
    expect(bad.body.error.fields.cnpj).toBe('CNPJ inválido.');
    const pre = await server.call(`/api/companies/${companyId}/steps/pre-registration`, {
      method: 'POST',
      token,
      body: { cnpj: '11.222.333/0001-81', currentAccountant: { name: 'Silva Contábil', email: 'contato@silva.com.br' } },
    });
    expect(pre.status).toBe(200);
    expect(pre.body.data.company.cnpj).toBe('11222333000181');
    const registration = await server.call(`/api/companies/${companyId}/registration`, { token });
    expect(registration.status).toBe(200);
    expect(registration.body.data).toMatchObject({ cnpj: '11222333000181', situation: 'active' });
    expect(registration.body.data.partners.length).toBeGreaterThan(0);

    const other = await customerWithCompany('migrate-company');
    const taken = await server.call(`/api/companies/${other.companyId}/steps/pre-registration`, {
      method: 'POST',
      token: other.token,
      body: { cnpj: '11222333000181', currentAccountant: { name: 'Outro' } },
    });
    expect(taken.status).toBe(409);
    expect(
      (await server.call('/api/companies', { method: 'POST', token: other.token, body: { cnpj: '11222333000181' } })).status,
    ).toBe(409);
  });

  it('says when the Receita Federal does not know the CNPJ, and takes it once the customer confirms it, for the team to see', async () => {
    const { token, companyId } = await customerWithCompany('migrate-company');
    const pre = (body: object) =>
      server.call(`/api/companies/${companyId}/steps/pre-registration`, { method: 'POST', token, body });
    const unknown = { cnpj: '06.598.293/6255-87', currentAccountant: { name: 'Silva Contábil' } };
    const refused = await pre(unknown);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toEqual({
      code: 'cnpj_not_found',
      message: 'Não encontramos este CNPJ na Receita Federal.',
      fields: { cnpj: 'Não encontramos este CNPJ na Receita Federal. Confira o número.' },
    });
    // Nothing was kept: the step is still to do, the company has no CNPJ.
    const steps = await server.call(`/api/companies/${companyId}/steps`, { token });
    expect(steps.body.data.steps[0].status).not.toBe('done');
    expect((await server.call(`/api/companies/${companyId}`, { token })).body.data.cnpj).toBeNull();

    const confirmed = await pre({ ...unknown, cnpjNotFoundConfirmed: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.company.cnpj).toBe('06598293625587');
    expect(confirmed.body.data.track.steps[0]).toMatchObject({
      status: 'done',
      payload: { cnpj: '06598293625587', cnpjNotFoundConfirmed: true },
    });
    // The data are then typed by hand: the record is not found.
    expect((await server.call(`/api/companies/${companyId}/registration`, { token })).status).toBe(404);

    // A CNPJ the Receita Federal knows carries no confirmation, whatever the browser sent.
    const other = await customerWithCompany('migrate-company');
    const known = await server.call(`/api/companies/${other.companyId}/steps/pre-registration`, {
      method: 'POST',
      token: other.token,
      body: { cnpj: '40.549.302/0001-38', currentAccountant: { name: 'Silva' }, cnpjNotFoundConfirmed: true },
    });
    expect(known.status).toBe(200);
    expect(known.body.data.track.steps[0].payload).not.toHaveProperty('cnpjNotFoundConfirmed');
  });

  it('fills the size and legal nature the Receita Federal record gives, from the CNPJ on', async () => {
    const { token, companyId } = await customerWithCompany('migrate-company');
    const step = (stepId: string, body: unknown) =>
      server.call(`/api/companies/${companyId}/steps/${stepId}`, { method: 'POST', token, body });
    expect((await step('pre-registration', { cnpj: '27.494.746/0001-55', currentAccountant: { name: 'Silva' } })).status).toBe(
      200,
    );
    expect(
      (
        await step('partner-registration-basic', {
          partners: [{ name: 'Ana Lima', cpf: '57291053714', email: 'ana@aurora.com.br', phone: '11987654321' }],
        })
      ).status,
    ).toBe(200);
    const plan = await step('subscription', { planId: 'essencial' });
    const charge = await server.call(`/api/subscriptions/${plan.body.data.subscription.id}`, { method: 'POST', token, body: {} });
    await payAtSandbox(charge.body.data.paymentUrl);
    // Known from the first step: the CNPJ's record, which the plan must fit.
    const before = await server.call(`/api/companies/${companyId}`, { token });
    expect([before.body.data.size, before.body.data.type]).toEqual(['ME', 'limited_liability']);
    const confirmed = await step('download-company-info', {
      confirmed: true,
      name: 'Empresa da Receita Ltda',
      mainActivity: '7410202',
      secondaryActivities: [],
      address,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.company).toMatchObject({ size: 'ME', type: 'limited_liability' });
  });

  it.each([
    // CNPJ (the Receita's record), refused plan and why, a plan that fits
    ['90.000.411/0001-70', 'Porte ME, LTDA', 'mei', 'O plano MEI não atende Microempresa (ME).', 'essencial'],
    ['15.538.835/0001-77', 'Porte EPP, LTDA', 'mei', 'O plano MEI não atende Empresa de Pequeno Porte (EPP).', 'completo'],
  ])('refuses a plan that does not fit the company the CNPJ is (%s: %s)', async (cnpj, _, refusedPlan, problem, fitting) => {
    const { token, companyId } = await customerWithCompany('migrate-company');
    const step = (stepId: string, body: unknown) =>
      server.call(`/api/companies/${companyId}/steps/${stepId}`, { method: 'POST', token, body });
    expect((await step('pre-registration', { cnpj, currentAccountant: { name: 'Silva' } })).status).toBe(200);
    expect(
      (
        await step('partner-registration-basic', {
          partners: [{ name: 'Ana Lima', cpf: '57291053714', email: 'ana@aurora.com.br', phone: '11987654321' }],
        })
      ).status,
    ).toBe(200);
    const refused = await step('subscription', { planId: refusedPlan });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ planId: problem });
    expect((await step('subscription', { planId: fitting })).status).toBe(200);
  });

  it('answers 409, not 500, when two people register the same CNPJ at the same moment', async () => {
    const [a, b] = await Promise.all([server.createUser(), server.createUser()]);
    const answers = await Promise.all(
      [a, b].map((user) =>
        server.call('/api/companies', { method: 'POST', token: user.token, body: { cnpj: '58633618000179' } }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.error.message).toMatch(/^Já existe uma empresa com este CNPJ/);
  });

  // PGlite runs one statement at a time, so there the two requests never meet at the database; PostgreSQL lets them,
  // and then the unique index, not the route's own check, is what answers.
  it.runIf(engine === 'postgres')('answers that 409 from the database’s unique index when the check is raced', async () => {
    const users = await Promise.all([1, 2, 3, 4].map(() => server.createUser()));
    const answers = await Promise.all(
      users.map((user) => server.call('/api/companies', { method: 'POST', token: user.token, body: { cnpj: '03647785000187' } })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409]);
    const refused = server.errors.filter((entry) =>
      String((entry as unknown[])[0]).startsWith('Database refused the input of POST'),
    );
    expect(refused.length).toBeGreaterThan(0);
  });

  it('lists migrations and openings in the team’s queues, oldest first', async () => {
    const customerCall = await server.call('/api/companies/orders/migration-requests', {
      token: (await server.createUser()).token,
    });
    expect(customerCall.status).toBe(403);
    const { body } = await server.call('/api/companies/orders/migration-requests', { token: admin.token });
    expect(body.total).toBeGreaterThanOrEqual(2);
    expect(body.data[0]).toMatchObject({ currentStep: { actor: 'customer' }, customer: { email: expect.stringContaining('@') } });
    const filtered = await server.call('/api/companies/orders/opening-requests?stepId=pre-registration', { token: admin.token });
    expect(
      filtered.body.data.every((o: { currentStep: { stepId: string } }) => o.currentStep.stepId === 'pre-registration'),
    ).toBe(true);
    // Past the last page: no rows, the same total.
    const beyond = await server.call('/api/companies/orders/migration-requests?offset=500', { token: admin.token });
    expect(beyond.body).toMatchObject({ data: [], total: body.total });
  });
});

describe('tenants, files and notifications', () => {
  it('refuses another customer’s company on every onboarding call', async () => {
    const mine = await customerWithCompany('create-company');
    const theirs = await customerWithCompany('create-company');
    const calls: [string, string, unknown?][] = [
      ['POST', `/api/companies/${theirs.companyId}/steps/pre-registration`, {}],
      ['PUT', `/api/companies/${theirs.companyId}/track/migrate-company`],
      ['GET', `/api/companies/${theirs.companyId}/status-history`],
      ['GET', `/api/companies/${theirs.companyId}/registration`],
      ['GET', `/api/documents?companyId=${theirs.companyId}`],
    ];
    for (const [method, path, body] of calls) {
      const { status } = await server.call(path, { method, token: mine.token, body });
      expect(status, `${method} ${path}`).toBe(403);
    }
    expect((await upload(mine.token, theirs.companyId, 'outros', PDF)).status).toBe(403);
  });

  it('refuses files of the wrong kind or size with a clear message', async () => {
    const { token, companyId } = await customerWithCompany('create-company');
    const exe = await upload(token, companyId, 'outros', new TextEncoder().encode('MZ\x90\x00 not a pdf'), 'nota.pdf');
    expect(exe.status).toBe(415);
    expect(exe.body.error.message).toContain('Tipo de arquivo não aceito');
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(PDF);
    const tooBig = await upload(token, companyId, 'outros', big, 'grande.pdf');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.message).toBe('O arquivo passa do limite de 10 MB.');
    const noType = await upload(token, companyId, 'qualquer', PDF);
    expect(noType.body.error.fields).toEqual({ type: 'Escolha o tipo do documento.' });
  });

  it('accepts only signed payment notifications, once', async () => {
    const raw = JSON.stringify({
      event: 'checkout.paid',
      data: { id: 'chk_x', reference: 'r', status: 'paid', method: 'pix', amount_cents: 1, paid_at: null },
    });
    const unsigned = await server.call('/api/webhooks/payments/sandbox', { method: 'POST', body: raw });
    expect(unsigned.status).toBe(401);
    const signed = await server.call('/api/webhooks/payments/sandbox', {
      method: 'POST',
      body: raw,
      headers: { 'x-sandbox-signature': sandboxSignature(raw, 'test-webhook-secret') },
    });
    expect(signed.status).toBe(404);
    expect(signed.body.error.message).toBe('Pagamento desconhecido.');
  });

  it('answers whether a CNPJ exists, treating a failure as not existing', async () => {
    expect((await server.call('/api/cnpj-exists?cnpj=11.222.333/0001-81')).body).toEqual({ exists: true });
    expect((await server.call('/api/cnpj-exists?cnpj=36711088000105')).body).toEqual({ exists: false });
    expect((await server.call('/api/cnpj-exists?cnpj=123')).body).toEqual({ exists: false });
  });
});

describe('in production', () => {
  it('creates a company only with a CNPJ the Receita Federal knows (docs/rules.md)', async () => {
    const production = await startTestServer({ environment: 'production' });
    try {
      const user = await production.createUser();
      const missing = await production.call('/api/companies', {
        method: 'POST',
        token: user.token,
        body: { cnpj: '36.711.088/0001-05' },
      });
      expect(missing.status).toBe(422);
      expect(missing.body.error).toMatchObject({
        code: 'cnpj_not_found',
        message: 'CNPJ não existe',
        fields: { cnpj: 'CNPJ não existe' },
      });
      // The customer confirmed a CNPJ the Receita Federal does not know: created, the first step records it.
      const confirmed = await production.call('/api/companies', {
        method: 'POST',
        token: user.token,
        body: { cnpj: '36.711.088/0001-05', cnpjNotFoundConfirmed: true },
      });
      expect(confirmed.status).toBe(201);
      const known = await production.call('/api/companies', {
        method: 'POST',
        token: user.token,
        body: { cnpj: '11.222.333/0001-81' },
      });
      expect(known.status).toBe(201);
    } finally {
      await production.close();
    }
  });
});
