import Cookies from 'js-cookie';
import type { OptionalCookieId } from '@domain/site';
import { consentCookies, readConsent } from '@domain/site';
import { CONSENT_COOKIES } from '@domain/constants';
import { loadTagManager, removeAnalyticsCookies } from '../tag-manager';

/**
 * The cookie banner (docs/rules.md): "Aceitar todos", "Somente necessários" or a choice per kind; the answer is kept a
 * year in `ncc_c` (answered) and `ncc_e` (the optional cookies allowed). The tag manager loads only when allowed.
 * "Preferências de cookies" in the footer opens it again.
 */
export function mountConsent(banner: HTMLElement): void {
  const current = () => readConsent(Cookies.get(CONSENT_COOKIES.consent), Cookies.get(CONSENT_COOKIES.extra));
  if (current().enabled.includes('analytics')) loadTagManager();

  const details = banner.querySelector<HTMLElement>('[data-consent-details]')!;
  const analytics = details.querySelector<HTMLInputElement>('input[name="analytics"]')!;
  const button = (name: string) => banner.querySelector<HTMLButtonElement>(`[data-consent="${name}"]`)!;

  function choose(enabled: OptionalCookieId[]) {
    const before = current();
    for (const cookie of consentCookies(enabled, location.protocol)) Cookies.set(cookie.name, cookie.value, cookie.attributes);
    document.documentElement.classList.add('consent-given');
    banner.classList.remove('reopened');
    if (enabled.includes('analytics')) loadTagManager();
    else if (before.enabled.includes('analytics')) removeAnalyticsCookies();
  }

  function customize() {
    analytics.checked = current().enabled.includes('analytics');
    details.hidden = false;
    button('customize').hidden = true;
    button('save').hidden = false;
    analytics.focus();
  }

  button('all').addEventListener('click', () => choose(['analytics']));
  button('necessary').addEventListener('click', () => choose([]));
  button('customize').addEventListener('click', customize);
  button('save').addEventListener('click', () => choose(analytics.checked ? ['analytics'] : []));

  for (const opener of document.querySelectorAll<HTMLElement>('[data-consent-open]')) {
    opener.addEventListener('click', () => {
      banner.classList.add('reopened');
      customize();
    });
  }
}
