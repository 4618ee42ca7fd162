import { siteEnv } from './env';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Loads the tag manager (docs/rules.md), once, and only when called: the consent script calls it after consent. */
export function loadTagManager(): boolean {
  const config = siteEnv.tagManager;
  if (!config || document.querySelector('script[data-tag-manager]')) return false;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `${config.src}?id=${encodeURIComponent(config.id)}`;
  script.dataset.tagManager = config.id;
  document.head.append(script);
  return true;
}

/** The analytics cookies the tag manager's tags set, removed when the visitor withdraws consent. */
export function removeAnalyticsCookies(): void {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0].trim();
    if (!/^(_ga|_gid|_gat|_gcl)/.test(name)) continue;
    const host = location.hostname;
    for (const domain of ['', `; domain=${host}`, `; domain=.${host.split('.').slice(-2).join('.')}`]) {
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/${domain}`;
    }
  }
}
