import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { layout, sideMenu, signInFromLogin } from './support';

/** Every route of docs/features.md answers with its layout and guard (routes with parameters use a sample value). */
// Each test walks a whole list of pages, one load after another: more than the default minute on a busy machine.
test.describe.configure({ timeout: 120_000 });
const PUBLIC_ROUTES = [
  '/',
  '/abrir-empresa',
  '/areas/medicos',
  '/blog',
  '/blog/posts/como-abrir-mei',
  '/contabilidade-em/sao-paulo-sp',
  '/contador-em/belo-horizonte-mg',
  '/lp/irpf/2024',
  '/lp/irpf/2025',
  '/tools/cnae',
  '/tools/cnae/6201501-desenvolvimento-de-programas-de-computador-sob-encomenda',
  '/tools/simples-nacional',
  '/trocar-contador',
  '/404',
];

const ADMIN_ROUTES = [
  '/app/admin/companies',
  '/app/admin/companies/migration-orders',
  '/app/admin/companies/opening-orders',
  '/app/admin/invoices/nf-requests',
  '/app/admin/users',
  '/app/admin/leads',
  '/app/admin/obligations',
];

const COMPANY_ROUTES = [
  '/app/bank-statements/accounts/conta-1/transactions',
  '/app/bank-statements/accounts',
  '/app/documents',
  '/app/invoices',
  '/app/panel',
  '/app/taxes',
  '/app/user/my-docs',
  '/app/user/my-profile',
  '/app/user/my-referrals',
];

/** Auth only, admin layout; the last two hide the side menu and company selector. */
const AUTH_ROUTES = ['/app/partners/duca', '/app/user/my-billing', '/app/user/my-invites'];
const BARE_ROUTES = ['/app/user/disabled', '/app/wizard/partners/duca'];
const WIZARD_ROUTES = ['/app/wizard/company-migration', '/app/wizard/company-opening'];

async function visit(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

test('public pages open for anyone in the institutional layout', async ({ page }) => {
  for (const path of PUBLIC_ROUTES) {
    await visit(page, path);
    await expect(layout(page, 'institutional'), path).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    expect(new URL(page.url()).pathname, path).toBe(path);
  }
});

test('every app page sends a visitor without a session to login', async ({ page }) => {
  for (const path of [
    ...ADMIN_ROUTES,
    ...COMPANY_ROUTES,
    ...AUTH_ROUTES,
    ...BARE_ROUTES,
    ...WIZARD_ROUTES,
    '/app/auth/cora/callback',
  ]) {
    await visit(page, path);
    await expect(page, path).toHaveURL(`/app/login?next=${encodeURIComponent(path)}`);
    await expect(layout(page, 'auth')).toBeVisible();
  }
});

test('a customer with an active company opens the customer pages; team pages send them home', async ({ page }) => {
  await signInFromLogin(page, 'cliente@demo.test');
  for (const path of [...COMPANY_ROUTES, ...AUTH_ROUTES]) {
    await visit(page, path);
    expect(new URL(page.url()).pathname, path).toBe(path);
    await expect(layout(page, 'admin'), path).toBeVisible();
    await expect(sideMenu(page), path).toBeVisible();
    await expect(page.getByTestId('company-selector'), path).toBeVisible();
  }
  for (const path of BARE_ROUTES) {
    await visit(page, path);
    expect(new URL(page.url()).pathname, path).toBe(path);
    await expect(layout(page, 'admin'), path).toBeVisible();
    await expect(sideMenu(page), path).toHaveCount(0);
    await expect(page.getByTestId('company-selector'), path).toHaveCount(0);
  }
  // The company is active: the onboarding wizards are over for it.
  for (const path of WIZARD_ROUTES) {
    await visit(page, path);
    await expect(page, path).toHaveURL('/app/panel');
  }
  await visit(page, '/app/auth/cora/callback');
  await expect(layout(page, 'default')).toBeVisible();
  for (const path of ADMIN_ROUTES) {
    await visit(page, path);
    await expect(page, path).toHaveURL('/app/panel');
  }
});

test('the side menu’s column runs the whole page, short or long, and its links stay in view', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInFromLogin(page, 'cliente@demo.test');
  const column = page.getByRole('complementary').filter({ has: sideMenu(page) });
  for (const path of ['/app/user/my-invites', '/app/documents']) {
    await visit(page, path);
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    const box = (await column.boundingBox())!;
    // From the top to the page's end (not only the first screen, as a full-page capture showed).
    expect(box.y, path).toBe(0);
    expect(Math.round(box.height), path).toBe(Math.max(pageHeight, 800));
  }
  // A long page scrolled to its end still shows the menu.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(sideMenu(page).getByRole('link', { name: 'Painel' })).toBeInViewport();
});

test('a customer mid-opening is kept in the opening wizard, in the onboarding layout', async ({ page }) => {
  await signInFromLogin(page, 'novo@demo.test');
  await expect(page).toHaveURL('/app/wizard/company-opening');
  await expect(layout(page, 'onboarding')).toBeVisible();
  await expect(sideMenu(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Sócios' })).toBeVisible();
  for (const path of ['/app/panel', '/app/invoices', '/app/documents', '/app/wizard/company-migration']) {
    await visit(page, path);
    await expect(page, path).toHaveURL('/app/wizard/company-opening');
  }
});

test('the team opens its pages; company pages send them to the companies list', async ({ page }) => {
  await signInFromLogin(page, 'admin@demo.test');
  for (const path of ADMIN_ROUTES) {
    await visit(page, path);
    expect(new URL(page.url()).pathname, path).toBe(path);
    await expect(layout(page, 'admin'), path).toBeVisible();
    await expect(sideMenu(page).getByRole('link', { name: 'Todas as empresas' }), path).toBeVisible();
  }
  for (const path of [...COMPANY_ROUTES, ...WIZARD_ROUTES]) {
    await visit(page, path);
    await expect(page, path).toHaveURL('/app/admin/companies');
  }
});

test('the team searches, pages and opens a company', async ({ page }) => {
  await signInFromLogin(page, 'admin@demo.test');
  await expect(page.getByText(/^Mostrando 1–25 de \d+$/)).toBeVisible();
  await page.getByRole('link', { name: 'Próxima' }).click();
  await expect(page.getByText(/^Mostrando 26–\d+ de \d+$/)).toBeVisible();
  await page.getByRole('searchbox').fill('mendes');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL('/app/admin/companies?q=mendes');
  await page.getByRole('link', { name: 'Mendes Tech' }).click();
  await expect(page.getByRole('heading', { name: 'Mendes Tech' })).toBeVisible();
  // The company's data, and its A1 certificate's CNPJ in the fiscal profile below.
  await expect(page.getByText('27.494.746/0001-55')).toHaveCount(2);
  await expect(page.getByText('Comprovante da guia')).toBeVisible();
  await page.goto('/app/admin/companies?q=empresa-que-nao-existe');
  await expect(page.getByText('Nenhuma empresa encontrada')).toBeVisible();
});
