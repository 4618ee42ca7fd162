import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { Held, signInFromLogin } from './support';

const ITAU = readFileSync(new URL('../tests/fixtures/ofx/itau-checking-sgml102.ofx', import.meta.url));

test('a customer imports an OFX statement, categorises, creates a rule and exports the month', async ({ page }) => {
  test.setTimeout(120_000);
  await signInFromLogin(page, 'cliente@demo.test');
  await page.goto('/app/bank-statements/accounts');
  await expect(page.getByRole('heading', { name: 'Extratos bancários', level: 1 })).toBeVisible();
  // The demo account is there, with the chart of the year below it (drawn once scrolled to).
  await expect(page.getByTestId('bank-account-card').filter({ hasText: '45873-2' })).toBeVisible();
  await page.mouse.wheel(0, 2000);
  await expect(page.getByTestId('category-chart')).toBeVisible();

  await page.getByLabel('Escolher arquivo OFX').setInputFiles({ name: 'itau.ofx', mimeType: 'application/x-ofx', buffer: ITAU });
  const summary = page.getByTestId('ofx-import-summary');
  await expect(summary).toContainText('3 movimentações novas');
  await expect(page.getByTestId('bank-account-card').filter({ hasText: '9999 99999-9' })).toBeVisible();

  // The same file again adds nothing.
  await page.getByLabel('Escolher arquivo OFX').setInputFiles({ name: 'itau.ofx', mimeType: 'application/x-ofx', buffer: ITAU });
  await expect(summary).toContainText('0 movimentações novas');
  await expect(summary).toContainText('3 já importadas');

  // A file that is not a statement is refused in Portuguese.
  await page
    .getByLabel('Escolher arquivo OFX')
    .setInputFiles({ name: 'planilha.ofx', mimeType: 'application/x-ofx', buffer: Buffer.from('data;valor\n01/03;10,00\n') });
  await expect(page.getByRole('alert').filter({ hasText: /OFX/ })).toBeVisible();

  // Open the imported account: the card whose period is December 2013.
  const card = page.getByTestId('bank-account-card').filter({ hasText: '9999 99999-9' });
  await card.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/app\/bank-statements\/accounts\/[0-9a-f-]+\/transactions/);
  const rows = page.getByTestId('transaction-row');
  await expect(rows).toHaveCount(3);
  // The month filter follows a whole month, and none once emptied.
  const month = page.getByLabel('Mês', { exact: true });
  await month.fill('11/2013');
  await expect(page).toHaveURL(/month=2013-11/);
  await expect(rows).toHaveCount(0);
  await month.fill('');
  await expect(page).not.toHaveURL(/month=/);
  await expect(rows).toHaveCount(3);

  const fee = rows.filter({ hasText: 'SISDEB' });
  await fee.getByRole('combobox', { name: /^Categoria de “/ }).selectOption({ label: 'Tarifas bancárias' });
  await expect(page.getByText('Categoria salva.')).toBeVisible();
  await expect(fee).toContainText('manual');

  // The offered rule categorises nothing else here, but is kept.
  const suggestion = page.getByTestId('rule-suggestion');
  await expect(suggestion).toBeVisible();
  await suggestion.getByRole('button', { name: 'Criar regra' }).click();
  await expect(page.getByText(/^Regra criada; \d+ movimentaç/)).toBeVisible();
  await expect(page.getByTestId('category-rule').filter({ hasText: 'SISDEB' })).toBeVisible();

  // Exporting the month with the two others still without category asks first, never leaves their account empty.
  await page.getByLabel('Mês da exportação').fill('12/2013');
  await expect(page.getByTestId('export-uncategorised')).toHaveText('2 de 3 movimentações de dezembro/2013 estão sem categoria.');
  await page.getByRole('button', { name: 'Exportar TXT (sistema contábil)' }).click();
  const asking = page.getByRole('dialog', { name: 'Há movimentações sem categoria' });
  await expect(asking).toContainText('2 de 3 movimentações de dezembro/2013 estão sem categoria.');
  const marked = page.waitForEvent('download');
  await asking.getByRole('button', { name: 'Exportar como “a classificar”' }).click();
  expect((await marked).suggestedFilename()).toBe('extrato-999999999-9-2013-12.txt');
  await expect(page.getByText(/2 movimentações sem categoria foram para a conta 1\.1\.9\.99 \(a classificar\)/)).toBeVisible();
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  // (The dialog's root has no box of its own: its panel is what shows.)
  await expect(asking.getByRole('heading', { name: 'Há movimentações sem categoria' })).toBeVisible();

  // Bulk: the two others at once, reached from the export's question.
  // The filter lives in the URL: the box shows checked once the navigation is done.
  await asking.getByRole('button', { name: 'Categorizar antes' }).click();
  await expect(asking).toBeHidden();
  await expect(page.getByLabel('Somente sem categoria')).toBeChecked();
  await expect(page).toHaveURL(/semCategoria=true/);
  await expect(rows).toHaveCount(2);
  await page.getByLabel('Selecionar todos desta página').check();
  const bulk = page.getByTestId('bulk-bar');
  await expect(bulk).toContainText('2 selecionadas');
  await bulk.getByLabel('Categoria das selecionadas').selectOption({ label: 'Outras despesas' });
  await bulk.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByText('2 movimentações categorizadas.')).toBeVisible();
  await expect(rows).toHaveCount(0);

  // Export December 2013 in the accounting layout: everything categorised, nothing to ask.
  await page.getByLabel('Mês da exportação').fill('12/2013');
  await expect(page.getByTestId('export-uncategorised')).toHaveCount(0);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar TXT (sistema contábil)' }).click();
  expect((await download).suggestedFilename()).toBe('extrato-999999999-9-2013-12.txt');
  await expect(asking).toHaveCount(0);

  // The account goes, with its movements, after confirmation.
  await page.getByRole('link', { name: 'Voltar para as contas' }).click();
  await card.getByRole('button', { name: /^Excluir / }).click();
  await page.getByRole('button', { name: 'Excluir conta e movimentações' }).click();
  await expect(page.getByText('Conta excluída.')).toBeVisible();
  await expect(card).toHaveCount(0);
});

// Refusal first: once connected, the card offers to sync rather than to connect.
test('refusing access on Cora’s page says so, with a way to try again', async ({ page }) => {
  await signInFromLogin(page, 'cliente@demo.test');
  await page.goto('/app/bank-statements/accounts');
  await page
    .getByRole('region', { name: 'Conta Cora' })
    .getByRole('button', { name: /Conectar/ })
    .click();
  await page.getByRole('link', { name: 'Não autorizar' }).click();
  await expect(page.getByRole('heading', { name: 'Não foi possível conectar a Cora' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Você não autorizou o acesso à conta Cora.');
  await expect(page.getByRole('button', { name: 'Tentar de novo' })).toBeVisible();
});

test('a customer connects a Cora account, sees its movements and syncs again', async ({ page }) => {
  test.setTimeout(120_000);
  await signInFromLogin(page, 'cliente@demo.test');
  await page.goto('/app/bank-statements/accounts');
  const card = page.getByRole('region', { name: 'Conta Cora' });
  await card.getByRole('button', { name: 'Conectar conta Cora' }).click();

  // Cora's sign-in page (the local sandbox), then back to the product.
  await expect(page.getByText('Ambiente de testes: nenhuma conta real é acessada.')).toBeVisible();
  await page.getByRole('link', { name: 'Autorizar acesso' }).click();
  await expect(page).toHaveURL(/\/app\/auth\/cora\/callback/);
  await expect(page.getByRole('heading', { name: 'Conta Cora conectada' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('cora-connected')).toContainText(/\d+ movimentações novas/);

  await page.getByRole('link', { name: 'Ver movimentações' }).click();
  await expect(page.getByTestId('transaction-row').first()).toBeVisible();

  await page.goto('/app/bank-statements/accounts');
  await expect(card.getByTestId('cora-connection')).toContainText('Conectada');
  await card.getByRole('button', { name: 'Sincronizar agora' }).click();
  await expect(page.getByText('Sincronização concluída: 0 movimentações novas.')).toBeVisible();
});

/** A statement of `count` movements in one account, as a bank exports it (SGML, decimal commas). */
function largeStatement(account: string, count: number): Buffer {
  const lines = Array.from({ length: count }, (_, i) => {
    const day = String((i % 28) + 1).padStart(2, '0');
    return `<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>202502${day}100000[-03:BRT]\n<TRNAMT>-${(i % 900) + 1},${String(i % 100).padStart(2, '0')}\n<FITID>${i}\n<MEMO>PIX ENVIADO ${i % 97}\n</STMTTRN>`;
  });
  return Buffer.from(
    `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>0341<BRANCHID>0001<ACCTID>${account}<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>20250201<DTEND>20250228\n${lines.join('\n')}\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`,
  );
}

test('a large statement imports on the server while the customer sees its progress, then the summary', async ({ page }) => {
  test.setTimeout(120_000);
  await signInFromLogin(page, 'cliente@demo.test');
  await page.goto('/app/bank-statements/accounts');
  await expect(page.getByRole('heading', { name: 'Extratos bancários', level: 1 })).toBeVisible();
  // The screen's first question about the import waits here, so its progress as the upload answered stays on screen.
  const held = new Held();
  await page.route('**/api/bank-statements/imports/**', (route) => held.take(route));
  const account = `${Date.now() % 100_000}-9`;
  await page
    .getByLabel('Escolher arquivo OFX')
    .setInputFiles({ name: 'ano-inteiro.ofx', mimeType: 'application/x-ofx', buffer: largeStatement(account, 6_000) });

  const first = await held.next();
  const bar = page.getByRole('progressbar', { name: 'Importação do extrato' });
  await expect(bar).toBeVisible();
  await expect(page.getByTestId('ofx-import-progress')).toContainText(
    /Gravando movimentações… [\d.]+ de 6\.000 \(\d+%\)|Aguardando outra importação desta empresa terminar…/,
  );
  await expect(page.getByTestId('ofx-import-progress')).toContainText('a importação continua');
  // No half statement meanwhile: the account appears only with the whole import.
  await expect(page.getByTestId('bank-account-card').filter({ hasText: account })).toHaveCount(0);

  await first.continue();
  await page.unroute('**/api/bank-statements/imports/**');
  const summary = page.getByTestId('ofx-import-summary');
  await expect(summary).toContainText('6.000 movimentações novas', { timeout: 60_000 });
  await expect(summary).toContainText('ano-inteiro.ofx');
  await expect(bar).toHaveCount(0);
  await expect(page.getByTestId('bank-account-card').filter({ hasText: account })).toBeVisible();
});
