import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
/** Runs the suite against a product already running (e.g. `npm start` on :3000) instead of starting one. */
const external = process.env.E2E_BASE_URL;
// A fresh database for every run; workers inherit the folder through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'contabil-e2e-'));
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9199';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'e2e',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: external ?? `http://localhost:${port}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: external
    ? undefined
    : {
        command: 'npx tsx scripts/start.ts',
        url: `http://localhost:${port}/api/health`,
        timeout: 180_000,
        reuseExistingServer: false,
        stdout: 'pipe',
        env: {
          PORT: String(port),
          DATA_DIR: process.env.E2E_DATA_DIR,
          FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
          SKIP_BUILD: process.env.SKIP_BUILD ?? '0',
          // Every test signs up from this one address, far past the 20 an hour a visitor may: the limits have their
          // own server tests (tests/server/rate-limits.test.ts).
          RATE_LIMIT_SIGNUP: '1000/1h',
          RATE_LIMIT_LEADS: '1000/1h',
        },
      },
});
