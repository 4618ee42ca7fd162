/**
 * The public site's only script: the cookie banner, and the few interactive parts a page marks with
 * `data-island` (each loaded only by the pages that have it). The pages are complete HTML without it.
 */
import './site.css';
import { mountConsent } from './islands/consent';

const ISLANDS: Record<string, () => Promise<{ mount(element: HTMLElement): void }>> = {
  'lead-form': () => import('./islands/lead-form'),
  'cnae-search': () => import('./islands/cnae-search'),
  'city-search': () => import('./islands/city-search'),
};

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const name = element.dataset.island!;
  if (name === 'consent') mountConsent(element);
  else void ISLANDS[name]?.().then((island) => island.mount(element));
}
