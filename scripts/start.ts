/**
 * The server `npm start` runs, built ahead of time into `dist-server/start.js` (scripts/build.ts builds it and the web
 * app first): starts the Firebase Auth emulator unless real Firebase is configured, then serves everything on one port
 * (SPA, /api, /fn). `tsx scripts/start.ts` runs the same from the sources.
 */
import { join } from 'node:path';
import { DEFAULT_EMULATOR_HOST } from '@server/config';
import { exitOnStartupFailure, loadStartupConfig } from '@server/startup';
import type { RunningEmulator } from './emulator';
import { ensureAuthEmulator } from './emulator';

// A wrong setting is one line and exit 1, not a stack trace.
const config = (() => {
  try {
    return loadStartupConfig();
  } catch (error) {
    return exitOnStartupFailure(error);
  }
})();

let emulator: RunningEmulator | undefined;
if (config.firebase.authEmulatorHost) {
  const host = config.firebase.authEmulatorHost ?? DEFAULT_EMULATOR_HOST;
  console.log(`Firebase Auth emulator on ${host} (project ${config.firebase.projectId})…`);
  emulator = await ensureAuthEmulator({
    host,
    projectId: config.firebase.projectId,
    persistDir: join(config.dataDir, 'auth-emulator'),
    logFile: join(config.dataDir, 'auth-emulator.log'),
  });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
}

const { startServer } = await import('@server/index');
let running: Awaited<ReturnType<typeof startServer>>;
try {
  running = await startServer();
} catch (error) {
  await emulator?.stop();
  exitOnStartupFailure(error);
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await running.close();
    await emulator?.stop();
    process.exit(0);
  });
}
