import type { Address } from '@domain/company';
import { addressFromViaCep, normalizeCep } from '@domain/viacep';

export interface ViaCepOptions {
  /** https://viacep.com.br in production; the local fake in dev mode and tests. */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Told why a lookup came back empty (network, status, body); docs/rules.md wants it logged and nothing more. */
  onError?: (error: unknown) => void;
}

const DEFAULT_TIMEOUT_MS = 5_000;

/**
 * The address of a CEP, or null when it is malformed, unknown, or ViaCEP cannot be reached: an address lookup only
 * pre-fills a form, so its failure never stops the person (docs/rules.md).
 */
export async function lookupCep(cep: string, options: ViaCepOptions): Promise<Address | null> {
  const digits = normalizeCep(cep);
  if (!digits) return null;
  const fetchFn = options.fetch ?? fetch;
  try {
    const response = await fetchFn(new URL(`ws/${digits}/json/`, withTrailingSlash(options.baseUrl)), {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    if (!response.ok) {
      options.onError?.(new Error(`ViaCEP answered HTTP ${response.status} for CEP ${digits}`));
      return null;
    }
    return addressFromViaCep(await response.json());
  } catch (error) {
    options.onError?.(error);
    return null;
  }
}

function withTrailingSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}
