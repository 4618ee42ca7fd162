import type { Endpoint, RouteTypes } from './apiContract';
import { endpoint } from './apiContract';

/** An area of practice (`/para/{slug}` on the site) as the functions API answers it: its text and its HTML body. */
export interface SiteArea {
  slug: string;
  title: string;
  profession: string;
  description: string;
  headline: string;
  /** The CNAE codes (7 digits) people of this profession usually register. */
  cnaes: string[];
  benefits: { title: string; text: string }[];
  faq: { question: string; answer: string }[];
  html: string;
  updatedAt: string;
}

/**
 * Every route of `/fn`, the functions API (docs/api.md), with its types, keyed as the server registers them under
 * `/fn`: the same kind of contract as `/api`'s (docs/decisions/0005-one-api-contract.md), in a table of its own because
 * the two are mounted and called from different bases.
 */
export const FUNCTIONS_API = {
  'GET /areas/:slug': endpoint<{ response: { data: SiteArea } }>(),
  /** A short link: where the alias leads (a path on the site). */
  'GET /links/:alias': endpoint<{ response: { data: { alias: string; target: string } } }>(),
} satisfies Record<string, Endpoint<RouteTypes>>;

export type FunctionsApi = typeof FUNCTIONS_API;
export type FunctionsRouteKey = keyof FunctionsApi;
/** What a route of `/fn` answers, as JSON brings it back. */
export type FunctionsResponseOf<K extends FunctionsRouteKey> = NonNullable<FunctionsApi[K]['types']>['response'];
