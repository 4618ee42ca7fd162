import type { Page, Route } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { RELOAD_GUARD_MS } from '@domain';
import type { AuthState } from '@machines/session.machine';
import type { ModelPath } from '../tests/machines/models/model';
import { candidatePaths, coveringPaths, transitionsOf } from '../tests/machines/models/model';
import { sessionModel } from '../tests/machines/models/session.model';
import { allTransitions } from '../tests/machines/models/transitions';
import { DEMO_PASSWORD } from './support';

/**
 * WORK IN PROGRESS (issue 13): not collected by Playwright (the name does not end in .spec.ts) until it passes. The
 * paths generate and the driver runs; the customer's paths still time out waiting for the held company load, and
 * the signed-in pages' user menu is not found for the team and the newcomer. See the issue's note.
 *
 * UI-level model test of the session: paths generated from the session machine's graph (tests/machines' model)
 * drive the real app in Chromium. Each event is what a person does or what the network answers: the identity
 * provider's sign-in and token calls and the company load are held by the test and answered when the path says so,
 * the 50-minute refresh is shortened (a test-only setting outside production), a 401 is the API's answer to the next
 * call. After each step the page must show what the state means (the login form, busy or not, with its message; the
 * panel, the team's list or the wizard; a reload; the login page with `next`). The app logs its machines'
 * transitions outside production; the last test checks the browser took every transition the paths take.
 */

const REFRESH_MS = 3000;

/** Events a person's actions or the network can cause in a browser. */
const DRIVABLE = new Set([
  'auth.changed',
  'session.signIn',
  'xstate.done.actor.signIn',
  'xstate.error.actor.signIn',
  'company.loaded',
  'xstate.after.tokenRefresh.session.signedIn.active',
  'xstate.done.actor.refreshToken',
  'xstate.error.actor.refreshToken',
  'api.unauthorized',
  'xstate.done.actor.recoverToken',
  'xstate.error.actor.recoverToken',
  'session.signOut',
  'xstate.done.actor.signOut',
  'page.unload',
]);

type Who = 'customer' | 'admin' | 'newcomer';
const whoOf = (auth: AuthState | null | undefined): Who | null =>
  !auth ? null : auth.claims.roles?.includes('system-admin') ? 'admin' : auth.claims.companies?.length ? 'customer' : 'newcomer';

const valueOf = (snapshot: AnyMachineSnapshot) =>
  typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);

/** A path a browser can live: it starts without a session, and each event can happen where it does. */
function livable({ path }: ModelPath): boolean {
  const steps = path.steps;
  if (
    steps.length < 2 ||
    steps[1].event.type !== 'auth.changed' ||
    (steps[1].event as EventObject & { auth?: unknown }).auth !== null
  )
    return false;
  let who: Who | null = null;
  for (let i = 2; i < steps.length; i++) {
    const { event } = steps[i];
    const before = valueOf(steps[i - 1].state);
    const after = valueOf(steps[i].state);
    const next = steps[i + 1]?.event.type;
    if (!DRIVABLE.has(event.type) || event.type === 'auth.changed') return false;
    if (event.type === 'page.unload' && i !== steps.length - 1) return false;
    if (after === 'signingIn' && next && !next.endsWith('actor.signIn')) return false;
    if (event.type === 'xstate.done.actor.signIn') who = whoOf((event as { output?: AuthState }).output);
    if (after === 'loadingCompany' && next && next !== 'company.loaded') return false;
    if (after.includes('refreshingToken') && next && !next.endsWith('actor.refreshToken')) return false;
    if (after === 'recovering' && next && !next.endsWith('actor.recoverToken')) return false;
    if (after === 'signingOut' && next && next !== 'xstate.done.actor.signOut') return false;
    // A 401 comes from an API call: a signed-in person's (the newcomer's wizard is left out: no page to open).
    if (event.type === 'api.unauthorized' && (!before.includes('signedIn') || who === 'newcomer')) return false;
    if (after === 'reloading' && i !== steps.length - 1) return false;
    if (event.type === 'xstate.done.actor.signOut') who = null;
  }
  return true;
}

/**
 * The session model as a browser starts it: without a stored session (a user comes only through the login form),
 * and without the events no person or network here can cause: another company chosen (no demo login has two), new
 * claims (only the wizard's first step asks, covered by the wizard's own tests), a failed company load, a sign-out
 * that fails (Firebase signs out locally).
 */
const browserModel = {
  ...sessionModel,
  scenarios: sessionModel.scenarios.map((scenario) => ({
    ...scenario,
    events: (scenario.events as (EventObject & { auth?: unknown })[]).filter(
      (event) => DRIVABLE.has(event.type) && (event.type !== 'auth.changed' || event.auth === null),
    ),
  })),
};
const { moving } = candidatePaths(browserModel);
const paths = coveringPaths(browserModel, moving.filter(livable));
const expected = new Set(paths.flatMap((plan) => [...transitionsOf(sessionModel, plan)]));
const reached = new Set<string>();

/** Network calls the test holds until the path says how they end. */
class Held {
  private waiting: Route[] = [];
  private arrived: (() => void)[] = [];
  take(route: Route) {
    this.waiting.push(route);
    this.arrived.splice(0).forEach((notify) => notify());
  }
  async next(): Promise<Route> {
    if (!this.waiting.length) await new Promise<void>((resolve) => this.arrived.push(resolve));
    return this.waiting.shift()!;
  }
}

async function newcomerEmail(page: Page): Promise<string> {
  const email = `sessao-${Date.now()}-${Math.floor(Math.random() * 1e6)}@exemplo.com.br`;
  const answer = await page.request.post('/api/users', { data: { name: 'Pessoa Nova', email, password: DEMO_PASSWORD } });
  expect(answer.status()).toBe(201);
  return email;
}

const HOME: Record<Who, RegExp> = {
  customer: /\/app\/panel$/,
  admin: /\/app\/admin\/companies$/,
  newcomer: /\/app\/wizard\/company-opening/,
};
/** A page of each kind of person that calls the API when opened. */
const CALLING_PAGE: Record<Exclude<Who, 'newcomer'>, string> = { customer: '/app/user/my-profile', admin: '/app/admin/users' };

test.describe('the session, paths from its machine', () => {
  paths.forEach((plan, index) => {
    const name = `${index + 1}. ${plan.scenario.name}: ${plan.path.steps
      .slice(1)
      .map((step) => {
        const signedIn = whoOf((step.event as EventObject & { output?: AuthState }).output);
        return step.event.type.replace('xstate.', '') + (signedIn ? ` (${signedIn})` : '');
      })
      .join(' → ')}`;

    test(name, async ({ page }) => {
      const scenarioInput = plan.scenario.input as { lastReloadAt: number | null };
      await page.addInitScript(
        ([refreshMs, reloadedAgo]) => {
          localStorage.setItem('contabil.test.tokenRefreshMs', String(refreshMs));
          localStorage.setItem('contabil.test.machineLog', '1');
          if (reloadedAgo !== null && !sessionStorage.getItem('session.lastReloadAt')) {
            sessionStorage.setItem('session.lastReloadAt', String(Date.now() - reloadedAgo));
          }
        },
        [REFRESH_MS, scenarioInput.lastReloadAt === null ? null : RELOAD_GUARD_MS / 2] as const,
      );
      const signIns = new Held();
      const tokens = new Held();
      const companyLoads = new Held();
      let holdCompany = false;
      let failNextApiCall = false;
      await page.route('**/accounts:signInWithPassword**', (route) => signIns.take(route));
      await page.route('**/securetoken.googleapis.com/v1/token**', (route) => tokens.take(route));
      await page.route(/\/api\/companies\/[0-9a-f-]{36}(\/steps)?$/, (route) => {
        if (holdCompany) companyLoads.take(route);
        else void route.continue();
      });
      await page.route('**/api/**', (route) => {
        if (!failNextApiCall) return route.fallback();
        failNextApiCall = false;
        return route.fulfill({
          status: 401,
          json: { error: { code: 'unauthorized', message: 'Sessão inválida. Entre novamente.' } },
        });
      });

      let who: Who | null = null;
      let lastError: 'credentials' | 'wait' | null = null;
      const steps = plan.path.steps;
      for (let i = 1; i < steps.length; i++) {
        const { event, state } = steps[i];
        const next = steps[i + 1]?.event as (EventObject & { output?: AuthState }) | undefined;
        const value = valueOf(state);
        const at = `${name} (after ${event.type})`;
        switch (event.type) {
          case 'auth.changed':
            await page.goto('/app/login');
            break;
          case 'session.signIn': {
            if (value !== 'signingIn') {
              // Too early after wrong passwords: the form does not even let the person send it, and says how long.
              await expect(page.getByRole('button', { name: 'Entrar' }), at).toBeDisabled();
              lastError = 'wait';
              break;
            }
            const signingInAs = next?.type === 'xstate.done.actor.signIn' ? whoOf(next.output) : null;
            const email =
              signingInAs === 'admin'
                ? 'admin@demo.test'
                : signingInAs === 'newcomer'
                  ? await newcomerEmail(page)
                  : 'cliente@demo.test';
            holdCompany = signingInAs === 'customer';
            await page.getByLabel('E-mail').fill(email);
            await page.getByLabel('Senha').fill(signingInAs ? DEMO_PASSWORD : 'senha-errada-123');
            await page.getByRole('button', { name: 'Entrar' }).click();
            await expect(page.getByRole('button', { name: 'Entrar' }), at).toHaveAttribute('aria-busy', 'true');
            lastError = null;
            break;
          }
          case 'xstate.done.actor.signIn':
            who = whoOf((event as { output?: AuthState }).output);
            await (await signIns.next()).continue();
            break;
          case 'xstate.error.actor.signIn':
            await (await signIns.next()).continue();
            lastError = 'credentials';
            break;
          case 'company.loaded':
            holdCompany = false;
            await (await companyLoads.next()).continue();
            await (await companyLoads.next()).continue();
            break;
          case 'xstate.after.tokenRefresh.session.signedIn.active':
            // The shortened refresh asks the identity provider for a new token; the test holds the answer.
            await tokens.next().then((route) => tokens.take(route));
            break;
          case 'xstate.done.actor.refreshToken':
          case 'xstate.done.actor.recoverToken':
            await (await tokens.next()).continue();
            break;
          case 'xstate.error.actor.refreshToken':
          case 'xstate.error.actor.recoverToken':
            await (
              await tokens.next()
            ).fulfill({ status: 400, json: { error: { code: 400, message: 'TOKEN_EXPIRED', status: 'INVALID_ARGUMENT' } } });
            break;
          case 'api.unauthorized':
            failNextApiCall = true;
            await page.goto(CALLING_PAGE[who as Exclude<Who, 'newcomer'>], { waitUntil: 'commit' });
            break;
          case 'session.signOut':
            await page.getByRole('button', { name: 'Menu do usuário' }).click();
            await page.getByRole('menuitem', { name: 'Sair' }).click();
            break;
          case 'xstate.done.actor.signOut':
            who = null;
            break;
          case 'page.unload':
            await page.goto('/');
            break;
          default:
            throw new Error(`No browser action for ${event.type}`);
        }

        // What the state means on screen.
        if (value === 'signedOut') {
          await expect(page, at).toHaveURL(/\/app\/login/);
          await expect(page.getByRole('heading', { name: 'Entre na sua conta' }), at).toBeVisible();
          if (lastError === 'credentials')
            await expect(page.getByText(/E-mail ou senha incorretos|aguarde/i).first(), at).toBeVisible();
          if (lastError === 'wait') await expect(page.getByText(/aguarde/i).first(), at).toBeVisible();
          if (event.type === 'xstate.error.actor.recoverToken') await expect(page, at).toHaveURL(/[?&]next=/);
        } else if (value === 'loadingCompany' || value === 'signingIn') {
          await expect(page.getByRole('button', { name: 'Entrar' }), at).toHaveAttribute('aria-busy', 'true');
        } else if (value.includes('"signedIn":"active"') && who && event.type !== 'api.unauthorized') {
          if (event.type !== 'xstate.done.actor.recoverToken') await expect(page, at).toHaveURL(HOME[who]);
          else await expect(page, at).toHaveURL(new RegExp(CALLING_PAGE[who as Exclude<Who, 'newcomer'>]));
        } else if (value === 'reloading') {
          // A fresh token, then the page reloads on the page that met the 401.
          await page.waitForEvent('load');
          await expect(page, at).toHaveURL(new RegExp(CALLING_PAGE[who as Exclude<Who, 'newcomer'>]));
        } else if (value === 'unloaded') {
          await expect(page, at).toHaveURL(/\/$/);
        }
      }
      if (valueOf(plan.path.state).includes('refreshStopped')) {
        // Stopped: no new token is asked for, even after two refresh intervals.
        await page.waitForTimeout(REFRESH_MS * 2);
        const asked = await Promise.race([tokens.next().then(() => true), new Promise((r) => setTimeout(() => r(false), 100))]);
        expect(asked, `${name}: the refresh stays stopped`).toBe(false);
      }
      const log = await page.evaluate(() => sessionStorage.getItem('contabil.machineLog')).catch(() => null);
      type Entry = { machine: string; source: string; event: string; targets: string[]; guard: string | null };
      for (const entry of JSON.parse(log ?? '[]') as Entry[]) {
        if (entry.machine !== 'session') continue;
        const event = entry.event === '' ? '(always)' : entry.event;
        const match = allTransitions(sessionModel.machine).find(
          (t) =>
            t.source === entry.source &&
            t.event === event &&
            t.targets.join() === entry.targets.join() &&
            t.guard === entry.guard,
        );
        if (match) reached.add(match.key);
      }
    });
  });

  test('the browser took every transition these paths take', () => {
    expect([...expected].filter((key) => !reached.has(key))).toEqual([]);
  });
});
