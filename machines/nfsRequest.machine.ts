import { setup } from 'xstate';
import type { NfsRequestStatus } from '@domain';
import { NFS_REQUEST_TRANSITIONS } from '@domain';

export type NfsRequestEvent = { type: 'status.change'; to: NfsRequestStatus };

/**
 * The life of an invoice request, drawn from the domain's table (`NFS_REQUEST_TRANSITIONS`): one transition per
 * allowed move, guarded by the event's target; a status with no way out is final.
 */
export const nfsRequestMachine = setup({
  types: { events: {} as NfsRequestEvent },
  guards: {
    isTo: ({ event }, params: { status: NfsRequestStatus }) => event.to === params.status,
  },
}).createMachine({
  id: 'nfsRequest',
  initial: 'requested',
  states: Object.fromEntries(
    Object.entries(NFS_REQUEST_TRANSITIONS).map(([from, targets]) => [
      from,
      targets.length === 0
        ? { type: 'final' as const }
        : {
            on: {
              'status.change': targets.map((to) => ({ guard: { type: 'isTo' as const, params: { status: to } }, target: to })),
            },
          },
    ]),
  ),
});
