import Cookies from 'js-cookie';

const REFERRAL_COOKIE = 'referral';
const REFERRAL_DAYS = 30;
const CODE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The referral code of an address's query (`?ref=` or `?indicacao=`), as written. Read from the address itself
 * (`window.location.search`), not the router's search, which reads the query as JSON where it can: a code of digits
 * ("1704802113") became a number the form dropped, and one like "1234e56789" a float.
 */
export function referralInSearch(searchStr: string): string | undefined {
  const query = new URLSearchParams(searchStr);
  const code = query.get('ref') ?? query.get('indicacao');
  return code !== null && CODE.test(code) ? code : undefined;
}

/** Keeps the referral code of a shared link so signup can record who referred the person. */
export function rememberReferral(searchStr: string) {
  const code = referralInSearch(searchStr);
  if (code) Cookies.set(REFERRAL_COOKIE, code, { expires: REFERRAL_DAYS, sameSite: 'lax', path: '/' });
}

export function referralCode(): string | undefined {
  return Cookies.get(REFERRAL_COOKIE);
}
