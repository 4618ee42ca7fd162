import { expect, test } from '@playwright/test';
import { signInFromLogin } from './support';

test('the feature panel opens for the listed admin and names who sees Cora', async ({ page }) => {
  await signInFromLogin(page, 'admin@demo.test');
  const panel = page.getByTestId('feature-panel');
  await panel.locator('summary').click();
  await expect(panel).toContainText('Conexão com o banco Cora');
  await expect(panel).toContainText('cliente@demo.test');
});

test('the build id the page runs is the one the server names', async ({ request }) => {
  const response = await request.get('/build.json');
  expect(response.ok()).toBe(true);
  expect((await response.json()).id).toMatch(/^\d{4}-\d{2}-\d{2}T/);
});
