import type { Browser, Page, Route } from '@playwright/test';
import { generateCnpj } from '@brazilian-utils/brazilian-utils';
import { expect, test } from '@playwright/test';
import { sessionMachine } from '@machines/session.machine';
import { machineLog, transitionKeyOf } from './machine-log';
import { Held, signInFromLogin } from './support';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF');

async function signUp(page: Page, track: 'create-company' | 'migrate-company', name: string, phone?: string) {
  const email = `${name.split(' ')[0].toLowerCase()}.${Date.now()}@empresa.com.br`;
  await page.goto(`/app/login?mode=signup&track=${track}`);
  await page.getByLabel('Nome completo').fill(name);
  await page.getByLabel('E-mail').fill(email);
  if (phone) await page.getByLabel('Telefone').pressSequentially(phone);
  await page.getByLabel('Senha').fill('senha-forte-123');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(track === 'create-company' ? '/app/wizard/company-opening' : '/app/wizard/company-migration');
  return email;
}

/** The plan, the sandbox payment page, and back: the wizard waits for the confirmation. */
async function payForPlan(page: Page, plan: string, price: string) {
  await expect(page.getByRole('heading', { name: 'Plano e pagamento' })).toBeVisible();
  await page.getByRole('radio', { name: plan }).check();
  await page.getByRole('button', { name: 'Ir para o pagamento' }).click();
  await expect(page.getByText('Ambiente de testes')).toBeVisible();
  await expect(page.getByText(price)).toBeVisible();
  await page.getByRole('button', { name: 'Pagar com Pix (simulado)' }).click();
}

async function asAdmin(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  await signInFromLogin(page, 'admin@demo.test');
  return page;
}

async function openOrder(admin: Page, kind: 'opening' | 'migration', company: string) {
  // Searched: other tests of the run leave orders in the queue too.
  await admin.goto(`/app/admin/companies/${kind}-orders?q=${encodeURIComponent(company)}`);
  await admin.getByRole('link', { name: company }).click();
  await expect(admin.getByRole('heading', { name: company, level: 1 })).toBeVisible();
}

async function changeStatus(admin: Page, label: string) {
  await admin.getByRole('radio', { name: label, exact: true }).check();
  await admin.getByRole('button', { name: 'Alterar situação' }).click();
  await expect(admin.getByText(`Situação alterada para "${label}".`)).toBeVisible();
}

test('a new customer opens a company: wizard, payment, guide, receipt, and the team activates it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signUp(page, 'create-company', 'Marina Alves');

  // Pre-registration: activities from the customer's words, MEI, a suggested name, the address from the CEP.
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page.getByText('Informe o nome fantasia.')).toBeVisible();
  await page.getByLabel('O que a sua empresa vai fazer?').fill('salão de beleza');
  await page.getByRole('button', { name: 'Sugerir atividades' }).click();
  const suggestions = page.getByRole('region', { name: 'Atividades sugeridas' });
  await expect(suggestions.getByRole('listitem').first()).toContainText('9602-5/01');
  await suggestions.getByRole('button', { name: 'Escolher' }).first().click();
  await page.getByLabel('MEI').check();
  await page.getByRole('button', { name: 'Salão da Marina' }).click();
  await expect(page.getByLabel('Nome fantasia')).toHaveValue('Salão da Marina');
  // The postal service answers slowly: the number typed meanwhile stays when the address arrives.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const lookup = new Promise<void>((resolve) => (asked = resolve));
  await page.route('**/ws/30130010/json/', async (route) => {
    asked();
    await held;
    await route.continue();
  });
  await page.getByLabel('CEP').pressSequentially('30130010');
  await page.getByLabel('Número').fill('1200');
  // The lookup is really under way and unanswered while the number is typed.
  await lookup;
  await expect(page.getByLabel('Cidade')).toHaveValue('');
  release();
  await expect(page.getByLabel('Cidade')).toHaveValue('Belo Horizonte');
  await expect(page.getByLabel('Número')).toHaveValue('1200');
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();

  // Partners: what was typed survives a reload.
  await expect(page.getByRole('heading', { name: 'Sócios' })).toBeVisible();
  await expect(page.getByLabel('Nome completo')).toHaveValue('Marina Alves');
  await page.getByLabel('CPF').pressSequentially('43894494352');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sócios' })).toBeVisible();
  await expect(page.getByLabel('CPF')).toHaveValue('438.944.943-52');
  await page.getByLabel('Data de nascimento').fill('20/05/1990');
  await page.getByLabel('Estado civil').selectOption('single');
  // No phone at signup: the mobile is asked for by name, and must be a mobile.
  await expect(page.getByLabel('Celular')).toHaveValue('');
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page.getByText('Informe o celular.')).toBeVisible();
  await page.getByLabel('Celular').pressSequentially('3133334444');
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page.getByText('Celular inválido')).toBeVisible();
  await page.getByLabel('Celular').fill('');
  await page.getByLabel('Celular').pressSequentially('31987654321');
  await page.getByLabel('É o mesmo endereço da empresa').check();
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();

  await payForPlan(page, 'MEI', 'R$ 89,00');
  await expect(page.getByRole('heading', { name: 'Estamos preparando a guia de registro' })).toBeVisible({ timeout: 20_000 });

  // The team attaches the registration-fee guide.
  const admin = await asAdmin(browser);
  await openOrder(admin, 'opening', 'Salão da Marina');
  await admin.getByLabel('Guia (PDF)').setInputFiles({ name: 'DARE JUCEMG.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(admin.getByText('DARE JUCEMG.pdf')).toBeVisible();
  await admin.getByLabel('Vencimento').fill('10/12/2026');
  await admin.getByLabel('Valor (R$)').pressSequentially('98,70');
  await admin.getByRole('button', { name: 'Enviar guia ao cliente' }).click();
  await expect(admin.getByText('Guia enviada ao cliente.')).toBeVisible();

  // The customer's page moves on by itself; they pay the guide and send the receipt.
  await expect(page.getByRole('heading', { name: 'Pague a guia e envie o comprovante' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('R$ 98,70')).toBeVisible();
  await page
    .getByLabel('Comprovante de pagamento')
    .setInputFiles({ name: 'comprovante.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('comprovante.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Enviar comprovante' }).click();
  await expect(page.getByRole('heading', { name: 'Recebemos tudo. Agora é com a gente!' })).toBeVisible();

  // The team opens the company: opening → (CNPJ) → active.
  await admin.reload();
  await changeStatus(admin, 'Em abertura');
  // The customer's page follows by itself: the badge, and the history with it.
  await expect(page.getByText('Situação atual:')).toContainText('Em abertura', { timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Histórico da empresa' }).getByRole('listitem').first()).toContainText(
    'Em abertura',
  );
  await admin.getByLabel('CNPJ emitido').pressSequentially('38049902000195');
  await admin.getByRole('button', { name: 'Salvar CNPJ' }).click();
  await expect(admin.getByText('CNPJ registrado.')).toBeVisible();
  await changeStatus(admin, 'Ativa');
  // The team completes the record the wizard left without a razão social, with the wizard's MEI rule.
  await admin.getByRole('button', { name: 'Editar dados' }).click();
  const record = admin.getByRole('form', { name: 'Editar dados da empresa' });
  await record.getByLabel('Razão social').fill('Marina Alves Salão de Beleza');
  await record.getByLabel('Natureza jurídica').selectOption('limited_liability');
  await record.getByRole('button', { name: 'Salvar dados' }).click();
  await expect(record.getByText('O MEI é sempre um empresário individual.')).toBeVisible();
  await record.getByLabel('Natureza jurídica').selectOption('on_person');
  await record.getByRole('button', { name: 'Salvar dados' }).click();
  await expect(admin.getByText('Dados da empresa salvos.')).toBeVisible();
  await expect(admin.getByText('Marina Alves Salão de Beleza').first()).toBeVisible();

  await expect(page).toHaveURL('/app/panel', { timeout: 30_000 });
  await expect(page.getByTestId('company-selector')).toContainText('Salão da Marina');
  await expect(page.getByText('38.049.902/0001-95')).toBeVisible();

  // The registration-fee guide, its receipt accepted, looks paid: its value and due date, nothing to mark.
  await page.goto('/app/documents');
  const guide = page.getByTestId('document-card').filter({ hasText: 'DARE JUCEMG.pdf' });
  await expect(guide).toContainText('R$ 98,70');
  await expect(guide).toContainText('10/12/2026');
  await expect(guide.getByRole('button', { name: 'Marcar como paga' })).toHaveCount(0);
});

/**
 * Once the first step created the company, the session asks the identity provider for a token naming it. Whether that
 * token does not come or comes without the company (the claims' mirror not there yet), the wizard goes on: the server
 * reads whose company it is from its database.
 */
const FRESH_TOKEN_TROUBLES = [
  {
    name: 'cannot be had',
    transition: 'session.refreshingClaims · xstate.error.actor.refreshClaims #0',
    answer: (route: Route) => route.abort('internetdisconnected'),
  },
  {
    name: 'comes without the company',
    transition: 'session.refreshingClaims · xstate.done.actor.refreshClaims #1',
    answer: async (route: Route) => {
      const response = await route.fetch();
      const body = await response.json();
      const [header, payload, signature] = (body.id_token as string).split('.');
      const { companies: _, companyId: __, ...claims } = JSON.parse(Buffer.from(payload, 'base64url').toString());
      body.id_token = body.access_token = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join(
        '.',
      );
      await route.fulfill({ response, json: body });
    },
  },
];

for (const trouble of FRESH_TOKEN_TROUBLES)
  test(`the token naming the new company ${trouble.name}: the wizard goes on`, async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('contabil.test.machineLog', '1'));
    await signUp(page, 'create-company', 'Renata Prado');
    await page.getByLabel('O que a sua empresa vai fazer?').fill('salão de beleza');
    await page.getByRole('button', { name: 'Sugerir atividades' }).click();
    await page.getByRole('region', { name: 'Atividades sugeridas' }).getByRole('button', { name: 'Escolher' }).first().click();
    await page.getByLabel('MEI').check();
    await page.getByLabel('Nome fantasia').fill('Salão Prado');
    await page.getByLabel('CEP').pressSequentially('30130010');
    await expect(page.getByLabel('Cidade')).toHaveValue('Belo Horizonte');
    await page.getByLabel('Número').fill('88');
    let answered = 0;
    await page.route('**/securetoken.googleapis.com/v1/token**', (route) => {
      answered += 1;
      return trouble.answer(route);
    });
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await expect(page.getByRole('heading', { name: 'Sócios' })).toBeVisible();
    await expect.poll(() => answered).toBeGreaterThan(0);
    await expect
      .poll(async () =>
        (await machineLog(page)).filter((entry) => entry.machine === 'session').map(transitionKeyOf(sessionMachine)),
      )
      .toContain(trouble.transition);
    await page.getByLabel('CPF').pressSequentially('43894494352');
    await page.getByLabel('Data de nascimento').fill('12/03/1988');
    await page.getByLabel('Estado civil').selectOption('single');
    await page.getByLabel('Celular').pressSequentially('31987654321');
    await page.getByLabel('É o mesmo endereço da empresa').check();
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await expect(page.getByRole('heading', { name: 'Plano e pagamento' })).toBeVisible();
    await expect(page.getByText(/Erro interno|Sem acesso|Sua sessão expirou/)).toHaveCount(0);
  });

test('a customer moves their company here: CNPJ, partners, payment, Receita data, handover, and the team takes over', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUp(page, 'migrate-company', 'Ricardo Lima', '11987654321');

  await page.getByLabel('CNPJ').pressSequentially('11222333000181');
  await expect(page.getByText('CNPJ encontrado na Receita Federal.')).toBeVisible();
  await page.getByLabel('Nome', { exact: true }).fill('Silva & Associados Contabilidade');
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();

  await expect(page.getByRole('heading', { name: 'Sócios' })).toBeVisible();
  // Whoever signed up is the first partner: the name and the mobile given at signup come filled in.
  await expect(page.getByLabel('Nome completo')).toHaveValue('Ricardo Lima');
  await expect(page.getByLabel('Celular')).toHaveValue('(11) 98765-4321');
  await page.getByLabel('CPF').pressSequentially('57291053714');
  await page.getByLabel('E-mail').fill('ricardo@aurora.com.br');
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();

  // The Receita knows this CNPJ as an ME, an LTDA: the MEI plan is not offered, the others are.
  await expect(page.getByRole('heading', { name: 'Plano e pagamento' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^MEI/ })).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /^Essencial/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Completo/ })).toBeVisible();
  // Postal-code lookups are held: the Receita's address, shown again, is no new CEP to look up.
  const lookups = new Held();
  await page.route('**/ws/*/json/', (route) => lookups.take(route));
  await payForPlan(page, 'Essencial', 'R$ 249,00');

  // What the Receita Federal has, to confirm.
  await expect(page.getByRole('heading', { name: 'Confira os dados da empresa' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('11.222.333/0001-81')).toBeVisible();
  await page.getByRole('button', { name: 'Confirmar dados' }).click();
  await expect(page.getByText('Confirme que os dados estão corretos.')).toBeVisible();
  // Had the form looked the CEP up when it opened, its answer would land now and wipe the problems shown.
  await Promise.all(lookups.drain().map((route) => route.continue()));
  await page.waitForTimeout(500);
  await expect(page.getByText('Confirme que os dados estão corretos.')).toBeVisible();
  await page.unroute('**/ws/*/json/');
  await page.getByLabel('Confirmo que os dados acima estão corretos.').check();
  await page.getByRole('button', { name: 'Confirmar dados' }).click();

  // The handover checklist: a file for one item, a delivery for the others.
  await expect(page.getByRole('heading', { name: 'Transferência do contador' })).toBeVisible();
  await page.getByLabel('A1 (arquivo .pfx)').check();
  await page.getByLabel('Última competência sob responsabilidade do contador anterior').fill('10/2026');
  const distrato = page.getByRole('group', { name: 'Distrato com o contador anterior' });
  await distrato.getByLabel('Arquivo').setInputFiles({ name: 'distrato.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(distrato.getByText('distrato.pdf')).toBeVisible();
  for (const item of ['Certificado digital (e-CNPJ)', 'Balanço e ECD']) {
    await page
      .getByRole('group', { name: item })
      .getByLabel('Ou diga como será entregue')
      .selectOption('with-previous-accountant');
  }
  await page
    .getByRole('group', { name: 'Acesso ao portal da prefeitura' })
    .getByLabel('Como vamos receber o acesso')
    .selectOption('will-send');
  await page
    .getByRole('group', { name: 'Folha de pagamento' })
    .getByLabel('Ou diga como será entregue')
    .selectOption('not-applicable');
  await page.getByRole('button', { name: 'Concluir' }).click();
  await expect(page.getByRole('heading', { name: 'Recebemos tudo. Agora é com a gente!' })).toBeVisible();
  await expect(page.getByText('Situação atual:')).toContainText('Em migração');

  const admin = await asAdmin(browser);
  await admin.goto('/app/admin/companies/migration-orders?q=11222333');
  await admin.getByRole('link', { name: /Aurora/i }).click();
  // The handover's files keep their kind: the distrato is a distrato, not a "Contrato social".
  await expect(admin.getByRole('listitem').filter({ hasText: 'distrato.pdf' }).first()).toContainText('Distrato ·');
  await changeStatus(admin, 'Ativa');

  // Back later, the customer finds the panel.
  await page.reload();
  await expect(page).toHaveURL('/app/panel');
});

test('a CNPJ the Receita Federal does not know: the first step says so, the customer corrects it or goes on, and the team is told', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signUp(page, 'migrate-company', 'Helena Prado');
  const cnpj = generateCnpj();
  await page.getByLabel('CNPJ').pressSequentially(cnpj);
  await page.getByLabel('Nome', { exact: true }).fill('Prado Contabilidade');
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();

  const main = page.getByRole('main');
  await expect(main.getByRole('alert')).toHaveText('Não encontramos este CNPJ na Receita Federal.');
  await expect(main.getByText('Não encontramos este CNPJ na Receita Federal. Confira o número.')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Salvar e continuar' })).toHaveCount(0);
  // Correcting: back to the form, on the CNPJ.
  await main.getByRole('button', { name: 'Corrigir o CNPJ' }).click();
  await expect(page.getByLabel('CNPJ')).toBeFocused();
  await expect(main.getByRole('alert')).toHaveCount(0);
  await main.getByRole('button', { name: 'Salvar e continuar' }).click();
  // The number is right: the customer goes on, and will type the company's data.
  await main.getByRole('button', { name: 'Continuar com este CNPJ' }).click();
  await expect(page.getByRole('heading', { name: 'Sócios' })).toBeVisible();

  const admin = await asAdmin(browser);
  await admin.goto(`/app/admin/companies/migration-orders?q=${cnpj}`);
  await admin
    .getByRole('link', { name: new RegExp(cnpj.slice(0, 2)) })
    .first()
    .click();
  await expect(admin.getByText('A Receita Federal não encontrou este CNPJ quando o cliente o informou')).toBeVisible();
});

test('a customer who picked the wrong size goes back from the plans, fixes it, and after paying may change only the partners', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, 'create-company', 'Bruno Teixeira');
  await page.getByLabel('O que a sua empresa vai fazer?').fill('salão de beleza');
  await page.getByRole('button', { name: 'Sugerir atividades' }).click();
  await page.getByRole('region', { name: 'Atividades sugeridas' }).getByRole('button', { name: 'Escolher' }).first().click();
  await page.getByLabel('MEI').check();
  await page.getByLabel('Nome fantasia').fill('Salão Teixeira');
  await page.getByLabel('CEP').pressSequentially('30130010');
  await page.getByLabel('Número').fill('1200');
  await expect(page.getByLabel('Cidade')).toHaveValue('Belo Horizonte');
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Sócios' })).toBeVisible();
  await page.getByLabel('CPF').pressSequentially('43894494352');
  await page.getByLabel('Data de nascimento').fill('20/05/1990');
  await page.getByLabel('Estado civil').selectOption('single');
  await page.getByLabel('Celular').pressSequentially('31987654321');
  await page.getByLabel('É o mesmo endereço da empresa').check();
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Plano e pagamento' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'MEI' })).toBeVisible();

  // The salon will earn more than a MEI may: "Voltar" twice reaches the company's data, as it was sent.
  const steps = page.locator('aside[aria-label="Etapas"]');
  await page.getByRole('button', { name: 'Voltar', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sócios' })).toBeVisible();
  await expect(page.getByLabel('CPF')).toHaveValue('438.944.943-52');
  await expect(page.getByText('Você voltou a uma etapa já concluída')).toBeVisible();
  await page.getByRole('button', { name: 'Voltar', exact: true }).click();
  await expect(page.getByLabel('Nome fantasia')).toHaveValue('Salão Teixeira');
  await page.getByLabel('Microempresa (ME)').check();
  await page.getByRole('button', { name: 'Salvar alterações' }).click();

  // The partners to confirm again, prefilled; then the plans of a microempresa.
  await expect(page.getByRole('heading', { name: 'Sócios' })).toBeVisible();
  await expect(page.getByLabel('CPF')).toHaveValue('438.944.943-52');
  await expect(page.getByText('Você voltou a uma etapa já concluída')).toHaveCount(0);
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Plano e pagamento' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'MEI' })).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'Essencial' })).toBeVisible();

  // Paid: the company's data no longer open from the list; the partners still do.
  await payForPlan(page, 'Essencial', 'R$');
  await expect(page.getByRole('heading', { name: 'Estamos preparando a guia de registro' })).toBeVisible({ timeout: 20_000 });
  await expect(steps.getByRole('button', { name: /^Dados da empresa/ })).toHaveCount(0);
  await steps.getByRole('button', { name: /^Sócios/ }).click();
  await expect(page.getByText('Nada mais muda nas outras etapas.')).toBeVisible();
  await page.getByLabel('Celular').fill('');
  await page.getByLabel('Celular').pressSequentially('31999998888');
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByRole('heading', { name: 'Estamos preparando a guia de registro' })).toBeVisible();
});

test('the team sees a plan that does not fit the company: an LTDA on the MEI plan', async ({ browser }) => {
  const admin = await asAdmin(browser);
  // Demo data (server/seed/demo.ts): a migrated LTDA that chose the MEI plan before plans had to fit the CNPJ.
  await admin.goto(`/app/admin/companies?q=${encodeURIComponent('Nogueira')}`);
  await admin
    .getByRole('link', { name: /Nogueira & Prado/ })
    .first()
    .click();
  await expect(admin.getByRole('heading', { level: 1 })).toContainText('Nogueira & Prado');
  await expect(admin.getByRole('alert').filter({ hasText: 'O plano MEI não atende Microempresa (ME).' })).toContainText(
    'Confira o porte e a natureza jurídica da empresa e o plano contratado com o cliente.',
  );
  // A company whose plan fits shows no such warning.
  await admin.goto(`/app/admin/companies?q=${encodeURIComponent('Pão Dourado')}`);
  await admin
    .getByRole('link', { name: /Pão Dourado/ })
    .first()
    .click();
  await expect(admin.getByRole('heading', { level: 1 })).toContainText('Pão Dourado');
  await expect(admin.getByText(/^O plano .* não atende/)).toHaveCount(0);
});
