import { Hono } from 'hono';
import { TAG_MANAGER_ID_PATTERN } from '@domain/constants';
import type { AppEnv } from '../http/types';

/**
 * A stand-in for Google Tag Manager's `gtm.js` (the demo's container `GTM-DEMO1`): it does what the real script
 * visibly does on load — registers the container in `window.google_tag_manager` and pushes `gtm.load` into the
 * `dataLayer` — and nothing else, so the consent flow can be seen and tested offline.
 */
const SCRIPT = `(function (w, d) {
  var id = new URL(d.currentScript.src).searchParams.get('id');
  var layer = new URL(d.currentScript.src).searchParams.get('l') || 'dataLayer';
  w[layer] = w[layer] || [];
  w.google_tag_manager = w.google_tag_manager || {};
  w.google_tag_manager[id] = { dataLayer: { name: layer }, local: true };
  w[layer].push({ event: 'gtm.load', 'gtm.uniqueEventId': w[layer].length });
  console.info('[tag manager stand-in] container ' + id + ' loaded');
})(window, document);
`;

export function tagManagerFake() {
  return new Hono<AppEnv>().get('/gtm.js', (c) => {
    if (!TAG_MANAGER_ID_PATTERN.test(c.req.query('id') ?? '')) return c.text('/* unknown container */', 404);
    c.header('Content-Type', 'application/javascript; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=900');
    return c.body(SCRIPT);
  });
}
