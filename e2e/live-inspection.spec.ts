import { expect, test } from '@playwright/test';
import type { CompanyStatus } from '@domain';
import { COMPANY_STATUS_LABEL, nextStatuses } from '@domain';
import { signInFromLogin } from './support';

/**
 * Live inspection, offline, in the built product: the team turns it on on the statechart page; the app in another
 * tab of the same browser reports its machines over a BroadcastChannel; a status change made there reaches the
 * chart (the new state highlighted) and the event log — and no request leaves the machine.
 */
test('a state change in the app reaches the team’s live statechart, with nothing sent outside', async ({ browser }) => {
  const context = await browser.newContext();
  const outside: string[] = [];
  context.on('request', (request) => {
    const { hostname } = new URL(request.url());
    if (!['localhost', '127.0.0.1'].includes(hostname)) outside.push(request.url());
  });
  const team = await context.newPage();
  await signInFromLogin(team, 'admin@demo.test');
  await team.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Máquinas de estado' }).click();
  await expect(team.getByRole('heading', { name: 'Máquinas de estado', level: 1 })).toBeVisible();
  // Laying the chart out takes seconds on a busy 2-core machine.
  await expect(team.getByRole('img', { name: /Diagrama de estados de/ })).toBeVisible({ timeout: 30_000 });
  await team.getByLabel('Acompanhar as máquinas do app nas outras abas deste navegador').check();

  // The app, in another tab: a new company on the opening track, and its page.
  const app = await context.newPage();
  const token = decodeURIComponent((await context.cookies()).find((cookie) => cookie.name === 'session_token')!.value);
  const created = await app.request.post('/api/companies', {
    headers: { authorization: `Bearer ${token}` },
    data: { trackId: 'create-company' },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { data: { id: string } }).data.id;
  await app.goto(`/app/admin/companies/${id}`);
  await expect(app.getByRole('heading', { name: 'Mudar a situação' })).toBeVisible();

  // Its machines appear on the team's page: the session, signed in; the status control, pending.
  const running = team.getByRole('button', { name: /companyStatusMachine/ });
  await expect(team.getByRole('button', { name: /sessionMachine/ }).getByTestId('live-state')).toHaveText('signedIn.active');
  await expect(running.getByTestId('live-state')).toHaveText('pending');
  await running.click();
  await expect(team.getByRole('heading', { name: /companyStatusMachine/ })).toBeVisible();
  await expect(team.locator('[data-state="companyStatus.pending"][data-active="true"]')).toHaveCount(1);

  // A change in the app: the chart follows, and the log says what happened.
  const to: CompanyStatus = nextStatuses({ status: 'pending', previousStatus: null, trackId: 'create-company', cnpj: null })[0];
  await app.getByRole('radio', { name: COMPANY_STATUS_LABEL[to], exact: true }).check();
  await app.getByRole('button', { name: 'Alterar situação' }).click();
  await expect(running.getByTestId('live-state')).toHaveText(to);
  await expect(team.locator(`[data-state="companyStatus.${to}"][data-active="true"]`)).toHaveCount(1);
  await expect(team.locator('[data-state="companyStatus.pending"][data-active="true"]')).toHaveCount(0);
  await expect(team.getByRole('list', { name: 'Últimos eventos' })).toContainText(`companyStatus: status.change → ${to}`);
  expect(outside).toEqual([]);

  // The app's tab reloaded: its new machines are listed, and the old tab's are gone (each listed once).
  await app.reload();
  await expect(app.getByRole('heading', { name: 'Mudar a situação' })).toBeVisible();
  await expect(team.getByRole('button', { name: /sessionMachine/ })).toHaveCount(1);
  await expect(team.getByRole('button', { name: /companyStatusMachine/ })).toHaveCount(1);
  await expect(running.getByTestId('live-state')).toHaveText(to);
  // Closed: none of its machines stays listed.
  await app.close();
  await expect(team.getByRole('button', { name: /companyStatusMachine/ })).toHaveCount(0, { timeout: 20_000 });
  await context.close();
});

test('on a phone the machines’ cards line up: one width, one height', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInFromLogin(page, 'admin@demo.test');
  await page.goto('/app/admin/machines');
  const cards = page.getByRole('navigation', { name: 'Máquinas' }).getByRole('link');
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  const boxes = await cards.evaluateAll((links) =>
    links.map((link) => {
      const { width, height } = link.getBoundingClientRect();
      return { width: Math.round(width), height: Math.round(height) };
    }),
  );
  expect(boxes.length).toBeGreaterThan(5);
  expect(new Set(boxes.map((box) => box.width)).size, JSON.stringify(boxes)).toBe(1);
  expect(new Set(boxes.map((box) => box.height)).size, JSON.stringify(boxes)).toBe(1);
});
