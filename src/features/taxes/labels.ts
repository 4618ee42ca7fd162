import type { Obligation, ObligationStatus, SimplesTax } from '@domain';
import { OBLIGATION_KIND_LABEL, OBLIGATION_PAYABLE } from '@domain';
import type { BadgeTone } from '@/components/ui/Badge';

export { formatDay as dateBr } from '@domain';
export const competenceBr = (competence: string) =>
  competence.length === 4 ? competence : `${competence.slice(5, 7)}/${competence.slice(0, 4)}`;
export const percentBr = (fraction: number, digits = 2) =>
  new Intl.NumberFormat('pt-BR', { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    fraction,
  );

/** A guide is paid; a return is filed. */
export function statusLabel(obligation: Pick<Obligation, 'kind' | 'status'>): string {
  const payable = OBLIGATION_PAYABLE[obligation.kind];
  const labels: Record<ObligationStatus, string> = {
    paga: payable ? 'Paga' : 'Entregue',
    atrasada: 'Atrasada',
    a_fazer: payable ? 'A pagar' : 'A entregar',
  };
  return labels[obligation.status];
}

export const STATUS_TONE: Record<ObligationStatus, BadgeTone> = { paga: 'green', atrasada: 'red', a_fazer: 'yellow' };

export function obligationTitle(obligation: Pick<Obligation, 'kind' | 'competence'>): string {
  const what = OBLIGATION_KIND_LABEL[obligation.kind];
  return obligation.competence.length === 4
    ? `${what} de ${obligation.competence}`
    : `${what} de ${competenceBr(obligation.competence)}`;
}

export const TAX_LABEL: Record<SimplesTax, string> = {
  IRPJ: 'IRPJ',
  CSLL: 'CSLL',
  COFINS: 'Cofins',
  PIS: 'PIS/Pasep',
  CPP: 'CPP (INSS da empresa)',
  IPI: 'IPI',
  ICMS: 'ICMS',
  ISS: 'ISS',
};
