/** What the server tells the page's scripts, on the <html> element (the same HTML is cached for everyone). */
const root = document.documentElement;

export const siteEnv = {
  /** The main API (docs/api.md), e.g. /api. */
  apiUrl: root.dataset.api ?? '/api',
  /** The tag-manager container and its script, when one is configured. */
  tagManager: root.dataset.gtmId && root.dataset.gtmSrc ? { id: root.dataset.gtmId, src: root.dataset.gtmSrc } : null,
};

const UNREACHABLE = 'Não foi possível falar com o servidor agora. Tente novamente em instantes.';

/** JSON from the API, or the API's pt-BR error (a failed connection too, never the browser's English text). */
export async function apiRequest<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${siteEnv.apiUrl}${path}`, {
      ...init,
      headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new SiteApiError(UNREACHABLE, 0, {});
  }
  const body = (await response.json().catch(() => null)) as
    (T & { error?: undefined }) | { error: { message: string; fields?: Record<string, string> } } | null;
  if (!response.ok || !body || body.error) {
    throw new SiteApiError(body?.error?.message ?? UNREACHABLE, response.status, body?.error?.fields ?? {});
  }
  return body as T;
}

export class SiteApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: Record<string, string>,
  ) {
    super(message);
  }
}
