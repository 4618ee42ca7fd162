import { setup } from 'xstate';
import type { NfsRequestStatus } from '../domain';
import { NFS_REQUEST_STATUSES, NFS_REQUEST_STATUS_LABEL } from '../domain';

export type NfsRequestEvent = { type: 'status.change'; to: NfsRequestStatus };

const to =
  (status: NfsRequestStatus) =>
  ({ event }: { event: NfsRequestEvent }) =>
    event.to === status;

/**
 * The life of an invoice request: requested → processing (the team is issuing it) → issued, or rejected (with a
 * reason) from requested or processing; processing may go back to requested; an issued invoice may be cancelled.
 * The server accepts a change only if this machine takes it, and the team's screen offers only these.
 */
export const nfsRequestMachine = setup({
  types: { events: {} as NfsRequestEvent },
  guards: {
    toRequested: to('requested'),
    toProcessing: to('processing'),
    toIssued: to('issued'),
    toRejected: to('rejected'),
    toCancelled: to('cancelled'),
  },
}).createMachine({
  id: 'nfsRequest',
  initial: 'requested',
  states: {
    requested: {
      on: {
        'status.change': [
          { guard: 'toProcessing', target: 'processing' },
          { guard: 'toRejected', target: 'rejected' },
        ],
      },
    },
    processing: {
      on: {
        'status.change': [
          { guard: 'toIssued', target: 'issued' },
          { guard: 'toRejected', target: 'rejected' },
          { guard: 'toRequested', target: 'requested' },
        ],
      },
    },
    issued: {
      on: { 'status.change': { guard: 'toCancelled', target: 'cancelled' } },
    },
    rejected: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

/** The statuses a request may move to from where it is. */
export function nextNfsStatuses(status: NfsRequestStatus): NfsRequestStatus[] {
  const snapshot = nfsRequestMachine.resolveState({ value: status, context: undefined });
  return NFS_REQUEST_STATUSES.filter((next) => next !== status && snapshot.can({ type: 'status.change', to: next }));
}

/** Why a change is refused, in Portuguese, or null. */
export function nfsStatusChangeRefusal(from: NfsRequestStatus, to: NfsRequestStatus): string | null {
  if (nextNfsStatuses(from).includes(to)) return null;
  if (from === to) return `A nota já está como "${NFS_REQUEST_STATUS_LABEL[to]}".`;
  return `Não é possível mudar a nota de "${NFS_REQUEST_STATUS_LABEL[from]}" para "${NFS_REQUEST_STATUS_LABEL[to]}".`;
}

/** A request may be deleted by the customer while the team has not started on it, or after it was refused. */
export function canDeleteNfsRequest(status: NfsRequestStatus): boolean {
  return status === 'requested' || status === 'rejected';
}
