import { describe, expect, expectTypeOf, it } from 'vitest';
import type { FunctionsResponseOf, ResponseOf, RouteKey, SiteArea, User } from '@domain';
import { API, FUNCTIONS_API } from '@domain';
import type { functionsJson, json } from '@server/http/json';
import type { Area } from '@server/site/content';
import type { toUserDto } from '@server/db/users';
import type { api } from '@/lib/api/call';
import { pathOf } from '@/lib/api/call';
import type { FileRoute, saveDownload } from '@/lib/api/download';

/*
 * One contract for both sides (docs/decisions/0005-one-api-contract.md). The type checks run with `npm run
 * typecheck` (tsc reads this file); the rest at run time.
 */

/** What the server's handler must answer for a route, and what the SPA's call of it resolves to. */
type ServerAnswer<K extends RouteKey> = Parameters<typeof json<K>>[2];
type ClientAnswer<K extends RouteKey> = Awaited<ReturnType<typeof api<K>>>;
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

describe('the API contract', () => {
  it('gives the server and the SPA the same type for every route', () => {
    expectTypeOf<{ [K in RouteKey]: Same<ServerAnswer<K>, ClientAnswer<K>> }[RouteKey]>().toEqualTypeOf<true>();
    expectTypeOf<ServerAnswer<'GET /users/:id'>>().toEqualTypeOf<{ data: User }>();
    expectTypeOf<ClientAnswer<'GET /users/:id'>>().toEqualTypeOf<ResponseOf<'GET /users/:id'>>();
    expectTypeOf<ReturnType<typeof toUserDto>>().toEqualTypeOf<User>();
  });

  it('types a call by its route: its parameters, query and body', () => {
    type UserCall = NonNullable<Parameters<typeof api<'GET /users/:id'>>[1]>;
    expectTypeOf<UserCall['params']>().toEqualTypeOf<{ id: string }>();
    // A route without a body takes none.
    expectTypeOf<UserCall['body']>().toEqualTypeOf<undefined>();
    // @ts-expect-error: the path's id is required.
    expectTypeOf(() => api('GET /users/:id')).toBeFunction();
    // @ts-expect-error: a body of another route is refused.
    expectTypeOf(() => api('PATCH /users/:id', { params: { id: 'a' }, body: { email: 'x' } })).toBeFunction();
  });

  it('downloads only the routes that answer a file, with their parameters', () => {
    expectTypeOf<'GET /documents/:id/file'>().toExtend<FileRoute>();
    expectTypeOf<'GET /users/:id'>().not.toExtend<FileRoute>();
    const download = (() => Promise.resolve()) as unknown as typeof saveDownload;
    // @ts-expect-error: a JSON route is not a download.
    expectTypeOf(() => download('GET /users/:id', { params: { id: 'a' }, fallbackName: 'a.pdf' })).toBeFunction();
    // @ts-expect-error: the document's company is required.
    expectTypeOf(() => download('GET /documents/:id/file', { params: { id: 'a' }, fallbackName: 'a.pdf' })).toBeFunction();
  });

  it('keys every entry as a method and a path of /api', () => {
    // No query string in a key; an optional parameter (`:type?`) is Hono's spelling, not one.
    for (const key of Object.keys(API)) {
      expect(key.replace(/(:\w+)\?/g, '$1')).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/[^\s?]*$/);
    }
  });

  it('writes a path with its parameters, each encoded', () => {
    expect(pathOf('/users/:id', { id: 'a b/c' })).toBe('/users/a%20b%2Fc');
    expect(pathOf('/companies/:id/status/:status', { id: '1', status: 'active' })).toBe('/companies/1/status/active');
    expect(pathOf('/upload/:filename{.+}', { filename: 'nota fiscal.pdf' })).toBe('/upload/nota%20fiscal.pdf');
    expect(pathOf('/bank-statements/accounts/:id/exports/:type?', { id: '1' })).toBe('/bank-statements/accounts/1/exports');
    expect(pathOf('/bank-statements/accounts/:id/exports/:type?', { id: '1', type: 'csv' })).toBe(
      '/bank-statements/accounts/1/exports/csv',
    );
  });
});

describe('the functions contract (/fn)', () => {
  it('gives the server the contract’s type for each route, and the site’s area is the contract’s', () => {
    expectTypeOf<Parameters<typeof functionsJson<'GET /links/:alias'>>[2]>().toEqualTypeOf<{
      data: { alias: string; target: string };
    }>();
    expectTypeOf<Parameters<typeof functionsJson<'GET /areas/:slug'>>[2]>().toEqualTypeOf<
      FunctionsResponseOf<'GET /areas/:slug'>
    >();
    expectTypeOf<Area>().toExtend<SiteArea>();
    expectTypeOf<SiteArea>().toExtend<Area>();
  });

  it('keys every entry as a method and a path of /fn', () => {
    for (const key of Object.keys(FUNCTIONS_API)) expect(key).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/[^\s?]*$/);
  });
});
