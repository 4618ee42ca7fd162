import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { AuthState } from '@machines/session.machine';
import type { ModelPath } from '../tests/machines/models/model';
import { candidatePaths, coveringPaths, transitionsOf } from '../tests/machines/models/model';
import { sessionModel } from '../tests/machines/models/session.model';
import { allTransitions } from '../tests/machines/models/transitions';
import { machineLog, transitionKeyOf } from './machine-log';
import { DEMO_PASSWORD, Held, signIn } from './support';
import { SESSION_TRANSITIONS_OF_A_NEW_COMPANY } from './wizard-driver';

/**
 * UI-level model test of the session: paths generated from the session machine's graph (the model of
 * tests/machines) drive the real app in Chromium. Each event is what a person does or what the network answers: the
 * identity provider's sign-in and token calls and the company load are held by the test and answered when the path
 * says so, the 50-minute refresh is shortened (a test-only setting outside production), a 401 is the API's answer to
 * the next call, a stored session is a reload after signing in. After each step the page must show what the state
 * means (the login form, busy or not, with its message; the panel, the team's list or the wizard; a reload; the login
 * page with `next`). The app logs its machines' transitions outside production (src/lib/machine-log.ts): each test
 * checks the browser took every transition its path takes.
 */

const REFRESH_MS = 3000;

/** Events a person's actions or the network can cause in a browser. */
const DRIVABLE = new Set([
  'auth.changed',
  'session.signIn',
  'xstate.done.actor.signIn',
  'xstate.error.actor.signIn',
  'company.select',
  'company.loaded',
  'company.failed',
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

/**
 * The transitions no path here takes, and why. The machine-level model tests (tests/machines) take each of them; the
 * wizards' browser tests take those of a new company's claims (SESSION_TRANSITIONS_OF_A_NEW_COMPANY).
 */
const NOT_IN_BROWSER: Record<string, string> = {
  'session.refreshingClaims · xstate.done.actor.refreshClaims #1': 'e2e/onboarding.spec.ts: the new token lacks the company',
  'session.refreshingClaims · xstate.error.actor.refreshClaims #0': 'e2e/onboarding.spec.ts: the new company’s refresh fails',
  'session.refreshingClaims · api.unauthorized #0': 'no page calls the API while the wizard refreshes the claims',
  'session.refreshingClaims · api.unauthorized #1': 'no page calls the API while the wizard refreshes the claims',
  'session.signedOut · session.signIn #1': 'the form disables “Entrar” while it asks to wait: it never sends the sign-in',
  'session.signingOut · xstate.error.actor.signOut #0': 'Firebase signs out locally: it does not fail',
  'session · auth.changed #1': 'Firebase reports a change of user once: never the same user twice in a row',
  // Claims gone stale: e2e/stale-claims.spec.ts signs in with them and takes the healing in the browser (the refusal,
  // the fresh token naming the real company or not, the server's /companies/me, "Sem acesso"); the rest here.
  'session.loadingCompany · company.failed #0': 'e2e/stale-claims.spec.ts: a company the server refuses (403)',
  'session.healingClaims · xstate.done.actor.healClaims #0': 'e2e/stale-claims.spec.ts: the fresh token names the real company',
  'session.healingClaims · xstate.done.actor.healClaims #1': 'e2e/stale-claims.spec.ts: the fresh token is still stale',
  'session.healingClaims · xstate.error.actor.healClaims #0': 'e2e/stale-claims.spec.ts: the refresh fails ("Sem acesso")',
  'session.healingClaims · api.unauthorized #0': 'no page calls the API while the claims are refreshed',
  'session.healingClaims · api.unauthorized #1': 'no page calls the API while the claims are refreshed',
  'session.healingClaims · session.signOut #0': 'the healing takes a moment under the login form: no menu to sign out from',
  'session.findingCompany · xstate.done.actor.findOwnCompany #0': 'e2e/stale-claims.spec.ts: the server names the company',
  'session.findingCompany · xstate.done.actor.findOwnCompany #1': 'the demo people with stale claims all have a company',
  'session.findingCompany · xstate.error.actor.findOwnCompany #0': 'e2e/stale-claims.spec.ts: the server cannot be asked',
  'session.findingCompany · api.unauthorized #0': 'the machine-level model takes it: a 401 to /companies/me',
  'session.findingCompany · api.unauthorized #1': 'the machine-level model takes it: a 401 to /companies/me',
  'session.findingCompany · session.signOut #0': 'the lookup takes a moment under the login form: no menu to sign out from',
};

type Who = 'customer' | 'admin' | 'newcomer';
const whoOf = (auth: AuthState | null | undefined): Who | null =>
  !auth ? null : auth.claims.roles?.includes('system-admin') ? 'admin' : auth.claims.companies?.length ? 'customer' : 'newcomer';

const authOf = (event: EventObject | undefined): AuthState | null =>
  (event as { auth?: AuthState | null } | undefined)?.auth ?? (event as { output?: AuthState } | undefined)?.output ?? null;

const valueOf = (snapshot: AnyMachineSnapshot) =>
  typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);

/** A failed sign-in the provider answers as a wrong password (the model's other failures are a network's). */
const wrongPassword = (event: EventObject | undefined) =>
  event?.type === 'xstate.error.actor.signIn' && (event as { error?: { code?: string } }).error?.code !== undefined;

/**
 * A path a browser can live: it starts with the identity provider's first answer (nobody, or a session stored by an
 * earlier sign-in), and each event can happen where it does.
 */
function livable({ path }: ModelPath): boolean {
  const steps = path.steps;
  if (steps.length < 2 || steps[1].event.type !== 'auth.changed') return false;
  let who: Who | null = null;
  for (let i = 1; i < steps.length; i++) {
    const { event } = steps[i];
    const before = valueOf(steps[i - 1].state);
    const after = valueOf(steps[i].state);
    const next = steps[i + 1]?.event.type;
    if (!DRIVABLE.has(event.type) || (event.type === 'auth.changed' && i > 1)) return false;
    if (event.type === 'auth.changed' || event.type === 'xstate.done.actor.signIn') who = whoOf(authOf(event));
    // The form does not send a sign-in while it asks the person to wait.
    if (event.type === 'session.signIn' && after !== 'signingIn') return false;
    if (event.type === 'page.unload' && i !== steps.length - 1) return false;
    if (after === 'signingIn' && next && !next.endsWith('actor.signIn')) return false;
    // The company's load is the only call while it loads: it succeeds, fails, or meets a 401; a company chosen in the
    // selector loads under the page, whose menu can sign out meanwhile.
    const whileLoading = ['company.loaded', 'company.failed', 'api.unauthorized'];
    if (event.type === 'company.select') whileLoading.push('session.signOut');
    if (after === 'loadingCompany' && next && !whileLoading.includes(next)) return false;
    if (after.includes('refreshingToken') && next && !next.endsWith('actor.refreshToken')) return false;
    if (after === 'recovering' && next && !next.endsWith('actor.recoverToken') && next !== 'api.unauthorized') return false;
    if (after === 'signingOut' && next && next !== 'xstate.done.actor.signOut') return false;
    // A 401 answers a call: the company's load, or a page's of a customer or the team (the newcomer's wizard is left
    // to its own tests).
    if (event.type === 'api.unauthorized' && !(before.includes('signedIn') || ['loadingCompany', 'recovering'].includes(before)))
      return false;
    if (event.type === 'api.unauthorized' && who === 'newcomer') return false;
    // A second 401 during the recovery: the company's other call (its track), asked together with the refused one.
    if (event.type === 'api.unauthorized' && before === 'recovering' && valueOf(steps[i - 2].state) !== 'loadingCompany')
      return false;
    // The demo customer belongs to two companies; the team and a newcomer have nothing to choose.
    if (event.type === 'company.select' && who !== 'customer') return false;
    if (after === 'reloading' && i !== steps.length - 1) return false;
    if (event.type === 'xstate.done.actor.signOut') who = null;
  }
  return true;
}

/**
 * What the identity provider's listener reports, in a browser, before a call of the session answers: the new user
 * before the sign-in's answer, nobody before the sign-out's, nobody before a refresh refused for an expired session.
 */
const REPORTED_BEFORE: Record<string, (event: EventObject) => AuthState | null> = {
  'xstate.done.actor.signIn': (event) => authOf(event),
  'xstate.done.actor.signOut': () => null,
  'xstate.error.actor.recoverToken': () => null,
};

/** The path as a browser lives it: each of those answers preceded by the listener's report (the machine ignores it). */
function asInBrowser(plan: ModelPath): ModelPath {
  const steps = plan.path.steps.flatMap((step, i) => {
    const reported = REPORTED_BEFORE[step.event.type];
    if (!reported) return [step];
    return [{ state: plan.path.steps[i - 1].state, event: { type: 'auth.changed', auth: reported(step.event) } }, step];
  });
  return { ...plan, path: { ...plan.path, steps } };
}

/** The session model with the events a browser can cause (the listener's first answer, a person's, the network's). */
const browserModel = {
  ...sessionModel,
  scenarios: sessionModel.scenarios.map((scenario) => ({
    ...scenario,
    // A refusal (403) is left to e2e/stale-claims.spec.ts: here a failed load is the server's 404.
    events: (snapshot: AnyMachineSnapshot) =>
      (typeof scenario.events === 'function' ? scenario.events(snapshot) : scenario.events).filter(
        (event) => DRIVABLE.has(event.type) && (event as { status?: number }).status !== 403,
      ),
  })),
};
const { moving } = candidatePaths(browserModel);
const paths = coveringPaths(sessionModel, moving.filter(livable).map(asInBrowser));

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
/** A menu link of each kind of person whose page calls the API. */
const CALLING_LINK: Record<Exclude<Who, 'newcomer'>, { name: string; url: RegExp }> = {
  customer: { name: 'Documentos', url: /\/app\/documents$/ },
  admin: { name: 'Usuários', url: /\/app\/admin\/users$/ },
};

const sessionKeyOf = transitionKeyOf(sessionModel.machine);
/** The session machine's transitions the page took (the app's log). */
async function takenInBrowser(page: Page): Promise<Set<string>> {
  const keys = (await machineLog(page)).filter((entry) => entry.machine === 'session').map(sessionKeyOf);
  return new Set(keys.filter((key): key is string => key !== null));
}

test('the browser paths take every transition of the session machine but those explained', () => {
  const taken = new Set(paths.flatMap((plan) => [...transitionsOf(sessionModel, plan)]));
  const untaken = allTransitions(sessionModel.machine)
    .map((transition) => transition.key)
    .filter((key) => !taken.has(key));
  expect(untaken.sort()).toEqual([...Object.keys(NOT_IN_BROWSER), ...SESSION_TRANSITIONS_OF_A_NEW_COMPANY].sort());
});

test.describe('the session, paths from its machine', () => {
  paths.forEach((plan, index) => {
    const name = `${index + 1}. ${plan.scenario.name}: ${plan.path.steps
      .slice(1)
      .map((step) => {
        const who =
          step.event.type === 'xstate.done.actor.signIn' || step === plan.path.steps[1] ? whoOf(authOf(step.event)) : null;
        return step.event.type.replace('xstate.', '') + (who ? ` (${who})` : '');
      })
      .join(' → ')}`;

    test(name, async ({ page }, testInfo) => {
      const scenarioInput = plan.scenario.input as { lastReloadAt: number | null };
      await page.addInitScript(
        ([refreshMs, windowOpenFor]) => {
          localStorage.setItem('contabil.test.tokenRefreshMs', String(refreshMs));
          localStorage.setItem('contabil.test.machineLog', '1');
          // "Reloaded moments ago" must hold at every page and every step of the path, as in the model, whose clock
          // stands still. In a browser the path's steps take real time: two token refreshes alone are 6 s of the
          // guard's 10-s window, and on a busy machine the window closed before the path's last 401. The reload is
          // stamped so that the window stays open for the test's whole time.
          if (windowOpenFor !== null) sessionStorage.setItem('session.lastReloadAt', String(Date.now() + windowOpenFor));
        },
        [REFRESH_MS, scenarioInput.lastReloadAt === null ? null : testInfo.timeout] as const,
      );
      const signIns = new Held();
      const tokens = new Held();
      const companyLoads = new Held();
      let holdSignIn = true;
      let holdTokens = true;
      let holdCompany = false;
      let failNextApiCall = false;
      await page.route('**/accounts:signInWithPassword**', (route) => (holdSignIn ? signIns.take(route) : route.continue()));
      await page.route('**/securetoken.googleapis.com/v1/token**', (route) =>
        holdTokens ? tokens.take(route) : route.continue(),
      );
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

      const emailOf = async (who: Who | null) =>
        who === 'admin' ? 'admin@demo.test' : who === 'newcomer' ? await newcomerEmail(page) : 'cliente@demo.test';

      let who: Who | null = null;
      /** The page that met the 401, the menu link that opened it. */
      let refusedAt: string | RegExp = '';
      let link: { name: string; url: RegExp };
      /** The company chosen in the selector. */
      let chosen = '';
      const steps = plan.path.steps;
      for (let i = 1; i < steps.length; i++) {
        const { event, state } = steps[i];
        const next = steps[i + 1]?.event;
        const value = valueOf(state);
        const at = `${name} (after ${event.type})`;
        switch (event.type) {
          case 'auth.changed':
            if (i > 1) {
              const before = valueOf(steps[i - 1].state);
              // The provider accepts the password: its listener reports the user, then the sign-in call answers.
              if (before === 'signingIn') await (await signIns.next()).continue();
              // The provider refuses the expired session: it signs out (the listener reports nobody), then the call fails.
              if (before === 'recovering')
                await (
                  await tokens.next()
                ).fulfill({ status: 400, json: { error: { code: 400, message: 'TOKEN_EXPIRED', status: 'INVALID_ARGUMENT' } } });
              // Signing out: the listener reports nobody as the provider forgets the session, then the call answers.
              break;
            }
            await page.goto('/app/login');
            who = whoOf(authOf(event));
            if (who) {
              // A session stored by an earlier sign-in: sign in, then reload; the new page's machine starts from it.
              // Claims another server on the shared test emulator left stale are healed here (a fresh token).
              holdSignIn = false;
              holdTokens = false;
              await signIn(page, await emailOf(who));
              await expect(page, at).toHaveURL(HOME[who]);
              holdSignIn = true;
              holdTokens = true;
              holdCompany = who === 'customer';
              await page.evaluate(() => sessionStorage.removeItem('contabil.machineLog'));
              await page.reload({ waitUntil: 'commit' });
            }
            break;
          case 'session.signIn': {
            const signingInAs = next?.type === 'auth.changed' ? whoOf(authOf(next)) : null;
            holdCompany = signingInAs === 'customer';
            // A wrong password, or the right one on a network that fails (an error that does not count as a wrong password).
            await signIn(
              page,
              await emailOf(signingInAs),
              signingInAs || !wrongPassword(next) ? DEMO_PASSWORD : 'senha-errada-123',
            );
            await expect(page.getByRole('button', { name: 'Entrar' }), at).toHaveAttribute('aria-busy', 'true');
            break;
          }
          case 'xstate.done.actor.signIn':
            who = whoOf(authOf(event));
            break;
          case 'xstate.error.actor.signIn':
            if (wrongPassword(event)) await (await signIns.next()).continue();
            else await (await signIns.next()).abort('internetdisconnected');
            break;
          case 'company.failed': {
            // The server cannot find the company (an answer not retried; its track still let through).
            const first = await companyLoads.next();
            holdCompany = false;
            await first.fulfill({ status: 404, json: { error: { code: 'not_found', message: 'Empresa não encontrada.' } } });
            await Promise.all(companyLoads.drain().map((route) => route.continue()));
            break;
          }
          case 'company.loaded': {
            // The company and its track are asked for together: the first one held, then both let through.
            const first = await companyLoads.next();
            holdCompany = false;
            await Promise.all([first, ...companyLoads.drain()].map((route) => route.continue()));
            break;
          }
          case 'xstate.after.tokenRefresh.session.signedIn.active':
            // The shortened refresh asks the identity provider for a new token; the test holds the answer.
            await tokens.next().then((route) => tokens.take(route));
            break;
          case 'xstate.done.actor.refreshToken':
            await (await tokens.next()).continue();
            break;
          case 'xstate.done.actor.recoverToken': {
            const route = await tokens.next();
            // Marks this document, to see whether the page reloads.
            await page.evaluate(() => Object.assign(window, { beforeRecovery: true }));
            await route.continue();
            break;
          }
          case 'xstate.error.actor.refreshToken':
            // The network fails: the person stays signed in with the token they have (an expired one would sign out).
            await (await tokens.next()).abort('internetdisconnected');
            break;
          case 'xstate.error.actor.recoverToken':
            // Answered with the listener's report just before.
            break;
          case 'api.unauthorized':
            if (['loadingCompany', 'recovering'].includes(valueOf(steps[i - 1].state))) {
              // The API refuses the company's load (then, during the recovery, its other call too, if the path says so).
              const first = await companyLoads.next();
              holdCompany = false;
              // Met while signing in, the person goes home once the session settles; met on reload, stays.
              refusedAt = HOME[who as Who];
              await first.fulfill({ status: 401, json: { error: { code: 'unauthorized', message: 'Sessão inválida.' } } });
              if (next?.type !== 'api.unauthorized') await Promise.all(companyLoads.drain().map((route) => route.continue()));
              break;
            }
            // The person opens a page of the menu; the API refuses its call.
            link = CALLING_LINK[who as Exclude<Who, 'newcomer'>];
            refusedAt = link.url;
            failNextApiCall = true;
            await page.getByRole('link', { name: link.name, exact: true }).click();
            break;
          case 'company.select':
            // The customer chooses their other company in the selector; the test holds its load.
            holdCompany = true;
            await page.getByRole('button', { name: 'Empresa selecionada' }).click();
            chosen = (await page.getByRole('option', { selected: false }).first().textContent())?.trim() ?? '';
            await page.getByRole('option', { selected: false }).first().click();
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

        // The browser took this step's transitions (the app's log of its machines) before the screen is checked.
        const prefix = { ...plan, path: { ...plan.path, steps: steps.slice(0, i + 1) } };
        const expected = [...transitionsOf(sessionModel, prefix)];
        await expect
          .poll(
            async () => {
              const taken = await takenInBrowser(page);
              return expected.filter((key) => !taken.has(key));
            },
            { message: `${at}: transitions taken in the browser` },
          )
          .toEqual([]);

        // What the state means on screen.
        if (value === 'signedOut') {
          await expect(page, at).toHaveURL(/\/app\/login/);
          await expect(page.getByRole('heading', { name: 'Entre na sua conta' }), at).toBeVisible();
          const { signInRetryAt } = state.context as { signInRetryAt: number | null };
          if (event.type === 'xstate.error.actor.signIn') {
            // Why it failed; after too many wrong passwords, how long to wait, with the form refusing to send.
            await expect(page.getByRole('alert').filter({ hasText: /\S/ }).first(), at).toBeVisible();
            if (signInRetryAt !== null) {
              await expect(page.getByText(/aguarde/i).first(), at).toBeVisible();
              await expect(page.getByRole('button', { name: 'Entrar' }), at).toBeDisabled();
            }
          }
          // A session that could not be recovered — the refresh refused, or a 401 again on the page its reload opened:
          // back to the login, which says why and returns to the page afterwards.
          if (event.type === 'xstate.error.actor.recoverToken' || event.type === 'api.unauthorized') {
            await expect(page, at).toHaveURL(/[?&]next=/);
            await expect(page.getByText('Sua sessão expirou. Entre novamente.'), at).toBeVisible();
          }
        } else if (value === 'signingIn' && event.type === 'session.signIn') {
          await expect(page.getByRole('button', { name: 'Entrar' }), at).toHaveAttribute('aria-busy', 'true');
        } else if (value === 'loadingCompany' && event.type === 'company.select') {
          // The chosen company loads under the person's eyes: the page and its menu stay.
          await expect(page.getByRole('button', { name: 'Menu do usuário' }), at).toBeVisible();
        } else if (value === 'loadingCompany' && i > 1) {
          await expect(page.getByRole('button', { name: 'Entrar' }), at).toHaveAttribute('aria-busy', 'true');
        } else if (value.includes('"signedIn":"active"') && who && event.type !== 'api.unauthorized') {
          // Home for each kind of person; after a recovered 401 without reload, still on the page that met it.
          if (event.type === 'xstate.done.actor.recoverToken') await expect(page, at).toHaveURL(refusedAt);
          else await expect(page, at).toHaveURL(HOME[who]);
          await expect(page.getByRole('button', { name: 'Menu do usuário' }), at).toBeVisible();
          // Another company chosen: the selector shows it.
          if (steps.some((step, j) => j <= i && step.event.type === 'company.select'))
            await expect(page.getByRole('button', { name: 'Empresa selecionada' }), at).toContainText(chosen.slice(0, 12));
          // A company the session could not load: the page asks for it again itself, and is not stuck.
          if (event.type === 'company.failed') await expect(page.getByRole('heading', { level: 1 }), at).toBeVisible();
        } else if (value === 'reloading') {
          // A fresh token, then the page reloads on the page that met the 401.
          await expect
            .poll(() => page.evaluate(() => !('beforeRecovery' in window)).catch(() => false), { message: `${at}: reloaded` })
            .toBe(true);
          await expect(page, at).toHaveURL(refusedAt);
        } else if (value === 'unloaded') {
          await expect(page, at).toHaveURL(/\/$/);
        }
      }
      if (valueOf(plan.path.state).includes('refreshStopped')) {
        // Stopped: no new token is asked for, even after two refresh intervals.
        await page.waitForTimeout(REFRESH_MS * 2);
        expect(tokens.drain(), `${name}: the refresh stays stopped`).toEqual([]);
      }
    });
  });
});
