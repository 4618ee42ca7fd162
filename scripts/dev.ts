/**
 * `npm run dev`: hot reload for both sides. The API restarts on change (tsx watch) on API_PORT (3001); Vite serves
 * the SPA with HMR on PORT (3000) and proxies /api and /fn to the API.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createServer } from 'vite';
import { loadConfig } from '@server/config';
import { ensureAuthEmulator } from './emulator';

const config = loadConfig();
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
  env: {
    ...process.env,
    PORT: apiPort,
    SERVE_SPA: '0',
    ...(emulator ? { FIREBASE_AUTH_EMULATOR_HOST: emulator.host } : {}),
  },
});

const vite = await createServer({ server: { port: config.port } });
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
