import type { Page, Route } from '@playwright/test';
import { expect } from '@playwright/test';

export const DEMO_PASSWORD = 'demo12345';

/** Signs in through the login form (the page must show it). */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** Opens the login page and signs in, then waits for the app to leave it. */
export async function signInFromLogin(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/app/login');
  await signIn(page, email, password);
  await expect(page).not.toHaveURL(/\/app\/login/);
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
