import type { Uf } from './brazil';
import { UFS } from './brazil';
import type { Address } from './company';

/**
 * A CEP as typed ("01001-000", "01001000", "01.001-000") → its 8 digits, or null when it cannot be one.
 * ViaCEP answers 400 to anything but 8 digits, so callers check before asking.
 */
export function normalizeCep(value: string): string | null {
  const digits = value.trim().replace(/[\s.-]/g, '');
  return /^\d{8}$/.test(digits) ? digits : null;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The address of a ViaCEP answer (`GET /ws/{cep}/json/`), or null when the CEP was not found
 * (`erro: true`, or the older string `"true"`) or the answer is not a usable address.
 *
 * ViaCEP's `complemento` describes the CEP's range on the street ("lado ímpar", "de 612 a 1510 - lado par"), not the
 * customer's unit, so it never becomes `complement`. City-wide CEPs of small towns carry no street or neighbourhood:
 * those come back empty for the person to type.
 */
export function addressFromViaCep(json: unknown): (Address & { state: Uf }) | null {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const answer = json as Record<string, unknown>;
  if (answer.erro === true || answer.erro === 'true') return null;
  const zipCode = normalizeCep(text(answer.cep));
  const state = UFS.find((uf) => uf === text(answer.uf).toUpperCase());
  const city = text(answer.localidade);
  if (!zipCode || !state || !city) return null;
  return { zipCode, state, city, street: text(answer.logradouro), neighborhood: text(answer.bairro) };
}

/**
 * The IBGE code of the city of a ViaCEP answer (`ibge`), or undefined: what an NFS-e's tomador address names its city
 * by (`cMun`). Kept apart from `addressFromViaCep`, whose address is the company's and has no code.
 */
export function ibgeCodeFromViaCep(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const code = text((json as Record<string, unknown>).ibge);
  return /^\d{7}$/.test(code) ? code : undefined;
}
