import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { openSitePage } from './support';

/**
 * Forms completed with the keyboard alone (Tab, Shift+Tab, Enter, Space, arrows), and a visible focus on every
 * button, link and field reached on the way: an outline or a ring (box-shadow) that is not transparent.
 */

interface Focused {
  description: string;
  kind: 'button' | 'link' | 'field' | 'other';
  visible: boolean;
}

/** What has the focus now, and whether it shows. */
async function focused(page: Page): Promise<Focused> {
  return page.evaluate(async () => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { description: 'body', kind: 'other' as const, visible: false };
    // The focus style as it ends, not halfway through a transition (reading the style starts it).
    void getComputedStyle(element).boxShadow;
    await Promise.all(element.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
    const style = getComputedStyle(element);
    const transparent = (color: string) => color === 'transparent' || /rgba\(.*,\s*0\)$/.test(color);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && !transparent(style.outlineColor);
    // Tailwind's rings are box-shadows with a spread (`0 0 0 Npx`); the soft drop shadow every field has
    // (`0 1px 2px 0`) is there without focus, so blur alone is no focus mark.
    const ring =
      style.boxShadow !== 'none' &&
      style.boxShadow.split(/,(?![^(]*\))/).some((shadow) => {
        const color = /rgba?\([^)]*\)/.exec(shadow)?.[0] ?? '';
        const lengths = (shadow.replace(/rgba?\([^)]*\)/, '').match(/-?[\d.]+px/g) ?? []).map(parseFloat);
        return !transparent(color) && (lengths[3] ?? 0) > 0;
      });
    const tag = element.tagName.toLowerCase();
    const role = element.getAttribute('role');
    const kind =
      tag === 'a'
        ? ('link' as const)
        : tag === 'button' || role === 'button' || role === 'tab' || role === 'menuitem'
          ? ('button' as const)
          : ['input', 'select', 'textarea'].includes(tag) || role === 'combobox'
            ? ('field' as const)
            : ('other' as const);
    const label = (element as HTMLInputElement).labels?.[0]?.textContent;
    const name = (
      element.getAttribute('aria-label') ||
      label ||
      element.textContent ||
      element.getAttribute('name') ||
      ''
    ).trim();
    return { description: `${tag}${role ? `[${role}]` : ''} "${name.slice(0, 40)}"`, kind, visible: outline || ring };
  });
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, noting every element on the way. */
async function tabTo(page: Page, target: Locator, seen: Focused[], { back = false, max = 150 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    seen.push(await focused(page));
  }
  throw new Error(`Tab never reached ${target}`);
}

function expectVisibleFocus(seen: Focused[]) {
  const reached = seen.filter((item) => item.kind !== 'other');
  expect(reached.filter((item) => item.kind === 'button').length, 'buttons reached').toBeGreaterThan(0);
  expect(reached.filter((item) => item.kind === 'link').length, 'links reached').toBeGreaterThan(0);
  expect(reached.filter((item) => item.kind === 'field').length, 'fields reached').toBeGreaterThan(0);
  expect(
    [...new Set(reached.filter((item) => !item.visible).map((item) => item.description))],
    'focused without a visible outline or ring',
  ).toEqual([]);
}

test('signing in with the keyboard', async ({ page }) => {
  const seen: Focused[] = [];
  await page.goto('/app/login');
  const email = page.getByLabel('E-mail');
  await expect(email).toBeVisible();

  // Past the field to the links and button, and back with Shift+Tab.
  await tabTo(page, page.getByRole('button', { name: 'Entrar' }), seen);
  await tabTo(page, email, seen, { back: true });
  await page.keyboard.type('cliente@demo.test');
  await page.keyboard.press('Tab');
  seen.push(await focused(page));
  await expect(page.getByLabel('Senha')).toBeFocused();
  await page.keyboard.type('demo12345');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/app/panel');
  expectVisibleFocus(seen);
});

test('the site’s lead form with the keyboard', async ({ page }) => {
  const seen: Focused[] = [];
  await openSitePage(page, '/');
  // The cookie banner first: it is answered with the keyboard too.
  const banner = page.getByRole('region', { name: 'Cookies' });
  await tabTo(page, banner.getByRole('button', { name: 'Somente necessários' }), seen);
  await page.keyboard.press('Enter');
  await expect(banner).toBeHidden();

  const form = page.getByRole('form', { name: 'Fale com um contador' });
  await tabTo(page, form.getByLabel('Nome'), seen);
  await page.keyboard.type('Beatriz Souza');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('E-mail')).toBeFocused();
  await page.keyboard.type('beatriz@exemplo');
  await tabTo(page, form.getByRole('button', { name: 'Quero ser contatado' }), seen);
  await page.keyboard.press('Enter');
  // A refused field takes the focus, so it can be corrected at once.
  await expect(form.getByText('E-mail inválido')).toBeVisible();
  await expect(form.getByLabel('E-mail')).toBeFocused();
  await page.keyboard.type('.com.br');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Celular (opcional)')).toBeFocused();
  await page.keyboard.type('11987654321');
  await expect(form.getByLabel('Celular (opcional)')).toHaveValue('+55 (11) 98765-4321');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Plano de interesse')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(form.getByLabel('Plano de interesse')).not.toHaveValue('');
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/leads') && r.request().method() === 'POST');
  await tabTo(page, form.getByRole('button', { name: 'Quero ser contatado' }), seen);
  await page.keyboard.press('Space');
  expect((await sent).status()).toBe(201);
  await expect(form.getByText('Recebemos seu contato!')).toBeVisible();
  expectVisibleFocus(seen);
});

test('an invoice request with the keyboard, and its drawer keeps the focus', async ({ page }) => {
  test.setTimeout(60_000);
  const seen: Focused[] = [];
  await page.goto('/app/login');
  await tabTo(page, page.getByLabel('E-mail'), seen);
  await page.keyboard.type('cliente@demo.test');
  await page.keyboard.press('Tab');
  await page.keyboard.type('demo12345');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/app/panel');

  // From the side menu to the invoices.
  await tabTo(page, page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Notas fiscais' }), seen);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/app/invoices');
  await tabTo(page, page.getByRole('button', { name: 'Nova solicitação' }), seen);
  await page.keyboard.press('Enter');

  const description = `Consultoria por teclado ${Date.now()}`;
  await tabTo(page, page.getByLabel('CNPJ do tomador'), seen);
  await page.keyboard.type('36711088000105');
  await expect(page.getByLabel('Nome ou razão social')).toHaveValue('Padaria Pão Dourado Ltda');
  await tabTo(page, page.getByLabel('Valor do serviço (R$)'), seen);
  await page.keyboard.type('150,00');
  await tabTo(page, page.getByLabel('Descrição do serviço'), seen);
  await page.keyboard.type(description);
  await tabTo(page, page.getByLabel('Atividade (CNAE)'), seen);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('Atividade (CNAE)')).not.toHaveValue('');
  await tabTo(page, page.getByRole('button', { name: 'Solicitar nota' }), seen);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Solicitação enviada!')).toBeVisible();

  // The request opens in a drawer: the focus goes in, stays in, and comes back when it closes.
  const row = page.getByRole('row').filter({ hasText: description });
  const opener = row.getByRole('button').first();
  await tabTo(page, opener, seen);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading').first()).toBeVisible();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    seen.push(await focused(page));
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
  expectVisibleFocus(seen);
});
