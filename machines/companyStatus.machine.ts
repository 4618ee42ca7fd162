import { setup } from 'xstate';
import type { CompanyStatus, TrackId } from '../domain';
import { COMPANY_STATUSES, COMPANY_STATUS_LABEL } from '../domain';

export interface CompanyStatusContext {
  trackId: TrackId | null;
  hasCnpj: boolean;
  /** The status before the company was disabled: enabling it again returns there. */
  previousStatus: CompanyStatus | null;
}

export type CompanyStatusEvent = { type: 'status.change'; to: CompanyStatus };

const to =
  (status: CompanyStatus) =>
  ({ event }: { event: CompanyStatusEvent }) =>
    event.to === status;

/**
 * The company status lifecycle (our design; spec §4 lists the statuses only):
 * pending → awaiting_opening (opening track) | migrating (migration track); awaiting_opening → opening;
 * opening → active (once it has a CNPJ); migrating → active; active ⇄ overdue; any → disabled;
 * disabled → the status it had before. The server accepts a change only if this machine takes it, and the admin
 * screen offers only these.
 */
export const companyStatusMachine = setup({
  types: {
    context: {} as CompanyStatusContext,
    events: {} as CompanyStatusEvent,
    input: {} as CompanyStatusContext,
  },
  guards: {
    toAwaitingOpening: ({ context, event }) => to('awaiting_opening')({ event }) && context.trackId === 'create-company',
    toMigrating: ({ context, event }) => to('migrating')({ event }) && context.trackId === 'migrate-company',
    toOpening: ({ event }) => to('opening')({ event }),
    toActive: ({ event }) => to('active')({ event }),
    toActiveWithCnpj: ({ context, event }) => to('active')({ event }) && context.hasCnpj,
    toOverdue: ({ event }) => to('overdue')({ event }),
    toDisabled: ({ event }) => to('disabled')({ event }),
    backToPrevious: ({ context, event }) => context.previousStatus !== null && event.to === context.previousStatus,
  },
}).createMachine({
  id: 'companyStatus',
  initial: 'pending',
  context: ({ input }) => input,
  states: {
    pending: {
      on: {
        'status.change': [
          { guard: 'toAwaitingOpening', target: 'awaiting_opening' },
          { guard: 'toMigrating', target: 'migrating' },
          { guard: 'toDisabled', target: 'disabled' },
        ],
      },
    },
    awaiting_opening: {
      on: {
        'status.change': [
          { guard: 'toOpening', target: 'opening' },
          { guard: 'toDisabled', target: 'disabled' },
        ],
      },
    },
    opening: {
      on: {
        'status.change': [
          { guard: 'toActiveWithCnpj', target: 'active' },
          { guard: 'toDisabled', target: 'disabled' },
        ],
      },
    },
    migrating: {
      on: {
        'status.change': [
          { guard: 'toActive', target: 'active' },
          { guard: 'toDisabled', target: 'disabled' },
        ],
      },
    },
    active: {
      on: {
        'status.change': [
          { guard: 'toOverdue', target: 'overdue' },
          { guard: 'toDisabled', target: 'disabled' },
        ],
      },
    },
    overdue: {
      on: {
        'status.change': [
          { guard: 'toActive', target: 'active' },
          { guard: 'toDisabled', target: 'disabled' },
        ],
      },
    },
    disabled: {
      on: {
        // Back to where it was: each status is a target, only the remembered one passes the guard.
        'status.change': COMPANY_STATUSES.filter((status) => status !== 'disabled').map((status) => ({
          guard: { type: 'backToPrevious' as const },
          target: status,
        })),
      },
    },
  },
});

export interface StatusSubject {
  status: CompanyStatus;
  previousStatus: CompanyStatus | null;
  trackId: TrackId | null;
  cnpj: string | null;
}

function snapshotOf(company: StatusSubject) {
  return companyStatusMachine.resolveState({
    value: company.status,
    context: { trackId: company.trackId, hasCnpj: Boolean(company.cnpj), previousStatus: company.previousStatus },
  });
}

/** Whether the lifecycle allows this change. */
export function canChangeStatus(company: StatusSubject, to: CompanyStatus): boolean {
  return to !== company.status && snapshotOf(company).can({ type: 'status.change', to });
}

/** The statuses the company may move to now, for the admin's status control. */
export function nextStatuses(company: StatusSubject): CompanyStatus[] {
  return COMPANY_STATUSES.filter((to) => canChangeStatus(company, to));
}

/** Why a change is refused, in Portuguese. */
export function statusChangeRefusal(company: StatusSubject, to: CompanyStatus): string | null {
  if (canChangeStatus(company, to)) return null;
  if (to === company.status) return `A empresa já está como "${COMPANY_STATUS_LABEL[to]}".`;
  if (company.status === 'opening' && to === 'active' && !company.cnpj) return 'Informe o CNPJ da empresa antes de ativá-la.';
  return `Não é possível mudar a situação de "${COMPANY_STATUS_LABEL[company.status]}" para "${COMPANY_STATUS_LABEL[to]}".`;
}
