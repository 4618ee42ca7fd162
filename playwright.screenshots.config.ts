import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * `npm run screenshots`: the main screens at phone and desktop widths into e2e/screenshots/. A config of its own,
 * so `npm test` never runs it (its file is not a `*.spec.ts`).
 */
export default defineConfig({
  ...base,
  testMatch: 'screenshots.capture.ts',
  timeout: 180_000,
  reporter: [['list']],
  projects: [
    {
      name: 'phone',
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      },
    },
    { name: 'desktop', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } },
  ],
});
