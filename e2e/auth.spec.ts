import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, Held, layout, sideMenu, signIn, signInFromLogin } from './support';

// These two sign in through the form every time (signInFromLogin may start from a session stored earlier).
test('a customer signs in and lands on the panel of their company', async ({ page }) => {
  await page.goto('/app/login');
  await signIn(page, 'cliente@demo.test');
  await expect(page).toHaveURL('/app/panel');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Carlos');
  await expect(page.getByTestId('company-selector')).toContainText('Mendes Tech');
  await expect(sideMenu(page).getByRole('link', { name: 'Notas fiscais' })).toBeVisible();
  await expect(sideMenu(page).getByRole('link', { name: 'Pedidos de abertura' })).toHaveCount(0);
});

test('an admin signs in and lands on the companies list', async ({ page }) => {
  await page.goto('/app/login');
  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL('/app/admin/companies');
  await expect(page.getByRole('heading', { name: 'Empresas', level: 1 })).toBeVisible();
  // Newest first: the demo's oldest companies (Mendes Tech among them) are on the second page.
  await expect(page.getByText(/^Mostrando 1–25 de \d+$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Rocha Doces' })).toBeVisible();
  await expect(sideMenu(page).getByRole('link', { name: 'Pedidos de abertura' })).toBeVisible();
  await expect(sideMenu(page).getByRole('link', { name: 'Notas fiscais' })).toHaveCount(0);
  await expect(page.getByTestId('company-selector')).toHaveCount(0);
});

test('a wrong password is refused in Portuguese', async ({ page }) => {
  await page.goto('/app/login');
  await signIn(page, 'cliente@demo.test', 'senha-errada');
  await expect(page.getByRole('alert')).toHaveText('E-mail ou senha incorretos.');
  await expect(page).toHaveURL('/app/login');
});

test('a guarded page without a session goes to login with next, and back after sign-in', async ({ page }) => {
  await page.goto('/app/documents?aba=recentes');
  await expect(page).toHaveURL('/app/login?aba=recentes&next=%2Fapp%2Fdocuments%3Faba%3Drecentes');
  await signIn(page, 'cliente@demo.test');
  await expect(page).toHaveURL('/app/documents?aba=recentes');
  await expect(layout(page, 'admin')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Documentos' })).toBeVisible();
});

test('an invalid session met by a 401 is cleared and sent to login with next', async ({ page }) => {
  await signInFromLogin(page, 'cliente@demo.test');
  // Spoil the stored session: an expired ID token the browser still trusts, and a refresh token that no longer works.
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('firebase:authUser:'))!;
    const stored = JSON.parse(localStorage.getItem(key)!);
    const manager = stored.stsTokenManager;
    const [header, payload] = manager.accessToken.split('.');
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    claims.exp = Math.floor(Date.now() / 1000) - 60;
    const spoiled = btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    manager.accessToken = `${header}.${spoiled}.`;
    manager.expirationTime = Date.now() + 3_600_000;
    manager.refreshToken = 'revoked-refresh-token';
    localStorage.setItem(key, JSON.stringify(stored));
  });
  await page.goto('/app/panel?origem=email');
  await expect(page).toHaveURL('/app/login?origem=email&next=%2Fapp%2Fpanel%3Forigem%3Demail');
  // The login page says why the person is there.
  await expect(page.getByRole('status').filter({ hasText: 'Sua sessão expirou. Entre novamente.' })).toBeVisible();
  await signIn(page, 'cliente@demo.test', DEMO_PASSWORD);
  await expect(page).toHaveURL('/app/panel?origem=email');
});

test('a server that answers 401 to every call ends the session once: one refresh, one reload, the login with next', async ({
  page,
}) => {
  await signInFromLogin(page, 'cliente@demo.test');
  await expect(page).toHaveURL('/app/panel');
  // The panel's own calls end with its page: refused while it is still open, they would start a recovery (and a reload)
  // in a page the test is leaving, racing the one it opens.
  await page.goto('about:blank');
  // The account is refused by the API (disabled, revoked) while Firebase still holds a valid session in the browser.
  let apiCalls = 0;
  let refreshes = 0;
  let documents = 0;
  await page.route('**/api/**', (route) => {
    apiCalls++;
    return route.fulfill({ status: 401, json: { error: { code: 'unauthorized', message: 'Sessão inválida.' } } });
  });
  await page.route('**/securetoken.googleapis.com/v1/token**', (route) => {
    refreshes++;
    return route.continue();
  });
  // Documents loaded (the app's own moves between pages load none).
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents++;
  });
  await page.goto('/app/panel?origem=email');

  await expect(page).toHaveURL('/app/login?origem=email&next=%2Fapp%2Fpanel%3Forigem%3Demail', { timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Sua sessão expirou. Entre novamente.' })).toBeVisible();
  // Then nothing more: no request storm, no page of a company it could not load.
  await page.waitForTimeout(5_000);
  await expect(page).toHaveURL(/^[^#]*\/app\/login\?/);
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeEnabled();
  expect(refreshes, 'one forced token refresh').toBeLessThanOrEqual(1);
  // The page opened and its one reload (the login then opens in the app).
  expect(documents, 'one reload').toBeLessThanOrEqual(2);
  // Each load asks for the company and its track (and what the page shows): a handful, not a thousand.
  expect(apiCalls, 'calls to the API').toBeLessThanOrEqual(12);
});

test('signing out returns to the login page and guards the app again', async ({ page }) => {
  await signInFromLogin(page, 'cliente@demo.test');
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL('/app/login');
  await expect(page.getByRole('heading', { name: 'Entre na sua conta' })).toBeVisible();
  await page.goto('/app/panel');
  await expect(page).toHaveURL('/app/login?next=%2Fapp%2Fpanel');
});

// Firebase's own code: held to show what the page does without it.
const FIREBASE_CHUNK = /\/assets\/firebase-[^/]*\.js$/;

test('a person coming back sees their page and its data with no Firebase: it loads when needed, as for a sign-out', async ({
  page,
}) => {
  await signInFromLogin(page, 'cliente@demo.test');
  const firebase = new Held();
  await page.route(FIREBASE_CHUNK, (route) => firebase.take(route));
  await page.goto('/app/invoices');
  await expect(page.getByRole('heading', { name: 'Notas fiscais', level: 1 })).toBeVisible();
  await expect(page.getByTestId('company-selector')).toContainText('Mendes Tech');
  // The list came with the token Firebase had stored: the API accepted it.
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  // The page has shown, and its token is fresh: nothing asks for Firebase, even once the browser has been idle.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
  await page.waitForTimeout(2_500);
  expect(firebase.drain()).toHaveLength(0);
  // Signing out needs it: it loads, and ends the session.
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await (await firebase.next()).continue();
  await page.unroute(FIREBASE_CHUNK);
  await expect(page).toHaveURL('/app/login');
  await page.goto('/app/panel');
  await expect(page).toHaveURL('/app/login?next=%2Fapp%2Fpanel');
});

test('a person coming back: their company and the page’s code are asked for while the framework is on its way', async ({
  page,
}) => {
  await signInFromLogin(page, 'cliente@demo.test');
  const framework = new Held();
  await page.route(/\/assets\/framework-[^/]*\.js$/, (route) => framework.take(route));
  const companyCalls: string[] = [];
  const scripts: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/\/api\/companies\/[^/?]+(\/steps)?$/.test(pathname)) companyCalls.push(pathname);
    if (request.resourceType() === 'script') scripts.push(pathname);
  });
  await page.goto('/app/invoices', { waitUntil: 'commit' });
  const held = await framework.next();
  await expect.poll(() => companyCalls.length, { message: 'the company and its steps, framework held' }).toBe(2);
  // The signed-in frame, which the document itself does not load, comes with the page's code.
  await expect.poll(() => scripts.some((path) => /\/assets\/shell-[^/]*\.js$/.test(path))).toBe(true);
  await held.continue();
  await page.unroute(/\/assets\/framework-[^/]*\.js$/);
  await expect(page.getByRole('heading', { name: 'Notas fiscais', level: 1 })).toBeVisible();
  await expect(page.getByTestId('company-selector')).toContainText('Mendes Tech');
  // The session used those answers: it did not ask for the company again.
  expect(companyCalls).toHaveLength(2);
});

test('a person coming back: what the feature flags show is there the first time the page draws', async ({ page }) => {
  await signInFromLogin(page, 'cliente@demo.test');
  // The first frame the page's heading shows in (the app's, not the frame the head start draws before it,
  // src/lib/page-shell.ts): was the Cora card (behind its flag) already there?
  await page.addInitScript(() => {
    const check = () => {
      const heading = [...document.querySelectorAll('h1')].find(
        (h1) => h1.textContent?.trim() === 'Extratos bancários' && !h1.closest('#page-shell'),
      );
      if (heading) Object.assign(window, { coraAtFirstFrame: document.querySelector('[data-testid="cora-card"]') !== null });
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  // The framework waits until the flags have come, as on a slow phone where it arrives a second after the document.
  const framework = new Held();
  await page.route(/\/assets\/framework-[^/]*\.js$/, (route) => framework.take(route));
  const flags = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/features');
  await page.goto('/app/bank-statements/accounts', { waitUntil: 'commit' });
  const held = await framework.next();
  await flags;
  await held.continue();
  await page.unroute(/\/assets\/framework-[^/]*\.js$/);
  await expect(page.getByTestId('cora-card')).toBeVisible();
  expect(await page.evaluate(() => (window as { coraAtFirstFrame?: boolean }).coraAtFirstFrame)).toBe(true);
});

test('flags that come after the framework move nothing: the page waits for them before its body', async ({ page }) => {
  await signInFromLogin(page, 'cliente@demo.test');
  // Every layout shift of the load, as Lighthouse's CLS counts them.
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // On a fast network the framework may run before the flags have come.
  const flags = new Held();
  await page.route('**/api/features', (route) => flags.take(route));
  await page.goto('/app/bank-statements/accounts');
  await expect(page.getByRole('heading', { name: 'Extratos bancários', level: 1 })).toBeVisible();
  await page.waitForTimeout(300);
  // While the flags are on their way the page says it is loading, and the app waits for the head start's call rather
  // than asking again.
  await expect(page.getByRole('status').getByText('Carregando…')).toBeVisible();
  const held = [await flags.next(), ...flags.drain()];
  expect(held).toHaveLength(1);
  for (const route of held) await route.continue();
  await page.unroute('**/api/features');
  await expect(page.getByTestId('cora-card')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Importar extrato OFX' })).toBeVisible();
  await page.waitForTimeout(300);
  const total = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0));
  expect(total).toBeLessThan(0.01);
});

test('signing out before Firebase has loaded waits for it, and ends the session', async ({ page }) => {
  await signInFromLogin(page, 'cliente@demo.test');
  const firebase = new Held();
  await page.route(FIREBASE_CHUNK, (route) => firebase.take(route));
  await page.goto('/app/panel');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Carlos');
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  for (const route of [await firebase.next(), ...firebase.drain()]) await route.continue();
  await page.unroute(FIREBASE_CHUNK);
  await expect(page).toHaveURL('/app/login');
  // Firebase's stored user is gone too: a new page is not signed in.
  await page.goto('/app/documents');
  await expect(page).toHaveURL('/app/login?next=%2Fapp%2Fdocuments');
});

test('signing out when Firebase cannot load still forgets the session in this browser', async ({ page }) => {
  await signInFromLogin(page, 'cliente@demo.test');
  // Offline, or the file refused: Firebase never comes.
  await page.route(FIREBASE_CHUNK, (route) => route.abort('internetdisconnected'));
  await page.goto('/app/panel');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Carlos');
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL('/app/login');
  // A new page is not signed in: the session Firebase had stored is gone too.
  await page.goto('/app/documents');
  await expect(page).toHaveURL('/app/login?next=%2Fapp%2Fdocuments');
});

test('signing out in another tab sends this one to login: the guards decide again (the session’s recheckGuards)', async ({
  context,
  page,
}) => {
  await signInFromLogin(page, 'cliente@demo.test');
  await page.goto('/app/documents');
  await expect(page.getByRole('heading', { name: 'Documentos', level: 1 })).toBeVisible();
  const other = await context.newPage();
  await other.goto('/app/panel');
  await other.getByRole('button', { name: 'Menu do usuário' }).click();
  await other.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(other).toHaveURL('/app/login');
  // Firebase tells this tab that nobody is signed in; no click here, and the page it was on is guarded again.
  await expect(page).toHaveURL('/app/login?next=%2Fapp%2Fdocuments', { timeout: 15_000 });
});

test('a new customer signs up and is taken to the wizard of the chosen track', async ({ page }) => {
  const email = `novo.cliente.${Date.now()}@empresa.com.br`;
  await page.goto('/app/login?mode=signup&track=migrate-company');
  await expect(page.getByLabel('Troca de contador')).toBeChecked();
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByText('Informe seu nome.')).toBeVisible();
  await page.getByLabel('Nome completo').fill('Rafael Teixeira');
  await page.getByLabel('E-mail').fill('rafael@empresa');
  await page.getByLabel('Telefone').pressSequentially('11987654321');
  await expect(page.getByLabel('Telefone')).toHaveValue('(11) 98765-4321');
  await page.getByLabel('Senha').fill('1234567');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByText('E-mail inválido')).toBeVisible();
  await expect(page.getByText('A senha deve conter no mínimo 8 caracteres')).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill('senha-forte-123');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL('/app/wizard/company-migration');
  await expect(layout(page, 'onboarding')).toBeVisible();
  await expect(sideMenu(page)).toHaveCount(0);
});

test('when the sign-in after sign-up fails, the form says the account exists and how to enter', async ({ page }) => {
  // The identity service refuses the sign-in that follows the new account.
  await page.route('**/accounts:signInWithPassword**', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":503,"message":"UNAVAILABLE"}}' }),
  );
  await page.goto('/app/login?mode=signup&track=create-company');
  await page.getByLabel('Nome completo').fill('Clara Nunes');
  await page.getByLabel('E-mail').fill(`clara.${Date.now()}@empresa.com.br`);
  await page.getByLabel('Senha').fill('senha-forte-123');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByText(/^Sua conta foi criada, mas não conseguimos entrar agora/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Criar conta' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Entrar com e-mail e senha' })).toBeVisible();
});

test('an unknown route shows the 404 page, on the site and in the app', async ({ page }) => {
  const site = await page.goto('/pagina-que-nao-existe');
  expect(site?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await expect(page.getByText('/pagina-que-nao-existe')).toBeVisible();
  await page.goto('/contabilidade-em/sem-estado');
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  // The app's own 404 page, answered with 404 by the server too (it knows the app's routes).
  const app = await page.goto('/app/pagina-que-nao-existe');
  expect(app?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await expect(page.getByText('/app/pagina-que-nao-existe')).toBeVisible();
  // The tab says so too, not the home's title.
  await expect(page).toHaveTitle('Página não encontrada | Contábil');
});
