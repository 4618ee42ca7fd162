import type { PublicConfig } from '@domain';

declare global {
  interface Window {
    __APP_CONFIG__?: PublicConfig;
  }
}

const fallback: PublicConfig = {
  environment: 'development',
  apiUrl: '/api',
  functionsUrl: '/fn',
  firebase: { apiKey: 'demo-api-key', authDomain: 'demo-contabil.firebaseapp.com', projectId: 'demo-contabil' },
  authEmulatorUrl: 'http://127.0.0.1:9099',
  allowedExternalHosts: [],
  viaCepUrl: '/fakes/viacep',
};

/** The runtime configuration the server inlines into index.html. */
export const appConfig: PublicConfig = (typeof window !== 'undefined' && window.__APP_CONFIG__) || fallback;
