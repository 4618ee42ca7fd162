import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
/** Runs the suite against a product already running (e.g. `npm start` on :3000) instead of starting one. */
const external = process.env.E2E_BASE_URL;
/**
 * The suite runs in this many workers, each against a server of its own (port E2E_PORT + n, its own database and Auth
 * emulator), so no test sees another's rows or accounts while they run side by side; Playwright hands the next file
 * to whichever worker is free. Most of a browser test is waiting, so two fill this machine's two cores.
 */
const servers = external ? 1 : Math.max(1, Number(process.env.E2E_SERVERS ?? 2));
// A fresh database for every run; workers inherit the folder through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'contabil-e2e-'));
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9199';
/** Server n's Auth emulator: the first on FIREBASE_AUTH_EMULATOR_HOST, each next one 100 ports further. */
function emulatorOf(n: number): string {
  const [hostname, emulatorPort] = emulatorHost.split(':');
  return `${hostname}:${Number(emulatorPort) + 100 * n}`;
}
// In a worker (Playwright loads this file in each): the server it drives, and the emulator the tests call directly.
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % servers;
if (!external && process.env.TEST_PARALLEL_INDEX !== undefined) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorOf(slot);

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
  workers: servers,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: external ?? `http://localhost:${port + slot}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // Recording a trace for every test costs the browser a DOM snapshot per action; in CI only a retry records one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  // All at once, after one build (e2e/servers.ts); each test file then drives the server of its worker.
  globalSetup: external ? undefined : './e2e/servers.ts',
  metadata: {
    servers: external
      ? []
      : Array.from({ length: servers }, (_, n) => ({
          url: `http://localhost:${port + n}`,
          env: {
            PORT: String(port + n),
            DATA_DIR: join(process.env.E2E_DATA_DIR!, `server-${n + 1}`),
            FIREBASE_AUTH_EMULATOR_HOST: emulatorOf(n),
            // Every test signs up from this one address, far past the 20 an hour a visitor may: the limits have their
            // own server tests (tests/server/rate-limits.test.ts).
            RATE_LIMIT_SIGNUP: '1000/1h',
            RATE_LIMIT_LEADS: '1000/1h',
          },
        })),
  },
});
