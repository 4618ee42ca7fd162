import { describe, expect, it } from 'vitest';
import { storedAuthState, storedUserKey } from '@/lib/stored-session';

/*
 * Firebase 12's stored user, as `UserImpl.toJSON` writes it under browserLocalPersistence. The token is unsigned: the
 * session only reads it (the server verifies it); its payload names "João Conceição", sub u-joao, issued at
 * 2025-11-30T00:00:00Z (createdAt below) and expiring an hour later (exp 1764464400).
 */
const TOKEN =
  'eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJuYW1lIjoiSm_Do28gQ29uY2Vpw6fDo28iLCJjb21wYW5pZXMiOlsiYy0xIl0sImNvbXBhbnlJZCI6ImMtMSIsInJvbGVzIjpbImN1c3RvbWVyIl0sImlzcyI6Imh0dHBzOi8vc2VjdXJldG9rZW4uZ29vZ2xlLmNvbS9kZW1vLWNvbnRhYmlsIiwiYXVkIjoiZGVtby1jb250YWJpbCIsImF1dGhfdGltZSI6MTc2NDQ2MDgwMCwidXNlcl9pZCI6InUtam9hbyIsInN1YiI6InUtam9hbyIsImlhdCI6MTc2NDQ2MDgwMCwiZXhwIjoxNzY0NDY0NDAwLCJlbWFpbCI6ImpvYW9AZGVtby50ZXN0IiwiZW1haWxfdmVyaWZpZWQiOmZhbHNlLCJmaXJlYmFzZSI6eyJpZGVudGl0aWVzIjp7ImVtYWlsIjpbImpvYW9AZGVtby50ZXN0Il19LCJzaWduX2luX3Byb3ZpZGVyIjoicGFzc3dvcmQifX0.';
const ISSUED = 1_764_460_800_000;
const EXPIRES = 1_764_464_400_000;

function stored(changes: Record<string, unknown> = {}, token: Record<string, unknown> = {}) {
  return JSON.stringify({
    uid: 'u-joao',
    email: 'joao@demo.test',
    emailVerified: false,
    displayName: 'João Conceição',
    isAnonymous: false,
    providerData: [{ providerId: 'password', uid: 'joao@demo.test', email: 'joao@demo.test' }],
    stsTokenManager: { refreshToken: 'refresh-token', accessToken: TOKEN, expirationTime: EXPIRES, ...token },
    createdAt: String(ISSUED),
    lastLoginAt: String(ISSUED),
    apiKey: 'demo-api-key',
    appName: '[DEFAULT]',
    ...changes,
  });
}

describe('the session Firebase stored, read before Firebase loads', () => {
  it('is kept under the default app of the API key', () => {
    expect(storedUserKey('demo-api-key')).toBe('firebase:authUser:demo-api-key:[DEFAULT]');
  });

  it('gives the user, the claims of the token and the token while it has more than 5 minutes left', () => {
    const state = storedAuthState(stored(), EXPIRES - 6 * 60_000);
    expect(state).toEqual({
      user: {
        uid: 'u-joao',
        email: 'joao@demo.test',
        displayName: 'João Conceição',
        phoneNumber: null,
        photoUrl: null,
        createdAt: 'Sun, 30 Nov 2025 00:00:00 GMT',
      },
      claims: expect.objectContaining({
        name: 'João Conceição',
        companies: ['c-1'],
        companyId: 'c-1',
        roles: ['customer'],
        sub: 'u-joao',
        exp: 1_764_464_400,
      }),
      accessToken: TOKEN,
    });
  });

  it('gives nothing for a token within 5 minutes of its expiry, by Firebase’s time or by the token’s own', () => {
    expect(storedAuthState(stored(), EXPIRES - 5 * 60_000 + 1)).toBeNull();
    expect(storedAuthState(stored(), EXPIRES + 1)).toBeNull();
    // Firebase believes it later than the token says (a token edited in storage): the token's own expiry decides.
    expect(storedAuthState(stored({}, { expirationTime: EXPIRES + 3_600_000 }), EXPIRES - 60_000)).toBeNull();
    expect(storedAuthState(stored({}, { expirationTime: ISSUED + 60_000 }), ISSUED)).toBeNull();
  });

  it('gives nothing for a token of another user, or one that cannot be read', () => {
    const now = ISSUED;
    const [header, , signature] = TOKEN.split('.');
    // The same claims, but of sub "someone-else".
    const otherPayload =
      'eyJuYW1lIjoiSm_Do28gQ29uY2Vpw6fDo28iLCJjb21wYW5pZXMiOlsiYy0xIl0sImNvbXBhbnlJZCI6ImMtMSIsInJvbGVzIjpbImN1c3RvbWVyIl0sImlzcyI6Imh0dHBzOi8vc2VjdXJldG9rZW4uZ29vZ2xlLmNvbS9kZW1vLWNvbnRhYmlsIiwiYXVkIjoiZGVtby1jb250YWJpbCIsImF1dGhfdGltZSI6MTc2NDQ2MDgwMCwidXNlcl9pZCI6InNvbWVvbmUtZWxzZSIsInN1YiI6InNvbWVvbmUtZWxzZSIsImlhdCI6MTc2NDQ2MDgwMCwiZXhwIjoxNzY0NDY0NDAwLCJlbWFpbCI6ImpvYW9AZGVtby50ZXN0IiwiZW1haWxfdmVyaWZpZWQiOmZhbHNlLCJmaXJlYmFzZSI6eyJpZGVudGl0aWVzIjp7ImVtYWlsIjpbImpvYW9AZGVtby50ZXN0Il19LCJzaWduX2luX3Byb3ZpZGVyIjoicGFzc3dvcmQifX0';
    expect(
      storedAuthState(stored({ uid: 'someone-else' }, { accessToken: `${header}.${otherPayload}.${signature}` }), now),
    ).not.toBeNull();
    expect(storedAuthState(stored({}, { accessToken: `${header}.${otherPayload}.${signature}` }), now)).toBeNull();
    expect(storedAuthState(stored({ uid: 'u-maria' }), now)).toBeNull();
    expect(storedAuthState(stored({}, { accessToken: 'not-a-token' }), now)).toBeNull();
    expect(storedAuthState(stored({}, { accessToken: `${header}.%%%.${signature}` }), now)).toBeNull();
  });

  it('gives nothing for no entry, text that is not JSON, or a shape it does not know', () => {
    expect(storedAuthState(null, ISSUED)).toBeNull();
    expect(storedAuthState('{', ISSUED)).toBeNull();
    expect(storedAuthState(stored({ stsTokenManager: undefined }), ISSUED)).toBeNull();
    expect(storedAuthState(stored({}, { expirationTime: String(EXPIRES) }), ISSUED)).toBeNull();
  });
});
