/*
 * The API's one contract (docs/decisions/0005-one-api-contract.md): every route of `/api`, keyed as
 * `'METHOD /path'` with the path as the server registers it (`/companies/:id`), names what its request carries and
 * what it answers. The server answers through it (`server/http/json.ts`) and the SPA calls through it
 * (`src/lib/api/call.ts`), so a changed type breaks the build on both sides.
 */

/** What one route carries: its query and body as the caller sends them, and its answer as JSON brings it back. */
export interface RouteTypes {
  query?: object;
  body?: object;
  response: unknown;
}

/** A route's entry: its types ride on an optional field that is never set (the entry is `{}` at run time). */
export interface Endpoint<T extends RouteTypes> {
  readonly types?: T;
}

/** A route's entry in a contract table. */
export const endpoint = <T extends RouteTypes>(): Endpoint<T> => ({});

/** An answer that is a file, not JSON (a download, a photo, an export): the contract names it, nobody parses it. */
export interface FileAnswer {
  readonly file: true;
}

/**
 * A body a form sends as the person filled it in: any field may be missing, and the server's schema answers 400 with
 * a pt-BR message for each (the SPA checks the same schema first).
 */
export type FormBody<T> = { [K in keyof T]?: T[K] | undefined };

/**
 * A body a form sends as typed, every field a text (its choices and numbers too): any field may be missing, and the
 * server's schema reads each text as it reads the API's (the SPA checks the same schema first).
 */
export type FormText<T> = { [K in keyof T]?: string };

/** A multipart body (the browser's `FormData`, which the domain's globals do not have). */
export interface MultipartForm {
  get(name: string): unknown;
}

/** `'GET /companies/:id'` → `'GET'`. */
export type MethodOf<K extends string> = K extends `${infer M} ${string}` ? M : never;
/** `'GET /companies/:id'` → `'/companies/:id'`. */
export type PathOf<K extends string> = K extends `${string} ${infer P}` ? P : never;

/** `:filename{.+}` → `filename`; `:type?` → `type?`. */
type ParamName<S extends string> = S extends `${infer Name}{${string}}` ? Name : S;
type ParamNames<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Head}/${infer Tail}`
    ? ParamName<Head> | ParamNames<`/${Tail}`>
    : ParamName<Rest>
  : never;
type Required<N extends string> = N extends `${string}?` ? never : N;
type Optional<N extends string> = N extends `${infer Name}?` ? Name : never;

/** The path's parameters, each a string (`:type?` optional). */
export type PathParams<P extends string> = Flat<
  { [N in Required<ParamNames<P>>]: string } & { [N in Optional<ParamNames<P>>]?: string }
>;
type Flat<T> = { [K in keyof T]: T[K] };
