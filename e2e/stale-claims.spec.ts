import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { sessionMachine } from '@machines/session.machine';
import { machineLog, transitionKeyOf } from './machine-log';
import { DEMO_PASSWORD, signIn } from './support';

/**
 * Claims gone stale — the token names a company the person does not have (a company removed, a database restored,
 * another instance's emulator accounts) — no longer lock the person out: the server refuses that company (403) and
 * mirrors the database's claims into the account as it does; the session takes a fresh token and loads a company the
 * person really has, or asks the server which one is theirs. A refusal that cannot be healed shows "Sem acesso",
 * never a server error.
 */

const EMULATOR = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9199'}`;
const GHOST = '00000000-0000-4000-8000-00000000dead';
const STALE = { roles: ['company-admin'], companies: [GHOST], companyId: GHOST };

async function emulatorSignIn(email: string) {
  const response = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, returnSecureToken: true }),
  });
  return (await response.json()) as { localId: string; idToken: string };
}

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

/** Gives the demo customer's account claims that name a company of nobody's, as another database's would. */
async function makeClaimsStale() {
  const { localId } = await emulatorSignIn('cliente@demo.test');
  const response = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/projects/demo-contabil/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId, customAttributes: JSON.stringify(STALE) }),
  });
  expect(response.status).toBe(200);
  expect(claimsOf((await emulatorSignIn('cliente@demo.test')).idToken)).toMatchObject({ companies: [GHOST] });
}

const sessionKeyOf = transitionKeyOf(sessionMachine);
async function sessionTransitions(page: Page): Promise<string[]> {
  return (await machineLog(page)).filter((entry) => entry.machine === 'session').map((entry) => sessionKeyOf(entry) ?? '?');
}

test.beforeEach(async ({ page }) => {
  await makeClaimsStale();
  await page.addInitScript(() => localStorage.setItem('contabil.test.machineLog', '1'));
});

test('signing in with stale claims lands on the panel of the company the person has, and the claims are healed', async ({
  page,
}) => {
  const refusals: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes(`/api/companies/${GHOST}`)) refusals.push(response.status());
  });
  await page.goto('/app/login');
  await signIn(page, 'cliente@demo.test');
  await expect(page).toHaveURL(/\/app\/panel$/);
  await expect(page.getByRole('button', { name: 'Empresa selecionada' })).toContainText('Mendes Tech');
  await expect(page.getByText(/Erro interno|Sem acesso/)).toHaveCount(0);
  // The stale company was asked for and refused; the fresh token named the real one.
  expect(refusals.length).toBeGreaterThan(0);
  expect(refusals.every((status) => status === 403)).toBe(true);
  await expect
    .poll(() => sessionTransitions(page))
    .toEqual(
      expect.arrayContaining([
        'session.loadingCompany · company.failed #0',
        'session.healingClaims · xstate.done.actor.healClaims #0',
        'session.loadingCompany · company.loaded #0',
      ]),
    );
  // The account's claims are the database's again: the next sign-in anywhere starts right.
  expect(claimsOf((await emulatorSignIn('cliente@demo.test')).idToken).companies).not.toContain(GHOST);
});

test('when the fresh token still names only the refused company, the server says which company is the person’s', async ({
  page,
}) => {
  // The identity provider keeps answering with the stale claims (its mirror not there yet).
  await page.route('**/securetoken.googleapis.com/v1/token**', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    const [header, payload, signature] = (body.id_token as string).split('.');
    const stale = { ...JSON.parse(Buffer.from(payload, 'base64url').toString()), ...STALE };
    body.id_token = body.access_token = [header, Buffer.from(JSON.stringify(stale)).toString('base64url'), signature].join('.');
    await route.fulfill({ response, json: body });
  });
  await page.goto('/app/login');
  await signIn(page, 'cliente@demo.test');
  await expect(page).toHaveURL(/\/app\/panel$/);
  await expect(page.getByRole('button', { name: 'Empresa selecionada' })).toContainText('Mendes Tech');
  await expect
    .poll(() => sessionTransitions(page))
    .toEqual(
      expect.arrayContaining([
        'session.healingClaims · xstate.done.actor.healClaims #1',
        'session.findingCompany · xstate.done.actor.findOwnCompany #0',
        'session.loadingCompany · company.loaded #0',
      ]),
    );
});

test('a refusal that cannot be healed is shown as "Sem acesso", never as a server error', async ({ page }) => {
  await page.route('**/securetoken.googleapis.com/v1/token**', (route) => route.abort('internetdisconnected'));
  await page.route('**/api/companies/me', (route) => route.abort('internetdisconnected'));
  await page.goto('/app/login');
  await signIn(page, 'cliente@demo.test');
  await expect(page.getByRole('heading', { name: 'Sem acesso' })).toBeVisible();
  await expect(page.getByText('403', { exact: true })).toBeVisible();
  await expect(page.getByText(/Erro interno/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Ir para minha conta' })).toBeVisible();
});
