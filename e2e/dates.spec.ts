import { expect, test } from '@playwright/test';
import { openFirstAccount, signInFromLogin } from './support';

/**
 * In a browser set to English, a native date field asks for "mm/dd/yyyy" and a month one shows "March 2017": the
 * product's fields are typed and shown the Brazilian way whatever the browser's language.
 */
test.use({ locale: 'en-US' });

/** This month in São Paulo, "11/2026". */
function thisMonth() {
  const parts = new Intl.DateTimeFormat('pt-BR', { month: '2-digit', year: 'numeric', timeZone: 'America/Sao_Paulo' })
    .formatToParts(new Date())
    .filter((part) => part.type !== 'literal')
    .map((part) => part.value);
  return parts.join('/');
}

test('a partner’s birth date is typed dd/mm/aaaa in an English browser, and a day that does not exist is refused', async ({
  page,
}) => {
  await signInFromLogin(page, 'novo@demo.test');
  await expect(page).toHaveURL('/app/wizard/company-opening');
  await expect(page.getByRole('heading', { name: 'Sócios' })).toBeVisible();
  const birth = page.getByLabel('Data de nascimento').first();
  await expect(birth).toHaveAttribute('placeholder', 'dd/mm/aaaa');
  await expect(birth).toHaveAttribute('inputmode', 'numeric');
  await birth.clear();
  await birth.pressSequentially('20051990');
  await expect(birth).toHaveValue('20/05/1990');
  // Not a real day: what was typed stays, and the step says what is wrong.
  await birth.fill('31/02/1990');
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page.getByText('Data de nascimento inválida.').first()).toBeVisible();
  await expect(birth).toHaveValue('31/02/1990');
});

test('months show mm/aaaa in an English browser: an invoice’s month and the bank export’s', async ({ page }) => {
  await signInFromLogin(page, 'cliente@demo.test');
  await page.goto('/app/invoices');
  await page.getByRole('button', { name: 'Nova solicitação' }).click();
  // The form's field comes first; the list's month filter below it.
  const competence = page.getByLabel('Competência', { exact: true }).first();
  await expect(competence).toHaveValue(thisMonth());
  await expect(competence).toHaveAttribute('placeholder', 'mm/aaaa');

  await page.goto('/app/bank-statements/accounts');
  await openFirstAccount(page);
  const exportMonth = page.getByLabel('Mês da exportação');
  await expect(exportMonth).toHaveValue(/^(0[1-9]|1[0-2])\/\d{4}$/);
  await exportMonth.fill('032017');
  await expect(exportMonth).toHaveValue('03/2017');
  await expect(page.getByRole('button', { name: 'Exportar TXT (sistema contábil)' })).toBeEnabled();
  await exportMonth.fill('03/20');
  await expect(page.getByRole('button', { name: 'Exportar TXT (sistema contábil)' })).toBeDisabled();
});
