/** Where the product runs; production refuses the local stand-ins (the Auth emulator, the fakes). */
export type AppEnvironment = 'development' | 'production' | 'test';

/** The configuration the server hands the SPA (inlined into index.html as `window.__APP_CONFIG__`). */
export interface PublicConfig {
  environment: AppEnvironment;
  apiUrl: string;
  functionsUrl: string;
  firebase: { apiKey: string; authDomain: string; projectId: string; appId?: string };
  authEmulatorUrl: string | null;
  allowedExternalHosts: string[];
  /** The postal-code service the browser calls (docs/api.md). */
  viaCepUrl: string;
}
