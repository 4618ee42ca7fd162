/**
 * The public site's only script: the cookie banner, and the few interactive parts a page marks with
 * `data-island` (each loaded only by the pages that have it). The pages are complete HTML without it; the page's
 * head script loads it once the page is painted (server/site/document.tsx).
 */
import './site.css';
import { mountConsent } from './islands/consent';

const ISLANDS: Record<string, () => Promise<{ mount(element: HTMLElement): void }>> = {
  'lead-form': () => import('./islands/lead-form'),
  'cnae-search': () => import('./islands/cnae-search'),
  'city-search': () => import('./islands/city-search'),
};

const ready: Promise<unknown>[] = [];
for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const name = element.dataset.island!;
  if (name === 'consent') mountConsent(element);
  else if (ISLANDS[name]) ready.push(ISLANDS[name]().then((island) => island.mount(element)));
}
// The whole stylesheet, added with this script by the head script.
for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
  if (!link.sheet)
    ready.push(new Promise((settle) => ['load', 'error'].forEach((event) => link.addEventListener(event, settle))));
}
// Said on the page once every part answers and is styled: tests wait for it (a click before would be lost).
void Promise.allSettled(ready).then(() => document.documentElement.setAttribute('data-site-ready', ''));
