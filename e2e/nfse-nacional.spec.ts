import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { Held, signInFromLogin } from './support';
import { emissionView } from '../tests/support/nfse-views';

/** This month as mm/aaaa in São Paulo, as the month fields take it. */
function thisMonth(): { typed: string; iso: string } {
  const [month, year] = new Intl.DateTimeFormat('pt-BR', { month: '2-digit', year: 'numeric', timeZone: 'America/Sao_Paulo' })
    .format(new Date())
    .split('/');
  return { typed: `${month}/${year}`, iso: `${year}-${month}` };
}

/**
 * The demo customer asks for an invoice to Padaria Pão Dourado; answers the customer's page, still signed in.
 * `onForm` runs on the open form first (to choose a service, say).
 */
async function askForInvoice(browser: Browser, description: string, cents: number, onForm?: (form: Page) => Promise<void>) {
  const customer = await (await browser.newContext()).newPage();
  await signInFromLogin(customer, 'cliente@demo.test');
  await customer.goto('/app/invoices?novo=true');
  await onForm?.(customer);
  await customer.getByLabel('CNPJ do tomador').pressSequentially('36711088000105');
  await expect(customer.getByLabel('Nome ou razão social')).toHaveValue('Padaria Pão Dourado Ltda');
  await customer
    .getByLabel('Valor do serviço (R$)')
    .pressSequentially(`${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`);
  await customer.getByLabel('Descrição do serviço').fill(description);
  await customer.getByLabel('Atividade (CNAE)').selectOption('6201501');
  await customer.getByRole('button', { name: 'Solicitar nota' }).click();
  await expect(customer.getByText('Solicitação enviada!')).toBeVisible();
  return customer;
}

/** A value of its own (R$ 1.000,00 to R$ 9.999,90), so the queue's row is this request's. */
const uniqueCents = (stamp: number) => 100_000 + (stamp % 90_000) * 10;
const brl = (cents: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100);

test('the team emits through the national system — one request, then the month at once — and the customer downloads the DANFSe', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const description = `Integração com o Sistema Nacional ${stamp}`;
  const cents = uniqueCents(stamp);
  const value = brl(cents);

  // The customer asks for an invoice.
  const customer = await askForInvoice(browser, description, cents);

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
  // The dialog's code comes on the first click (held here): the page says it is opening meanwhile.
  const dialogCode = new Held();
  await page.route(/\/assets\/EmissionDialog-[^/]*\.js$/, (route) => dialogCode.take(route));
  await row.getByRole('button', { name: /^Emitir pelo Sistema Nacional/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Abrindo a emissão…' })).toBeVisible();
  await (await dialogCode.next()).continue();
  await page.unroute(/\/assets\/EmissionDialog-[^/]*\.js$/);
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

  // The team downloads the signed DPS exactly as it was sent, from the request's drawer (nothing cancelled: no request).
  await page.goto(`/app/admin/invoices/nf-requests?status=issued&q=${encodeURIComponent(description)}`);
  const issuedRow = page.getByRole('row').filter({ hasText: value });
  await expect(issuedRow).toHaveCount(1);
  await issuedRow.click();
  const drawer = page.getByRole('dialog', { name: 'Solicitação de nota fiscal' });
  await expect(drawer.getByRole('button', { name: 'Baixar DPS enviada (XML)' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Baixar pedido de cancelamento (XML)' })).toHaveCount(0);
  const dpsDownload = page.waitForEvent('download');
  await drawer.getByRole('button', { name: 'Baixar DPS enviada (XML)' }).click();
  const dpsFile = await dpsDownload;
  expect(dpsFile.suggestedFilename()).toMatch(/^DPS\d{42}\.xml$/);
  const dpsXml = await readFile((await dpsFile.path())!, 'utf8');
  expect(dpsXml.startsWith('<?xml')).toBe(true);
  expect(dpsXml).toContain('<DPS');
  await page.goto('/app/admin/invoices/nf-requests');

  // The rest of the company's month at once, with a progress bar and a summary.
  await page.getByRole('combobox', { name: 'Empresa' }).fill('Mendes');
  await page
    .getByRole('option', { name: /^Mendes Tech/ })
    .first()
    .click();
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

test('the customer picks one of the company’s services; the team corrects the request, then emits it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const description = `Site institucional ${stamp}`;
  const cents = uniqueCents(stamp);
  const customer = await askForInvoice(browser, description, cents, async (form) => {
    const service = form.getByLabel('Serviço prestado');
    // The demo company's services, as its fiscal profile lists them: the main one first.
    await expect(service.locator('option')).toHaveText([
      '01.01.01 — Análise e desenvolvimento de sistemas.',
      /^01\.07\.01 — Suporte técnico em informática/,
      '01.08.01 — Planejamento, confecção, manutenção e atualização de páginas eletrônicas.',
    ]);
    await service.selectOption('010701');
  });

  // The team sees the service was the wrong one: it corrects the request instead of refusing it.
  await signInFromLogin(page, 'admin@demo.test');
  await page.goto(`/app/admin/invoices/nf-requests?q=${encodeURIComponent(description)}`);
  const row = page.getByRole('row').filter({ hasText: brl(cents) });
  await expect(row).toHaveCount(1);
  await row.click();
  const drawer = page.getByRole('dialog', { name: 'Solicitação de nota fiscal' });
  await expect(drawer.getByText('01.07.01', { exact: true })).toBeVisible();
  await drawer.getByRole('button', { name: 'Corrigir solicitação' }).click();
  const correction = page.getByRole('dialog', { name: 'Corrigir a solicitação' });
  await correction.getByLabel('Serviço', { exact: true }).selectOption('010801');
  await correction.getByRole('button', { name: 'Salvar correção' }).click();
  await expect(page.getByText('Solicitação corrigida.')).toBeVisible();
  await expect(drawer.getByText('Corrigida pela equipe: serviço 01.07.01 → 01.08.01.')).toBeVisible();
  await expect(drawer.getByText('01.08.01', { exact: true })).toBeVisible();

  await drawer.getByRole('button', { name: 'Emitir pelo Sistema Nacional' }).click();
  const dialog = page.getByRole('dialog', { name: 'Emitir pelo Sistema Nacional' });
  await expect(dialog).toContainText('01.08.01 — Planejamento, confecção, manutenção e atualização de páginas eletrônicas.');
  await dialog.getByRole('button', { name: 'Emitir NFS-e' }).click();
  await expect(dialog.getByTestId('emission-issued')).toContainText(/NFS-e nº \d+ emitida\./, { timeout: 30_000 });

  // The customer reads the correction in the invoice's history.
  await customer.goto(`/app/invoices?q=${encodeURIComponent(description)}`);
  await customer
    .getByRole('row')
    .filter({ hasText: brl(cents) })
    .getByRole('button')
    .first()
    .click();
  await expect(customer.getByRole('dialog', { name: 'Nota fiscal' })).toContainText(
    'Corrigida pela equipe: serviço 01.07.01 → 01.08.01.',
  );
});

test('the team substitutes an issued NFS-e from the drawer; both invoices say so, and the customer sees it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const description = `Nota a substituir ${stamp}`;
  const cents = uniqueCents(stamp + 1);
  const value = brl(cents);
  const customer = await askForInvoice(browser, description, cents);

  await signInFromLogin(page, 'admin@demo.test');
  await page.goto(`/app/admin/invoices/nf-requests?q=${encodeURIComponent(description)}`);
  const row = page.getByRole('row').filter({ hasText: value });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Emitir pelo Sistema Nacional/ }).click();
  const emission = page.getByRole('dialog', { name: 'Emitir pelo Sistema Nacional' });
  await emission.getByRole('button', { name: 'Emitir NFS-e' }).click();
  const issued = emission.getByTestId('emission-issued');
  await expect(issued).toContainText(/NFS-e nº \d+ emitida\./, { timeout: 30_000 });
  const oldNumber = /NFS-e nº (\d+)/.exec((await issued.textContent()) ?? '')![1]!;
  await emission.getByRole('button', { name: 'Fechar' }).click();

  // The drawer of the issued request: "Substituir nota" beside the cancellation.
  await page.goto(`/app/admin/invoices/nf-requests?status=issued&q=${encodeURIComponent(description)}`);
  await page.getByRole('row').filter({ hasText: value }).click();
  const drawer = page.getByRole('dialog', { name: 'Solicitação de nota fiscal' });
  await expect(drawer.getByRole('button', { name: 'Cancelar NFS-e' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Substituir nota' }).click();
  const dialog = page.getByRole('dialog', { name: `Substituir a NFS-e nº ${oldNumber}` });
  await expect(dialog.getByLabel('Descrição do serviço')).toHaveValue(description);
  await expect(dialog.getByLabel('Nome do tomador')).toHaveValue('Padaria Pão Dourado Ltda');
  await expect(dialog.getByLabel('Motivo da substituição')).toHaveValue('99');

  // "Outros" without a text is refused in Portuguese before anything is sent (E0078).
  await dialog.getByLabel('Descrição do serviço').fill(`${description} (corrigida)`);
  await dialog.getByRole('button', { name: 'Substituir NFS-e' }).click();
  await expect(
    dialog.getByText('Para o motivo "Outros", explique a substituição (regra E0078 do Sistema Nacional).'),
  ).toBeVisible();
  await dialog.getByLabel(/^Explique o motivo/).fill('A descrição do serviço saiu incompleta.');
  await dialog.getByRole('button', { name: 'Substituir NFS-e' }).press('Enter');
  await expect(dialog).toBeHidden({ timeout: 30_000 });

  // Both invoices, each naming the other.
  const substitutedBy = drawer.getByTestId('substituted-by');
  await expect(substitutedBy).toContainText(new RegExp(`Nota nº ${oldNumber} — Substituída por nº \\d+`));
  const newNumber = /Substituída por nº (\d+)/.exec((await substitutedBy.textContent()) ?? '')![1]!;
  await expect(drawer.getByText('Cancelada por substituição no Sistema Nacional.', { exact: false })).toBeVisible();
  await substitutedBy.getByRole('link', { name: 'Ver a nota que a substitui' }).click();
  await expect(drawer.getByText(`Nota nº ${newNumber}`, { exact: true })).toBeVisible();
  await expect(drawer.getByTestId('substitutes')).toContainText(`Substitui nº ${oldNumber}`);
  await expect(drawer.getByText(`${description} (corrigida)`)).toBeVisible();

  // The customer reads it in the old request's history.
  await customer.goto('/app/invoices');
  await customer.getByRole('searchbox').fill(description);
  await customer.getByRole('button', { name: 'Buscar' }).click();
  const mine = customer.getByRole('row').filter({ hasText: 'Cancelada' });
  await expect(mine).toHaveCount(1);
  await mine.getByRole('button').first().click();
  const detail = customer.getByRole('dialog', { name: 'Nota fiscal' });
  await expect(
    detail.getByText(`Substituída pela NFS-e nº ${newNumber} (Outros: A descrição do serviço saiu incompleta.).`).first(),
  ).toBeVisible();
  await expect(detail.getByTestId('substituted-by')).toContainText(`Substituída por nº ${newNumber}`);
});

test('"Parar" lets the invoice being sent finish and sends no other', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const customer = await askForInvoice(browser, `Parada da emissão em lote ${stamp}`, uniqueCents(stamp));
  await askForInvoice(browser, `Parada da emissão em lote ${stamp + 1}`, uniqueCents(stamp + 1));
  await customer.context().close();

  await signInFromLogin(page, 'admin@demo.test');
  await page.goto(`/app/admin/invoices/nf-requests?month=${thisMonth().iso}`);
  await page.getByRole('combobox', { name: 'Empresa' }).fill('Mendes');
  await page
    .getByRole('option', { name: /^Mendes Tech/ })
    .first()
    .click();
  // The first request's emission is held on its way until "Parar" is pressed.
  const held = new Held();
  await page.route('**/api/nfs/requests/*/emission', (route) => held.take(route));
  await page.getByRole('button', { name: 'Emitir todas pelo Sistema Nacional' }).click();
  const bulk = page.getByRole('dialog', { name: 'Emitir todas pelo Sistema Nacional' });
  const start = bulk.getByRole('button', { name: /^Emitir \d+ notas$/ });
  await expect(start).toBeVisible();
  const total = Number(/\d+/.exec((await start.textContent()) ?? '')![0]);
  await start.click();
  const first = await held.next();
  await bulk.getByRole('button', { name: 'Parar' }).click();
  await expect(bulk.getByText('parando depois desta nota…', { exact: false })).toBeVisible();
  await expect(bulk.getByRole('button', { name: 'Parar' })).toBeDisabled();
  await first.continue();
  await expect(bulk.getByTestId('bulk-summary')).toContainText(`Interrompido em 1 de ${total}.`, { timeout: 30_000 });
  await expect(bulk.getByText('Na fila')).toHaveCount(total - 1);
  expect(held.drain()).toEqual([]);
  await bulk.getByRole('button', { name: 'Fechar' }).click();
  await expect(bulk).toBeHidden();
});

/** An emission the stand-in is not asked to give here, as the API would show it now. */
const emissionNow = (changes: Parameters<typeof emissionView>[0]) =>
  emissionView({
    dpsId: `DPS355030822749474600015500001${'0'.repeat(14)}9`,
    dpsNumber: '9',
    updatedAt: new Date().toISOString(),
    ...changes,
  });

test('a national refusal shows each code with its explanation, and an answer that cannot be trusted its retry plan, on the queue row too', async ({
  page,
  browser,
}) => {
  const stamp = Date.now();
  const description = `Recusa do Sistema Nacional ${stamp}`;
  const cents = uniqueCents(stamp + 1);
  await askForInvoice(browser, description, cents);

  // The stand-in issues what is valid: a refusal and a lost answer are the national system's own to give, so the
  // emission's answer is replaced here with the contract's shapes (the preview still comes from the server).
  let answer: 'rejected' | 'processing' = 'rejected';
  const nextAttemptAt = '2030-01-15T17:05:00.000Z';
  await page.route(/\/api\/nfs\/requests\/[^/]+\/emission$/, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const detail = await route.fetch({
      url: route
        .request()
        .url()
        .replace(/\/emission$/, ''),
      method: 'GET',
    });
    const { data: request } = (await detail.json()) as { data: Record<string, unknown> };
    const data =
      answer === 'rejected'
        ? {
            ...request,
            status: 'rejected',
            reason: 'E0310: O código de tributação nacional não está na lista nacional.',
            emission: emissionNow({
              state: 'rejected',
              lastError: 'O código de tributação nacional não está na lista nacional.',
              errors: [
                {
                  code: 'E0310',
                  description: 'cTribNac inexistente',
                  complement: '010101',
                  explanation: 'O código de tributação nacional não está na lista nacional.',
                },
              ],
            }),
          }
        : {
            ...request,
            status: 'processing',
            emission: emissionNow({
              state: 'retrying',
              attempts: 2,
              nextAttemptAt,
              lastError: 'O Sistema Nacional não respondeu a tempo.',
            }),
          };
    await route.fulfill({ json: { data } });
  });

  await signInFromLogin(page, 'admin@demo.test');
  await page.goto(`/app/admin/invoices/nf-requests?q=${encodeURIComponent(description)}`);
  const row = page.getByRole('row').filter({ hasText: brl(cents) });
  await row.getByRole('button', { name: /^Emitir pelo Sistema Nacional/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Emitir pelo Sistema Nacional' });
  await dialog.getByRole('button', { name: 'Emitir NFS-e' }).click();
  const refusal = dialog.getByTestId('emission-rejected');
  await expect(refusal).toContainText('O Sistema Nacional recusou a nota.');
  await expect(refusal).toContainText('E0310 — O código de tributação nacional não está na lista nacional.');
  await expect(refusal).toContainText('Sistema Nacional: cTribNac inexistente (010101)');
  await dialog.getByRole('button', { name: 'Fechar' }).click();

  answer = 'processing';
  await row.getByRole('button', { name: /^Emitir pelo Sistema Nacional/ }).click();
  await dialog.getByRole('button', { name: 'Emitir NFS-e' }).click();
  await expect(dialog.getByTestId('emission-processing')).toContainText(
    'Nova consulta em 15/01/2030 às 14:05 (2 tentativas até agora) — O Sistema Nacional não respondeu a tempo.',
  );
  await dialog.getByRole('button', { name: 'Fechar' }).click();

  // The queue's row says the same when its list carries the emission.
  await page.route(/\/api\/nfs\/requests\/search/, async (route) => {
    const response = await route.fetch();
    const page_ = (await response.json()) as { data: Record<string, unknown>[]; total: number };
    page_.data = page_.data.map((item) =>
      item.description === description
        ? {
            ...item,
            status: 'processing',
            emission: emissionNow({ state: 'retrying', nextAttemptAt, lastError: 'O Sistema Nacional não respondeu a tempo.' }),
          }
        : item,
    );
    await route.fulfill({ response, json: page_ });
  });
  await page.reload();
  await expect(row.getByTestId('queue-row-note')).toHaveText(
    'Nova consulta em 15/01/2030 às 14:05 — O Sistema Nacional não respondeu a tempo.',
  );
});

test('a customer marks a monthly schedule to be emitted by itself through the national system', async ({ page }) => {
  await signInFromLogin(page, 'cliente@demo.test');
  await page.goto('/app/invoices?tab=agendamentos');
  const card = page.getByRole('listitem').filter({ hasText: 'Todo dia 5' }).first();
  await expect(card).toContainText('Emitida pela nossa equipe');
  await card.getByRole('button', { name: 'Editar' }).click();
  const autoEmit = page.getByRole('checkbox', { name: 'Emitir automaticamente pelo Sistema Nacional' });
  await expect(autoEmit).not.toBeChecked();
  await expect(page.getByText('No dia do agendamento a nota é emitida sozinha')).toBeVisible();
  await autoEmit.check();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Agendamento atualizado.')).toBeVisible();
  await expect(card).toContainText('Emitida automaticamente pelo Sistema Nacional');
  await card.getByRole('button', { name: 'Editar' }).click();
  await expect(autoEmit).toBeChecked();
  await autoEmit.uncheck();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(card).toContainText('Emitida pela nossa equipe');
});
