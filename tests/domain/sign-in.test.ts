import { describe, expect, it } from 'vitest';
import { durationPhrase, signInFailureKind, signInWaitMessage, signInWaitSeconds } from '@domain';

describe('sign-in back-off', () => {
  it('waits 15 s after the third wrong password in a row, doubling up to 5 minutes', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 20].map(signInWaitSeconds)).toEqual([0, 0, 0, 15, 30, 60, 120, 240, 300, 300, 300]);
  });

  it("tells a wrong password and Firebase's own throttling from other failures", () => {
    expect(signInFailureKind('auth/invalid-credential')).toBe('credentials');
    expect(signInFailureKind('auth/wrong-password')).toBe('credentials');
    expect(signInFailureKind('auth/user-not-found')).toBe('credentials');
    expect(signInFailureKind('auth/too-many-requests')).toBe('throttled');
    expect(signInFailureKind('auth/network-request-failed')).toBe('other');
    expect(signInFailureKind(undefined)).toBe('other');
  });

  it('says how long to wait in Portuguese', () => {
    expect(durationPhrase(1)).toBe('1 segundo');
    expect(durationPhrase(15)).toBe('15 segundos');
    expect(durationPhrase(60)).toBe('1 minuto');
    expect(durationPhrase(90)).toBe('1 minuto e 30 segundos');
    expect(durationPhrase(300)).toBe('5 minutos');
    expect(signInWaitMessage(15)).toBe('Muitas tentativas seguidas. Por segurança, aguarde 15 segundos para tentar de novo.');
  });
});
