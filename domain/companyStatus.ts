import type { CompanyStatus, TrackId } from './enums';
import { COMPANY_STATUSES } from './enums';
import { COMPANY_STATUS_LABEL } from './labels';

/** What a change may need besides being listed: the company's track, or a CNPJ. */
export type StatusChangeCondition = 'onOpeningTrack' | 'onMigrationTrack' | 'hasCnpj';

export interface StatusTransition {
  to: CompanyStatus;
  when?: StatusChangeCondition;
}

/**
 * The company status lifecycle (our design; docs/machines.md lists the statuses only):
 * pending → awaiting_opening (opening track) | migrating (migration track); awaiting_opening → opening;
 * opening → active (once it has a CNPJ); migrating → active; active ⇄ overdue; any → disabled;
 * disabled → the status it had before. `machines/companyStatus.machine.ts` is drawn from this table, the server
 * accepts only these changes and the team's status control offers only these.
 */
export const COMPANY_STATUS_TRANSITIONS: Readonly<Record<Exclude<CompanyStatus, 'disabled'>, readonly StatusTransition[]>> = {
  pending: [
    { to: 'awaiting_opening', when: 'onOpeningTrack' },
    { to: 'migrating', when: 'onMigrationTrack' },
    { to: 'disabled' },
  ],
  awaiting_opening: [{ to: 'opening' }, { to: 'disabled' }],
  opening: [{ to: 'active', when: 'hasCnpj' }, { to: 'disabled' }],
  migrating: [{ to: 'active' }, { to: 'disabled' }],
  active: [{ to: 'overdue' }, { to: 'disabled' }],
  overdue: [{ to: 'active' }, { to: 'disabled' }],
};

/** The facts the conditions read. */
export interface StatusFacts {
  trackId: TrackId | null;
  hasCnpj: boolean;
}

export function statusConditionHolds(condition: StatusChangeCondition | undefined, facts: StatusFacts): boolean {
  switch (condition) {
    case undefined:
      return true;
    case 'onOpeningTrack':
      return facts.trackId === 'create-company';
    case 'onMigrationTrack':
      return facts.trackId === 'migrate-company';
    case 'hasCnpj':
      return facts.hasCnpj;
  }
}

/** A company as the lifecycle sees it. */
export interface StatusSubject {
  status: CompanyStatus;
  /** The status before the company was disabled: enabling it again returns there. */
  previousStatus: CompanyStatus | null;
  trackId: TrackId | null;
  cnpj: string | null;
}

/** Whether the lifecycle allows this change. */
export function canChangeStatus(company: StatusSubject, to: CompanyStatus): boolean {
  if (company.status === 'disabled') return company.previousStatus !== null && to === company.previousStatus;
  const facts = { trackId: company.trackId, hasCnpj: Boolean(company.cnpj) };
  return COMPANY_STATUS_TRANSITIONS[company.status].some((t) => t.to === to && statusConditionHolds(t.when, facts));
}

/** The statuses the company may move to now, for the team's status control. */
export function nextStatuses(company: StatusSubject): CompanyStatus[] {
  return COMPANY_STATUSES.filter((to) => canChangeStatus(company, to));
}

/** Why a change is refused, in Portuguese; null when it is allowed. */
export function statusChangeRefusal(company: StatusSubject, to: CompanyStatus): string | null {
  if (canChangeStatus(company, to)) return null;
  if (to === company.status) return `A empresa já está como "${COMPANY_STATUS_LABEL[to]}".`;
  if (company.status === 'opening' && to === 'active' && !company.cnpj) return 'Informe o CNPJ da empresa antes de ativá-la.';
  return `Não é possível mudar a situação de "${COMPANY_STATUS_LABEL[company.status]}" para "${COMPANY_STATUS_LABEL[to]}".`;
}
