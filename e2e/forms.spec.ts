import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { signInFromLogin } from './support';

/** A new customer on the opening wizard, through "Dados da empresa" (an MEI salon in Belo Horizonte), on "Sócios". */
async function newOpeningOnPartners(page: Page, name: string) {
  await page.goto('/app/login?mode=signup&track=create-company');
  await page.getByLabel('Nome completo').fill(name);
  await page.getByLabel('E-mail').fill(`${name.split(' ')[0].toLowerCase()}.${Date.now()}@empresa.com.br`);
  await page.getByLabel('Senha').fill('senha-forte-123');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL('/app/wizard/company-opening');
  await page.getByLabel('O que a sua empresa vai fazer?').fill('salão de beleza');
  await page.getByRole('button', { name: 'Sugerir atividades' }).click();
  await page.getByRole('region', { name: 'Atividades sugeridas' }).getByRole('button', { name: 'Escolher' }).first().click();
  await page.getByLabel('MEI').check();
  await page.getByLabel('Nome fantasia').fill(`Salão ${name.split(' ')[1]}`);
  await page.getByLabel('CEP').pressSequentially('30130010');
  await page.getByLabel('Número').fill('1200');
  await expect(page.getByLabel('Cidade')).toHaveValue('Belo Horizonte');
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Sócios' })).toBeVisible();
}

test('"Sócios" marks every missing field at once, each with its own message, the address first ticked', async ({ page }) => {
  test.setTimeout(120_000);
  await newOpeningOnPartners(page, 'Renata Falcão');
  const main = page.getByRole('main');

  // Most first partners live where the company is: the box starts ticked (soft: the messages below are checked too).
  await expect.soft(page.getByLabel('É o mesmo endereço da empresa')).toBeChecked();
  await page.getByLabel('CPF').pressSequentially('43894494352');
  await page.getByLabel('Data de nascimento').fill('22/07/1988');
  await page.getByLabel('Estado civil').selectOption('married');
  await page.getByLabel('Celular').pressSequentially('31987654321');
  // She lives elsewhere, and leaves both the regime and the address empty.
  await page.getByLabel('É o mesmo endereço da empresa').uncheck();
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(main.getByRole('alert')).toHaveText('Confira os campos destacados.');
  for (const message of [
    'Informe o regime de bens.',
    'CEP inválido.',
    'Informe o logradouro.',
    'Informe o número (ou S/N).',
    'Informe o bairro.',
    'Informe a cidade.',
    'Escolha a UF.',
  ]) {
    await expect(main.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(main.getByText(/objeto JSON|Valor inválido/)).toHaveCount(0);

  // Only the district typed: every other field still says what it needs.
  await page.getByLabel('Bairro').fill('Savassi');
  await page.getByLabel('Regime de bens').selectOption('community_property');
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  for (const message of ['CEP inválido.', 'Informe o logradouro.', 'Informe a cidade.', 'Escolha a UF.']) {
    await expect(main.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(main.getByText('Informe o bairro.')).toHaveCount(0);
  await expect(main.getByText(/objeto JSON/)).toHaveCount(0);
});

test('after a reload, "Dados da empresa" opened from the step list shows the activities it holds', async ({ page }) => {
  test.setTimeout(120_000);
  await newOpeningOnPartners(page, 'Sofia Drummond');
  await page.getByLabel('CPF').pressSequentially('43894494352');
  await page.getByLabel('Data de nascimento').fill('20/05/1990');
  await page.getByLabel('Estado civil').selectOption('single');
  await page.getByLabel('Celular').pressSequentially('31987654321');
  await page.getByLabel('É o mesmo endereço da empresa').check();
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Plano e pagamento' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Plano e pagamento' })).toBeVisible();
  await page
    .locator('aside[aria-label="Etapas"]')
    .getByRole('button', { name: /^Dados da empresa/ })
    .click();
  const chosen = page.getByRole('region', { name: 'Atividades escolhidas' });
  await expect(chosen).toContainText('9602-5/01');
  await expect(chosen).toContainText('Principal');
  await expect(chosen).not.toContainText('Nenhuma ainda');
  await expect(chosen.getByRole('listitem').first()).toContainText(/Cabeleireiros/);
});

test('money is typed cents first: 0, 9, 9 is R$ 0,99, never R$ 99,00', async ({ page }) => {
  await signInFromLogin(page, 'cliente@demo.test');
  await page.goto('/app/invoices?novo=true');
  const value = page.getByLabel('Valor do serviço (R$)');
  await value.pressSequentially('099');
  await expect(value).toHaveValue('0,99');
  // R$ 0,99 is below the spec's minimum of one real: the form says so, which R$ 99,00 would not.
  await page.getByRole('button', { name: 'Solicitar nota' }).click();
  await expect(page.getByText('Valor precisa ser maior ou igual a 1 real.')).toBeVisible();
  await value.press('End');
  await value.pressSequentially('00');
  await expect(value).toHaveValue('99,00');
  // Its message goes as the value changes, as every field's does.
  await expect(page.getByText('Valor precisa ser maior ou igual a 1 real.')).toHaveCount(0);
  await value.press('Backspace');
  await expect(value).toHaveValue('9,90');
});

test('the team reads a company’s partners in Portuguese, values formatted', async ({ page }) => {
  await signInFromLogin(page, 'admin@demo.test');
  await page.goto('/app/admin/companies?q=Mendes%20Tech');
  await page.getByRole('link', { name: 'Mendes Tech' }).first().click();
  await expect(page.getByRole('heading', { name: 'Mendes Tech', level: 1 })).toBeVisible();
  const partners = page.locator('details').filter({ hasText: 'Sócios' });
  await partners.locator('summary').click();
  for (const text of ['Casado(a)', 'Comunhão parcial de bens', '12/04/1986', '438.944.943-52', '(11) 98765-4321', '60%']) {
    // (Both partners are married under the same regime: the first one says it.)
    await expect(partners.getByText(text, { exact: true }).first()).toBeVisible();
  }
  await expect(partners).not.toContainText('community_property');
  await expect(partners).not.toContainText('married');
  await expect(partners).not.toContainText('1986-04-12');
  const company = page.locator('details').filter({ hasText: 'Dados da empresa' });
  await company.locator('summary').click();
  await expect(company.getByText('Sociedade limitada (LTDA)', { exact: true })).toBeVisible();
  await expect(company.getByText('6201-5/01', { exact: true })).toBeVisible();
  await expect(company.getByText('01310-100', { exact: true })).toBeVisible();
});
