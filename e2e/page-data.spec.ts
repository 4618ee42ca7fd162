import type { Page, Request } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { signInFromLogin } from './support';

/** A page asks the API for each thing once: the same call made twice costs a phone a round trip for nothing. */
function apiCalls(page: Page) {
  const calls: string[] = [];
  const listener = (request: Request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) calls.push(`${url.pathname}${url.search}`);
  };
  page.on('request', listener);
  return { calls, stop: () => page.off('request', listener) };
}

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
    // The calls of the page the sign-in landed on are over: what follows is this page's, in a fresh document.
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
