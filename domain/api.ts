import type { Endpoint, PathOf, PathParams, RouteTypes } from './apiContract';
import { ACCOUNT_API } from './accountApi';
import { BANK_STATEMENTS_API } from './bankStatementsApi';
import { COMPANIES_API } from './companiesApi';
import { DOCUMENTS_API } from './documentsApi';
import { INVOICES_API } from './invoicesApi';
import { SITE_API } from './siteApi';
import { TAXES_API } from './taxesApi';
import { USERS_API } from './usersApi';

export type { FileAnswer, FormText, MultipartForm, PathParams } from './apiContract';
export type * from './accountApi';
export type * from './bankStatementsApi';
export type * from './companiesApi';
export type * from './documentsApi';
export type * from './invoicesApi';
export type * from './siteApi';
export type * from './taxesApi';
export type * from './usersApi';

/** Every route of `/api` (docs/api.md) with its types: the one contract both sides use (docs/decisions/0005). */
export const API = {
  ...USERS_API,
  ...COMPANIES_API,
  ...DOCUMENTS_API,
  ...INVOICES_API,
  ...ACCOUNT_API,
  ...TAXES_API,
  ...SITE_API,
  ...BANK_STATEMENTS_API,
} satisfies Record<string, Endpoint<RouteTypes>>;

export type Api = typeof API;
export type RouteKey = keyof Api;
type TypesOf<K extends RouteKey> = NonNullable<Api[K]['types']>;

/** What a route answers, as JSON brings it back. */
export type ResponseOf<K extends RouteKey> = TypesOf<K>['response'];
/** The body a route takes, or `never` when it takes none. */
export type BodyOf<K extends RouteKey> = TypesOf<K> extends { body: infer B extends object } ? B : never;
/** The query a route reads, or `never` when it reads none. */
export type QueryOf<K extends RouteKey> = TypesOf<K> extends { query: infer Q extends object } ? Q : never;
/** The path's parameters. */
export type ParamsOf<K extends RouteKey> = PathParams<PathOf<K>>;
