import * as v from 'valibot';
import type { FiscalProfileInput } from '@domain/fiscalProfile';
import { FiscalProfileSchema } from '@domain/fiscalProfile';
import type { DpsContext, NfsRequestForDps } from '@server/nfse/dps';

/** A provider in São Paulo under the Simples Nacional, 2 % ISS, service 1.06 (in the shipped national list). */
export const PROVIDER_CNPJ = '12345678000195';
export const OTHER_CNPJ = '11222333000181';
/** The tomador: a company of neither provider (rule E0202 refuses a tomador with the provider's CNPJ root). */
export const TAKER_CNPJ = '11444777000161';

export function dpsContext(
  number: string,
  input: { request?: Partial<NfsRequestForDps>; profile?: Partial<FiscalProfileInput>; cnpj?: string; issuedAt?: Date } = {},
): DpsContext {
  return {
    request: {
      emissionType: 'cnpj',
      customerDocument: TAKER_CNPJ,
      customerName: 'Estúdio Aurora Design Ltda',
      customerEmail: 'financeiro@aurora.com.br',
      description: 'Consultoria em informática — março/2026',
      competence: '2026-03',
      totalCents: 250_000,
      issWithheld: false,
      ...input.request,
    },
    profile: v.parse(FiscalProfileSchema, {
      cityIbgeCode: '3550308',
      taxRegime: 'simples',
      serviceCode: '010601',
      issRate: 2,
      simplesTaxRate: 6,
      municipalRegistration: '12345678',
      ...input.profile,
    }),
    companyCnpj: input.cnpj ?? PROVIDER_CNPJ,
    number,
    environment: 'homologation',
    issuedAt: input.issuedAt ?? new Date('2026-03-20T12:00:00Z'),
  };
}
