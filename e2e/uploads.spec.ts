import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { machineLog } from './machine-log';
import { Held, signInFromLogin } from './support';

/** One upload actor (machines/upload.machine.ts) sends every file of the app, through the session's client. */

const ITAU = readFileSync(new URL('../tests/fixtures/ofx/itau-checking-sgml102.ofx', import.meta.url));
const OFX = { name: 'itau.ofx', mimeType: 'application/x-ofx', buffer: ITAU };

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('contabil.test.machineLog', '1'));
  await signInFromLogin(page, 'cliente@demo.test');
  await page.goto('/app/bank-statements/accounts');
  await expect(page.getByRole('heading', { name: 'Extratos bancários', level: 1 })).toBeVisible();
});

test('a 401 answered to an upload starts the session’s recovery, like any other call', async ({ page }) => {
  let answered = false;
  await page.route('**/api/bank-statements/ofx/upload**', (route) => {
    if (answered) return route.continue();
    answered = true;
    return route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'unauthorized', message: 'Sua sessão expirou. Entre novamente.' } }),
    });
  });
  // A mark on this document: the recovery's reload replaces it.
  await page.evaluate(() => Object.assign(window, { beforeRecovery: true }));
  await page.getByLabel('Escolher arquivo OFX').setInputFiles(OFX);
  await expect
    .poll(async () =>
      (await machineLog(page)).some(
        (entry) =>
          entry.machine === 'session' && entry.event === 'api.unauthorized' && entry.targets.some((t) => /recovering/.test(t)),
      ),
    )
    .toBe(true);
  // Recovered (a fresh token, the page again), the person is still in and may send the file again — on the new
  // document: the old one still shows the same heading until the reload replaces it, and a file chosen there is lost.
  // The session signed in again after its recovery (on the reloaded page, its company loaded): the screen is settled.
  const settled = async () => {
    const log = await machineLog(page);
    const recovered = log.findIndex(
      (entry) => entry.machine === 'session' && /recovering/.test(entry.source) && entry.event.startsWith('xstate.done.actor'),
    );
    return (
      recovered >= 0 &&
      log
        .slice(recovered)
        .some((entry) => entry.machine === 'session' && entry.targets.some((t) => /(^|\.)signedIn($|\.)/.test(t))) &&
      (log[recovered].targets.every((target) => !/reloading/.test(target)) ||
        (await page.evaluate(() => !('beforeRecovery' in window)).catch(() => false)))
    );
  };
  await expect.poll(settled).toBe(true);
  await expect(page.getByRole('heading', { name: 'Extratos bancários', level: 1 })).toBeVisible();
  await page.getByLabel('Escolher arquivo OFX').setInputFiles(OFX);
  await expect(page.getByTestId('ofx-import-summary')).toContainText('movimentações novas');
});

test('an upload shows its progress, can be cancelled, and a failed one tried again with the same file', async ({ page }) => {
  const held = new Held();
  await page.route('**/api/bank-statements/ofx/upload**', (route) => held.take(route));

  // Checked before it travels: the wrong kind of file never leaves the browser.
  await page
    .getByLabel('Escolher arquivo OFX')
    .setInputFiles({ name: 'extrato.csv', mimeType: 'text/csv', buffer: Buffer.from('a;b\n') });
  await expect(page.getByRole('alert').filter({ hasText: 'Envie um arquivo de extrato no formato OFX (.ofx).' })).toBeVisible();
  expect(held.drain()).toHaveLength(0);

  // Sent, held: the progress bar shows, and "Cancelar envio" stops it.
  await page.getByLabel('Escolher arquivo OFX').setInputFiles(OFX);
  const first = await held.next();
  await expect(page.getByRole('progressbar', { name: 'Envio do extrato' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancelar envio' }).click();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByText('Envio cancelado.')).toBeVisible();
  await first.abort().catch(() => {});

  // Sent again, refused by a server in trouble: the message says so, and "Tentar de novo" sends the same file.
  await page.getByLabel('Escolher arquivo OFX').setInputFiles(OFX);
  await (
    await held.next()
  ).fulfill({
    status: 503,
    contentType: 'application/json',
    body: JSON.stringify({
      error: { code: 'unavailable', message: 'O serviço está indisponível no momento. Tente novamente em instantes.' },
    }),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'indisponível' })).toBeVisible();
  await page.getByRole('button', { name: 'Tentar de novo' }).click();
  await (await held.next()).continue();
  await expect(page.getByTestId('ofx-import-summary')).toContainText('itau.ofx');
});

test('a statement the server cannot read offers another file, not "Tentar de novo"', async ({ page }) => {
  // An .ofx by its name whose content is no statement: the real server refuses it (400), and would again.
  await page
    .getByLabel('Escolher arquivo OFX')
    .setInputFiles({ name: 'planilha.ofx', mimeType: 'application/x-ofx', buffer: Buffer.from('data;valor\n01/10;10,00\n') });
  await expect(page.getByText('Escolha outro arquivo para enviar.')).toBeVisible();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tentar de novo' })).toHaveCount(0);
  // Another file goes as any file does.
  await page.getByLabel('Escolher arquivo OFX').setInputFiles(OFX);
  await expect(page.getByTestId('ofx-import-summary')).toContainText('itau.ofx');
  await expect(page.getByText('Escolha outro arquivo para enviar.')).toHaveCount(0);
});
