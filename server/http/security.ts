import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import type { ServerConfig } from '../config';
import type { AppEnv } from './types';
import type { RateLimits } from './rate-limit';
import { DEFAULT_RATE_LIMITS } from './rate-limit';

/** The `'sha256-…'` source that lets exactly this inline script or style run. */
export function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** What the pages of this deployment load and call besides their own origin. */
export interface ContentSources {
  /** Inline scripts of the SPA's page (the configuration script), allowed by hash. */
  appInlineScripts: string[];
  /** Inline scripts of the public pages (the site's head script), allowed by hash. */
  siteInlineScripts: string[];
  /**
   * Inline `<style>` contents allowed on every public page, by hash; null while Vite serves the styles in development
   * (its client injects `<style>` elements of its own). Each page's own first-screen CSS is allowed by the hash the
   * site sets on its answer (`inlineStyles` in the context).
   */
  siteInlineStyles: string[] | null;
  /** Origins the SPA calls: Firebase Auth (or its emulator), the file store, the postal-code service, the APIs. */
  appConnect: string[];
  /** Origins the public pages call (the API, when it lives elsewhere). */
  siteConnect: string[];
  /** Where the browser sends and fetches files itself (an S3-compatible store), or none. */
  fileStore: string[];
  /** The tag manager's origins (script, pixels, beacons) when one is configured; loaded only on public pages. */
  tagManager: string[];
  /** `upgrade-insecure-requests`: the product is served over HTTPS. */
  upgradeInsecure: boolean;
}

export interface SecurityOptions {
  /** How many proxies in front append to `X-Forwarded-For` / set `X-Forwarded-Proto`; 0 believes neither. */
  trustProxy: number;
  /** Always send Strict-Transport-Security (PUBLIC_URL is https); otherwise only for a trusted proxy's https. */
  hsts: boolean;
  rateLimits: RateLimits;
  content: ContentSources;
}

export const FIREBASE_AUTH_ORIGINS = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
/** Google's list of what a tag-manager container with Google Analytics loads and calls (their CSP guide). */
export const GOOGLE_TAG_ORIGINS = [
  'https://www.googletagmanager.com',
  'https://*.googletagmanager.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];

export function defaultSecurityOptions(publicUrl: string): SecurityOptions {
  const https = publicUrl.startsWith('https:');
  return {
    trustProxy: 0,
    hsts: https,
    rateLimits: DEFAULT_RATE_LIMITS,
    content: {
      appInlineScripts: [],
      siteInlineScripts: [],
      siteInlineStyles: [],
      appConnect: FIREBASE_AUTH_ORIGINS,
      siteConnect: [],
      fileStore: [],
      tagManager: [],
      upgradeInsecure: https,
    },
  };
}

type Directives = Record<string, string[]>;

const serialize = (directives: Directives) =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...new Set(sources)].join(' '))
    .join('; ');

/** Every response: nothing may frame the product, and plugins, `<base>` and foreign form targets are out. */
const COMMON: Directives = {
  'frame-ancestors': ["'none'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
};

export interface Policies {
  /** The SPA's index.html under /app. */
  app: string;
  /** The server-rendered public site (and its 404 page). */
  site: string;
  /** The site's policy for a page that also carries these inline styles (`'sha256-…'` sources). */
  siteWithStyles: (styleSources: string[]) => string;
  /** The local stand-ins of outside services under /fakes (their pages carry inline styles, like the real ones). */
  fake: string;
  /** JSON, files, scripts, images: nothing in them may run or load anything. */
  resource: string;
}

/** The Content-Security-Policy of each kind of response, computed once at start-up. */
export function contentSecurityPolicies(content: ContentSources): Policies {
  const upgrade: Directives = content.upgradeInsecure ? { 'upgrade-insecure-requests': [] } : {};
  const app: Directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...content.appInlineScripts.map(hashSource)],
    // React's `style` attributes and the toasts' injected <style> (react-hot-toast); styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...content.fileStore],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...content.appConnect, ...content.fileStore],
    'frame-src': ["'none'"],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'form-action': ["'self'"],
    ...COMMON,
    ...upgrade,
  };
  const site: Directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...content.siteInlineScripts.map(hashSource), ...content.tagManager],
    'style-src':
      content.siteInlineStyles === null ? ["'self'", "'unsafe-inline'"] : ["'self'", ...content.siteInlineStyles.map(hashSource)],
    // A few pages size bars with a `style` attribute.
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...content.tagManager],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...content.siteConnect, ...content.tagManager],
    'frame-src': content.tagManager.length ? content.tagManager : ["'none'"],
    'form-action': ["'self'"],
    ...COMMON,
    ...upgrade,
  };
  const fake: Directives = {
    'default-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    ...COMMON,
  };
  const resource: Directives = {
    'default-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
  };
  const siteStyles = site['style-src'];
  return {
    app: serialize(app),
    site: serialize(site),
    // With 'unsafe-inline' (development) a hash would switch it off: the page's styles are allowed already.
    siteWithStyles: (styleSources) =>
      styleSources.length === 0 || siteStyles.includes("'unsafe-inline'")
        ? serialize(site)
        : serialize({ ...site, 'style-src': [...siteStyles, ...styleSources] }),
    fake: serialize(fake),
    resource: serialize(resource),
  };
}

const isPage = (c: Context) => (c.res.headers.get('content-type') ?? '').toLowerCase().startsWith('text/html');

/** Which policy a response gets: by what it is (HTML or not) and where it comes from. */
function policyFor(c: Context<AppEnv>, policies: Policies): string {
  if (!isPage(c)) return policies.resource;
  const path = c.req.path;
  if (path.startsWith('/fakes/')) return policies.fake;
  if (path === '/app' || path.startsWith('/app/')) return policies.app;
  const styles = c.get('inlineStyles');
  return styles ? policies.siteWithStyles(styles) : policies.site;
}

export const HSTS_VALUE = 'max-age=31536000';

/**
 * The security headers of every response: Hono's set (nosniff, frame and cross-origin policies…) with the
 * Content-Security-Policy of its kind, a Referrer-Policy that keeps paths (and the file links' tokens) to ourselves,
 * and HSTS only over TLS.
 */
export function securityHeaders(options: SecurityOptions) {
  const policies = contentSecurityPolicies(options.content);
  const base = secureHeaders({
    contentSecurityPolicy: undefined,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
  });
  const overTls = (c: Context) =>
    options.hsts ||
    (options.trustProxy > 0 && (c.req.header('x-forwarded-proto') ?? '').split(',')[0].trim().toLowerCase() === 'https');
  // Hono's set, read once by running its middleware on an empty answer; set here on every answer after the handler.
  const fixed = new Headers();
  const ready = base({ res: { headers: fixed } } as unknown as Context, async () => {}).then(() => {
    const resource = { ...Object.fromEntries(fixed), 'content-security-policy': policies.resource };
    return {
      resource: Object.freeze(resource),
      overTls: Object.freeze({ ...resource, 'strict-transport-security': HSTS_VALUE }),
    };
  });
  // What an API answer carries, as plain headers: `json()` writes them into its answer itself (server/http/json.ts),
  // so @hono/node-server sends it without building a web `Headers` (~30 µs of a small list call's CPU).
  let plain: Awaited<typeof ready> | undefined;
  return createMiddleware<AppEnv>(async (c, next) => {
    plain ??= await ready;
    const tls = overTls(c);
    c.set('answerHeaders', tls ? plain.overTls : plain.resource);
    await next();
    if (c.get('answeredPlain')) return;
    // On the answer's own headers: `c.header` after the handler would rebuild the answer from its body, which makes
    // @hono/node-server build the full web Response (about a fifth of a small list call's time).
    const { headers } = c.res;
    for (const [name, value] of fixed) headers.set(name, value);
    headers.set('Content-Security-Policy', policyFor(c, policies));
    if (tls) headers.set('Strict-Transport-Security', HSTS_VALUE);
  });
}

/** The origin of an absolute http(s) address, or null for a path on our own origin. */
function originOf(address: string | null | undefined): string | null {
  if (!address || !/^https?:\/\//i.test(address)) return null;
  return new URL(address).origin;
}

/** Where the browser reaches the bucket: path-style `{endpoint}/{bucket}`, or virtual-hosted `{bucket}.{host}`. */
export function fileStoreOrigins(s3: ServerConfig['s3']): string[] {
  if (!s3) return [];
  if (s3.endpoint) {
    const url = new URL(s3.endpoint);
    return [s3.forcePathStyle ? url.origin : `${url.protocol}//${s3.bucket}.${url.host}`];
  }
  // AWS answers presigned requests both on the regional and the global host.
  return s3.forcePathStyle
    ? [`https://s3.${s3.region}.amazonaws.com`, 'https://s3.amazonaws.com']
    : [`https://${s3.bucket}.s3.${s3.region}.amazonaws.com`, `https://${s3.bucket}.s3.amazonaws.com`];
}

/** The tag manager's origins: Google's list for Google's script, the script's own origin for a custom one. */
export function tagManagerOrigins(tagManager: ServerConfig['site']['tagManager']): string[] {
  const origin = originOf(tagManager?.scriptUrl);
  if (!origin) return [];
  return new URL(origin).hostname.endsWith('googletagmanager.com') ? GOOGLE_TAG_ORIGINS : [origin];
}

/**
 * The security settings of a deployment. `pages` are the inline contents its pages carry, known once they are built:
 * the SPA's configuration script and the site's inlined CSS (null while Vite serves it in development).
 */
export function securityOptionsFrom(
  config: Pick<
    ServerConfig,
    'publicUrl' | 'publicApiUrl' | 'publicFunctionsUrl' | 'firebase' | 'services' | 's3' | 'site' | 'trustProxy' | 'rateLimits'
  >,
  pages: { appInlineScripts: string[]; siteInlineStyles: string[] | null },
): SecurityOptions {
  const defaults = defaultSecurityOptions(config.publicUrl);
  const apis = [originOf(config.publicApiUrl), originOf(config.publicFunctionsUrl)].filter((o): o is string => !!o);
  const emulator = config.firebase.authEmulatorHost ? [`http://${config.firebase.authEmulatorHost}`] : [];
  const viaCep = [originOf(config.services.viaCepUrl)].filter((o): o is string => !!o);
  const fileStore = fileStoreOrigins(config.s3);
  return {
    trustProxy: config.trustProxy,
    hsts: defaults.hsts,
    rateLimits: config.rateLimits,
    content: {
      ...defaults.content,
      ...pages,
      appConnect: [...FIREBASE_AUTH_ORIGINS, ...emulator, ...apis, ...viaCep],
      siteConnect: apis,
      fileStore,
      tagManager: tagManagerOrigins(config.site.tagManager),
    },
  };
}
