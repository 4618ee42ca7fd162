import type { AnyColumn, SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Page } from '@domain';

declare const written: unique symbol;
/**
 * JSON text PostgreSQL wrote as a `T` would serialise (the DTO function's fields, in SQL): the type rides on the
 * text, so the route can answer it as its contract's type (server/http/json.ts). Server tests compare every field
 * with the DTO functions (docs/decisions/0003-lists-as-postgresql-json.md).
 */
export type JsonText<T> = string & { readonly [written]: T };

/**
 * For answers whose JSON PostgreSQL writes (the hot lists): a timestamp as `Date.prototype.toISOString` writes it —
 * UTC, to the millisecond, cut rather than rounded, as a JavaScript date read from the driver would be. Null stays null.
 */
export const isoTimestamp = (column: AnyColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A page's `data` as JSON text: each row's `element`, in the list's `order` (an empty page is `[]`, not null). */
export const jsonArrayText = (element: SQL, order: SQL[]) =>
  sql<string>`coalesce(json_agg(${element} order by ${sql.join(order, sql`, `)}), '[]')::text`;

/** A list's answer (`{ data, total }`, the conventions' page) around a page whose JSON PostgreSQL wrote. */
export const pageAnswer = <T>(data: string, total: number) => `{"data":${data},"total":${total}}` as JsonText<Page<T>>;

/** For `mapWith`: a bigint the driver hands over as text, or null (an empty page, an account not found). */
export const numberOrNull = (value: unknown): number | null => (value === null ? null : Number(value));
