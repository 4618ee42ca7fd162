import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '@server/seed/reference';
import { envelopeProblems } from '../support/portuguese';
import type { Fixtures, RouteSpec, SampleRequest } from '../support/route-table';
import { ROUTES, fixturesFor, routeKey } from '../support/route-table';
import type { TestServer, TestUser } from '../support/server';
import { startTestServer } from '../support/server';

/**
 * Property-based fuzzing of every route's query, path and body, starting from the route table's samples: generated
 * inputs (unicode and control characters, huge and odd numbers, wrong types, nesting, missing and extra fields,
 * prototype-pollution keys, long strings, broken JSON, odd multipart) must never get a 5xx, and every refusal must
 * carry the error envelope with messages in Portuguese.
 *
 * FUZZ_RUNS sets the inputs per route (default 20: ~1,900 requests in all); FUZZ_SEED replays a run — a failure prints
 * the seed and the shrunk input.
 */

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);

let server: TestServer;
let fixtures: Fixtures;
let team: TestUser;
let person: TestUser;
let companyId: string;
const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();

beforeAll(async () => {
  const coraEmails: string[] = [];
  const panelEmails: string[] = [];
  server = await startTestServer({ site: {}, coraEmails, panelEmails, security: { rateLimits: { signup: null, leads: null } } });
  companyId = await server.createCompany({ status: 'active', cnpj: '11222333000181', mainActivity: '6201501' });
  [team, person] = await Promise.all([
    server.createUser({ roles: ['system-admin'] }),
    server.createUser({ companyIds: [companyId] }),
  ]);
  coraEmails.push(team.email.toLowerCase());
  panelEmails.push(team.email.toLowerCase());
  fixtures = fixturesFor(server, team);
  await seedReferenceData(server.db);
});
afterAll(() => server?.close());

/* ---------------------------------------------------------------- generators */

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '__defineGetter__'];

const oddStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u0008\u001b[31m',
  '\r\n\t',
  '\uFEFFbom',
  '\u202Eevil\u202C',
  '\ud800',
  '\udfff\ud800',
  '𝕏😀👩‍👩‍👧‍👦',
  'ção ÇÃO ñ ü ß',
  '%00',
  '%',
  '%zz',
  '../../etc/passwd',
  '..\\..\\windows',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '${7*7}{{7*7}}',
  '1e308',
  '-1e308',
  '1e-400',
  '-0',
  'NaN',
  'Infinity',
  '0x1F',
  '99999999999999999999999999',
  '-9223372036854775809',
  '9007199254740993',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '2026-02-30',
  '2026-13',
  '00000000-0000-0000-0000-000000000000',
  ...PROTOTYPE_KEYS,
);

const strings = fc.oneof(
  { weight: 3, arbitrary: oddStrings },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 500, maxLength: 4000 }) },
  { weight: 1, arbitrary: fc.uuid().map(String) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
);

const keys = fc.oneof(
  fc.constantFrom(...PROTOTYPE_KEYS),
  strings.filter((s) => s.length < 40),
);

const leaves = fc.oneof(
  strings,
  fc.double(),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 2, 2 ** 63, -(2 ** 31) - 1, 0.1, 1e-320, 0),
  fc.boolean(),
  fc.constant(null),
);

const values: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaves, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.array(fc.tuple(keys, tie('value')), { maxLength: 4 }).map((pairs) => new RawObject(pairs)),
})).value;

/** An object written key by key, so `__proto__` travels as a key of the JSON text, as an attacker would send it. */
class RawObject {
  constructor(readonly pairs: [string, unknown][]) {}
}
function toJson(value: unknown): string {
  if (value instanceof RawObject) return `{${value.pairs.map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (typeof value === 'number' && !Number.isFinite(value)) return JSON.stringify(String(value));
  if (value === undefined) return 'null';
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Each field of a sample kept, dropped or replaced, plus extra ones. */
function mutatedObject(sample: Record<string, unknown>) {
  const fields = Object.entries(sample).map(([key, value]) =>
    fc
      .oneof(
        { weight: 2, arbitrary: fc.constant({ keep: true as const }) },
        { weight: 1, arbitrary: fc.constant({ drop: true as const }) },
        { weight: 3, arbitrary: values.map((replacement) => ({ replacement })) },
      )
      .map((choice): [string, unknown][] =>
        'keep' in choice ? [[key, value]] : 'drop' in choice ? [] : [[key, (choice as { replacement: unknown }).replacement]],
      ),
  );
  return fc
    .tuple(fc.tuple(...fields), fc.array(fc.tuple(keys, values), { maxLength: 3 }))
    .map(([kept, extra]) => new RawObject([...kept.flat(), ...extra]));
}

const RAW_BODIES = [
  '',
  '{',
  '{"a":',
  'null',
  '"texto"',
  '12',
  '[]',
  '1e999',
  '\uFEFF{}',
  '{"__proto__":{"isAdmin":true,"roles":["system-admin"]}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '['.repeat(50_000) + ']'.repeat(50_000),
  `{"a":"${'x'.repeat(200_000)}"}`,
  '{"a":1,"a":2}',
];

interface Mutation {
  path: string;
  contentType: string | null;
  body?: string | (() => FormData);
}

const CONTENT_TYPES = ['application/json', 'application/json; charset=utf-8', 'text/plain', 'multipart/form-data', null];

/** A path segment as a browser would encode it; a lone surrogate cannot be, so it goes as bytes no UTF-8 allows. */
function segmentOf(text: string): string {
  try {
    return encodeURIComponent(text) || 'x';
  } catch {
    return '%ED%A0%80%FF';
  }
}

function queryMutation(path: string) {
  const url = new URL(path, 'http://x');
  const entries = [...url.searchParams.entries()];
  const segments = url.pathname.split('/');
  return fc
    .record({
      kept: fc.tuple(
        ...entries.map(([key, value]) =>
          fc.oneof(
            { weight: 2, arbitrary: fc.constant<[string, string][]>([[key, value]]) },
            { weight: 1, arbitrary: fc.constant<[string, string][]>([]) },
            { weight: 3, arbitrary: strings.map((s): [string, string][] => [[key, s]]) },
            {
              weight: 1,
              arbitrary: fc
                .array(strings, { minLength: 2, maxLength: 3 })
                .map((list) => list.map((s): [string, string] => [key, s])),
            },
          ),
        ),
      ),
      extra: fc.array(fc.tuple(keys, strings), { maxLength: 2 }),
      // Now and then a segment of the path becomes something else (an id, a name, a status).
      segment: fc.option(fc.tuple(fc.nat(), strings), { freq: 4 }),
    })
    .map(({ kept, extra, segment }) => {
      const parts = [...segments];
      if (segment && parts.length > 3) {
        const at = 3 + (segment[0] % (parts.length - 3));
        parts[at] = segmentOf(segment[1]);
      }
      const query = new URLSearchParams([...kept.flat(), ...extra]).toString();
      return `${parts.join('/')}${query ? `?${query}` : ''}`;
    });
}

function bodyMutation(sample: SampleRequest, method: string) {
  if (method === 'GET') return fc.constant({ contentType: null, body: undefined });
  if (sample.form) {
    const fieldNames = fc.constantFrom('file', 'type', 'stepId', '__proto__', 'arquivo');
    const fileNames = fc.oneof(
      fc.constantFrom(
        'nota.pdf',
        'foto.png',
        'extrato.ofx',
        'a.zip',
        '../../x.pdf',
        'sem-extensao',
        '.pdf',
        'x'.repeat(300) + '.pdf',
      ),
      strings,
    );
    const parts = fc.array(
      fc.oneof(
        fc
          .tuple(fieldNames, strings)
          .map(([name, value]) => ({ name, value: value as string | { name: string; bytes: Uint8Array } })),
        fc.tuple(fieldNames, fileNames, fc.uint8Array({ maxLength: 600 })).map(([name, fileName, bytes]) => ({
          name,
          value: { name: fileName, bytes },
        })),
      ),
      { maxLength: 4 },
    );
    return fc.oneof(
      parts.map((list) => ({
        contentType: null,
        body: () => {
          const form = new FormData();
          for (const { name, value } of list) {
            if (typeof value === 'string') form.append(name, value);
            else form.append(name, new File([value.bytes as Uint8Array<ArrayBuffer>], value.name || 'x'));
          }
          return form;
        },
      })),
      fc.constant({ contentType: 'multipart/form-data; boundary=nada', body: '--nada\r\nquebrado' }),
      fc.constant({ contentType: 'application/json', body: '{"file":"nota.pdf"}' }),
    );
  }
  const sampleBody = (sample.body ?? {}) as Record<string, unknown>;
  return fc.record({
    contentType: fc.oneof(
      { weight: 6, arbitrary: fc.constant('application/json') },
      { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    ),
    body: fc.oneof(
      { weight: 5, arbitrary: mutatedObject(sampleBody).map(toJson) },
      { weight: 2, arbitrary: values.map(toJson) },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
    ),
  });
}

function mutations(sample: SampleRequest, method: string): fc.Arbitrary<Mutation> {
  return fc
    .tuple(queryMutation(sample.path), bodyMutation(sample, method))
    .map(([path, body]) => ({ path, ...(body as { contentType: string | null; body?: Mutation['body'] }) }));
}

/* ---------------------------------------------------------------- the property */

/**
 * One request on a connection of its own (node:http, no keep-alive): a server that answers before reading a body
 * may close the connection, which must not be blamed on the next input; the path goes exactly as written.
 */
async function send(route: RouteSpec, mutation: Mutation, token: string | null) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let body: Buffer | undefined;
  if (typeof mutation.body === 'function') {
    const encoded = new Response(mutation.body());
    headers['content-type'] = encoded.headers.get('content-type')!;
    body = Buffer.from(await encoded.arrayBuffer());
  } else if (mutation.body !== undefined) {
    body = Buffer.from(mutation.body);
    if (mutation.contentType) headers['content-type'] = mutation.contentType;
  }
  if (body) headers['content-length'] = String(body.length);
  const { hostname, port } = new URL(server.baseUrl);
  const answer = await new Promise<{ status: number; type: string; text: string }>((resolve, reject) => {
    const request = httpRequest(
      { hostname, port, path: mutation.path, method: route.method, headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            type: String(response.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    json = undefined;
  }
  return { ...answer, json };
}

const tokenFor = (route: RouteSpec) => (['public', 'signed-link', 'signed-webhook'].includes(route.access) ? null : team.token);

describe(`fuzzing every route (seed ${SEED}, ${RUNS} inputs each; FUZZ_SEED=${SEED} replays)`, () => {
  it.each(ROUTES.map((route, index) => [routeKey(route), route, index] as const))(
    '%s never answers 5xx, and refuses in Portuguese',
    async (_, route, index) => {
      const sample = await route.sample({ server, caller: team, team, companyId, person, fixtures });
      const token = tokenFor(route);
      // The sample itself works: otherwise every mutation would meet the same refusal (a 401, a 404) and prove nothing.
      const baseline = await send(
        route,
        sample.form
          ? { path: sample.path, contentType: null, body: sample.form }
          : {
              path: sample.path,
              contentType: 'application/json',
              body: sample.body === undefined ? undefined : JSON.stringify(sample.body),
            },
        token,
      );
      // (`status` is the route table's answer for its own caller, e.g. 404 for the team's own company.)
      expect(baseline.status < 400 || baseline.status === route.status, `${baseline.status} ${baseline.text.slice(0, 300)}`).toBe(
        true,
      );
      try {
        await fc.assert(
          fc.asyncProperty(mutations(sample, route.method), async (mutation) => {
            const answer = await send(route, mutation, token);
            expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(500);
            // Every refusal of the API is its JSON envelope with a Portuguese message (site pages answer HTML).
            if (answer.status >= 400 && route.path.startsWith('/api/')) {
              expect(answer.type, answer.text.slice(0, 300)).toContain('application/json');
              expect(envelopeProblems(answer.json), answer.text.slice(0, 300)).toEqual([]);
            }
          }),
          { seed: SEED + index, numRuns: RUNS, endOnFailure: process.env.FUZZ_SHRINK !== '1' },
        );
      } catch (error) {
        throw new Error(`${(error as Error).message}\nReplay with FUZZ_SEED=${SEED}`, { cause: error });
      }
      expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );

  it('logged no unhandled error, and no input the database had to refuse', () => {
    const logged = server.errors.map((entry) => String((entry as unknown[])[0]));
    expect(logged.filter((message) => /^(Unhandled|Database refused)/.test(message))).toEqual([]);
  });
});
