import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { Held, signInFromLogin } from './support';

/**
 * A page's lists read their data inside their own boundary (src/components/QueryBoundary.tsx): the heading paints while
 * a list is still coming, a list that cannot come says why in Portuguese with "Tentar de novo", and trying again shows
 * it — the rest of the page never waits for it nor breaks with it.
 */
interface ListPage {
  path: string;
  /** Who opens it: the demo customer unless said. */
  as?: string;
  heading: string | RegExp;
  /** The API call behind the list. */
  api: RegExp;
  errorTitle: string;
  /** Something the list shows once it has its data (the demo customer's). */
  loaded: (page: Page) => Locator;
}

const PAGES: ListPage[] = [
  {
    path: '/app/panel',
    heading: /^(Bom dia|Boa tarde|Boa noite)/,
    api: /\/api\/reports\/anual-billing-by-company/,
    errorTitle: 'Não foi possível carregar o faturamento',
    loaded: (page) => page.getByRole('heading', { name: /^Faturamento em \d{4}$/ }),
  },
  {
    path: '/app/invoices',
    heading: 'Notas fiscais',
    api: /\/api\/nfs\/requests\?/,
    errorTitle: 'Não foi possível carregar as notas',
    loaded: (page) => page.getByRole('columnheader', { name: 'Tomador' }).or(page.getByText('Nenhuma nota solicitada ainda')),
  },
  {
    path: '/app/invoices?tab=agendamentos',
    heading: 'Notas fiscais',
    api: /\/api\/nfs\/schedulers/,
    errorTitle: 'Não foi possível carregar os agendamentos',
    loaded: (page) => page.getByRole('button', { name: 'Novo agendamento' }),
  },
  {
    path: '/app/documents',
    heading: 'Documentos',
    api: /\/api\/documents\?/,
    errorTitle: 'Não foi possível carregar os arquivos',
    loaded: (page) =>
      page.getByRole('list', { name: 'Documentos da empresa' }).or(page.getByText('Nenhum arquivo por aqui ainda')),
  },
  {
    path: '/app/taxes',
    heading: 'Impostos',
    api: /\/api\/obligations\?/,
    errorTitle: 'Não foi possível carregar os impostos',
    loaded: (page) => page.getByText(/DAS|Nenhuma obrigação|calculados pela equipe/).first(),
  },
  {
    path: '/app/bank-statements/accounts',
    heading: 'Extratos bancários',
    api: /\/api\/bank-statements\/accounts\?/,
    errorTitle: 'Não foi possível carregar as contas',
    loaded: (page) =>
      page
        .getByRole('main')
        .getByRole('link')
        .filter({ hasText: /Itaú|Conta/ })
        .first(),
  },
  {
    path: '/app/user/my-docs',
    heading: 'Meus documentos',
    api: /\/api\/documents\/personal/,
    errorTitle: 'Não foi possível carregar seus arquivos',
    loaded: (page) => page.getByText('RG ou CNH').first(),
  },
  {
    path: '/app/user/my-referrals',
    heading: 'Indicações',
    api: /\/api\/referrals\/me(\?|$)/,
    errorTitle: 'Não foi possível carregar suas indicações',
    loaded: (page) => page.getByRole('heading', { name: /^Quem se cadastrou/ }),
  },
  {
    path: '/app/user/my-invites',
    heading: 'Convites',
    api: /\/api\/referrals\/invitations/,
    errorTitle: 'Não foi possível carregar os convites',
    loaded: (page) => page.getByRole('table', { name: 'Convites enviados' }).or(page.getByText('Nenhum convite enviado ainda')),
  },
  {
    path: '/app/admin/invoices/nf-requests',
    as: 'admin@demo.test',
    heading: 'Solicitações de nota fiscal',
    api: /\/api\/nfs\/requests\/search/,
    errorTitle: 'Não foi possível carregar a fila',
    loaded: (page) => page.getByRole('columnheader', { name: 'Empresa' }).or(page.getByText('Nenhuma nota nesta fila')),
  },
  {
    path: '/app/admin/obligations',
    as: 'admin@demo.test',
    heading: 'Impostos do mês',
    api: /\/api\/obligations\/team/,
    errorTitle: 'Não foi possível carregar os impostos',
    loaded: (page) =>
      page
        .getByRole('table', { name: 'Impostos das empresas' })
        .or(page.getByText('Nenhuma empresa com impostos nesta competência')),
  },
];

const REFUSAL = { error: { code: 'internal', message: 'O servidor não respondeu como devia.' } };

for (const list of PAGES) {
  test(`${list.path}: the heading paints before the list, and a list that fails says why and tries again`, async ({ page }) => {
    await signInFromLogin(page, list.as ?? 'cliente@demo.test');
    await page.waitForLoadState('networkidle');
    const held = new Held();
    await page.route(list.api, (route) => held.take(route));
    await page.goto(list.path);
    await expect(page.getByRole('heading', { name: list.heading, level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Carregando' }).first()).toBeVisible();
    // Refused (and refused again on the client's one retry): the list says so, the heading stays.
    await (await held.next()).fulfill({ status: 500, json: REFUSAL });
    await (await held.next()).fulfill({ status: 500, json: REFUSAL });
    await expect(page.getByText(list.errorTitle)).toBeVisible();
    await expect(page.getByText(REFUSAL.error.message)).toBeVisible();
    await expect(page.getByRole('heading', { name: list.heading, level: 1 })).toBeVisible();
    await page.unroute(list.api);
    await page.getByRole('button', { name: 'Tentar de novo' }).click();
    await expect(list.loaded(page)).toBeVisible();
    await expect(page.getByText(list.errorTitle)).toHaveCount(0);
  });
}

test('an error shown for one filter goes when the filter changes, and the new list shows', async ({ page }) => {
  await signInFromLogin(page, 'cliente@demo.test');
  await page.waitForLoadState('networkidle');
  // Every documents list fails until the filter asks for the archived ones.
  await page.route(/\/api\/documents\?/, (route) =>
    route.request().url().includes('archived') ? route.fallback() : route.fulfill({ status: 500, json: REFUSAL }),
  );
  await page.goto('/app/documents');
  await expect(page.getByText('Não foi possível carregar os arquivos')).toBeVisible();
  await page.getByLabel('Somente arquivados').check();
  await expect(page).toHaveURL(/arquivados=true/);
  await expect(
    page
      .getByRole('list', { name: 'Documentos da empresa' })
      .or(page.getByText(/Nenhum arquivo/))
      .first(),
  ).toBeVisible();
  await expect(page.getByText('Não foi possível carregar os arquivos')).toHaveCount(0);
});
