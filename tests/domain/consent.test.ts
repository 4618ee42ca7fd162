import { describe, expect, it } from 'vitest';
import { consentCookies } from '@domain';

/** docs/rules.md consent cookies: a year, the whole site, Lax — and Secure whenever the site is served over https. */
describe('the consent cookies', () => {
  it('carry Secure when the site is served over https', () => {
    for (const cookie of consentCookies(['analytics'], 'https:')) {
      expect(cookie.attributes).toEqual({ expires: 365, path: '/', sameSite: 'lax', secure: true });
    }
  });

  it('go without Secure over plain http (the local demo), which a browser would otherwise drop', () => {
    const cookies = consentCookies([], 'http:');
    expect(cookies.map(({ name, value }) => [name, value])).toEqual([
      ['ncc_c', 'true'],
      ['ncc_e', ''],
    ]);
    for (const cookie of cookies) expect(cookie.attributes.secure).toBe(false);
  });
});
