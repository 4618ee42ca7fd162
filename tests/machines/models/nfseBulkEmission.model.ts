import type { BulkEmissionContext, BulkEmissionEvent } from '@machines/nfseBulkEmission.machine';
import { nfseBulkEmissionMachine } from '@machines/nfseBulkEmission.machine';
import type { MachineModel } from './model';

/** What the national system answered for a request, as the app's `emit` actor reports it. */
export const ANSWERS = {
  issued: { outcome: 'issued', detail: 'Nota nº 101' },
  rejected: { outcome: 'rejected', detail: 'E0310: O código de tributação nacional do serviço não existe.' },
  processing: { outcome: 'processing', detail: 'Aguardando resposta do Sistema Nacional.' },
} as const;
/** Why a request could not be sent at all (a 409 from the server). */
export const NOT_SENT = 'Esta solicitação já foi emitida ou cancelada.';

const events = [
  { type: 'bulk.start', ids: ['a', 'b'] },
  { type: 'bulk.start', ids: [] },
  { type: 'bulk.stop' },
  { type: 'bulk.reset' },
  ...Object.values(ANSWERS).map((output) => ({ type: 'xstate.done.actor.emit', output })),
  { type: 'xstate.error.actor.emit', error: new Error(NOT_SENT) },
] as (BulkEmissionEvent | { type: string })[];

/** A company's month with two pending requests: each answered in every way, stopped or not between them. */
export const nfseBulkEmissionModel: MachineModel = {
  machine: nfseBulkEmissionMachine,
  scenarios: [{ name: 'two pending requests', events: events as never }],
  context: {
    // Between two requests the machine reads whether a stop was asked for.
    classOf: (snapshot) => ((snapshot.context as BulkEmissionContext).stopping ? 'a stop asked' : 'no stop asked'),
    classes: ['no stop asked', 'a stop asked'],
    unreachable: [
      {
        from: 'nfseBulkEmission.next',
        transition: '(always) #1',
        class: 'no stop asked',
        why: 'a run stops only when asked to',
      },
      {
        from: 'nfseBulkEmission.stopped',
        class: 'no stop asked',
        why: 'a run stops only when asked to',
      },
      {
        from: 'nfseBulkEmission.next',
        transition: '(always) #2',
        class: 'a stop asked',
        why: 'asked to stop, it sends no other request',
      },
      {
        from: 'nfseBulkEmission.review',
        class: 'a stop asked',
        why: 'a run starts from the list, where no stop is asked yet (a reset forgets it)',
      },
    ],
  },
};
