/**
 * What `npm run dev` hands the API process: its own port behind Vite, no SPA, and — unless PUBLIC_URL says
 * otherwise — the address people use, which is Vite's: payment and Cora sign-in returns must come back to the app's
 * port, not to the API's (`:3001/app/auth/cora/callback` answered 404).
 */
export function devApiEnvironment(
  env: NodeJS.ProcessEnv,
  options: { apiPort: string; appPort: number; emulatorHost?: string },
): NodeJS.ProcessEnv {
  return {
    ...env,
    PORT: options.apiPort,
    SERVE_SPA: '0',
    PUBLIC_URL: env.PUBLIC_URL || `http://localhost:${options.appPort}`,
    ...(options.emulatorHost ? { FIREBASE_AUTH_EMULATOR_HOST: options.emulatorHost } : {}),
  };
}
