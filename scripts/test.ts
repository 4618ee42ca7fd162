/**
 * `npm test`: the type check of every layer, the lint of the layers' boundaries, and every test. Prepares what it needs (Debian's Chromium, a Firebase Auth emulator), then runs the unit
 * and server suites (Vitest; PostgreSQL too when TEST_DATABASE_URL is set) and the browser suite (Playwright).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureAuthEmulator } from './emulator';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const EMULATOR_HOST = process.env.TEST_EMULATOR_HOST ?? '127.0.0.1:9199';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/** Runs a command beside others; resolves with its exit status. */
function runBeside(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.once('error', () => resolve(1));
    child.once('close', (code) => resolve(code ?? 1));
  });
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error(`Chromium not found at ${CHROMIUM}. Install it with "sudo apt-get install -y chromium" or set CHROMIUM_PATH.`);
    process.exit(1);
  }
  console.log('Installing Chromium (apt-get install chromium)…');
  if (
    run('apt-get', ['install', '-y', 'chromium']) !== 0 &&
    (run('apt-get', ['update']) !== 0 || run('apt-get', ['install', '-y', 'chromium']) !== 0)
  ) {
    console.error('Could not install Chromium with apt-get.');
    process.exit(1);
  }
}

/** Tools the tests use to check the product's documents independently: xmllint, xmlsec1, pdftoppm and zbarimg. */
function ensureDocumentTools() {
  const missing = [
    ['xmllint', 'libxml2-utils'],
    ['xmlsec1', 'xmlsec1'],
    ['pdftoppm', 'poppler-utils'],
    ['zbarimg', 'zbar-tools'],
  ].filter(([tool]) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);
  if (!missing.length || process.getuid?.() !== 0) return;
  const packages = missing.map(([, name]) => name!);
  console.log(`Installing ${packages.join(', ')} (apt-get)…`);
  if (run('apt-get', ['install', '-y', ...packages]) !== 0) {
    run('apt-get', ['update']);
    run('apt-get', ['install', '-y', ...packages]);
  }
}

ensureChromium();
ensureDocumentTools();
console.log(`Firebase Auth emulator for tests on ${EMULATOR_HOST}…`);
const emulator = await ensureAuthEmulator({ host: EMULATOR_HOST, projectId: 'demo-contabil' });
const env = { FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST, CHROMIUM_PATH: CHROMIUM };

// Types and boundaries first: they fail fast, before the slower suites. Each keeps one core busy: both at once.
const checks = await Promise.all([runBeside('npm', ['run', 'typecheck']), runBeside('npm', ['run', 'lint'])]);
let status = checks.find((code) => code !== 0) ?? 0;
if (status === 0) status = run('npx', ['vitest', 'run'], env);
// The model tests must catch a wrong machine: each deliberate mistake in a copy of machines/ has to fail them.
if (status === 0) status = run('npm', ['run', 'test:mutants']);
if (status === 0) status = run('npx', ['playwright', 'test'], env);
await emulator.stop();
process.exit(status);
