import { queryOptions } from '@tanstack/react-query';
import type { Address, Uf } from '@domain';
import { addressFromViaCep, ibgeCodeFromViaCep, normalizeCep } from '@domain';
import { appConfig } from '@/config';
import { api } from './call';
import { externalApi } from './clients';

/**
 * The public postal-code service (docs/api.md); an error is only logged and the result is empty (docs/rules.md). The city's
 * IBGE code comes along when the service gives it (an NFS-e's tomador address needs it).
 */
export async function lookupCep(value: string): Promise<(Address & { state: Uf; cityIbgeCode?: string }) | null> {
  const cep = normalizeCep(value);
  if (!cep) return null;
  try {
    const answer = await externalApi(`${appConfig.viaCepUrl}/ws/${cep}/json/`);
    const address = addressFromViaCep(answer);
    return address && { ...address, cityIbgeCode: ibgeCodeFromViaCep(answer) };
  } catch (error) {
    console.error('Postal-code lookup failed', error);
    return null;
  }
}

/** A state's IBGE municipalities (`GET /municipalities`): the city of an address whose CEP could not be looked up. */
export const municipalitiesQuery = (state: string) =>
  queryOptions({
    queryKey: ['municipalities', state],
    queryFn: () => api('GET /municipalities', { query: { state } }).then((r) => r.data),
    staleTime: Infinity,
    enabled: state !== '',
  });
