import { resolve } from 'node:path';

export type AppEnvironment = 'development' | 'production' | 'test';

export interface FirebaseConfig {
  projectId: string;
  /** Web app settings sent to the browser. */
  apiKey: string;
  authDomain: string;
  appId?: string;
  /** host:port of the Auth emulator; when set the server trusts emulator tokens (never in production). */
  authEmulatorHost?: string;
}

export interface ServerConfig {
  environment: AppEnvironment;
  port: number;
  host?: string;
  dataDir: string;
  databaseUrl?: string;
  firebase: FirebaseConfig;
  /** Where the browser finds the APIs (the SPA's ofetch clients). */
  publicApiUrl: string;
  publicFunctionsUrl: string;
  /** Hosts the SPA may navigate to outside itself (payment, bank sign-in). */
  allowedExternalHosts: string[];
  /** Seeds demo users and companies into an empty database. */
  seedDemo: boolean;
  /** Folder of the built SPA. */
  distDir: string;
  /** The address people reach the product at: payment return and notification URLs are built from it. */
  publicUrl: string;
  /** Outside services; a null URL means the local fake under /fakes (dev, demo and tests). */
  services: {
    viaCepUrl: string | null;
    cnpjApiUrl: string | null;
    payments: { url: string | null; apiKey: string; webhookSecret: string };
    /** Cora's partner API; the client id and secret come from the partnership. */
    cora?: { url: string | null; clientId: string; clientSecret: string };
  };
  /** Seals bank tokens at rest. */
  tokenEncryptionKey: string;
  /** Spec §6 feature flags: who sees the Cora connection. */
  features: { coraEmails: string[]; panelEmails: string[] };
}

export const DEMO_PROJECT_ID = 'demo-contabil';
export const DEFAULT_EMULATOR_HOST = '127.0.0.1:9099';

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

/** Reads the configuration from the environment; every variable is listed in the README. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  // APP_ENV only: tools set NODE_ENV for their own reasons (a Vite build sets it to production).
  const environment = (env.APP_ENV || 'development') as AppEnvironment;
  if (!['development', 'production', 'test'].includes(environment)) {
    throw new Error(`APP_ENV must be development, production or test (got "${environment}")`);
  }
  const projectId = env.FIREBASE_PROJECT_ID || DEMO_PROJECT_ID;
  const usesEmulator = projectId.startsWith('demo-') || Boolean(env.FIREBASE_AUTH_EMULATOR_HOST);
  const authEmulatorHost = usesEmulator ? env.FIREBASE_AUTH_EMULATOR_HOST || DEFAULT_EMULATOR_HOST : undefined;
  if (environment === 'production' && authEmulatorHost) {
    throw new Error('The Auth emulator cannot be used with APP_ENV=production: set a real FIREBASE_PROJECT_ID');
  }
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`PORT must be a port number (got "${env.PORT}")`);
  const services = {
    viaCepUrl: env.VIACEP_URL || null,
    cnpjApiUrl: env.CNPJ_API_URL || null,
    payments: {
      url: env.PAYMENTS_URL || null,
      apiKey: env.PAYMENTS_API_KEY || 'sandbox-api-key',
      webhookSecret: env.PAYMENTS_WEBHOOK_SECRET || 'sandbox-webhook-secret',
    },
    cora: {
      url: env.CORA_URL || null,
      clientId: env.CORA_CLIENT_ID || 'contabil-sandbox',
      clientSecret: env.CORA_CLIENT_SECRET || 'sandbox-cora-secret',
    },
  };
  if (environment === 'production') {
    const missing = [
      ['VIACEP_URL', services.viaCepUrl],
      ['CNPJ_API_URL', services.cnpjApiUrl],
      ['PAYMENTS_URL', services.payments.url],
      ['PAYMENTS_API_KEY', env.PAYMENTS_API_KEY],
      ['PAYMENTS_WEBHOOK_SECRET', env.PAYMENTS_WEBHOOK_SECRET],
      ['PUBLIC_URL', env.PUBLIC_URL],
      ['TOKEN_ENCRYPTION_KEY', env.TOKEN_ENCRYPTION_KEY],
      ...(env.CORA_URL
        ? [
            ['CORA_CLIENT_ID', env.CORA_CLIENT_ID],
            ['CORA_CLIENT_SECRET', env.CORA_CLIENT_SECRET],
          ]
        : []),
    ].filter(([, value]) => !value);
    if (missing.length)
      throw new Error(
        `APP_ENV=production needs ${missing.map(([name]) => name).join(', ')}: the local fakes are for development`,
      );
  }
  return {
    environment,
    port,
    host: env.HOST || undefined,
    dataDir: resolve(env.DATA_DIR || '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    firebase: {
      projectId,
      apiKey: env.FIREBASE_API_KEY || 'demo-api-key',
      authDomain: env.FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
      appId: env.FIREBASE_APP_ID || undefined,
      authEmulatorHost,
    },
    publicApiUrl: env.PUBLIC_API_URL || '/api',
    publicFunctionsUrl: env.PUBLIC_FUNCTIONS_URL || '/fn',
    allowedExternalHosts: list(env.ALLOWED_EXTERNAL_HOSTS),
    seedDemo: flag(env.SEED_DEMO, environment !== 'production'),
    distDir: resolve(env.DIST_DIR || 'dist'),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    services,
    tokenEncryptionKey: env.TOKEN_ENCRYPTION_KEY || 'contabil-development-token-key',
    features: {
      // The demo customer sees the Cora connection; in production only the accounts listed.
      panelEmails: list(env.FEATURE_PANEL_EMAILS ?? (environment === 'production' ? '' : 'admin@demo.test')).map((e) =>
        e.toLowerCase(),
      ),
      coraEmails: list(env.FEATURE_CORA_EMAILS ?? (environment === 'production' ? '' : 'cliente@demo.test')).map((e) =>
        e.toLowerCase(),
      ),
    },
  };
}

/** The base URL of an outside service: the configured one, or the local fake this server mounts. */
export function serviceUrl(config: ServerConfig, service: 'viacep' | 'brasilapi' | 'payments' | 'cora'): string {
  const configured = {
    viacep: config.services.viaCepUrl,
    brasilapi: config.services.cnpjApiUrl,
    payments: config.services.payments.url,
    cora: config.services.cora?.url ?? null,
  }[service];
  return configured ?? `${config.publicUrl}/fakes/${service}`;
}

/** What the browser needs to start, injected into index.html (never secrets). */
export interface PublicConfig {
  environment: AppEnvironment;
  apiUrl: string;
  functionsUrl: string;
  firebase: { apiKey: string; authDomain: string; projectId: string; appId?: string };
  authEmulatorUrl: string | null;
  allowedExternalHosts: string[];
  /** The postal-code service the browser calls (spec §7). */
  viaCepUrl: string;
}

export function publicConfigOf(config: ServerConfig): PublicConfig {
  const { apiKey, authDomain, projectId, appId, authEmulatorHost } = config.firebase;
  return {
    environment: config.environment,
    apiUrl: config.publicApiUrl,
    functionsUrl: config.publicFunctionsUrl,
    firebase: { apiKey, authDomain, projectId, ...(appId ? { appId } : {}) },
    authEmulatorUrl: authEmulatorHost ? `http://${authEmulatorHost}` : null,
    allowedExternalHosts: config.allowedExternalHosts,
    viaCepUrl: config.services.viaCepUrl ?? '/fakes/viacep',
  };
}

/** The inline script that hands the public configuration to the SPA. */
export function configScript(config: PublicConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script>window.__APP_CONFIG__=${json}</script>`;
}

export const CONFIG_PLACEHOLDER = '<!--app-config-->';
