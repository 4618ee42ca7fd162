import { randomUUID } from 'node:crypto';

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>;
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * An ID token with its payload changed and re-encoded. The Auth emulator signs nothing (`alg: none`, an empty
 * signature), so this is exactly what an attacker could send to a server that trusts emulator tokens.
 */
export function withPayload(token: string, change: (payload: Record<string, unknown>) => void): string {
  const [header, payload, signature] = token.split('.');
  const decoded = decode(payload);
  change(decoded);
  return [header, encode(decoded), signature].join('.');
}

export function withHeader(token: string, change: (header: Record<string, unknown>) => void): string {
  const [header, payload, signature] = token.split('.');
  const decoded = decode(header);
  change(decoded);
  return [encode(decoded), payload, signature].join('.');
}

const now = () => Math.floor(Date.now() / 1000);

/**
 * Ways an Authorization header can be wrong, each of which must answer 401: none at all, another scheme, not a JWT,
 * expired, another project's audience or issuer, a signature the emulator never makes, an algorithm it never uses,
 * and a subject nobody has.
 */
export function badAuthorizations(validToken: string): [string, Record<string, string>][] {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  return [
    ['no Authorization header', {}],
    ['another scheme', { authorization: `Token ${validToken}` }],
    ['an empty bearer', { authorization: 'Bearer ' }],
    ['a token that is not a JWT', bearer('not-a-token')],
    ['a JWT cut short', bearer(validToken.split('.').slice(0, 2).join('.'))],
    ['a payload that is not JSON', bearer(`${validToken.split('.')[0]}.${Buffer.from('{oops').toString('base64url')}.`)],
    [
      'an expired token',
      bearer(
        withPayload(validToken, (p) => {
          p.iat = now() - 7200;
          p.auth_time = now() - 7200;
          p.exp = now() - 3600;
        }),
      ),
    ],
    ["another project's audience", bearer(withPayload(validToken, (p) => (p.aud = 'another-project')))],
    [
      "another project's issuer",
      bearer(withPayload(validToken, (p) => (p.iss = 'https://securetoken.google.com/another-project'))),
    ],
    ['a forged signature', bearer(`${validToken.replace(/\.[^.]*$/, '')}.${Buffer.from('forged').toString('base64url')}`)],
    ['an algorithm switched to RS256', bearer(withHeader(validToken, (h) => (h.alg = 'RS256')))],
    ['a subject nobody has', bearer(withPayload(validToken, (p) => ((p.sub = randomUUID()), (p.user_id = p.sub))))],
    ['no subject', bearer(withPayload(validToken, (p) => (delete p.sub, delete p.user_id)))],
  ];
}
