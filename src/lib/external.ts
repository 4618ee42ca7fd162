import { appConfig } from '../config';

/**
 * docs/features.md: leaving the app for another site is blocked unless that host is allowed by configuration or the caller
 * allows it explicitly. Only http(s) targets are ever followed.
 */
export function externalNavigationTarget(
  url: string,
  currentHref: string,
  allowedHosts: readonly string[],
  allow = false,
): URL | null {
  let target: URL;
  try {
    target = new URL(url, currentHref);
  } catch {
    return null;
  }
  if (!['https:', 'http:'].includes(target.protocol)) return null;
  const sameOrigin = target.origin === new URL(currentHref).origin;
  return sameOrigin || allow || allowedHosts.includes(target.host) ? target : null;
}

/**
 * A payment page the rule refused: the charge was created (and stays open), so the person is told that nothing was
 * paid and what to do, not only that the page failed (docs/configuration.md).
 */
export const PAYMENT_PAGE_BLOCKED =
  'Não foi possível abrir a página de pagamento. Nada foi pago e a cobrança continua em aberto: fale com a nossa equipe para concluir o pagamento.';

/** Navigates away if the rule allows it; answers whether it did. */
export function navigateExternal(url: string, options: { allow?: boolean } = {}): boolean {
  const target = externalNavigationTarget(url, window.location.href, appConfig.allowedExternalHosts, options.allow);
  if (!target) {
    console.warn(`Navigation to ${url} blocked: host not allowed`);
    return false;
  }
  window.location.assign(target.href);
  return true;
}
