import type { BrowserContext, Page, Route } from '@playwright/test';
import { SESSION_COOKIES } from '@domain';
import { expect } from '@playwright/test';

export const DEMO_PASSWORD = 'demo12345';

/** Signs in through the login form (the page must show it). */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
/** The session a demo login left in this worker's browser the first time it signed in (its server is the worker's). */
const demoSessions = new Map<string, { cookies: StorageState['cookies']; firebase: { name: string; value: string }[] }>();
const SESSION_COOKIE_NAMES: string[] = [SESSION_COOKIES.user, SESSION_COOKIES.claims, SESSION_COOKIES.token];
const isDemoLogin = (email: string, password: string) => email.endsWith('@demo.test') && password === DEMO_PASSWORD;

/**
 * Opens the login page signed in, then waits for the app to leave it. A demo login signs in through the form the
 * first time in a worker; after that it starts from the session that sign-in stored (Firebase's user in
 * localStorage and the session cookies), as a person coming back does — the form has tests of its own, and it cost
 * each of ~100 tests a second and a half.
 */
export async function signInFromLogin(page: Page, email: string, password = DEMO_PASSWORD) {
  const stored = isDemoLogin(email, password) ? demoSessions.get(email) : undefined;
  if (stored) {
    await page.context().addCookies(stored.cookies);
    // A small file of the app's origin, to write that origin's storage before the app starts.
    await page.goto('/robots.txt');
    await page.evaluate((items) => items.forEach(({ name, value }) => localStorage.setItem(name, value)), stored.firebase);
    await page.goto('/app/login');
  } else {
    await page.goto('/app/login');
    await signIn(page, email, password);
  }
  await expect(page).not.toHaveURL(/\/app\/login/);
  if (!stored && isDemoLogin(email, password)) {
    const state = await page.context().storageState();
    const origin = new URL(page.url()).origin;
    demoSessions.set(email, {
      cookies: state.cookies.filter((cookie) => SESSION_COOKIE_NAMES.includes(cookie.name)),
      firebase: (state.origins.find((o) => o.origin === origin)?.localStorage ?? []).filter(({ name }) =>
        name.startsWith('firebase:'),
      ),
    });
  }
}

export const layout = (page: Page, name: string) => page.locator(`[data-layout="${name}"]`);
export const sideMenu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

/** Network calls a test holds (`page.route`) until it says how they end: let through, answered, or failed. */
export class Held {
  private waiting: Route[] = [];
  private arrived: (() => void)[] = [];
  take(route: Route) {
    this.waiting.push(route);
    this.arrived.splice(0).forEach((notify) => notify());
  }
  /** The calls waiting now. */
  drain(): Route[] {
    return this.waiting.splice(0);
  }
  /** The next call, once it comes. */
  async next(): Promise<Route> {
    while (!this.waiting.length) await new Promise<void>((resolve) => this.arrived.push(resolve));
    return this.waiting.shift()!;
  }
}

/**
 * A public page once its script has run: the page paints from its document alone and loads its stylesheet and script
 * after (server/site/document.tsx), so the cookie banner and the forms answer, and the page is wholly styled, only
 * once `<html data-site-ready>` says so.
 */
export async function siteReady(page: Page) {
  await page.locator('html[data-site-ready]').waitFor({ state: 'attached' });
}

export async function openSitePage(page: Page, path: string) {
  const response = await page.goto(path);
  await siteReady(page);
  return response;
}

/** From the bank accounts page, the movements of the first account listed (the demo customer's Itaú). */
export async function openFirstAccount(page: Page) {
  await page
    .getByRole('main')
    .getByRole('link')
    .filter({ hasText: /Itaú|Conta/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/transactions/);
}
