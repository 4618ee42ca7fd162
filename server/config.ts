import { resolve } from 'node:path';
// Relative on purpose: vite.config.ts loads this file before the import aliases exist.
import type { AppEnvironment, PublicConfig } from '../domain/appConfig.ts';
import { TAG_MANAGER_ID_PATTERN } from '../domain/constants.ts';
import type { RateLimits } from './http/rate-limit-settings.ts';
import { DEFAULT_RATE_LIMITS, parseRateLimit } from './http/rate-limit-settings.ts';
import type { S3StorageOptions } from './services/s3-storage';

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
  /** The interface to listen on: loopback unless `HOST` opens it. */
  host: string;
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
    /**
     * The national NFS-e API (Sefin Nacional) base URL, e.g. `https://sefin.nfse.gov.br/SefinNacional`; null means
     * the local stand-in (server/fakes/nfse-nacional.ts), which never issues a real invoice.
     */
    nfseNacionalUrl?: string | null;
    nfseParametersUrl?: string | null;
    nfseSignatureAlgorithm?: 'sha1' | 'sha256';
  };
  /** Seals bank tokens at rest. */
  tokenEncryptionKey: string;
  /** docs/security.md feature flags: who sees the Cora connection. */
  features: { coraEmails: string[]; panelEmails: string[] };
  /** The public site: where its content comes from and the tag manager loaded after consent. */
  site: SiteConfig;
  /** An S3-compatible bucket for the files (`S3_BUCKET`); the local disk under `dataDir/files` when absent. */
  s3?: S3StorageOptions;
  /** Proxies in front that set `X-Forwarded-For` / `X-Forwarded-Proto` (`TRUST_PROXY`); 0 believes neither header. */
  trustProxy: number;
  /** Per-address limits of the public calls (`RATE_LIMIT_SIGNUP`, `RATE_LIMIT_LEADS`). */
  rateLimits: RateLimits;
  /** How long the start waits for an unreachable database before giving up (`DATABASE_WAIT_SECONDS`). */
  databaseWaitSeconds: number;
  /** The monthly invoice schedules' runner: off where another process runs it; its interval. */
  scheduler: { enabled: boolean; intervalMs: number };
  /** How often every server sweeps for NFS-e emissions to resume (`NFSE_RECOVERY_INTERVAL_MS`). */
  nfseRecovery: { intervalMs: number };
  /** E-mail: SMTP when `SMTP_URL` is set, else the local outbox only; the sender (`MAIL_FROM`). */
  mail: { smtpUrl?: string; from?: string };
  /** How often every server looks for tax reminders to send (`TAX_REMINDERS_INTERVAL_MS`; docs/taxes.md "Reminders"). */
  taxReminders: { intervalMs: number };
  /** Serve the built SPA too (`SERVE_SPA=0`: the API only, as `npm run dev` runs it behind Vite). */
  serveSpa: boolean;
  /** What the operator should know at start-up (an open port trusting the Auth emulator). */
  warnings: string[];
}

export interface SiteConfig {
  /** The content folder of the project (the default source). */
  contentDir: string;
  /** A Storyblok space instead of the folder. */
  storyblok: { url: string; token: string } | null;
  /** How long content and rendered pages are reused; the folder's content never changes while running. */
  contentCacheSeconds: number;
  /** docs/rules.md tag manager; the local stand-in's script when the demo's container is used. */
  tagManager: { id: string; scriptUrl: string } | null;
}

/** The demo's container id: its script is the local stand-in under /fakes/gtm. */
export const DEMO_TAG_MANAGER_ID = 'GTM-DEMO1';
export const LOCAL_TAG_MANAGER_SCRIPT = '/fakes/gtm/gtm.js';

function siteConfigFrom(env: NodeJS.ProcessEnv, environment: AppEnvironment): SiteConfig {
  const token = env.STORYBLOK_TOKEN?.trim();
  const cacheSeconds = Number(env.CONTENT_CACHE_SECONDS ?? (token ? 60 : 3600));
  if (!Number.isFinite(cacheSeconds) || cacheSeconds < 0) {
    throw new Error(`CONTENT_CACHE_SECONDS must be a number of seconds (got "${env.CONTENT_CACHE_SECONDS}")`);
  }
  const gtmId = env.GTM_ID?.trim() || (environment === 'production' ? '' : DEMO_TAG_MANAGER_ID);
  if (gtmId && !TAG_MANAGER_ID_PATTERN.test(gtmId)) {
    throw new Error(`GTM_ID must be GTM- followed by capital letters or digits (got "${gtmId}")`);
  }
  const scriptUrl =
    env.GTM_SCRIPT_URL?.trim() ||
    (gtmId === DEMO_TAG_MANAGER_ID ? LOCAL_TAG_MANAGER_SCRIPT : 'https://www.googletagmanager.com/gtm.js');
  return {
    contentDir: resolve(env.CONTENT_DIR || 'content'),
    storyblok: token ? { url: (env.STORYBLOK_URL || 'https://api.storyblok.com/v2').replace(/\/+$/, ''), token } : null,
    contentCacheSeconds: cacheSeconds,
    tagManager: gtmId ? { id: gtmId, scriptUrl } : null,
  };
}

export const DEMO_PROJECT_ID = 'demo-contabil';
export const DEFAULT_EMULATOR_HOST = '127.0.0.1:9099';
/** Without `HOST` the product answers this machine only. */
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_DATABASE_WAIT_SECONDS = 30;
/** How often the invoice schedules' runner looks for due schedules (`SCHEDULER_INTERVAL_MS`). */
export const DEFAULT_SCHEDULE_INTERVAL_MS = 10 * 60_000;

/** The ADN Parâmetros Municipais of Sefin Nacional's environment: production or the restricted production. */
function parametersUrlFor(nacionalUrl: string | undefined): string | null {
  if (!nacionalUrl?.trim()) return null;
  try {
    const host = new URL(nacionalUrl).hostname;
    if (host === 'sefin.nfse.gov.br') return 'https://adn.nfse.gov.br/parametrizacao';
    if (host === 'sefin.producaorestrita.nfse.gov.br') return 'https://adn.producaorestrita.nfse.gov.br/parametrizacao';
  } catch {
    // an unreadable URL has no known parameters
  }
  return null;
}

/** How often the NFS-e recovery sweep runs (`NFSE_RECOVERY_INTERVAL_MS`): with the 45 s lease, within 2 minutes. */
export const DEFAULT_RECOVERY_INTERVAL_MS = 15_000;
/** Tax reminders are looked for every hour: they are due by the day. */
export const DEFAULT_TAX_REMINDERS_INTERVAL_MS = 60 * 60_000;

/** `SCHEDULER_INTERVAL_MS` as a number of milliseconds; anything but a positive number keeps the default. */
export function scheduleIntervalFrom(value: string | undefined): number {
  const ms = Number(value);
  return value && Number.isFinite(ms) && ms > 0 ? ms : DEFAULT_SCHEDULE_INTERVAL_MS;
}

/** The host part of `host:port` (IPv6 in brackets too). */
function hostnameOf(address: string): string {
  const bracketed = /^\[([^\]]+)\]/.exec(address);
  if (bracketed) return bracketed[1];
  return address.split(':')[0];
}

/** Whether an interface or host name is this machine only: localhost, 127.0.0.0/8 or ::1. */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

/**
 * The Auth emulator accepts unsigned tokens (and lets anyone create or change accounts): behind an open port anyone
 * on the network could sign in as anyone. So the server and the emulator stay on loopback unless the operator says,
 * with ALLOW_INSECURE_AUTH_EMULATOR=1, that this is a trusted network — and is told why at every start.
 */
function emulatorExposure(env: NodeJS.ProcessEnv, host: string, emulatorHost: string | undefined): string[] {
  if (!emulatorHost) return [];
  const open = [
    ...(isLoopbackHost(host) ? [] : [`HOST=${host}`]),
    ...(isLoopbackHost(hostnameOf(emulatorHost)) ? [] : [`FIREBASE_AUTH_EMULATOR_HOST=${emulatorHost}`]),
  ];
  if (!open.length) return [];
  const why =
    `${open.join(' and ')} opens the product to the network while it trusts the Firebase Auth emulator, which accepts ` +
    'unsigned tokens: anyone who can reach it can sign in as anyone, the team included';
  if (!flag(env.ALLOW_INSECURE_AUTH_EMULATOR, false)) {
    throw new Error(
      `${why}. Use a real Firebase project (FIREBASE_PROJECT_ID), leave HOST unset (127.0.0.1), or set ` +
        'ALLOW_INSECURE_AUTH_EMULATOR=1 on a network you trust.',
    );
  }
  return [`Warning: ${why} (ALLOW_INSECURE_AUTH_EMULATOR=1).`];
}

/** A whole number of seconds, at least `min`. */
function seconds(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number of seconds (got "${text}")`);
  return value;
}

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

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'];

/** The S3-compatible store of `S3_*`, or undefined for the local disk; a setting that cannot work stops the start. */
export function s3ConfigFrom(env: NodeJS.ProcessEnv, environment: AppEnvironment): S3StorageOptions | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  const bucket = value('S3_BUCKET');
  if (!bucket) {
    const stray = S3_VARIABLES.filter((name) => value(name));
    if (stray.length) throw new Error(`${stray.join(', ')} set without S3_BUCKET: set S3_BUCKET to keep files in S3`);
    return undefined;
  }
  // AWS's rule for new buckets, which S3-compatible stores follow too.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) || bucket.includes('..')) {
    throw new Error(`S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens; got "${bucket}")`);
  }
  const endpoint = value('S3_ENDPOINT')?.replace(/\/+$/, '');
  if (endpoint) {
    let url: URL | undefined;
    try {
      url = new URL(endpoint);
    } catch {
      url = undefined;
    }
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.search || url.hash) {
      throw new Error(`S3_ENDPOINT must be an http(s) address such as https://s3.example.com (got "${endpoint}")`);
    }
    // The browser sends and fetches files there itself: a page served over HTTPS cannot use plain HTTP.
    if (environment === 'production' && url.protocol !== 'https:') {
      throw new Error('S3_ENDPOINT must use https with APP_ENV=production: browsers send the files to it directly');
    }
  }
  const region = value('S3_REGION') ?? 'us-east-1';
  if (!/^[a-z0-9-]+$/.test(region)) throw new Error(`S3_REGION must be a region name such as us-east-1 (got "${region}")`);
  const accessKeyId = value('S3_ACCESS_KEY_ID');
  const secretAccessKey = value('S3_SECRET_ACCESS_KEY');
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS defaults');
  }
  const pathStyle = value('S3_FORCE_PATH_STYLE')?.toLowerCase();
  if (pathStyle !== undefined && !['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'].includes(pathStyle)) {
    throw new Error(`S3_FORCE_PATH_STYLE must be true or false (got "${env.S3_FORCE_PATH_STYLE}")`);
  }
  return {
    bucket,
    region,
    endpoint,
    // Most S3-compatible stores (MinIO, Ceph…) answer path-style; AWS itself prefers virtual-hosted addresses.
    forcePathStyle: pathStyle === undefined ? Boolean(endpoint) : ['1', 'true', 'yes', 'on'].includes(pathStyle),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

/** `TRUST_PROXY`: unset or false → 0; true → 1 (one proxy, the usual load balancer); or the number of proxies. */
export function trustProxyFrom(value: string | undefined): number {
  const text = (value ?? '').trim().toLowerCase();
  if (['', '0', 'false', 'no', 'off'].includes(text)) return 0;
  if (['true', 'yes', 'on'].includes(text)) return 1;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  throw new Error(`TRUST_PROXY must be true, false or the number of proxies in front of the server (got "${value}")`);
}

function rateLimitsFrom(env: NodeJS.ProcessEnv): RateLimits {
  const read = (name: string, fallback: RateLimits[keyof RateLimits]) =>
    env[name]?.trim() ? parseRateLimit(env[name]!, name) : fallback;
  return {
    signup: read('RATE_LIMIT_SIGNUP', DEFAULT_RATE_LIMITS.signup),
    leads: read('RATE_LIMIT_LEADS', DEFAULT_RATE_LIMITS.leads),
  };
}

/** Reads the configuration from the environment; every variable is listed in docs/configuration.md. */
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
  const host = env.HOST?.trim() || DEFAULT_HOST;
  const warnings = emulatorExposure(env, host, authEmulatorHost);
  const services = {
    viaCepUrl: env.VIACEP_URL || null,
    cnpjApiUrl: env.CNPJ_API_URL || null,
    payments: {
      url: env.PAYMENTS_URL || null,
      apiKey: env.PAYMENTS_API_KEY || 'sandbox-api-key',
      webhookSecret: env.PAYMENTS_WEBHOOK_SECRET || 'sandbox-webhook-secret',
    },
    nfseNacionalUrl: env.NFSE_NACIONAL_URL?.trim().replace(/\/+$/, '') || null,
    /** ADN Parâmetros Municipais; by default the one of the same environment as NFSE_NACIONAL_URL. */
    nfseParametersUrl: env.NFSE_PARAMETROS_URL?.trim().replace(/\/+$/, '') || parametersUrlFor(env.NFSE_NACIONAL_URL),
    /** `sha1` (the Manual's, the default) or `sha256`. */
    nfseSignatureAlgorithm: env.NFSE_SIGNATURE_ALGORITHM?.trim() === 'sha256' ? ('sha256' as const) : ('sha1' as const),
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
      // Without it the server would start the local NFS-e stand-in, which issues no real invoice.
      ['NFSE_NACIONAL_URL (https://sefin.nfse.gov.br/SefinNacional)', services.nfseNacionalUrl],
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
    host,
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
    s3: s3ConfigFrom(env, environment),
    site: siteConfigFrom(env, environment),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    rateLimits: rateLimitsFrom(env),
    databaseWaitSeconds: seconds(env, 'DATABASE_WAIT_SECONDS', DEFAULT_DATABASE_WAIT_SECONDS, 0),
    scheduler: {
      // SCHEDULER_DISABLED=1 where another process runs the schedules (running in several is harmless too).
      enabled: !flag(env.SCHEDULER_DISABLED, false),
      intervalMs: scheduleIntervalFrom(env.SCHEDULER_INTERVAL_MS),
    },
    nfseRecovery: {
      intervalMs:
        Number(env.NFSE_RECOVERY_INTERVAL_MS) > 0 ? Number(env.NFSE_RECOVERY_INTERVAL_MS) : DEFAULT_RECOVERY_INTERVAL_MS,
    },
    mail: { smtpUrl: env.SMTP_URL || undefined, from: env.MAIL_FROM || undefined },
    taxReminders: {
      intervalMs:
        Number(env.TAX_REMINDERS_INTERVAL_MS) > 0 ? Number(env.TAX_REMINDERS_INTERVAL_MS) : DEFAULT_TAX_REMINDERS_INTERVAL_MS,
    },
    serveSpa: flag(env.SERVE_SPA, true),
    warnings,
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

/** Where Cora's sign-in sends the person back: the app's own page at the address people use (`PUBLIC_URL`). */
export function coraRedirectUri(config: Pick<ServerConfig, 'publicUrl'>): string {
  return `${config.publicUrl}/app/auth/cora/callback`;
}

/** What the browser needs to start, injected into index.html (never secrets). */
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

/** What the SPA's configuration script runs; its hash goes into the Content-Security-Policy. */
export function configScriptBody(config: PublicConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `window.__APP_CONFIG__=${json}`;
}

/** The inline script that hands the public configuration to the SPA. */
export function configScript(config: PublicConfig): string {
  return `<script>${configScriptBody(config)}</script>`;
}

export const CONFIG_PLACEHOLDER = '<!--app-config-->';
