/**
 * `npm run dev`: hot reload for both sides. The API restarts on change (tsx watch) on API_PORT (3001); Vite serves
 * the SPA with HMR on PORT (3000) and proxies /api and /fn to the API.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createServer } from 'vite';
import { exitOnStartupFailure, loadStartupConfig } from '@server/startup';
import { devApiEnvironment } from './dev-env';
import { ensureAuthEmulator } from './emulator';

// A wrong setting (an open HOST with the emulator among them) is one line and exit 1.
const config = (() => {
  try {
    return loadStartupConfig();
  } catch (error) {
    return exitOnStartupFailure(error);
  }
})();
const apiPort = process.env.API_PORT ?? '3001';
const emulator = config.firebase.authEmulatorHost
  ? await ensureAuthEmulator({
      host: config.firebase.authEmulatorHost,
      projectId: config.firebase.projectId,
      persistDir: join(config.dataDir, 'auth-emulator'),
      logFile: join(config.dataDir, 'auth-emulator.log'),
    })
  : undefined;

const api = spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/index.ts'], {
  stdio: 'inherit',
  env: devApiEnvironment(process.env, { apiPort, appPort: config.port, emulatorHost: emulator?.host }),
});

// The same interface as the product: loopback unless HOST opens it.
const vite = await createServer({ server: { port: config.port, host: config.host } });
await vite.listen();
vite.printUrls();

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    api.kill('SIGTERM');
    await vite.close();
    await emulator?.stop();
    process.exit(0);
  });
}
