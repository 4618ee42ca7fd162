import { readFile } from 'node:fs/promises';
import type { Browser } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { signInFromLogin } from './support';

/** A small real PDF, different on every run so an old file can never pass for the new one. */
const pdf = (text: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );

async function asCustomer(browser: Browser) {
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signInFromLogin(page, 'cliente@demo.test');
  return page;
}

test('a customer uploads a document, finds it, downloads the same bytes and deletes it', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await asCustomer(browser);
  await page.goto('/app/documents');
  await expect(page.getByRole('heading', { name: 'Documentos', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Enviar documento' }).click();
  // Nothing chosen: the form says what is missing, in Portuguese, before anything travels.
  await page.getByRole('button', { name: 'Enviar documento' }).click();
  await expect(page.getByText('Escolha o tipo do documento.')).toBeVisible();
  await expect(page.getByText('Escolha um arquivo.')).toBeVisible();

  const name = `Alvará de funcionamento ${Date.now()}.pdf`;
  const bytes = pdf(name);
  await page.getByLabel('Tipo do documento').selectOption({ label: 'Alvará' });
  // A file of the wrong kind is refused at once.
  await page
    .getByLabel('Arquivo')
    .setInputFiles({ name: 'planilha.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(page.getByText(/^Tipo de arquivo não aceito/)).toBeVisible();
  await page.getByLabel('Arquivo').setInputFiles({ name, mimeType: 'application/pdf', buffer: bytes });
  await page.getByRole('button', { name: 'Enviar documento' }).click();
  await expect(page.getByText(`“${name}” enviado.`)).toBeVisible();

  const card = page.getByTestId('document-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Alvará');
  await expect(card).toContainText('Disponível');

  const download = page.waitForEvent('download');
  const linkAnswer = page.waitForResponse((r) => r.url().includes('/api/download/'));
  await card.getByRole('button', { name: `Baixar ${name}` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(name);
  expect(await readFile((await file.path())!)).toEqual(bytes);

  // The signed link gives those bytes; a link altered by one character gives nothing.
  const { url } = (await (await linkAnswer).json()).data as { url: string };
  expect(await (await page.request.get(url)).body()).toEqual(bytes);
  const last = url.at(-1) === 'A' ? 'B' : 'A';
  const tampered = await page.request.get(url.slice(0, -1) + last);
  expect(tampered.status()).toBe(403);
  expect((await tampered.json()).error.message).toMatch(/^Link de arquivo inválido/);

  // Another company's documents are not this customer's to read, nor to download.
  const token = (await page.context().cookies()).find((c) => c.name === 'session_token')!.value;
  const bearer = { authorization: `Bearer ${decodeURIComponent(token)}` };
  const mine = await (await page.request.get('/api/companies', { headers: bearer })).json();
  const ids = new Set(mine.data.map((c: { id: string }) => c.id));
  const admin = await (await browser.newContext()).newPage();
  await signInFromLogin(admin, 'admin@demo.test');
  const adminToken = (await admin.context().cookies()).find((c) => c.name === 'session_token')!.value;
  const all = await (
    await admin.request.get('/api/companies?limit=25', { headers: { authorization: `Bearer ${decodeURIComponent(adminToken)}` } })
  ).json();
  const foreign = all.data.find((c: { id: string }) => !ids.has(c.id)).id;
  await admin.context().close();
  const foreignList = await page.request.get(`/api/documents?companyId=${foreign}`, { headers: bearer });
  expect(foreignList.status()).toBe(403);
  // Its own document asked for under another company's id: refused too.
  const docId = new URL((await linkAnswer).url()).pathname.split('/').pop();
  const crossed = await page.request.get(`/api/download/${docId}?companyId=${foreign}`, { headers: bearer });
  expect(crossed.status()).toBe(403);

  // Only the type asked for.
  await page.getByLabel('Filtrar por tipo').selectOption({ label: 'Guias a pagar (DAS e taxas)' });
  await expect(page).toHaveURL(/tipo=guias/);
  await expect(card).toHaveCount(0);
  await page.getByLabel('Filtrar por tipo').selectOption({ label: 'Alvará' });
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: `Excluir ${name}` }).click();
  await page.getByRole('button', { name: 'Excluir documento' }).click();
  await expect(page.getByText('Documento excluído.')).toBeVisible();
  await expect(card).toHaveCount(0);
});

test('the team publishes a DAS guide; the customer sees it as new and marks it paid', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await (await browser.newContext()).newPage();
  await signInFromLogin(admin, 'admin@demo.test');
  await admin.goto('/app/admin/companies?q=mendes');
  await admin.getByRole('link', { name: 'Mendes Tech' }).click();
  await expect(admin.getByRole('heading', { name: 'Mendes Tech' })).toBeVisible();

  const name = `DAS ${Date.now()} - Mendes Tech.pdf`;
  await admin.getByRole('button', { name: 'Publicar documento' }).click();
  const drawer = admin.getByRole('dialog', { name: 'Publicar documento' });
  await drawer.getByLabel('Arquivo').setInputFiles({ name, mimeType: 'application/pdf', buffer: pdf(name) });
  await drawer.getByRole('button', { name: 'Publicar documento' }).click();
  // A guide needs its due date and value.
  await expect(drawer.getByText('Informe o vencimento da guia.')).toBeVisible();
  await expect(drawer.getByText('Informe o valor da guia.')).toBeVisible();
  const due = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const [year, month, day] = due.split('-');
  // Typed the Brazilian way: dd/mm/aaaa, mm/aaaa.
  await drawer.getByLabel('Vencimento').fill(`${day}/${month}/${year}`);
  await drawer.getByLabel('Valor (R$)').pressSequentially('1234,56');
  await drawer.getByLabel('Competência (mês de referência)').fill(`${month}/${year}`);
  await drawer.getByRole('button', { name: 'Publicar documento' }).click();
  await expect(admin.getByText('Guia DAS publicado para a empresa.')).toBeVisible();
  await expect(admin.getByText(name)).toBeVisible();
  // The newest first, 10 a page: the demo company has many more.
  await expect(admin.getByText(/^Mostrando 1–10 de \d+$/)).toBeVisible();

  const page = await asCustomer(browser);
  await page.goto('/app/documents?tipo=guias');
  const card = page.getByTestId('document-card').filter({ hasText: name });
  await expect(card).toContainText('Novo');
  await expect(card).toContainText(`Vencimento ${day}/${month}/${year}`);
  await expect(card).toContainText('R$ 1.234,56');
  await expect(card).toContainText(/Vence em \d dias/);

  // Downloading it counts as seeing it.
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: `Baixar ${name}` }).click();
  expect((await download).suggestedFilename()).toBe(name);
  await expect(card).toContainText('Visualizado');
  await expect(card).not.toContainText('Novo');

  await card.getByRole('button', { name: 'Marcar como paga' }).click();
  await expect(page.getByText('Guia marcada como paga.')).toBeVisible();
  await expect(card).toContainText('Pago');
  await expect(card.getByRole('button', { name: 'Marcar como paga' })).toHaveCount(0);
  // What the team published is the team's to delete.
  await expect(card.getByRole('button', { name: `Excluir ${name}` })).toHaveCount(0);
});

test('a customer keeps personal documents in their three slots', async ({ browser }) => {
  const page = await asCustomer(browser);
  await page.goto('/app/user/my-docs');
  await expect(page.getByRole('heading', { name: 'Meus documentos', level: 1 })).toBeVisible();
  const slot = page.getByTestId('personal-slot-comprovante_endereco');
  await expect(slot).toContainText('Ainda não enviado.');
  const name = `conta de luz ${Date.now()}.pdf`;
  const bytes = pdf(name);
  await slot.getByLabel('Enviar Comprovante de endereço').setInputFiles({ name, mimeType: 'application/pdf', buffer: bytes });
  await expect(slot).toContainText(name);
  const download = page.waitForEvent('download');
  await slot.getByRole('button', { name: 'Baixar Comprovante de endereço' }).click();
  expect(await readFile((await (await download).path())!)).toEqual(bytes);

  // Replacing keeps one file in the slot.
  const newer = `conta de água ${Date.now()}.pdf`;
  await slot
    .getByLabel('Substituir Comprovante de endereço')
    .setInputFiles({ name: newer, mimeType: 'application/pdf', buffer: pdf(newer) });
  await expect(slot).toContainText(newer);
  await expect(slot).not.toContainText(name);
  // Only scans and photos.
  await slot
    .getByLabel('Substituir Comprovante de endereço')
    .setInputFiles({ name: 'dados.xml', mimeType: 'application/xml', buffer: Buffer.from('<a/>') });
  await expect(slot.getByRole('alert')).toHaveText(
    'Tipo de arquivo não aceito para documentos pessoais. Envie PDF ou imagem (PNG, JPG, WEBP).',
  );

  await slot.getByRole('button', { name: 'Remover Comprovante de endereço' }).click();
  await page.getByRole('button', { name: 'Remover', exact: true }).click();
  await expect(slot).toContainText('Ainda não enviado.');
});

test('a page past the last one (its last document gone) moves to the new last page', async ({ browser }) => {
  const page = await asCustomer(browser);
  await page.goto('/app/documents?page=99');
  await expect(page.getByText(/^Mostrando \d+–\d+ de \d+$/)).toBeVisible();
  await expect(page).toHaveURL(/[?&]page=[2-9]\b/);
  await expect(page.getByText('Nenhum arquivo por aqui ainda')).toHaveCount(0);
});
