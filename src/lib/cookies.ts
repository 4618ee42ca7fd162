import Cookies from 'js-cookie';
import type { Claims } from '@domain';
import { SESSION_COOKIES } from '@domain';
import type { SessionUser } from '@machines/session.machine';

const options = (): Cookies.CookieAttributes => ({
  sameSite: SESSION_COOKIES.sameSite,
  secure: typeof location !== 'undefined' && location.protocol === 'https:',
  path: '/',
});

function write(name: string, value: unknown) {
  if (value === null || value === undefined) Cookies.remove(name, options());
  else Cookies.set(name, typeof value === 'string' ? value : JSON.stringify(value), options());
}

/** The session cookies of docs/rules.md (user, claims, token, selected company, track), SameSite=Lax. */
export const sessionCookies = {
  writeSession(user: SessionUser | null, claims: Claims | null, accessToken: string | null) {
    write(SESSION_COOKIES.user, user);
    write(SESSION_COOKIES.claims, claims);
    write(SESSION_COOKIES.token, accessToken);
  },
  writeSelection(companyId: string | null, trackId: string | null) {
    write(SESSION_COOKIES.company, companyId);
    write(SESSION_COOKIES.track, trackId);
  },
  storedCompanyId(): string | null {
    return Cookies.get(SESSION_COOKIES.company) ?? null;
  },
  clear() {
    for (const name of [
      SESSION_COOKIES.user,
      SESSION_COOKIES.claims,
      SESSION_COOKIES.token,
      SESSION_COOKIES.company,
      SESSION_COOKIES.track,
    ]) {
      Cookies.remove(name, options());
    }
  },
};
