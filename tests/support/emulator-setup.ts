import { ensureAuthEmulator } from '../../scripts/emulator';

export const TEST_EMULATOR_HOST = '127.0.0.1:9199';

/** Server tests talk to a real Firebase Auth emulator: reuse the one `npm test` started, or start one. */
export default async function setup() {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? TEST_EMULATOR_HOST;
  const emulator = await ensureAuthEmulator({ host, projectId: 'demo-contabil' });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
  return () => emulator.stop();
}
