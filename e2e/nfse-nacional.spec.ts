import { expect, test } from '@playwright/test';
import { signInFromLogin } from './support';

/** This month as mm/aaaa in São Paulo, as the month fields take it. */
function thisMonth(): { typed: string; iso: string } {
  const [month, year] = new Intl.DateTimeFormat('pt-BR', { month: '2-digit', year: 'numeric', timeZone: 'America/Sao_Paulo' })
    .format(new Date())
    .split('/');
  return { typed: `${month}/${year}`, iso: `${year}-${month}` };
}

test('the team emits through the national system — one request, then the month at once — and the customer downloads the DANFSe', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const description = `Integração com o Sistema Nacional ${stamp}`;
  // A value of its own, so the queue's row is this request's.
  const cents = 100_000 + (stamp % 9_000) * 10;
  const value = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100);

  // The customer asks for an invoice.
  const customer = await (await browser.newContext()).newPage();
  await signInFromLogin(customer, 'cliente@demo.test');
  await customer.goto('/app/invoices?novo=true');
  await customer.getByLabel('CNPJ do tomador').pressSequentially('36711088000105');
  await expect(customer.getByLabel('Nome ou razão social')).toHaveValue('Padaria Pão Dourado Ltda');
  await customer.getByLabel('Valor do serviço (R$)').pressSequentially(`${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`);
  await customer.getByLabel('Descrição do serviço').fill(description);
  await customer.getByLabel('Atividade (CNAE)').selectOption('6201501');
  await customer.getByRole('button', { name: 'Solicitar nota' }).click();
  await expect(customer.getByText('Solicitação enviada!')).toBeVisible();

  // The team finds the demo company ready: its fiscal profile and its certificate's validity.
  await signInFromLogin(page, 'admin@demo.test');
  await page.goto('/app/admin/companies?q=mendes');
  await page.getByRole('link', { name: 'Mendes Tech' }).click();
  await expect(page.getByRole('heading', { name: 'Perfil fiscal (NFS-e nacional)' })).toBeVisible();
  await expect(page.getByText('Pronta para emitir pelo Sistema Nacional.')).toBeVisible();
  await expect(page.getByTestId('certificate-summary')).toContainText(/Certificado digital válido até \d{2}\/\d{2}\/\d{4}/);
  await expect(page.getByText('Regime tributário', { exact: true })).toBeVisible();

  // One request through the dialog: what will be sent, then the invoice's number and key.
  await page.goto('/app/admin/invoices/nf-requests');
  await page.getByRole('searchbox').fill(description);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const row = page.getByRole('row').filter({ hasText: value });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Emitir pelo Sistema Nacional/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Emitir pelo Sistema Nacional' });
  await expect(dialog.getByText(/^DPS nº \d+ · série \d+/)).toBeVisible();
  await expect(dialog.getByText(/^DPS\d{42}$/)).toBeVisible();
  await expect(dialog).toContainText('Padaria Pão Dourado');
  await dialog.getByText('Ver o XML da DPS (sem assinatura)').click();
  await expect(dialog.locator('pre')).toContainText('<infDPS');
  await dialog.getByRole('button', { name: 'Emitir NFS-e' }).click();
  const issued = dialog.getByTestId('emission-issued');
  await expect(issued).toContainText(/NFS-e nº \d+ emitida\./, { timeout: 30_000 });
  await expect(dialog.getByTestId('access-key')).toHaveText(/^(\d{4} ){12}\d{2}$/);
  await expect(issued.getByRole('button', { name: 'PDF (DANFSe)' })).toBeVisible();
  const number = /NFS-e nº (\d+)/.exec((await issued.textContent()) ?? '')![1];
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(row).toHaveCount(0);

  // The rest of the company's month at once, with a progress bar and a summary.
  await page.getByRole('combobox', { name: 'Empresa' }).fill('Mendes');
  await page.getByRole('option', { name: /^Mendes Tech/ }).first().click();
  await page.getByLabel('Competência', { exact: true }).fill(thisMonth().typed);
  await expect(page).toHaveURL(new RegExp(`month=${thisMonth().iso}`));
  await page.getByRole('button', { name: 'Emitir todas pelo Sistema Nacional' }).click();
  const bulk = page.getByRole('dialog', { name: 'Emitir todas pelo Sistema Nacional' });
  const start = bulk.getByRole('button', { name: /^Emitir \d+ notas?$/ });
  await expect(start).toBeVisible();
  const total = Number(/\d+/.exec((await start.textContent()) ?? '')![0]);
  await start.click();
  await expect(bulk.getByRole('progressbar', { name: 'Emissão em lote' })).toBeVisible();
  await expect(bulk.getByTestId('bulk-summary')).toContainText('Concluído.', { timeout: 60_000 });
  await expect(bulk.getByRole('progressbar', { name: 'Emissão em lote' })).toHaveAttribute(
    'aria-valuetext',
    `${total} de ${total}`,
  );
  await expect(bulk.getByText(`${total} de ${total}`, { exact: true })).toBeVisible();
  await expect(bulk.getByTestId('bulk-summary')).toContainText(/emitidas?/);
  await bulk.getByRole('button', { name: 'Fechar' }).click();

  // The customer sees the invoice issued and downloads its PDF.
  await customer.goto('/app/invoices');
  await customer.getByRole('searchbox').fill(description);
  await customer.getByRole('button', { name: 'Buscar' }).click();
  const mine = customer.getByRole('row').filter({ hasText: value });
  await expect(mine).toContainText('Emitida');
  await mine.getByRole('button').first().click();
  const detail = customer.getByRole('dialog', { name: 'Nota fiscal' });
  await expect(detail.getByText(`Nota nº ${number}`, { exact: true })).toBeVisible();
  const download = customer.waitForEvent('download');
  await detail.getByRole('button', { name: 'PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

  // And the fiscal profile, read-only, with the certificate's validity.
  await customer.goto('/app/invoices?tab=dados-fiscais');
  await expect(customer.getByRole('heading', { name: 'Perfil fiscal' })).toBeVisible();
  await expect(customer.getByTestId('certificate-summary')).toContainText('Certificado digital válido até');
  await expect(customer.getByRole('button', { name: 'Salvar perfil fiscal' })).toHaveCount(0);
});
