import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { signInFromLogin } from './support';

/**
 * A person coming back (a session stored in the browser) sees the signed-in frame and the page's heading as soon as
 * the app's first script has run, before the framework has come (src/lib/page-shell.ts); the app then draws the
 * page in the same place and the drawn frame goes, with nothing in between: no moment without a heading, no jump.
 */

interface Box {
  text: string;
  top: number;
  left: number;
  width: number;
}

interface ShellRecord {
  drawn?: Box;
  /** The app's heading at the moment the drawn frame went (null: none yet). */
  appAtRemoval?: Box | null;
  /** Was the drawn frame hidden from assistive technology, the pointer and the keyboard? */
  hidden?: boolean;
}

declare global {
  interface Window {
    __shell: ShellRecord;
    __markupRan?: boolean;
  }
}

/** Watches the document for the drawn frame: where its heading was, and the app's when it went. */
function watchShell() {
  const box = (h1: Element): Box => {
    const rect = h1.getBoundingClientRect();
    return { text: (h1.textContent ?? '').trim(), top: rect.top, left: rect.left, width: rect.width };
  };
  window.__shell = {};
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof HTMLElement && node.id === 'page-shell') {
          window.__shell.hidden =
            node.getAttribute('aria-hidden') === 'true' && node.inert && getComputedStyle(node).pointerEvents === 'none';
          const h1 = node.querySelector('h1');
          window.__shell.drawn = h1 ? box(h1) : undefined;
        }
      }
      for (const node of record.removedNodes) {
        if (node instanceof HTMLElement && node.id === 'page-shell') {
          const h1 = document.querySelector('main h1');
          window.__shell.appAtRemoval = h1 ? box(h1) : null;
        }
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

/** Loads `path` anew, as a person coming back does (the watcher added once per test, before). */
async function comeBackTo(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('#page-shell')).toHaveCount(0);
  return page.evaluate(() => window.__shell);
}

function expectSamePlace(record: ShellRecord, heading: string | RegExp) {
  expect(record.hidden).toBe(true);
  expect(record.drawn?.text).toMatch(heading);
  expect(record.appAtRemoval, 'the app had drawn its heading when the frame went').toBeTruthy();
  expect(record.appAtRemoval!.text).toBe(record.drawn!.text);
  expect(Math.abs(record.appAtRemoval!.top - record.drawn!.top)).toBeLessThanOrEqual(1);
  expect(Math.abs(record.appAtRemoval!.left - record.drawn!.left)).toBeLessThanOrEqual(1);
}

const CUSTOMER_PAGES: [string, string | RegExp][] = [
  ['/app/panel', /^(Bom dia|Boa tarde|Boa noite), \S+!$/],
  ['/app/invoices', 'Notas fiscais'],
  ['/app/bank-statements/accounts', 'Extratos bancários'],
  ['/app/documents', 'Documentos'],
  ['/app/taxes', 'Impostos'],
  ['/app/user/my-billing', 'Assinatura e pagamentos'],
  ['/app/user/my-docs', 'Meus documentos'],
  ['/app/user/my-profile', 'Meu perfil'],
  ['/app/user/my-referrals', 'Indicações'],
  ['/app/user/my-invites', 'Convites'],
];

const TEAM_PAGES: [string, string][] = [
  ['/app/admin/companies', 'Empresas'],
  ['/app/admin/companies/opening-orders', 'Pedidos de abertura'],
  ['/app/admin/companies/migration-orders', 'Pedidos de migração'],
  ['/app/admin/users', 'Usuários'],
  ['/app/admin/invoices/nf-requests', 'Solicitações de nota fiscal'],
  ['/app/admin/leads', 'Contatos do site'],
  ['/app/admin/obligations', 'Impostos do mês'],
];

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the customer’s pages: the frame and heading first, then the app’s in the same place', async ({ page }) => {
    await signInFromLogin(page, 'cliente@demo.test');
    await page.addInitScript(watchShell);
    for (const [path, heading] of CUSTOMER_PAGES) {
      await test.step(path, async () => expectSamePlace(await comeBackTo(page, path), heading));
    }
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the team’s pages: the frame and heading first, then the app’s in the same place', async ({ page }) => {
    await signInFromLogin(page, 'admin@demo.test');
    await page.addInitScript(watchShell);
    for (const [path, heading] of TEAM_PAGES) {
      await test.step(path, async () => expectSamePlace(await comeBackTo(page, path), heading));
    }
  });

  test('the customer’s panel at desktop width too', async ({ page }) => {
    await signInFromLogin(page, 'cliente@demo.test');
    await page.addInitScript(watchShell);
    expectSamePlace(await comeBackTo(page, '/app/panel'), /^(Bom dia|Boa tarde|Boa noite), \S+!$/);
  });
});

test('nothing is drawn for someone signed out, nor for a page that is not theirs', async ({ page }) => {
  await page.addInitScript(watchShell);
  await page.goto('/app/invoices');
  await expect(page).toHaveURL(/\/app\/login/);
  expect(await page.evaluate(() => window.__shell.drawn)).toBeUndefined();

  // The team is sent to its own companies (a new page load, whose frame may be drawn): never the customer's heading.
  await signInFromLogin(page, 'admin@demo.test');
  await page.goto('/app/invoices');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => window.__shell.drawn?.text)).not.toBe('Notas fiscais');
});

test('the person’s name is drawn as text, never as markup', async ({ page }) => {
  await signInFromLogin(page, 'cliente@demo.test');
  const name = '<img src=x onerror="window.__markupRan=true">Zé';
  // The name as Firebase stored it in this browser: what the first script reads.
  await page.evaluate((displayName) => {
    const key = Object.keys(localStorage).find((item) => item.startsWith('firebase:authUser:'))!;
    localStorage.setItem(key, JSON.stringify({ ...JSON.parse(localStorage.getItem(key)!), displayName }));
  }, name);
  await page.addInitScript(watchShell);
  const record = await comeBackTo(page, '/app/panel');
  expect(record.drawn?.text).toMatch(/^(Bom dia|Boa tarde|Boa noite), <img!$/);
  expect(await page.evaluate(() => window.__markupRan)).toBeUndefined();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
});

test('a page whose data cannot come shows why, and the drawn frame does not hide it', async ({ page }) => {
  await signInFromLogin(page, 'admin@demo.test');
  await page.addInitScript(watchShell);
  // The team's queue awaits its list before it draws (its loader): here the list never comes.
  await page.route(/\/api\/nfs\/requests\/search/, (route) => route.fulfill({ status: 500, json: { message: 'falhou' } }));
  await page.goto('/app/admin/invoices/nf-requests');
  await expect(page.getByRole('button', { name: 'Tentar de novo' })).toBeVisible();
  await expect(page.locator('#page-shell')).toHaveCount(0, { timeout: 2_000 });
  expect(await page.evaluate(() => window.__shell.drawn?.text)).toBe('Solicitações de nota fiscal');
});
