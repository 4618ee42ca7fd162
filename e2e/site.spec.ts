import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { Held, openSitePage, signInFromLogin, siteReady } from './support';

/** The banner answered, so it stays out of the way of what a test looks at. */
async function acceptNecessaryCookies(page: Page) {
  await siteReady(page);
  const banner = page.getByRole('region', { name: 'Cookies' });
  await banner.getByRole('button', { name: 'Somente necessários' }).click();
  await expect(banner).toBeHidden();
}

test('home → lead: the form says what is wrong in the spec’s words, then keeps the contact for the team', async ({
  page,
  browser,
}) => {
  await openSitePage(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reimagine o controle da sua empresa');
  await acceptNecessaryCookies(page);

  // Other specs (and a retry) leave contacts with this name behind: the e-mail tells this one apart.
  const email = `beatriz.souza.${Date.now()}@exemplo.com.br`;
  const form = page.getByRole('form', { name: 'Fale com um contador' });
  await form.getByLabel('Nome').fill('Beatriz Souza');
  await form.getByLabel('E-mail').fill('beatriz@exemplo');
  await form.getByLabel('Celular (opcional)').pressSequentially('1198765');
  await form.getByRole('button', { name: 'Quero ser contatado' }).click();
  await expect(form.getByText('E-mail inválido')).toBeVisible();
  await expect(form.getByText('Celular inválido')).toBeVisible();
  await expect(form.getByLabel('E-mail')).toBeFocused();

  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Celular (opcional)').fill('');
  await form.getByLabel('Celular (opcional)').pressSequentially('11987654321');
  await expect(form.getByLabel('Celular (opcional)')).toHaveValue('+55 (11) 98765-4321');
  await form.getByLabel('Plano de interesse').selectOption({ label: 'Essencial — R$ 249,00/mês' });
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/leads') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Quero ser contatado' }).click();
  const response = await sent;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({
    email,
    planId: 'essencial',
    source: '/',
  });
  await expect(form.getByText('Recebemos seu contato!')).toBeVisible();
  await expect(form.getByText('E-mail inválido')).toBeHidden();

  // The team finds the contact to call back.
  const team = await (await browser.newContext()).newPage();
  await signInFromLogin(team, 'admin@demo.test');
  await team.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Contatos do site' }).click();
  const row = team.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Beatriz Souza');
  await expect(row).toContainText('+55 (11) 98765-4321');
  await expect(row).toContainText('Essencial');
  await team.context().close();
});

test('blog → post, and back by a theme', async ({ page }) => {
  await openSitePage(page, '/blog');
  await acceptNecessaryCookies(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog da Contábil');
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: /Como abrir um MEI/ }) });
  await card.getByRole('link', { name: /Como abrir um MEI/ }).click();
  await expect(page).toHaveURL('/blog/posts/como-abrir-mei');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('MEI');
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Leia também' })).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'MEI', exact: true }).first().click();
  await expect(page).toHaveURL('/blog?tag=mei');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog: MEI');
});

test('a city page, and another city found by name', async ({ page }) => {
  await openSitePage(page, '/contabilidade-em/sao-paulo-sp');
  await acceptNecessaryCookies(page);
  await expect(page).toHaveTitle(/Contabilidade em São Paulo \(SP\)/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contabilidade em São Paulo (SP)');
  await expect(page.getByText('Registro na JUCESP.')).toBeVisible();

  await page.getByLabel('Procurar outra cidade').fill('ribeirao pre');
  await page.getByRole('link', { name: 'Ribeirão Preto (SP)' }).click();
  await expect(page).toHaveURL('/contabilidade-em/ribeirao-preto-sp');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contabilidade em Ribeirão Preto (SP)');
  await siteReady(page);

  // Without a connection the picker says so in Portuguese, not the browser's English.
  await page.route('**/api/city-search**', (route) => route.abort('internetdisconnected'));
  await page.getByLabel('Procurar outra cidade').fill('campinas');
  await expect(page.getByText('Não foi possível falar com o servidor agora. Tente novamente em instantes.')).toBeVisible();
  await page.unroute('**/api/city-search**');

  const missing = await page.goto('/contador-em/cidade-inventada-sp');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página não encontrada');
});

test('CNAE search as you type → detail', async ({ page }) => {
  await openSitePage(page, '/tools/cnae');
  await acceptNecessaryCookies(page);
  const search = page.getByLabel('Atividade ou código');

  await search.fill('contabil');
  await expect(page.getByRole('link', { name: /6920-6\/01\s*Atividades de contabilidade/ })).toBeVisible();
  await expect(page).toHaveURL(/\?q=contabil$/);

  await search.fill('6920-6/01');
  await expect(page.getByText('1 atividade encontrada')).toBeVisible();
  await search.fill('cabeleireiro');
  const list = page.locator('#cnae-results');
  await expect(list.getByText('MEI').first()).toBeVisible();

  // A business described as people describe it finds what the suggester finds (one ranking), not shops of "pote".
  await search.fill('vendo bolo de pote pela internet');
  await expect(list.getByRole('link').first()).toContainText(
    /Fabricação de produtos de padaria e confeitaria|Fornecimento de alimentos preparados/,
  );

  await search.fill('zzzzqq');
  await expect(page.getByText(/Nenhuma atividade encontrada para “zzzzqq”/)).toBeVisible();

  await search.fill('6201501');
  await page.getByRole('link', { name: /6201-5\/01/ }).click();
  await expect(page).toHaveURL('/tools/cnae/6201501-desenvolvimento-de-programas-de-computador-sob-encomenda');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Desenvolvimento de programas de computador sob encomenda');
  await expect(page.getByText('INFORMAÇÃO E COMUNICAÇÃO')).toBeVisible();
  await expect(page.getByText(/Sujeita ao Fator R/)).toBeVisible();
});

/** Opens a page with its search island's script held, types into the field, then lets the script come. */
async function typeBeforeIsland(page: Page, island: RegExp, path: string, label: string, text: string) {
  const held = new Held();
  await page.route(island, (route) => held.take(route));
  await page.goto(path);
  await page.getByLabel(label).fill(text);
  for (const route of [await held.next(), ...held.drain()]) await route.continue();
}

test('CNAE search: what was typed before the page’s script came is searched when it comes', async ({ page }) => {
  await typeBeforeIsland(page, /cnae-search[^/]*\.js$/, '/tools/cnae', 'Atividade ou código', 'contabil');
  await expect(page.getByRole('link', { name: /6920-6\/01\s*Atividades de contabilidade/ })).toBeVisible();
  await expect(page).toHaveURL(/\?q=contabil$/);
});

test('a city typed before the page’s script came is searched when it comes', async ({ page }) => {
  await typeBeforeIsland(
    page,
    /city-search[^/]*\.js$/,
    '/contabilidade-em/sao-paulo-sp',
    'Procurar outra cidade',
    'ribeirao pre',
  );
  await expect(page.getByRole('link', { name: 'Ribeirão Preto (SP)' })).toBeVisible();
});

test('Simples Nacional calculator: the DAS line by line, errors next to the field, and the same without JavaScript', async ({
  page,
  browser,
}) => {
  await openSitePage(page, '/tools/simples-nacional');
  await acceptNecessaryCookies(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Calculadora do Simples Nacional');
  const form = page.getByRole('form', { name: 'Calcular o DAS' });

  // Money typed as people type it; a word where a value goes is refused under its field.
  await form.getByLabel('Anexo da atividade').selectOption('fator-r');
  await form.getByLabel('Receita bruta dos últimos 12 meses (RBT12), em R$').fill('quinhentos mil');
  await form.getByLabel('Receita do mês, em R$').fill('10.000,00');
  await form.getByLabel('Mês de apuração').fill('2026-10');
  await form.getByRole('button', { name: 'Calcular o DAS' }).click();
  const rbt12 = page
    .getByRole('form', { name: 'Calcular o DAS' })
    .getByLabel('Receita bruta dos últimos 12 meses (RBT12), em R$');
  await expect(rbt12).toHaveAttribute('aria-invalid', 'true');
  await expect(rbt12).toHaveAccessibleDescription(/Informe um valor em reais, como 1\.234,56\./);
  await expect(
    page.getByText('Informe a folha de salários dos últimos 12 meses (com o pró-labore) para calcular o Fator R.'),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Corrija os campos indicados para ver o cálculo.');

  // The Manual do PGDAS-D's example 4, reached through the Fator R: 28 % of payroll moves Anexo V to III.
  await rbt12.fill('500.000,00');
  await page
    .getByRole('form', { name: 'Calcular o DAS' })
    .getByLabel(/Folha de salários/)
    .fill('140.000,00');
  await page.getByRole('form', { name: 'Calcular o DAS' }).getByRole('button', { name: 'Calcular o DAS' }).click();
  await expect(page).toHaveURL(/[?&]annex=fator-r&/);
  const result = page.getByRole('region', { name: /DAS de 10\/2026/ });
  await expect(result.getByRole('heading', { level: 2 })).toHaveText('DAS de 10/2026: R$ 997,20');
  await expect(result).toContainText('Anexo III, pelo Fator R');
  await expect(result).toContainText('(R$ 500.000,00 × 13,50 % − R$ 17.640,00) ÷ R$ 500.000,00 = 9,972 %');
  await expect(result.getByRole('row', { name: /^ISS/ })).toContainText('R$ 324,09');
  await expect(result.getByRole('row', { name: /^CPP/ })).toContainText('R$ 432,78');

  // Without JavaScript the form is the same GET and the server answers the calculation.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await plain.goto('/tools/simples-nacional');
  const plainForm = plain.getByRole('form', { name: 'Calcular o DAS' });
  await plainForm.getByLabel('Anexo da atividade').selectOption('V');
  await plainForm.getByLabel('Receita bruta dos últimos 12 meses (RBT12), em R$').fill('500.000,00');
  await plainForm.getByLabel('Receita do mês, em R$').fill('10.000,00');
  await plainForm.getByLabel('Mês de apuração').fill('2026-10');
  await plainForm.getByRole('button', { name: 'Calcular o DAS' }).click();
  // Manual example 5: Anexo V, (500.000 × 19,5 % − 9.900) ÷ 500.000 = 17,52 % → R$ 1.752,00.
  await expect(plain.getByRole('heading', { level: 2, name: /DAS de 10\/2026/ })).toHaveText('DAS de 10/2026: R$ 1.752,00');
  await context.close();
});

test('CNAE search reads a sentence by what the business does, not by the objects it names', async ({ page }) => {
  await openSitePage(page, '/tools/cnae');
  await acceptNecessaryCookies(page);
  const search = page.getByLabel('Atividade ou código');
  const list = page.locator('#cnae-results');
  const firstThree = async () => (await list.getByRole('link').allInnerTexts()).slice(0, 3).join('\n');

  // Once answered with telecom construction and toy shops: the repair shop comes first, no building site or shop.
  await search.fill('eu faço conserto de celular aqui no bairro');
  await expect(list.getByRole('link').first()).toContainText('Reparação e manutenção de equipamentos de comunicação');
  expect(await firstThree()).not.toMatch(/Construção|Obras|brinquedos|Comércio/);

  await search.fill('eu vendo bolo de pote que faço em casa pra ajudar na renda');
  await expect(list.getByRole('link').first()).toContainText(
    /Fabricação de produtos de padaria e confeitaria|Fornecimento de alimentos preparados/,
  );
  expect(await firstThree()).not.toMatch(/brinquedos|têxteis|Construção|Obras/);

  // A misspelling that is itself a word ("concerto") is read as the word the rest of the sentence goes with.
  await search.fill('concerto de relógio');
  await expect(list.getByRole('link').first()).toContainText('Reparação de relógios');
  expect(await firstThree()).not.toMatch(/espetáculos|artes cênicas/);

  // Nonsense gives nothing.
  await search.fill('asdf qwer zxcv');
  await expect(page.getByText(/Nenhuma atividade encontrada para “asdf qwer zxcv”/)).toBeVisible();
});

test('the tag manager loads only after consent, and the answer is kept a year', async ({ page, context }) => {
  const gtmRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('gtm.js')) gtmRequests.push(request.url());
  });
  await openSitePage(page, '/');
  const banner = page.getByRole('region', { name: 'Cookies' });
  await expect(banner).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(gtmRequests).toEqual([]);

  // "Somente necessários": still no tag manager, on this page or the next.
  await banner.getByRole('button', { name: 'Somente necessários' }).click();
  await expect(banner).toBeHidden();
  await openSitePage(page, '/blog');
  await expect(banner).toBeHidden();
  await page.waitForLoadState('networkidle');
  expect(gtmRequests).toEqual([]);

  // Changed in the preferences: analytics allowed, the container loads at once.
  await page.getByRole('button', { name: 'Preferências de cookies' }).click();
  await expect(banner).toBeVisible();
  await banner.getByLabel('Cookies de análise').check();
  await banner.getByRole('button', { name: 'Salvar escolha' }).click();
  await expect(banner).toBeHidden();
  await expect.poll(() => page.evaluate(() => Object.keys((window as any).google_tag_manager ?? {}))).toEqual(['GTM-DEMO1']);
  expect(gtmRequests).toHaveLength(1);

  const cookies = Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie]));
  expect(cookies.ncc_c.value).toBe('true');
  expect(cookies.ncc_e.value).toBe('analytics');
  const inDays = (cookies.ncc_c.expires * 1000 - Date.now()) / 86_400_000;
  expect(inDays).toBeGreaterThan(364);
  expect(inDays).toBeLessThan(366);

  // The next page loads it by itself.
  await openSitePage(page, '/tools/cnae');
  await expect.poll(() => page.evaluate(() => Boolean((window as any).google_tag_manager?.['GTM-DEMO1']))).toBe(true);
});

test('the banner speaks English to an English-speaking browser', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await openSitePage(page, '/');
  const banner = page.getByRole('region', { name: 'Cookies' });
  await expect(banner.getByRole('button', { name: 'Accept all' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Aceitar todos' })).toBeHidden();
  await context.close();
});

test('public pages load only the site’s small script: no Firebase, XState or router code', async ({ page }) => {
  const loaded = new Map<string, Buffer>();
  let reading = 0;
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    reading++;
    loaded.set(response.url(), await response.body().catch(() => Buffer.alloc(0)));
    reading--;
  });
  for (const path of ['/', '/blog/posts/como-abrir-mei', '/contador-em/sao-paulo-sp', '/tools/cnae', '/lp/irpf/2025']) {
    loaded.clear();
    await page.goto(path, { waitUntil: 'networkidle' });
    // The script is asked for once the page has painted (a busy machine may go quiet before that), and each
    // body is read after its response arrives.
    await expect.poll(() => loaded.size > 0 && reading === 0, { message: path }).toBe(true);
    await page.waitForLoadState('networkidle');
    for (const [url, body] of loaded) expect(body.toString('utf8'), `${path}: ${url}`).not.toMatch(/firebase|xstate|tanstack/i);
    const gzipped = [...loaded.values()].reduce((sum, body) => sum + gzipSync(body).length, 0);
    expect(gzipped, path).toBeLessThan(60 * 1024);
  }
});

test('a public page loads the form checks (valibot) only once someone reaches its contact form', async ({ page }) => {
  // Each script's body, read as it comes (its response is seen before the page says it is ready; its body may come after).
  let scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
  });
  // valibot's schemas name their vendor (Standard Schema): its code in a script says the library came.
  const checksCame = async () => (await Promise.all(scripts)).some((body) => body.includes('vendor:`valibot`'));
  for (const path of ['/', '/blog/posts/como-abrir-mei', '/contabilidade-em/sao-paulo-sp', '/tools/cnae']) {
    scripts = [];
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-site-ready', '');
    expect(scripts.length, path).toBeGreaterThan(0);
    expect(await checksCame(), path).toBe(false);
  }
  // On the home, reaching the form asks for them; sent empty, it says what is wrong in the spec's words.
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-site-ready', '');
  await acceptNecessaryCookies(page);
  expect(await checksCame()).toBe(false);
  const form = page.getByRole('form', { name: 'Fale com um contador' });
  await form.getByLabel('Nome').click();
  await expect.poll(checksCame).toBe(true);
  await form.getByRole('button', { name: 'Quero ser contatado' }).click();
  await expect(form.getByText('Informe seu nome.')).toBeVisible();
  await expect(form.getByText('E-mail inválido')).toBeVisible();
});

test('the contact form sends once when clicked twice while its checks are still on their way', async ({ page }) => {
  // The checks come slowly (a phone's network): the second click lands before the first submission is sent.
  await page.route(/\/assets\/lead-checks-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/leads') && request.method() === 'POST') sent.push(request.url());
  });
  await openSitePage(page, '/');
  await acceptNecessaryCookies(page);
  const form = page.getByRole('form', { name: 'Fale com um contador' });
  await form.getByLabel('Nome').fill('Caio Prado');
  await form.getByLabel('E-mail').fill(`caio.prado.${Date.now()}@exemplo.com.br`);
  await form.getByRole('button', { name: 'Quero ser contatado' }).dblclick();
  await expect(form.getByText('Recebemos seu contato!')).toBeVisible();
  expect(sent).toHaveLength(1);
});

test('the contact form whose checks cannot come says so in Portuguese, keeps what was typed, and sends once they can', async ({
  page,
}) => {
  // Offline when the form is reached: the checks' file does not come, until the connection is back.
  await page.route(/\/assets\/lead-checks-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
  await openSitePage(page, '/');
  await acceptNecessaryCookies(page);
  const form = page.getByRole('form', { name: 'Fale com um contador' });
  const email = `lia.moura.${Date.now()}@exemplo.com.br`;
  await form.getByLabel('Nome').fill('Lia Moura');
  await form.getByLabel('E-mail').fill(email);
  await form.getByRole('button', { name: 'Quero ser contatado' }).click();
  await expect(form.getByText('Não foi possível enviar agora. Verifique sua conexão e tente novamente.')).toBeVisible();
  await expect(form.getByLabel('E-mail')).toHaveValue(email);
  await expect(form.getByRole('button', { name: 'Quero ser contatado' })).toBeEnabled();

  await page.unroute(/\/assets\/lead-checks-[\w-]+\.js$/);
  await form.getByRole('button', { name: 'Quero ser contatado' }).click();
  await expect(form.getByText('Recebemos seu contato!')).toBeVisible();
});

test('a public page paints from its document alone: the stylesheet and the script come after, long-cached', async ({ page }) => {
  for (const path of ['/', '/contabilidade-em/sao-paulo-sp', '/blog/posts/como-abrir-mei', '/tools/cnae']) {
    const assets = new Map<string, Record<string, string>>();
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/assets/')) assets.set(response.url(), response.headers());
    });
    const answer = await openSitePage(page, path);
    expect(answer?.headers()['content-encoding'], path).toBe('br');
    const timing = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      assets: performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/'))
        .map((entry) => ({ url: entry.name, startTime: entry.startTime })),
      inlineCss: [...document.querySelectorAll('style')].reduce(
        (sum, style) => sum + new Blob([style.textContent ?? '']).size,
        0,
      ),
      stylesheets: [...document.styleSheets].map((sheet) => sheet.href).filter(Boolean) as string[],
    }));
    expect(timing.firstPaint, path).toBeGreaterThan(0);
    // The script, its chunks and the stylesheet: all asked for once the page was painted.
    expect(timing.assets.length, path).toBeGreaterThan(1);
    for (const asset of timing.assets) expect(asset.startTime, `${path}: ${asset.url}`).toBeGreaterThanOrEqual(timing.firstPaint);
    expect(timing.inlineCss, path).toBeLessThanOrEqual(10 * 1024);
    // The whole stylesheet, under its content-hashed name, applies once it is here.
    expect(
      timing.stylesheets.some((href) => /\/assets\/site-[\w-]+\.css$/.test(href)),
      path,
    ).toBe(true);
    for (const [url, headers] of assets) {
      expect(headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
      // Compressed at build time, brotli for this browser; a file under 1 KB goes as it is.
      if (headers['content-encoding'] !== 'br') expect(Number(headers['content-length']), url).toBeLessThan(1024);
    }
    page.removeAllListeners('response');
  }
});
