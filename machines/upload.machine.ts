import type { SnapshotFrom } from 'xstate';
import { assertEvent, assign, fromCallback, setup } from 'xstate';
import type { UploadKind } from '@domain';
import { UPLOAD_MESSAGES, uploadProblem } from '@domain';
import { errorMessage, fieldErrorsOf, refusedForGood } from './errors';
import { guaranteed } from './guaranteed';

/**
 * One file on its way to the server — every upload of the app runs this machine: company documents, the person's own
 * documents, the guide receipt, the migration's handover files and the OFX import. A file chosen is checked for its
 * kind and size before anything travels (`refused`); a good one is sent at once, or when the form asks (`chosen`);
 * while it travels (`sending`) the machine keeps its progress and may be cancelled; a failure keeps the file, so
 * "Tentar de novo" sends it again — unless the server refused the file or its form for good (`rejected`: a statement
 * it cannot read, a file too large, a field to correct), where only another file or the corrected form is sent. How the file travels is the app's (the `send` actor, through the session's client:
 * a 401 starts the session's recovery like any other call); what happens once it arrived too (the `sent` action).
 */

/** What the machine needs of a file: a browser `File` has both. */
export interface UploadFile {
  name: string;
  size: number;
}

export interface UploadInput {
  kind: UploadKind;
  /** Whether choosing a file sends it at once (the default), or waits for `upload.start` (a form with more fields). */
  sendsOnChoice?: boolean;
}

export interface UploadContext {
  kind: UploadKind;
  sendsOnChoice: boolean;
  /** The file chosen, kept after a failure or a cancellation so it can be sent again. */
  file: UploadFile | null;
  /** How much of it has travelled, 0–100. */
  progress: number;
  /** Why the file was refused or its sending failed, in Portuguese. */
  error: string | null;
  /** Per-field problems the server named in its refusal (a form shows them by its fields). */
  fieldErrors: Record<string, string>;
  /** What the server answered once the file arrived. */
  output: unknown;
}

export type UploadEvent =
  | { type: 'file.choose'; file: UploadFile }
  /** Sends the chosen file (a form's submit); with no file chosen, says so. */
  | { type: 'upload.start' }
  | { type: 'upload.cancel' }
  /** Sends the same file again after a failure or a cancellation. */
  | { type: 'upload.retry' }
  /** Forgets the file and any message (a form cleared after its document was registered). */
  | { type: 'upload.reset' };

/** What the `send` actor reports while the file travels. */
export type UploadSendEvent =
  | { type: 'upload.progress'; percent: number }
  | { type: 'upload.sent'; output: unknown }
  | { type: 'upload.failed'; error: unknown };

export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent | UploadSendEvent,
    input: {} as UploadInput,
  },
  actors: {
    /** Sends the file, reporting `upload.progress`, then `upload.sent` or `upload.failed`; stopping it aborts the request. */
    send: fromCallback<UploadSendEvent, { file: UploadFile }>(() => {
      throw new Error('send must be provided');
    }),
  },
  actions: {
    /** The file arrived: the app registers it, refreshes its lists, shows what was imported. */
    sent: (_, _params: { output: unknown }) => {},
    keepFailure: assign(({ event }) => {
      assertEvent(event, 'upload.failed');
      return { error: errorMessage(event.error), fieldErrors: fieldErrorsOf(event.error) };
    }),
  },
  guards: {
    fileRefused: ({ context, event }) => event.type === 'file.choose' && uploadProblem(event.file, context.kind) !== null,
    sendsOnChoice: ({ context }) => context.sendsOnChoice,
    refusedForGood: ({ event }) => event.type === 'upload.failed' && refusedForGood(event.error),
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({
    kind: input.kind,
    sendsOnChoice: input.sendsOnChoice ?? true,
    file: null,
    progress: 0,
    error: null,
    fieldErrors: {},
    output: null,
  }),
  initial: 'idle',
  // Choosing a file is possible in every state but `sending` (the file input is disabled meanwhile).
  on: {
    'file.choose': [
      {
        guard: 'fileRefused',
        target: '.refused',
        actions: assign({
          file: null,
          error: ({ context, event }) => uploadProblem(event.file, context.kind),
          fieldErrors: {},
        }),
      },
      {
        target: '.chosen',
        actions: assign({ file: ({ event }) => event.file, error: null, fieldErrors: {} }),
      },
    ],
    'upload.reset': {
      target: '.idle',
      actions: assign({ file: null, progress: 0, error: null, fieldErrors: {}, output: null }),
    },
  },
  states: {
    idle: {
      on: { 'upload.start': { target: 'refused', actions: assign({ error: UPLOAD_MESSAGES.missing }) } },
    },
    refused: {},
    chosen: {
      always: { guard: 'sendsOnChoice', target: 'sending' },
      on: { 'upload.start': 'sending' },
    },
    sending: {
      tags: ['busy'],
      entry: assign({ progress: 0, error: null, fieldErrors: {}, output: null }),
      invoke: { src: 'send', input: ({ context }) => ({ file: guaranteed(context.file, 'The file to send') }) },
      on: {
        'file.choose': {},
        'upload.reset': {},
        'upload.progress': {
          actions: assign({ progress: ({ event }) => Math.max(0, Math.min(100, Math.round(event.percent))) }),
        },
        'upload.sent': {
          target: 'sent',
          actions: [
            assign({ output: ({ event }) => event.output }),
            { type: 'sent', params: ({ event }) => ({ output: event.output }) },
          ],
        },
        'upload.failed': [
          { guard: 'refusedForGood', target: 'rejected', actions: 'keepFailure' },
          { target: 'failed', actions: 'keepFailure' },
        ],
        'upload.cancel': 'cancelled',
      },
    },
    sent: {},
    failed: {
      on: { 'upload.retry': 'sending', 'upload.start': 'sending' },
    },
    // The same file would be refused again: no retry. A form may be corrected and sent again with it.
    rejected: {
      on: { 'upload.start': 'sending' },
    },
    cancelled: {
      on: { 'upload.retry': 'sending', 'upload.start': 'sending' },
    },
  },
});

export type UploadSnapshot = SnapshotFrom<typeof uploadMachine>;
