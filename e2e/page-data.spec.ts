import type { Page, Request, Response } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { signInFromLogin } from './support';

/**
 * The customer's pages start their data in their route's loader and read it in their components
 * (docs/decisions/0006-pages-load-their-data-in-loaders.md): pointing at a link fetches the page's data with its code,
 * and a page asks the API for each thing once — a loader and a component asking for the same data under two keys would
 * show as the same call made twice.
 */
function apiCalls(page: Page) {
  const calls: string[] = [];
  const listener = (request: Request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) calls.push(`${url.pathname}${url.search}`);
  };
  // A new document in the tab: what was asked before its answer came was the page left behind's (on a busy machine,
  // that page's last calls may still be going out as the next one is asked for).
  const navigated = (response: Response) => {
    if (response.request().isNavigationRequest() && response.frame() === page.mainFrame()) calls.length = 0;
  };
  page.on('request', listener);
  page.on('response', navigated);
  return {
    calls,
    stop: () => {
      page.off('request', listener);
      page.off('response', navigated);
    },
  };
}

test('pointing at a page in the menu fetches its data before the click', async ({ page }) => {
  await signInFromLogin(page, 'cliente@demo.test');
  await page.goto('/app/panel');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const menu = page.getByRole('navigation').first();

  const obligations = page.waitForRequest((request) => new URL(request.url()).pathname.includes('/obligations'));
  await menu.getByRole('link', { name: 'Impostos' }).hover();
  await obligations;
  const after = apiCalls(page);
  await menu.getByRole('link', { name: 'Impostos' }).click();
  await expect(page.getByRole('heading', { name: 'Impostos', level: 1 })).toBeVisible();
  await expect(page.getByText(/DAS|Nenhuma obrigação|calculados pela equipe/).first()).toBeVisible();
  after.stop();
  // Already in the cache: the click asks for nothing more about the taxes.
  expect(after.calls.filter((call) => call.includes('/obligations'))).toEqual([]);
});

for (const path of [
  '/app/panel',
  '/app/invoices',
  '/app/invoices?tab=agendamentos',
  '/app/documents',
  '/app/taxes',
  '/app/bank-statements/accounts',
  '/app/user/my-docs',
  '/app/user/my-referrals',
  '/app/user/my-invites',
]) {
  test(`${path} asks the API for each thing once`, async ({ page }) => {
    await signInFromLogin(page, 'cliente@demo.test');
    // The page the sign-in landed on has settled; what follows is this page's, in a fresh document (apiCalls leaves
    // out a late call of the page left behind).
    await page.waitForLoadState('networkidle');
    const { calls, stop } = apiCalls(page);
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    stop();
    const twice = calls.filter((call, index) => calls.indexOf(call) !== index);
    expect(twice, calls.join('\n')).toEqual([]);
    // The same list asked for under two keys would differ only in its query (a page=1 the other leaves out).
    const paths = calls.map((call) => call.split('?')[0]);
    expect(new Set(paths).size, calls.join('\n')).toBe(paths.length);
  });
}
