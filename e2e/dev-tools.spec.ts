import { expect, test } from '@playwright/test';

/** Developer pages exist only in `npm run dev`: the built app has neither the page nor its layout engine. */
test('the statechart page is not in the built app', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push(await response.text());
  });
  await page.goto('/app/dev/machines');
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((source) => source.includes('org.eclipse.elk'))).toEqual([]);
  expect(scripts.filter((source) => source.includes('Transições em texto'))).toEqual([]);
});
