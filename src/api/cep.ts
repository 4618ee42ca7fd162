import type { Address, Uf } from '@domain';
import { addressFromViaCep, normalizeCep } from '@domain';
import { appConfig } from '../config';
import { externalApi } from './clients';

/** The public postal-code service (spec §7); an error is only logged and the result is empty (spec §8). */
export async function lookupCep(value: string): Promise<(Address & { state: Uf }) | null> {
  const cep = normalizeCep(value);
  if (!cep) return null;
  try {
    return addressFromViaCep(await externalApi(`${appConfig.viaCepUrl}/ws/${cep}/json/`));
  } catch (error) {
    console.error('Postal-code lookup failed', error);
    return null;
  }
}
