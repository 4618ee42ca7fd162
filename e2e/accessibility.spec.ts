import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { openFirstAccount, openSitePage, signInFromLogin } from './support';

/**
 * axe-core on every main screen, and on the dialogs and drawers where a screen's main action lives: no serious or
 * critical violation anywhere. Moderate and minor ones are listed in the test's annotations (and the console), so
 * they stay visible without failing the run — except with a menu, a list of choices, a drawer or a dialog open,
 * where none at all is allowed: opening one must not take the page's landmarks, its heading or its focus order away.
 */

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

const describe = (violation: Violation) =>
  `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes
    .slice(0, 4)
    .map((node) => node.target.join(' '))
    .join(' | ')}${violation.nodes.length > 4 ? ` (+${violation.nodes.length - 4})` : ''}`;

/** `include`: scope to an open dialog. `every`: fail on any violation, whatever its impact (something open). */
async function checkA11y(page: Page, screen: string, include?: Locator, every = false) {
  // Colours are judged once things have faded in (toasts, dialogs) and nothing new starts fading in; endless
  // animations (spinners) are not waited for.
  await page.waitForFunction(
    async () => {
      const running = () =>
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity && animation.playState === 'running');
      await Promise.all(running().map((animation) => animation.finished.catch(() => undefined)));
      await new Promise((resolve) => setTimeout(resolve, 100));
      return running().length === 0;
    },
    undefined,
    { timeout: 5_000 },
  );
  // Only the violations are read: axe then does not gather every passing node's details (its advice for large pages).
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (include) {
    // Scope to an open dialog: the rest of the page is inert behind it and checked on its own.
    const handle = await include.elementHandle();
    const id = await handle!.evaluate((element) => {
      element.setAttribute('data-axe-scope', '');
      return 'data-axe-scope';
    });
    builder = builder.include(`[${id}]`);
  }
  const { violations } = await builder.analyze();
  if (include) await include.evaluate((element) => element.removeAttribute('data-axe-scope'));
  const blocking = every ? violations : violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const others = violations.filter((v) => !blocking.includes(v));
  for (const violation of violations) console.log(`[axe] ${screen}: ${describe(violation)}`);
  for (const violation of others) {
    test.info().annotations.push({ type: 'a11y (moderate/minor)', description: `${screen}: ${describe(violation)}` });
  }
  expect.soft(blocking.map(describe), `${every ? 'axe' : 'serious or critical axe'} violations on ${screen}`).toEqual([]);
}

/** An open Headless UI dialog (its panel is what shows). */
async function openDialog(page: Page) {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading').first()).toBeVisible();
  return dialog;
}

/** The side menu's drawer on a phone (it has no heading: its close button shows it is open). */
async function openMenu(page: Page) {
  await expect(page.getByRole('button', { name: 'Fechar menu' })).toBeVisible();
  return page.getByRole('dialog');
}

/** Waits until the page has settled (no spinner, no request in flight). */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('Carregando…')).toHaveCount(0);
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  await settled(page);
}

/**
 * One test per page, signed in as `email`: each scan is a few seconds of CPU, and a run shared by two servers keeps
 * every test within its timeout.
 */
function scanPagesAs(who: string, email: string, paths: string[]) {
  for (const path of paths) {
    test(`${who}’s page ${path}`, async ({ page }) => {
      await signInFromLogin(page, email);
      await visit(page, path);
      await checkA11y(page, path);
    });
  }
}

const PUBLIC_PAGES = [
  '/',
  '/abrir-empresa',
  '/blog',
  '/blog/posts/como-abrir-mei',
  '/contabilidade-em/sao-paulo-sp',
  '/tools/cnae',
  '/tools/cnae/6201501-desenvolvimento-de-programas-de-computador-sob-encomenda',
  '/tools/simples-nacional',
  '/tools/simples-nacional?annex=fator-r&rbt12=500.000,00&revenue=10.000,00&payroll12=abc',
  '/tools/simples-nacional?annex=I&rbt12=2.000.000,00&revenue=100.000,00&exportRbt12=1.000.000,00&exportRevenue=50.000,00',
  '/areas/medicos',
  '/lp/irpf/2025',
  '/404',
  '/privacidade',
];

// One test per page: each scan is a few seconds of CPU, and a run split over several servers stays within each
// test's timeout.
for (const path of PUBLIC_PAGES) {
  test(`public page ${path}, with the cookie banner open`, async ({ page }) => {
    await openSitePage(page, path);
    await expect(page.getByRole('region', { name: 'Cookies' })).toBeVisible();
    await checkA11y(page, `${path} (banner open)`);
  });
}

test('the cookie banner while choosing and once answered, and the CNAE search with its results', async ({ page }) => {
  // Three scans, each waiting for the page to settle: past the suite's 45 s on a busy 2-core machine.
  test.setTimeout(120_000);
  const banner = page.getByRole('region', { name: 'Cookies' });
  await openSitePage(page, '/privacidade');
  await expect(banner).toBeVisible();
  // The choice per kind of cookie, then the answer.
  await banner.getByRole('button', { name: 'Personalizar' }).click();
  await checkA11y(page, '/privacidade (banner, choosing)');
  await banner.getByRole('button', { name: 'Somente necessários' }).click();
  await expect(banner).toBeHidden();
  await checkA11y(page, '/privacidade (banner answered)');
  await openSitePage(page, '/tools/cnae');
  await page.getByLabel('Atividade ou código').fill('contabil');
  await expect(page.getByRole('link', { name: /6920-6\/01/ })).toBeVisible();
  await checkA11y(page, '/tools/cnae (results)');
});

test('login, signup and password recovery', async ({ page }) => {
  for (const path of ['/app/login', '/app/login?mode=signup', '/app/login?mode=reset']) {
    await visit(page, path);
    await checkA11y(page, path);
  }
  // The messages of a refused form.
  await visit(page, '/app/login?mode=signup');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByText('E-mail inválido').first()).toBeVisible();
  await checkA11y(page, 'signup with errors');
});

const CUSTOMER_PAGES = [
  '/app/panel',
  '/app/documents',
  '/app/documents?enviar=true',
  '/app/bank-statements/accounts',
  '/app/user/my-profile',
  '/app/user/my-billing',
  '/app/user/my-referrals',
  '/app/user/my-invites',
  '/app/user/my-docs',
];

scanPagesAs('the customer', 'cliente@demo.test', CUSTOMER_PAGES);

test('the customer’s movements and invoices, with their forms and dialogs', async ({ page }) => {
  // Six scans, each waiting for the page to settle: past the suite's 45 s on a busy 2-core machine.
  test.setTimeout(120_000);
  await signInFromLogin(page, 'cliente@demo.test');
  await visit(page, '/app/bank-statements/accounts');
  await openFirstAccount(page);
  await settled(page);
  await checkA11y(page, 'bank transactions');

  await visit(page, '/app/invoices');
  await checkA11y(page, '/app/invoices');
  await page.getByRole('button', { name: 'Nova solicitação' }).click();
  await page.getByRole('button', { name: 'Solicitar nota' }).click();
  await expect(page.getByText('CNPJ precisa ser definido.')).toBeVisible();
  await checkA11y(page, 'new invoice request with errors');
  await page.getByRole('button', { name: 'Cancelar' }).click();

  await page.getByRole('row').nth(1).getByRole('button').first().click();
  const detail = await openDialog(page);
  await checkA11y(page, 'invoice request detail', detail, true);
  await page.keyboard.press('Escape');
  await visit(page, '/app/invoices?tab=agendamentos');
  await checkA11y(page, 'invoice schedules');
  await visit(page, '/app/invoices?tab=dados-fiscais');
  await expect(page.getByTestId('certificate-summary')).toBeVisible();
  await checkA11y(page, 'the company’s fiscal profile, read-only');
});

test('the customer’s confirmations and open menus', async ({ page }) => {
  // Four scans, each waiting for the page to settle: past the suite's 45 s on a busy 2-core machine.
  test.setTimeout(120_000);
  await signInFromLogin(page, 'cliente@demo.test');
  await visit(page, '/app/user/my-profile');
  await page.getByRole('button', { name: 'Excluir minha conta' }).click();
  const confirm = await openDialog(page);
  await checkA11y(page, 'account deletion dialog', confirm, true);
  await page.keyboard.press('Escape');

  // Open menus leave the page as it is: its main landmark and heading stay, the menu sits in the header.
  await visit(page, '/app/panel');
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await expect(page.getByRole('menuitem', { name: 'Sair' })).toBeVisible();
  await checkA11y(page, 'user menu open', undefined, true);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Empresa selecionada' }).click();
  await expect(page.getByRole('option').first()).toBeVisible();
  await checkA11y(page, 'company selector open', undefined, true);
  await page.keyboard.press('Escape');

  await visit(page, '/app/bank-statements/accounts');
  await page
    .getByRole('main')
    .getByRole('button', { name: /^Excluir / })
    .first()
    .click();
  const removeAccount = await openDialog(page);
  await checkA11y(page, 'bank account deletion dialog', removeAccount, true);
  await removeAccount.getByRole('button', { name: 'Voltar' }).click();
});

test('the customer’s screens on a phone', async ({ page }) => {
  // Three scans, each waiting for the page to settle: past the suite's 45 s on a busy 2-core machine.
  test.setTimeout(120_000);
  await signInFromLogin(page, 'cliente@demo.test');
  // On a phone: the menu in its drawer, and a table shown as cards.
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, '/app/user/my-billing');
  await checkA11y(page, 'my-billing on a phone (rows as cards)');
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  const menu = await openMenu(page);
  await checkA11y(page, 'menu on a phone', menu, true);
  await page.getByRole('button', { name: 'Fechar menu' }).click();
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await expect(page.getByRole('menuitem', { name: 'Sair' })).toBeVisible();
  await checkA11y(page, 'user menu open on a phone', undefined, true);
});

test('the opening wizard where the demo customer stands', async ({ page }) => {
  // Three scans, each waiting for the page to settle: past the suite's 45 s on a busy 2-core machine.
  test.setTimeout(120_000);
  await signInFromLogin(page, 'novo@demo.test');
  await expect(page).toHaveURL('/app/wizard/company-opening');
  await settled(page);
  await expect(page.getByRole('heading', { name: 'Sócios' })).toBeVisible();
  await checkA11y(page, 'opening wizard: partners');
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await expect(page.getByRole('menuitem', { name: 'Sair' })).toBeVisible();
  await checkA11y(page, 'opening wizard: user menu open', undefined, true);
  await page.keyboard.press('Escape');
  // The form is incomplete (no CPF yet): the step shows its problems and sends nothing.
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page.getByText('Confira os campos destacados.')).toBeVisible();
  await checkA11y(page, 'opening wizard: partners with errors');
});

test('the first step of the opening wizard, for someone who just signed up', async ({ page }) => {
  await page.goto('/app/login?mode=signup&track=create-company');
  await page.getByLabel('Nome completo').fill('Teste Acessível');
  await page.getByLabel('E-mail').fill(`a11y.${Date.now()}@empresa.com.br`);
  await page.getByLabel('Senha').fill('senha-forte-123');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL('/app/wizard/company-opening');
  await settled(page);
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page.getByText('Informe o nome fantasia.')).toBeVisible();
  await checkA11y(page, 'opening wizard: pre-registration with errors');
  await page.getByLabel('O que a sua empresa vai fazer?').fill('salão de beleza');
  await page.getByRole('button', { name: 'Sugerir atividades' }).click();
  await expect(page.getByRole('region', { name: 'Atividades sugeridas' }).getByRole('listitem').first()).toBeVisible();
  await checkA11y(page, 'opening wizard: suggested activities');
});

const TEAM_PAGES = [
  '/app/admin/companies',
  '/app/admin/companies/opening-orders',
  '/app/admin/companies/migration-orders',
  '/app/admin/invoices/nf-requests',
  '/app/admin/leads',
  '/app/admin/users',
];

scanPagesAs('the team', 'admin@demo.test', TEAM_PAGES);

test('the team’s new-user drawer, with its errors and companies listed', async ({ page }) => {
  await signInFromLogin(page, 'admin@demo.test');
  await visit(page, '/app/admin/users');
  await page.getByRole('button', { name: 'Novo usuário' }).click();
  const create = await openDialog(page);
  await checkA11y(page, 'new user', create, true);
  await create.getByRole('button', { name: 'Criar usuário' }).click();
  await create.getByRole('button', { name: 'Mostrar empresas' }).click();
  await expect(page.getByRole('option').first()).toBeVisible();
  await checkA11y(page, 'new user with errors, companies listed', create, true);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
});

test('the team’s menu, a user, and an invoice request with its national emission', async ({ page }) => {
  // Four scans, each waiting for the page to settle: past the suite's 45 s on a busy 2-core machine.
  test.setTimeout(120_000);
  await signInFromLogin(page, 'admin@demo.test');
  await visit(page, '/app/admin/users');
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await expect(page.getByRole('menuitem', { name: 'Sair' })).toBeVisible();
  await checkA11y(page, 'team: user menu open', undefined, true);
  await page.keyboard.press('Escape');
  await page.getByRole('table', { name: 'Usuários' }).getByRole('link').first().click();
  await settled(page);
  await checkA11y(page, 'a user');

  await visit(page, '/app/admin/invoices/nf-requests');
  await page.getByRole('row').nth(1).getByRole('button').first().click();
  const request = await openDialog(page);
  await checkA11y(page, 'NF request drawer', request, true);
  await request.getByRole('button', { name: 'Emitir pelo Sistema Nacional' }).click();
  const emission = page.getByRole('dialog', { name: 'Emitir pelo Sistema Nacional' });
  await expect(emission.getByText(/^DPS nº/).or(emission.getByText('O que impede a emissão:'))).toBeVisible();
  await checkA11y(page, 'national emission preview', emission, true);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
});

test('a company for the team: its page, fiscal profile and publishing; one being opened; the app’s 404', async ({ page }) => {
  // Five scans, each waiting for the page to settle: past the suite's 45 s on a busy 2-core machine.
  test.setTimeout(120_000);
  await signInFromLogin(page, 'admin@demo.test');
  await visit(page, '/app/admin/companies?q=mendes');
  await page.getByRole('link', { name: 'Mendes Tech' }).click();
  await expect(page.getByRole('heading', { name: 'Mendes Tech' })).toBeVisible();
  await settled(page);
  await checkA11y(page, 'a company');
  await page.getByRole('button', { name: 'Editar perfil fiscal' }).click();
  await page.getByLabel('Código IBGE do município').fill('12');
  await page.getByRole('button', { name: 'Salvar perfil fiscal' }).click();
  await expect(page.getByText('Informe o código IBGE do município da empresa (7 dígitos).')).toBeVisible();
  await checkA11y(page, 'fiscal profile form with errors');
  await page.getByRole('button', { name: 'Publicar documento' }).click();
  const publish = await openDialog(page);
  await checkA11y(page, 'publish a document', publish, true);
  await page.keyboard.press('Escape');

  await visit(page, '/app/admin/companies/opening-orders');
  await page.getByRole('main').getByRole('table').getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'Dados da empresa' })).toBeVisible();
  await settled(page);
  await checkA11y(page, 'a company being opened');

  await visit(page, '/app/pagina-que-nao-existe');
  await checkA11y(page, 'app 404');
});
