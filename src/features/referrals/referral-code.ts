import Cookies from 'js-cookie';

const REFERRAL_COOKIE = 'referral';
const REFERRAL_DAYS = 30;
const CODE = /^[A-Za-z0-9_-]{1,64}$/;

/** Keeps the referral code of a shared link so signup can record who referred the person. */
export function rememberReferral(search: Record<string, unknown>) {
  const code = search.ref ?? search.indicacao;
  if (typeof code === 'string' && CODE.test(code)) {
    Cookies.set(REFERRAL_COOKIE, code, { expires: REFERRAL_DAYS, sameSite: 'lax', path: '/' });
  }
}

export function referralCode(): string | undefined {
  return Cookies.get(REFERRAL_COOKIE);
}
