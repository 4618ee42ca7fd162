import { inssProLabore } from './payroll';
import { versionAt } from './periods';
import { dasSimplesNacional } from './simplesNacional';
import { SIMPLES_NACIONAL_RULES } from './simplesNacionalTables';

export interface FatorRAdvice {
  /** The Fator R now (payroll ÷ RBT12). */
  fatorR: number;
  /** Payroll of 12 months the 28 % asks for. */
  neededPayroll12Cents: number;
  /** The pró-labore per month that, paid for 12 months on top of today's payroll, reaches it. */
  monthlyProLaboreCents: number;
  /** The partner's INSS on it per month. */
  monthlyInssCents: number;
  /** This month's DAS in Anexo V and in Anexo III. */
  dasVCents: number;
  dasIIICents: number;
  /** The DAS saved per month, and what is left after the INSS. */
  savingCents: number;
  netSavingCents: number;
}

/**
 * For an activity subject to the Fator R now in Anexo V: the pró-labore that takes it to Anexo III and what that
 * saves (docs/taxes.md "Fator R adviser"). Assumes the month's revenue and RBT12 stay as they are and the
 * pró-labore is paid every month of the 12 the Fator R reads; IRRF on the pró-labore is not counted.
 * Null when the company already reaches 28 %.
 */
export function fatorRAdvice(input: {
  competence: string;
  rbt12Cents: number;
  revenueCents: number;
  payroll12Cents: number;
}): FatorRAdvice | null {
  const { competence, rbt12Cents, revenueCents, payroll12Cents } = input;
  const threshold = versionAt(SIMPLES_NACIONAL_RULES, competence).value.fatorRThreshold;
  // The least payroll with payroll × 100 % ≥ 28 % × RBT12, in whole centavos.
  const neededPayroll12Cents = Math.ceil((threshold * rbt12Cents) / 10_000);
  const v = dasSimplesNacional({ competence, annex: 'V', rbt12: rbt12Cents, revenueCents });
  if (rbt12Cents === 0 || payroll12Cents >= neededPayroll12Cents) return null;
  const iii = dasSimplesNacional({ competence, annex: 'III', rbt12: rbt12Cents, revenueCents });
  const monthlyProLaboreCents = Math.ceil((neededPayroll12Cents - payroll12Cents) / 12);
  // The partner's 11 % up to the ceiling (domain/taxes/payroll.ts); the company's CPP on it is inside the DAS in
  // Anexos III and V, so it costs nothing apart.
  const monthlyInssCents = inssProLabore(competence, monthlyProLaboreCents).contributionCents;
  const savingCents = v.totalCents - iii.totalCents;
  return {
    fatorR: payroll12Cents === 0 ? 0 : payroll12Cents / rbt12Cents,
    neededPayroll12Cents,
    monthlyProLaboreCents,
    monthlyInssCents,
    dasVCents: v.totalCents,
    dasIIICents: iii.totalCents,
    savingCents,
    netSavingCents: savingCents - monthlyInssCents,
  };
}
