import { and, setup } from 'xstate';
import type { CompanyStatus, StatusFacts } from '@domain';
import { COMPANY_STATUSES, COMPANY_STATUS_TRANSITIONS, statusConditionHolds } from '@domain';

export interface CompanyStatusContext extends StatusFacts {
  /** The status before the company was disabled: enabling it again returns there. */
  previousStatus: CompanyStatus | null;
}

export type CompanyStatusEvent = { type: 'status.change'; to: CompanyStatus };

/**
 * The company status lifecycle, drawn from the domain's table (`COMPANY_STATUS_TRANSITIONS`): one transition per
 * allowed change, guarded by the event's target and the change's condition; a disabled company goes back to the
 * status it had, one transition per status, each guarded by that very status.
 */
export const companyStatusMachine = setup({
  types: {
    context: {} as CompanyStatusContext,
    events: {} as CompanyStatusEvent,
    input: {} as CompanyStatusContext,
  },
  guards: {
    isTo: ({ event }, params: { status: CompanyStatus }) => event.to === params.status,
    onOpeningTrack: ({ context }) => statusConditionHolds('onOpeningTrack', context),
    onMigrationTrack: ({ context }) => statusConditionHolds('onMigrationTrack', context),
    hasCnpj: ({ context }) => statusConditionHolds('hasCnpj', context),
    wasPreviously: ({ context, event }, params: { status: CompanyStatus }) =>
      event.to === params.status && context.previousStatus === params.status,
  },
}).createMachine({
  id: 'companyStatus',
  initial: 'pending',
  context: ({ input }) => input,
  states: {
    ...Object.fromEntries(
      Object.entries(COMPANY_STATUS_TRANSITIONS).map(([from, transitions]) => [
        from,
        {
          on: {
            'status.change': transitions.map(({ to, when }) => {
              const isTo = { type: 'isTo', params: { status: to } } as const;
              return { guard: when ? and([isTo, when]) : isTo, target: to };
            }),
          },
        },
      ]),
    ),
    disabled: {
      on: {
        'status.change': COMPANY_STATUSES.filter((status) => status !== 'disabled').map((status) => ({
          guard: { type: 'wasPreviously' as const, params: { status } },
          target: status,
        })),
      },
    },
  },
});
