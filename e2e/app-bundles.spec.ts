import type { Page, Response } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { signInFromLogin } from './support';

/**
 * What a page of the app makes the browser load (the budgets of docs/performance.md, measured as `npm run bench:bundles` measures:
 * each script gzipped at level 9): the login page ≤ 157.5 KB with neither Firebase nor another screen's code, a
 * customer's page ≤ 189.5 KB without Firebase or the team's combobox library. Sizes, not timings: they only change with the code.
 */
async function scriptsOf(page: Page, path: string) {
  const loaded = new Map<string, Buffer>();
  const listener = async (response: Response) => {
    if (response.request().resourceType() === 'script' && response.ok())
      loaded.set(new URL(response.url()).pathname, await response.body().catch(() => Buffer.alloc(0)));
  };
  page.on('response', listener);
  // A fresh document: what this page loads by itself, not what the app loaded before.
  await page.goto(path, { waitUntil: 'networkidle' });
  page.off('response', listener);
  const bodies = [...loaded.values()].map((body) => body.toString('utf8'));
  return {
    bodies,
    files: loaded.size,
    kb: [...loaded.values()].reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0) / 1024,
  };
}

test('the login page loads neither Firebase nor the code of other screens, within 157.5 KB', async ({ page }) => {
  const { bodies, kb, files } = await scriptsOf(page, '/app/login');
  await expect(page.getByRole('heading', { name: 'Entre na sua conta' })).toBeVisible();
  // Firebase's SDK names its error class; react-hot-toast's styles go in goober's `_goober` tag (the toasts come with
  // the first toast or the first press or key: lib/toast.ts); the wizard's steps and the team's queues have their own texts.
  for (const body of bodies) {
    expect(body).not.toContain('FirebaseError');
    expect(body).not.toContain('_goober');
    // The upload checks (domain/uploads.ts) come with the screens that send a file.
    expect(body).not.toContain('Tipo de arquivo não aceito');
    expect(body).not.toContain('Sua empresa e o contador atual');
    expect(body).not.toContain('Quando um cliente começar, o pedido aparece nesta fila.');
  }
  // 160 KB until the head start (src/head-start.ts) became a script of its own, which every app page loads: two
  // small files' worth more, for the company asked for ~0.1–0.4 s sooner (docs/performance.md); 161 KB until the
  // head start drew the signed-in frame and the page's heading (src/lib/page-shell.ts): ~1.2 KB, for the heading
  // ~1 s sooner on a phone; 162.5 KB until the toasts came with the first toast or press (lib/toast.ts): ~4.4 KB less;
  // 158.5 KB until the upload checks left the schemas every page loads (vite.config.ts's `forms` group): ~1.3 KB.
  expect(kb).toBeLessThanOrEqual(157.5);
  // The app's shared code comes in a few files (vite.config.ts's groups), not one tiny chunk per module: each file
  // costs its own gzip header, import lines and preload entry (31 files before, ~10 KB more over a customer's page).
  expect(files).toBeLessThanOrEqual(15);
});

test('a customer’s pages stay within 189.5 KB, without Firebase or the team’s libraries', async ({ page }) => {
  await signInFromLogin(page, 'cliente@demo.test');
  for (const path of ['/app/panel', '/app/invoices', '/app/documents', '/app/bank-statements/accounts']) {
    const { bodies, kb, files } = await scriptsOf(page, path);
    for (const body of bodies) expect(body, path).not.toMatch(/headlessui|@floating-ui|FirebaseError|_goober/);
    // 220 KB until the signed-in pages' kit came in one file (vite.config.ts): up to ~1 KB a page does not use, for
    // a third of the requests (docs/performance.md, "Signed-in pages on a phone"); 222 KB until the pages' loaders
    // started their data (docs/decisions/0006-pages-load-their-data-in-loaders.md): ~0.15 KB on the bank accounts;
    // 223 KB until the head start drew the frame and heading (src/lib/page-shell.ts): ~1.2 KB; 224.5 KB until Firebase
    // loaded only when something needs it (src/lib/session.ts): ~31 KB less; 193.5 KB until the toasts came with the
    // first toast or press (lib/toast.ts): ~4.4 KB less.
    expect(kb, path).toBeLessThanOrEqual(189.5);
    expect(files, path).toBeLessThanOrEqual(32); // 49–60 before the shared groups
  }
});

test('the opening wizard stays within 192 KB: its frame, machines and step schemas in one file, no upload code', async ({
  page,
}) => {
  await signInFromLogin(page, 'novo@demo.test');
  const { bodies, kb, files } = await scriptsOf(page, '/app/wizard/company-opening');
  await expect(page.getByRole('heading', { name: 'Abertura de empresa' })).toBeVisible();
  // The uploader sends files with an XMLHttpRequest (for its progress): the partners' step sends none.
  for (const body of bodies) expect(body).not.toMatch(/new XMLHttpRequest|FirebaseError|_goober/);
  // 202.6 KB in 31 files until the toasts came with the first toast or press, the document calls left the wizard's
  // (features/onboarding/documents.ts) and its shared code came in one file (vite.config.ts's `wizard` group).
  expect(kb).toBeLessThanOrEqual(192);
  expect(files).toBeLessThanOrEqual(24);
});

test('the toasts’ code comes with a person’s first press; a toast it could not bring shows plain, and the next brings it', async ({
  page,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInFromLogin(page, 'cliente@demo.test');
  const toasts = /\/assets\/Toasts-[^/]*\.js$/;
  // Offline when the first press comes: the press asks for the toasts' code, which cannot come.
  let asked = 0;
  await page.route(toasts, (route) => {
    asked += 1;
    return route.abort('internetdisconnected');
  });
  await page.goto('/app/user/my-referrals');
  const copy = page.getByRole('button', { name: 'Copiar link' });
  await expect(copy).toBeVisible();
  expect(asked).toBe(0);
  await copy.click();
  await expect.poll(() => asked).toBeGreaterThan(0);
  // The toast is not lost: its text shows, announced, where the toasts show, and goes after as long.
  await expect(page.getByRole('status').filter({ hasText: 'Link copiado!' })).toBeVisible();
  await expect(page.getByText('Link copiado!')).toHaveCount(0, { timeout: 5_000 });
  // Back online: the next toast brings the code, and shows.
  await page.unroute(toasts);
  await copy.click();
  await expect(page.getByText('Link copiado!')).toBeVisible();
  await expect(page.locator('style#_goober')).toHaveCount(1);
});

test('the team’s queue paints without the company picker’s combobox library, which comes when the field is reached', async ({
  page,
}) => {
  await signInFromLogin(page, 'admin@demo.test');
  const { bodies } = await scriptsOf(page, '/app/admin/invoices/nf-requests');
  for (const body of bodies) expect(body).not.toMatch(/headlessui|@floating-ui/);
  const combobox = page.waitForResponse((response) => /CompanyCombobox/.test(response.url()));
  await page.getByRole('combobox', { name: 'Empresa' }).fill('Mendes');
  await combobox;
  await expect(page.getByRole('option', { name: /Mendes/ }).first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Empresa' })).toHaveValue('Mendes');
  await expect(page.getByRole('combobox', { name: 'Empresa' })).toBeFocused();
});

/** The first company the picker's open list offers. */
const firstCompanyOption = (page: Page) =>
  page
    .getByRole('listbox', { name: /Empresa/ })
    .getByRole('option')
    .first();

test('the company picker shows its list loading, and says in Portuguese when it cannot be loaded', async ({ page }) => {
  await signInFromLogin(page, 'admin@demo.test');
  await page.goto('/app/admin/invoices/nf-requests');
  // The combobox's code held, then refused as when the connection drops.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/CompanyCombobox[^/]*\.js$/, async (route) => {
    await held;
    await route.abort('internetdisconnected');
  });
  const toggle = page.getByRole('button', { name: 'Mostrar empresas' });
  await toggle.click();
  await expect(page.getByRole('status', { name: 'Carregando a lista de empresas…' })).toBeVisible();
  release();
  await expect(page.getByText('Não foi possível carregar a lista de empresas. Tente de novo.')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Carregando a lista de empresas…' })).toHaveCount(0);
  // Back online: the same button tries again, from the keyboard too after a mouse's press.
  await page.unroute(/CompanyCombobox[^/]*\.js$/);
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(firstCompanyOption(page)).toBeVisible();
  await expect(page.getByText('Não foi possível carregar a lista de empresas. Tente de novo.')).toHaveCount(0);
});

test('a press on the list’s button opens the list even when the combobox’s code arrives during the press', async ({ page }) => {
  await signInFromLogin(page, 'admin@demo.test');
  await page.goto('/app/admin/invoices/nf-requests');
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = () => {};
  const requested = new Promise<void>((resolve) => (asked = resolve));
  await page.route(/CompanyCombobox[^/]*\.js$/, async (route) => {
    asked();
    await held;
    await route.continue();
  });
  // The pointer comes near (the code is asked for), the button goes down, the code arrives, then the button comes up:
  // the field drawn before the combobox is gone by the time the press ends.
  await page.getByRole('button', { name: 'Mostrar empresas' }).hover();
  await requested;
  await page.mouse.down();
  release();
  await expect(page.locator('button[aria-haspopup="listbox"]')).toBeAttached();
  await page.mouse.up();
  await expect(firstCompanyOption(page)).toBeVisible();
});
