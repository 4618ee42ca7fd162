import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { signInFromLogin } from './support';

/** The demo's taxes (server/seed/demo-obligations.ts) as the customer and the team see them. */

const money = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
/**
 * The year of two months ago in São Paulo: the demo leaves that month's DAS-MEI late, and its year has invoices to
 * declare (in January and February, last year's; server/seed/demo-obligations.ts).
 */
const year = (() => {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone: 'America/Sao_Paulo' })
    .format(new Date())
    .split('-')
    .map(Number);
  return m > 2 ? y : y - 1;
})();
/** A services DAS-MEI: 5 % of the minimum wage + R$ 5 of ISS (R$ 1.621 in 2026: 81,05 + 5). */
const DAS_MEI_SERVICES: Record<number, string> = { 2026: 'R$ 86,05' };

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('the MEI sees its DAS-MEI, the calendar with the late one, and the limit', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signInFromLogin(page, 'mei@demo.test');
  await page.goto(`/app/taxes?ano=${year}`);
  await expect(page.getByRole('heading', { name: 'Impostos', level: 1 })).toBeVisible();
  const calculation = page.getByRole('definition').filter({ hasText: /^R\$/ });
  await expect(page.getByLabel('Cálculo do imposto')).toContainText('INSS (5% do salário mínimo)');
  if (DAS_MEI_SERVICES[year])
    await expect(page.getByLabel('Cálculo do imposto')).toContainText(`Total a pagar${DAS_MEI_SERVICES[year]}`);
  expect(await calculation.count()).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: `Limite do MEI em ${year}` })).toBeVisible();
  await expect(page.getByRole('meter', { name: 'Faturamento do ano em relação ao limite do MEI' })).toBeVisible();
  const calendar = page.getByRole('list', { name: 'Obrigações do ano' });
  await expect(calendar).toContainText(`DASN-SIMEI de ${year}`);
  // One DAS-MEI left unpaid two months ago: late.
  await expect(calendar.getByText('Atrasada')).toHaveCount(1);
  await expect(page.getByRole('alert').filter({ hasText: 'Há 1 obrigação atrasada' })).toBeVisible();
  // The DASN-SIMEI as it will be filed: a services MEI's NFS-e are services; no employee in the demo.
  const dasn = page.getByLabel(`O que a DASN-SIMEI de ${year} vai declarar`);
  await expect(dasn).toContainText('Receita de comércio e indústriaR$ 0,00');
  await expect(dasn).toContainText('Teve empregado no anoNão');
  const services = await dasn.getByRole('definition').nth(1).innerText();
  const total = await dasn.getByRole('definition').nth(2).innerText();
  expect(money(services)).toBeGreaterThan(0);
  expect(money(total)).toBe(money(services));
  await noSidewaysScroll(page);
});

test('the tax reminders are turned off and on again from the Impostos page', async ({ page }) => {
  await signInFromLogin(page, 'mei@demo.test');
  await page.goto('/app/taxes');
  await page.getByRole('link', { name: 'Ligar ou desligar em Meu perfil' }).click();
  await expect(page).toHaveURL(/\/app\/user\/my-profile#avisos$/);
  const box = page.getByRole('checkbox', { name: 'Lembretes de impostos por e-mail' });
  await expect(box).toBeChecked();
  await box.uncheck();
  await expect(page.getByText('Lembretes de impostos desligados.')).toBeVisible();
  await page.reload();
  await expect(box).not.toBeChecked();
  await box.check();
  await expect(page.getByText('Lembretes de impostos ligados.')).toBeVisible();
  await page.reload();
  await expect(box).toBeChecked();
});

test('Mendes Tech sees its DAS line by line, the Fator R and the chart', async ({ page }) => {
  await signInFromLogin(page, 'cliente@demo.test');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Impostos' }).click();
  await expect(page.getByRole('heading', { name: 'Impostos', level: 1 })).toBeVisible();
  // The year of the late DAS (last year's in January and February), chosen as a person would.
  await page.getByRole('combobox', { name: 'Ano', exact: true }).selectOption(String(year));
  await expect(page.getByRole('list', { name: 'Obrigações do ano' })).toContainText(`DEFIS de ${year}`);
  const calculation = page.getByLabel('Cálculo do imposto');
  for (const line of [
    'Receita do mês',
    'Receita dos últimos 12 meses (RBT12)',
    'Fator R (folha ÷ RBT12)',
    'Anexo e faixa',
    'Alíquota nominal',
    'Parcela a deduzir',
    'Alíquota efetiva',
    'CPP (INSS da empresa)',
    'ISS',
  ])
    await expect(
      calculation.getByRole('term').filter({ hasText: new RegExp(`^${line.replace(/[()]/g, '\\$&')}$`) }),
    ).toBeVisible();
  // The total is the sum of the taxes shown, each rounded to the centavo.
  const terms = await calculation.getByRole('term').allInnerTexts();
  const values = await calculation.getByRole('definition').allInnerTexts();
  const taxes = ['IRPJ', 'CSLL', 'Cofins', 'PIS/Pasep', 'CPP (INSS da empresa)', 'ISS'];
  const sum = terms.reduce((total, term, i) => (taxes.includes(term) ? total + Math.round(money(values[i]) * 100) : total), 0);
  expect(sum).toBeGreaterThan(0);
  expect(Math.round(money(values[terms.indexOf('Total a pagar')]) * 100)).toBe(sum);
  await expect(page.getByRole('heading', { name: 'Fator R' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Receita e imposto por mês' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Obrigações do ano' }).getByText('Atrasada').first()).toBeVisible();
});

test('the team sees every company’s month with what is unpaid', async ({ page }) => {
  await signInFromLogin(page, 'admin@demo.test');
  await page.goto('/app/admin/obligations');
  await expect(page.getByRole('heading', { name: 'Impostos do mês', level: 1 })).toBeVisible();
  // Two months ago: the demo left both DAS of that month unpaid.
  const options = await page.getByLabel('Competência').locator('option').allInnerTexts();
  await page.getByLabel('Competência').selectOption({ label: options[2] });
  const table = page.getByRole('table', { name: 'Impostos das empresas' });
  for (const name of ['RS Informática', 'Mendes Tech']) {
    const row = table.getByRole('row').filter({ hasText: name });
    await expect(row.getByText('Atrasada')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Registrar pagamento' })).toBeVisible();
  }
});
