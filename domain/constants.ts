/** Business constants and limits of docs/rules.md. */

const MINUTE = 60_000;

/** What the API answers, and the app shows, while the database cannot be reached (503). */
export const UNAVAILABLE_MESSAGE = 'Serviço temporariamente indisponível. Tente novamente em instantes.';

export const PAGE_SIZE = {
  invoices: 10,
  documents: 10,
  users: 10,
  bankAccounts: 10,
  transactions: 10,
  cnaeSearch: 10,
  openingOrders: 10,
  migrationOrders: 10,
  companies: 25,
  citySearch: 5,
  contentStories: 25,
  leads: 10,
} as const;

/** Largest page any list endpoint serves, whatever the caller asks. */
export const MAX_PAGE_SIZE = 100;

export const TOKEN_REFRESH_INTERVAL_MS = 50 * MINUTE;
export const BUILD_CHECK_INTERVAL_MS = 60 * MINUTE;
/** A page reload triggered by a 401 happens at most once in this window. */
export const RELOAD_GUARD_MS = 10_000;

export const MIN_INVOICE_VALUE_REAIS = 1;
export const MIN_PASSWORD_LENGTH = 8;
export const MIN_ADMIN_PHONE_LENGTH = 11;
export const MIN_LEAD_PHONE_LENGTH = 17;

export const HTTP_RETRY = {
  statusCodes: [408, 409, 425, 429, 500, 502, 503, 504],
  /** Methods that change data are never retried. */
  noRetryMethods: ['PATCH', 'POST', 'PUT', 'DELETE'],
  retries: 1,
} as const;

export const TOASTS = {
  durationMs: 3000,
  position: 'bottom-right',
  max: 20,
} as const;

export const SESSION_COOKIES = {
  user: 'session_user',
  claims: 'session_claims',
  token: 'session_token',
  company: 'session_company',
  track: 'session_track',
  sameSite: 'lax',
} as const;

/** The id of index.html's data element listing each app page's code (written by the build, read by the head start). */
export const ROUTE_CHUNKS_ELEMENT_ID = 'route-chunks';

export const CONSENT_COOKIES = { consent: 'ncc_c', extra: 'ncc_e', maxAgeDays: 365 } as const;
export const TAG_MANAGER_ID_PATTERN = /^GTM-[A-Z0-9]+$/;

export const CONTENT_API = {
  pageSize: 25,
  uuidBatchSize: 50,
  requestsPerSecond: 5,
  requestsPerSecondOAuth: 3,
  maxRetriesOn429: 5,
} as const;

export const REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS = 5000;

/** What the API answers for a company or a person that does not exist (404), wherever it is looked up. */
export const NOT_FOUND_MESSAGES = {
  company: 'Empresa não encontrada.',
  user: 'Usuário não encontrado.',
} as const;
