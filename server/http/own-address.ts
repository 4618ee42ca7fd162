import { isLoopbackHost } from '../config';

const portOf = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');

/**
 * The address of this product as the person uses it: the request's own when it came to this server under another
 * name of the same machine (`npm start` prints http://127.0.0.1:3000, and `PUBLIC_URL` defaults to localhost), else
 * `PUBLIC_URL`. Addresses sent back to the browser (a payment page of our own stand-in, where the provider returns)
 * use it, so the person stays on the origin that holds their session (docs/configuration.md).
 */
export function ownBaseUrl(requestUrl: string, publicUrl: string): string {
  const request = new URL(requestUrl);
  const configured = new URL(publicUrl);
  const sameMachine =
    request.protocol === configured.protocol &&
    portOf(request) === portOf(configured) &&
    isLoopbackHost(request.hostname) &&
    isLoopbackHost(configured.hostname);
  if (!sameMachine) return publicUrl.replace(/\/+$/, '');
  return `${request.origin}${configured.pathname}`.replace(/\/+$/, '');
}

/** An address under `PUBLIC_URL` given under `base` (the person's own address of it); any other is left alone. */
export function atOwnAddress(url: string, publicUrl: string, base: string): string {
  const root = publicUrl.replace(/\/+$/, '');
  return url === root || url.startsWith(`${root}/`) ? `${base}${url.slice(root.length)}` : url;
}
