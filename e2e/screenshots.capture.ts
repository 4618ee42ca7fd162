import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { openFirstAccount, openSitePage, signInFromLogin } from './support';

/** The main screens, one PNG each, in e2e/screenshots/<project>/ (phone 390×844, desktop 1280×800). */

const OUT = join(import.meta.dirname, 'screenshots');

async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('Carregando…')).toHaveCount(0);
  // Let toasts and dialogs finish fading in.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // A page wider than the screen scrolls sideways on a phone: name what sticks out.
  const overflow = await page.evaluate(() => {
    const describe = (element: Element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)}`;
    // A box that scrolls sideways though nobody asked it to (a drawer, a card), as on a page too wide.
    const sideways = [...document.querySelectorAll<HTMLElement>('body *')].filter((element) => {
      const { overflowX } = getComputedStyle(element);
      return (
        (overflowX === 'auto' || overflowX === 'scroll') &&
        element.scrollWidth > element.clientWidth + 1 &&
        !element.className.toString().includes('overflow-x-auto')
      );
    });
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return sideways.map(describe);
    const clipped = (element: HTMLElement) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible' && parent.getBoundingClientRect().right <= width + 1) return true;
      }
      return false;
    };
    const sticking = [...document.querySelectorAll<HTMLElement>('body *')].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.right > width + 1 && !clipped(element) && getComputedStyle(element).position !== 'fixed';
    });
    return [...sideways, ...sticking.filter((element) => !sticking.includes(element.parentElement!))].slice(0, 5).map(describe);
  });
  expect.soft(overflow, `${name}: wider than the screen`).toEqual([]);
  const dir = join(OUT, test.info().project.name);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

async function visit(page: Page, path: string, name: string) {
  await page.goto(path);
  await shot(page, name);
}

/** A public page once its stylesheet and script are in (they come after the first paint). */
async function visitSite(page: Page, path: string, name: string) {
  await openSitePage(page, path);
  await shot(page, name);
}

test('public site', async ({ page }) => {
  await visitSite(page, '/', 'site-home-cookie-banner');
  await page.getByRole('region', { name: 'Cookies' }).getByRole('button', { name: 'Somente necessários' }).click();
  for (const [path, name] of [
    ['/', 'site-home'],
    ['/abrir-empresa', 'site-abrir-empresa'],
    ['/blog', 'site-blog'],
    ['/blog/posts/como-abrir-mei', 'site-blog-post'],
    ['/contabilidade-em/sao-paulo-sp', 'site-city'],
    ['/tools/cnae?q=contabil', 'site-cnae-search'],
    ['/tools/cnae/6201501-desenvolvimento-de-programas-de-computador-sob-encomenda', 'site-cnae-detail'],
    ['/areas/medicos', 'site-area'],
    ['/lp/irpf/2025', 'site-irpf'],
    ['/privacidade', 'site-privacy'],
    ['/404', 'site-404'],
  ]) {
    await visitSite(page, path, name);
  }
});

test('login and signup', async ({ page }) => {
  await visit(page, '/app/login', 'app-login');
  await visit(page, '/app/login?mode=signup', 'app-signup');
});

test('customer', async ({ page }) => {
  await signInFromLogin(page, 'cliente@demo.test');
  for (const [path, name] of [
    ['/app/panel', 'customer-panel'],
    ['/app/invoices', 'customer-invoices'],
    ['/app/invoices?novo=true', 'customer-invoice-request'],
    ['/app/invoices?tab=agendamentos', 'customer-invoice-schedules'],
    ['/app/documents', 'customer-documents'],
    ['/app/bank-statements/accounts', 'customer-bank-accounts'],
    ['/app/user/my-profile', 'customer-my-profile'],
    ['/app/user/my-billing', 'customer-my-billing'],
    ['/app/user/my-referrals', 'customer-my-referrals'],
    ['/app/user/my-invites', 'customer-my-invites'],
    ['/app/user/my-docs', 'customer-my-docs'],
  ]) {
    await visit(page, path, name);
  }
  await page.goto('/app/invoices');
  await page.getByRole('row').nth(1).getByRole('button').first().click();
  await expect(page.getByRole('dialog').getByRole('heading').first()).toBeVisible();
  await shot(page, 'customer-invoice-detail');

  await page.goto('/app/bank-statements/accounts');
  await openFirstAccount(page);
  await shot(page, 'customer-bank-transactions');

  if (test.info().project.name === 'phone') {
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await expect(page.getByRole('button', { name: 'Fechar menu' })).toBeVisible();
    await shot(page, 'customer-menu');
  }
});

test('opening wizard', async ({ page }) => {
  await signInFromLogin(page, 'novo@demo.test');
  await expect(page.getByRole('heading', { name: 'Sócios' })).toBeVisible();
  await shot(page, 'wizard-partners');
});

test('team', async ({ page }) => {
  await signInFromLogin(page, 'admin@demo.test');
  for (const [path, name] of [
    ['/app/admin/companies', 'team-companies'],
    ['/app/admin/companies/opening-orders', 'team-opening-orders'],
    ['/app/admin/companies/migration-orders', 'team-migration-orders'],
    ['/app/admin/invoices/nf-requests', 'team-nf-requests'],
    ['/app/admin/users', 'team-users'],
    ['/app/admin/leads', 'team-leads'],
    ['/app/admin/users?novo=true', 'team-new-user'],
  ]) {
    await visit(page, path, name);
  }
  await page.goto('/app/admin/companies?q=mendes');
  await page.getByRole('link', { name: 'Mendes Tech' }).click();
  await expect(page.getByRole('heading', { name: 'Mendes Tech' })).toBeVisible();
  await shot(page, 'team-company');

  await page.goto('/app/admin/invoices/nf-requests');
  await page.getByRole('row').nth(1).getByRole('button').first().click();
  await expect(page.getByRole('dialog').getByRole('heading').first()).toBeVisible();
  await shot(page, 'team-nf-request');
});
