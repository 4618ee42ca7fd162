import type { ResponseOf } from '@domain';
import { ROUTE_CHUNKS_ELEMENT_ID, chooseCompanyId, isSystemAdmin } from '@domain';
import { api } from './api/call';
import { sessionCookies } from './cookies';
import { drawPageShellFor } from './page-shell';
import { readStoredAuth } from './stored-session';

type Company = ResponseOf<'GET /companies/:id'>['data'];
type Track = ResponseOf<'GET /companies/:id/steps'>['data'];
type Features = ResponseOf<'GET /features'>['data'];

/** The company a person coming back will see, and its steps, asked for with the token Firebase stored. */
export interface HeadStart {
  companyId: string;
  token: string;
  /** Each answer, or null when the call failed (the session then asks again, and meets the error itself). */
  company: Promise<Company | null>;
  track: Promise<Track | null>;
}

let started: HeadStart | null = null;
/**
 * Set when the app first asks for what the head start fetches. Its script runs once its own imports have come, which
 * may be after the app has started (they share chunks with it): it then asks for nothing, or every call is made twice.
 */
let appAsked = false;
/** The person's feature flags as the head start asked for them, for the token it used: the answer once it has come. */
let features: { token: string; answer: Features | null; call: Promise<Features | null> | null } | null = null;

/**
 * Asks for the company the session will load — the one it will choose from the stored token's claims and the selected
 * company's cookie — while the app's framework is still on its way: on a phone it arrives ~1 s after the document,
 * and the company was asked for only then (docs/performance.md, "Signed-in pages on a phone"). With a stored session it
 * also asks for the page's code and the person's feature flags; no company for the team (whose session loads none),
 * or for someone with no company yet.
 */
export function startHeadStart(now = Date.now()): void {
  const auth = readStoredAuth(now);
  if (!auth) return;
  // The frame and the heading, drawn now: the app's own come once the framework has arrived and run.
  drawPageShellFor(auth);
  if (appAsked) return;
  const token = auth.accessToken;
  const team = isSystemAdmin(auth.claims);
  preloadPageCode(window.location.pathname);
  // The flags decide what a page shows (a card at its top): known before it draws, nothing moves once it has.
  const flags: NonNullable<typeof features> = { token, answer: null, call: null };
  flags.call = api('GET /features', { token }).then(
    (answer) => (flags.answer = answer.data),
    () => null,
  );
  features = flags;
  if (team) return;
  const companyId = chooseCompanyId(sessionCookies.storedCompanyId(), auth.claims);
  if (!companyId) return;
  const params = { id: companyId };
  started = {
    companyId,
    token,
    company: api('GET /companies/:id', { params, token }).then(
      (answer) => answer.data,
      () => null,
    ),
    track: api('GET /companies/:id/steps', { params, token }).then(
      (answer) => answer.data,
      () => null,
    ),
  };
}

/**
 * Asks for the code of the page at `pathname` — its routes' chunks and what they import, as the build listed them in
 * index.html (scripts/route-chunks.ts) — which the router would ask for only once the framework has run.
 */
function preloadPageCode(pathname: string) {
  let map: { files: string[]; pages: [pattern: string, files: number[]][] };
  try {
    map = JSON.parse(document.getElementById(ROUTE_CHUNKS_ELEMENT_ID)?.textContent ?? '') as typeof map;
  } catch {
    return;
  }
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  const page = map.pages.find(([pattern]) => new RegExp(pattern, 'i').test(path));
  for (const index of page?.[1] ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = `/assets/${map.files[index]}`;
    document.head.append(link);
  }
}

/** The feature flags the head start got with this token, if they came (the flags' query starts from them). */
export function headStartFeatures(token: string | null): Features | undefined {
  appAsked = true;
  if (!features?.answer || features.token !== token) return undefined;
  // Taken: a later refresh of the flags asks the server, not this call again.
  features.call = null;
  return features.answer;
}

/**
 * The head start's call for the flags with this token, once (a later refresh asks anew): its answer, or null when it
 * made none or it failed.
 */
export function takeHeadStartFeatures(token: string | null): Promise<Features | null> | null {
  appAsked = true;
  if (!features || features.token !== token) return null;
  const { call } = features;
  features.call = null;
  return call;
}

/** The head start for this company and token, once: a later load (another company, a new token) asks anew. */
export function takeHeadStart(companyId: string, token: string | null): HeadStart | null {
  appAsked = true;
  const taken = started;
  started = null;
  return taken && taken.companyId === companyId && taken.token === token ? taken : null;
}
