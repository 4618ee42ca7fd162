import type { SnapshotFrom } from 'xstate';
import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from './errors';

/**
 * "Emitir todas pelo Sistema Nacional": a company's pending requests of one competence, sent to the national system
 * one after another. The team reviews the list (`review`), starts (`bulk.start`, with the requests as they were
 * listed), and each request is sent in turn (`sending`); what the server answers for it — issued, refused, waiting on
 * the national system — or the error that kept it from being sent (a 409, a 422, the network) is that request's result,
 * and the next one goes on: one request never stops the others. "Parar" (`bulk.stop`) lets the request being sent
 * finish — it may already be at the national system — and starts no other (`stopped`). How one request is sent and
 * what its answer means are the app's (the `emit` actor); what happens once the run ends too (the `finished` action).
 */

export type BulkOutcome = 'issued' | 'rejected' | 'processing' | 'failed';

export interface BulkResult {
  id: string;
  outcome: BulkOutcome;
  /** In Portuguese: the number issued, the refusal, the retry plan, the error. */
  detail: string;
}

export interface BulkEmissionContext {
  /** The requests of this run, in the order they are sent. */
  ids: string[];
  /** One per request sent so far, in the same order. */
  results: BulkResult[];
  /** "Parar" was pressed: the request being sent finishes, no other starts. */
  stopping: boolean;
}

export type BulkEmissionEvent =
  | { type: 'bulk.start'; ids: string[] }
  | { type: 'bulk.stop' }
  /** Back to the review, results forgotten (the dialog closed after a run). */
  | { type: 'bulk.reset' };

export const nfseBulkEmissionMachine = setup({
  types: {
    context: {} as BulkEmissionContext,
    events: {} as BulkEmissionEvent,
  },
  actors: {
    /** Sends one request to the national system and answers its result (never `failed`: a thrown error is). */
    emit: fromPromise<Omit<BulkResult, 'id'>, { id: string }>(() => {
      throw new Error('emit must be provided');
    }),
  },
  actions: {
    /** The run ended, finished or stopped: the app refreshes its lists. */
    finished: () => {},
  },
  guards: {
    hasRequests: ({ event }) => event.type === 'bulk.start' && event.ids.length > 0,
    stopping: ({ context }) => context.stopping,
    allSent: ({ context }) => context.results.length >= context.ids.length,
  },
}).createMachine({
  id: 'nfseBulkEmission',
  context: { ids: [], results: [], stopping: false },
  initial: 'review',
  states: {
    review: {
      on: {
        'bulk.start': {
          guard: 'hasRequests',
          target: 'sending',
          actions: assign({ ids: ({ event }) => event.ids, results: [], stopping: false }),
        },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'emit',
        src: 'emit',
        input: ({ context }) => ({ id: context.ids[context.results.length] }),
        onDone: {
          target: 'next',
          actions: assign({
            results: ({ context, event }) => [
              ...context.results,
              { id: context.ids[context.results.length], outcome: event.output.outcome, detail: event.output.detail },
            ],
          }),
        },
        onError: {
          target: 'next',
          actions: assign({
            results: ({ context, event }) => [
              ...context.results,
              { id: context.ids[context.results.length], outcome: 'failed', detail: errorMessage(event.error) },
            ],
          }),
        },
      },
      on: { 'bulk.stop': { actions: assign({ stopping: true }) } },
    },
    /** Between two requests: end after the last (a stop pressed during it changed nothing), stop if asked, or go on. */
    next: {
      tags: ['busy'],
      always: [{ guard: 'allSent', target: 'done' }, { guard: 'stopping', target: 'stopped' }, { target: 'sending' }],
    },
    done: {
      entry: 'finished',
      on: { 'bulk.reset': { target: 'review', actions: assign({ ids: [], results: [], stopping: false }) } },
    },
    stopped: {
      entry: 'finished',
      on: { 'bulk.reset': { target: 'review', actions: assign({ ids: [], results: [], stopping: false }) } },
    },
  },
});

export type BulkEmissionSnapshot = SnapshotFrom<typeof nfseBulkEmissionMachine>;
