import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { signInFromLogin } from './support';

/**
 * Stored text is never markup (docs/security.md): what a customer typed — tags, an event handler, a right-to-left
 * override (U+202E) — is stored through the API as typed, then shown on the customer's and the team's screens as
 * text: nothing runs, nothing is added to the page, and the override turns around only the rest of its own string,
 * never the words our screens put around it.
 */

const RLO = '\u202E';

/** This month as YYYY-MM in São Paulo. */
function thisMonth() {
  const [month, year] = new Intl.DateTimeFormat('pt-BR', { month: '2-digit', year: 'numeric', timeZone: 'America/Sao_Paulo' })
    .format(new Date())
    .split('/');
  return `${year}-${month}`;
}

const bearer = async (page: Page) => {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'session_token')!.value;
  return { authorization: `Bearer ${decodeURIComponent(token)}` };
};

/** Nothing the strings carried ran or became an element. */
async function nothingRan(page: Page) {
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await page.evaluate(() => [...document.scripts].filter((s) => s.text.includes('__pwned')).length)).toBe(0);
}

/**
 * In every block (paragraph, cell, row of a list) showing `typed`, the characters around it — the label, the
 * document after a name — still read left to right on their line: the override did not leak out of the string.
 * Answers how many blocks show it and what was found out of order.
 */
async function readingOrder(page: Page, typed: string) {
  return page.evaluate((typed) => {
    const isBlock = (el: Element) => {
      const display = getComputedStyle(el).display;
      return !display.startsWith('inline') && display !== 'contents';
    };
    const controls = /[\s\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
    const blocks = new Set<Element>();
    const all = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = all.nextNode(); node; node = all.nextNode()) {
      if (!node.textContent!.includes(typed)) continue;
      let el = node.parentElement!;
      while (!isBlock(el) && el.parentElement) el = el.parentElement;
      if (el.getClientRects().length) blocks.add(el);
    }
    const problems: string[] = [];
    for (const block of blocks) {
      const chars: { node: Text; offset: number }[] = [];
      const inner = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
      for (let node = inner.nextNode() as Text | null; node; node = inner.nextNode() as Text | null) {
        for (let offset = 0; offset < node.data.length; offset++) chars.push({ node, offset });
      }
      const text = chars.map(({ node, offset }) => node.data[offset]).join('');
      const start = text.indexOf(typed);
      let last: { top: number; left: number; ch: string } | null = null;
      chars.forEach(({ node, offset }, i) => {
        const ch = node.data[offset];
        if ((start >= 0 && i >= start && i < start + typed.length) || controls.test(ch)) return;
        const range = document.createRange();
        range.setStart(node, offset);
        range.setEnd(node, offset + 1);
        const rect = range.getBoundingClientRect();
        if (!rect.width) return;
        if (last && Math.abs(rect.top - last.top) < 2 && rect.left < last.left - 0.5) {
          problems.push(`“${ch}” drawn before “${last.ch}” in: ${text}`);
        }
        last = { top: rect.top, left: rect.left, ch };
      });
    }
    return { blocks: blocks.size, problems };
  }, typed);
}

async function shownIntact(page: Page, typed: string) {
  await expect.poll(async () => (await readingOrder(page, typed)).blocks).toBeGreaterThan(0);
  expect((await readingOrder(page, typed)).problems).toEqual([]);
}

test('what a customer typed is shown as text on the customer’s and the team’s screens, in its place', async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const mark = `lote${stamp}`;
  const name = `Estúdio ${mark} <img src=x onerror="window.__pwned=1"> ${RLO}adtl`;
  const description = `Consultoria ${mark} <script>window.__pwned=1</script> ${RLO}oãçatnemucod`;

  // Stored through the API as the demo customer, for Mendes Tech.
  const customer = await (await browser.newContext()).newPage();
  await signInFromLogin(customer, 'cliente@demo.test');
  const headers = await bearer(customer);
  const companies = (await (await customer.request.get('/api/companies', { headers })).json()) as {
    data: { id: string; name: string | null; alias: string | null }[];
  };
  const mendes = companies.data.find((company) => [company.name, company.alias].includes('Mendes Tech'))!;
  const created = await customer.request.post(`/api/nfs/requests?companyId=${mendes.id}`, {
    headers,
    data: {
      emissionType: 'cnpj',
      cnpj: '11.222.333/0001-81',
      customerName: name,
      description,
      totalValue: 1234.5,
      competence: thisMonth(),
      activity: '6201501',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  expect((await created.json()).data).toMatchObject({ customerName: name, description });

  // The customer's list and the invoice's drawer.
  await customer.goto(`/app/invoices?q=${mark}`);
  const row = customer.getByRole('row').filter({ hasText: mark });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name);
  await expect(row).toContainText(description);
  await shownIntact(customer, name);
  await row.getByRole('button').first().click();
  const detail = customer.getByRole('dialog', { name: 'Nota fiscal' });
  await expect(detail).toContainText(name);
  await expect(detail).toContainText(description);
  await shownIntact(customer, name);
  await shownIntact(customer, description);
  await nothingRan(customer);

  // The team's queue, the request's drawer and the emission's preview (the DPS in words and as XML).
  const team = await (await browser.newContext()).newPage();
  await signInFromLogin(team, 'admin@demo.test');
  await team.goto(`/app/admin/invoices/nf-requests?q=${mark}`);
  const queued = team.getByRole('row').filter({ hasText: mark });
  await expect(queued).toHaveCount(1);
  await expect(queued).toContainText(name);
  await shownIntact(team, name);
  await queued.click();
  const drawer = team.getByRole('dialog', { name: 'Solicitação de nota fiscal' });
  await expect(drawer).toContainText(name);
  await expect(drawer).toContainText(description);
  await shownIntact(team, name);
  await shownIntact(team, description);
  await drawer.getByRole('button', { name: 'Emitir pelo Sistema Nacional' }).click();
  const preview = team.getByRole('dialog', { name: 'Emitir pelo Sistema Nacional' });
  await expect(preview.getByRole('region', { name: 'DPS a enviar' })).toBeVisible({ timeout: 30_000 });
  // "Nome (CNPJ 11.222.333/0001-81)": the document after the name still reads as written.
  await expect(preview).toContainText(name);
  await expect(preview).toContainText('(CNPJ 11.222.333/0001-81)');
  await shownIntact(team, name);
  await shownIntact(team, description);
  await preview.getByText('Ver o XML da DPS (sem assinatura)').click();
  // The XML as source: the tags escaped as the XML has them; the DPS leaves control characters out (server/nfse/dps.ts).
  await expect(preview.locator('pre')).toContainText('&lt;img src=x onerror=');
  expect(await preview.locator('pre').textContent()).not.toContain(RLO);
  await nothingRan(team);
  await nothingRan(customer);
});
