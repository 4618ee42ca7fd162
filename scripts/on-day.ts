/**
 * `npm run test:on-day -- 2027-01-03 [vitest|e2e]`: the unit, PGlite server and browser suites as they would run on
 * another day, every clock set to it — the tests, the servers, the Auth emulator and Chromium — with libfaketime
 * (Debian's `faketime`). The demo seed, the due dates and the pages read today's date: this finds what breaks in
 * January or on the 1st of a month before the calendar does (docs/testing.md "Another day").
 * Ports of its own (servers 3800+, emulators 9599+), so it runs beside `npm start` or another suite.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureAuthEmulator } from './emulator';

const LIBRARY = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
const [day, only] = process.argv.slice(2);
if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day) || (only && only !== 'vitest' && only !== 'e2e')) {
  console.error('Uso: npm run test:on-day -- AAAA-MM-DD [vitest|e2e]');
  process.exit(2);
}
if (!existsSync(LIBRARY)) {
  if (process.getuid?.() !== 0 || spawnSync('apt-get', ['install', '-y', 'faketime'], { stdio: 'inherit' }).status !== 0) {
    console.error('libfaketime not found: install it with "sudo apt-get install -y faketime".');
    process.exit(1);
  }
}

// Noon in São Paulo, the clock running on from there; every process started below inherits it.
const clock = { FAKETIME: `@${day} 15:00:00`, LD_PRELOAD: LIBRARY };
Object.assign(process.env, clock);
const emulatorHost = '127.0.0.1:9599';
const run = (command: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

let status = 0;
if (only !== 'e2e') {
  const emulator = await ensureAuthEmulator({ host: emulatorHost, projectId: 'demo-contabil' });
  status = run('npx', ['vitest', 'run', '--project', 'unit', '--project', 'server-pglite'], {
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
  });
  await emulator.stop();
}
if (status === 0 && only !== 'vitest')
  status = run('npx', ['playwright', 'test', '--retries', '0'], {
    CI: 'true',
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    E2E_PORT: '3800',
  });
process.exit(status);
