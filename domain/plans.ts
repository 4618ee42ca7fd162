import * as v from 'valibot';
import { onFirstUse } from './intl';
import { safeNextPath } from './navigation';
import type { CompanySize } from './enums';

export interface Plan {
  id: string;
  name: string;
  description: string;
  /** Monthly price in centavos. */
  priceCents: number;
  /** Company sizes the plan serves. */
  sizes: readonly CompanySize[];
}

/** The service plans customers subscribe to. */
export const PLANS: readonly Plan[] = [
  {
    id: 'mei',
    name: 'MEI',
    description: 'Para o microempreendedor individual: DAS mensal, declaração anual (DASN-SIMEI) e acompanhamento do limite.',
    priceCents: 8900,
    sizes: ['MEI'],
  },
  {
    id: 'essencial',
    name: 'Essencial',
    description: 'Prestadores de serviço no Simples Nacional: impostos, pró-labore, notas fiscais e obrigações acessórias.',
    priceCents: 24900,
    sizes: ['ME', 'EPP'],
  },
  {
    id: 'completo',
    name: 'Completo',
    description: 'Comércio e serviços com até 5 funcionários: tudo do Essencial mais folha de pagamento e eSocial.',
    priceCents: 44900,
    sizes: ['ME', 'EPP'],
  },
];

export function findPlan(planId: string): Plan | undefined {
  return PLANS.find((plan) => plan.id === planId);
}

const brl = onFirstUse(() => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }));

/** 24900 → "R$ 249,00". */
export function formatMoney(cents: number): string {
  return brl().format(cents / 100);
}

/** Where the person comes back after the payment page: a path inside the app. */
export const PaymentStartSchema = v.object({
  returnPath: v.optional(
    v.pipe(
      v.string(),
      v.check((path) => safeNextPath(path) !== null, 'Endereço de retorno inválido.'),
    ),
  ),
});
