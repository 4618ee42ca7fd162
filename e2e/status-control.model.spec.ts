import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { EventObject } from 'xstate';
import { getNextSnapshot } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import type { CompanyStatus, TrackId } from '@domain';
import { COMPANY_STATUS_LABEL, nextStatuses } from '@domain';
import type { CompanyStatusContext } from '@machines/companyStatus.machine';
import { companyStatusModel } from '../tests/machines/models/companyStatus.model';
import type { ModelPath } from '../tests/machines/models/model';
import { coveringPaths, transitionsOf } from '../tests/machines/models/model';
import { allTransitions } from '../tests/machines/models/transitions';
import { signInFromLogin } from './support';

/**
 * UI-level model test of the team's status control: paths generated from the company-status machine's graph (the
 * same model as tests/machines) drive the real company page in Chromium. Each `status.change` is what the team does
 * (choose the status, "Alterar situação"); after each step the page must show what the state means: the status badge,
 * and exactly the changes the lifecycle allows from there. Together the paths take every transition of the machine.
 */

const statusOf = (plan: ModelPath, i: number) => plan.path.steps[i].state.value as CompanyStatus;

/** A path a real company can live: it is disabled only from the status its scenario remembers, and only once. */
function livable(plan: ModelPath): boolean {
  const { previousStatus, trackId } = plan.scenario.input as CompanyStatusContext;
  // The team's page shows a company on a track; one without is left to the machine's own tests.
  if (trackId === null) return false;
  let disabledOnce = false;
  for (let i = 1; i < plan.path.steps.length; i++) {
    if (statusOf(plan, i) !== 'disabled' || statusOf(plan, i - 1) === 'disabled') continue;
    if (disabledOnce || statusOf(plan, i - 1) !== previousStatus) return false;
    disabledOnce = true;
  }
  return true;
}

/**
 * The fewest livable paths that take every transition. A real company reaches "disabled" through the status it is
 * re-enabled into, so the candidates are the graph's simple paths (`getSimplePaths`) — each followed by every event
 * once more, to close the loops (active ⇄ overdue, disabled → back) — not only the shortest ones.
 */
function browserPaths(): ModelPath[] {
  const { machine } = companyStatusModel;
  const candidates = companyStatusModel.scenarios.flatMap((scenario) => {
    const events = scenario.events as EventObject[];
    return getSimplePaths(machine, { events, input: scenario.input }).flatMap((path) => [
      { scenario, path },
      ...events.map((event) => {
        const state = getNextSnapshot(machine, path.state, event);
        return { scenario, path: { ...path, state, steps: [...path.steps, { state, event }] } };
      }),
    ]);
  });
  return coveringPaths(companyStatusModel, candidates.filter(livable));
}

const paths = browserPaths();

test('the browser paths take every transition of the company-status machine', () => {
  const taken = new Set(paths.flatMap((plan) => [...transitionsOf(companyStatusModel, plan)]));
  expect(allTransitions(companyStatusModel.machine).filter((t) => !taken.has(t.key))).toEqual([]);
});

let cnpjSeed = Date.now() % 1_000_000_000;
/** A valid, unused CNPJ (check digits of the Receita's rule). */
function freshCnpj(): string {
  const base = String(10_000_000 + (cnpjSeed++ % 89_999_999)).padStart(8, '0') + '0001';
  const digit = (digits: string) => {
    const weights = digits.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = [...digits].reduce((total, d, i) => total + Number(d) * weights[i], 0);
    return String(sum % 11 < 2 ? 0 : 11 - (sum % 11));
  };
  const first = digit(base);
  return base + first + digit(base + first);
}

async function teamToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'session_token');
  return decodeURIComponent(cookie!.value);
}

/** A pending company on a track, with a CNPJ or not, as the scenario starts it. */
async function startingCompany(page: Page, input: CompanyStatusContext): Promise<string> {
  const headers = { authorization: `Bearer ${await teamToken(page)}` };
  const created = await page.request.post('/api/companies', { headers, data: { trackId: input.trackId as TrackId } });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { data: { id: string } }).data.id;
  if (input.hasCnpj) {
    const updated = await page.request.put(`/api/companies/${id}`, { headers, data: { cnpj: freshCnpj() } });
    expect(updated.status()).toBe(200);
  }
  return id;
}

/** The page shows the state's meaning: its badge, and exactly the changes the lifecycle allows from it. */
async function expectState(page: Page, status: CompanyStatus, input: CompanyStatusContext, previousStatus: CompanyStatus | null) {
  const header = page.locator('header').filter({ has: page.getByRole('heading', { level: 1 }) });
  await expect(header.getByText(COMPANY_STATUS_LABEL[status], { exact: true })).toBeVisible();
  const control = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Mudar a situação' }) });
  const offered = nextStatuses({
    status,
    previousStatus,
    trackId: input.trackId,
    cnpj: input.hasCnpj ? 'set' : null,
  });
  if (offered.length === 0) {
    await expect(control.getByText('Nenhuma mudança possível')).toBeVisible();
    return;
  }
  await expect(control.getByRole('radio')).toHaveCount(offered.length);
  for (const option of offered) {
    await expect(control.getByRole('radio', { name: COMPANY_STATUS_LABEL[option], exact: true })).toBeVisible();
  }
}

test.describe('the team’s status control, paths from the company-status machine', () => {
  test.beforeEach(async ({ page }) => {
    await signInFromLogin(page, 'admin@demo.test');
  });

  for (const plan of paths) {
    const name = `${plan.scenario.name}: ${plan.path.steps
      .slice(1)
      .map((_, i) => statusOf(plan, i + 1))
      .join(' → ')}`;
    test(name, async ({ page }) => {
      const input = plan.scenario.input as CompanyStatusContext;
      const id = await startingCompany(page, input);
      await page.goto(`/app/admin/companies/${id}`);
      let previousStatus: CompanyStatus | null = null;
      await expectState(page, 'pending', input, previousStatus);
      for (let i = 1; i < plan.path.steps.length; i++) {
        const from = statusOf(plan, i - 1);
        const to = statusOf(plan, i);
        const { to: asked } = plan.path.steps[i].event as { type: 'status.change'; to: CompanyStatus };
        if (to === from) continue; // a refusal: the control does not even offer it (checked by expectState)
        expect(asked).toBe(to);
        await page.getByRole('radio', { name: COMPANY_STATUS_LABEL[to], exact: true }).check();
        await page.getByRole('button', { name: 'Alterar situação' }).click();
        await expect(page.getByText(`Situação alterada para "${COMPANY_STATUS_LABEL[to]}".`).first()).toBeVisible();
        if (to === 'disabled') previousStatus = from;
        if (from === 'disabled') previousStatus = null;
        await expectState(page, to, input, previousStatus);
      }
    });
  }
});
