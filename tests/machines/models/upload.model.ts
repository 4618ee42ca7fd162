import type { UploadContext, UploadEvent, UploadInput, UploadSendEvent } from '@machines/upload.machine';
import { uploadMachine } from '@machines/upload.machine';
import type { MachineModel } from './model';

const MB = 1024 * 1024;

/** Files a person may pick: the right kind, the wrong kind, exactly at the limit, too large, empty, a statement. */
export const FILES = {
  pdf: { name: 'contrato.pdf', size: 120_000 },
  exe: { name: 'programa.exe', size: 2_000 },
  limitPdf: { name: 'no-limite.pdf', size: 10 * MB },
  hugePdf: { name: 'digitalizado.pdf', size: 11 * MB },
  limitOfx: { name: 'no-limite.ofx', size: 25 * MB },
  empty: { name: 'vazio.png', size: 0 },
  ofx: { name: 'extrato.ofx', size: 40_000 },
  hugeOfx: { name: 'ano-inteiro.ofx', size: 26 * MB },
} as const;

export const UNAVAILABLE = 'O serviço está indisponível no momento. Tente novamente em instantes.';
/** A refusal by field, as the API answers a registration with a wrong due date (400). */
export const REFUSED_BY_FIELD = Object.assign(new Error('Revise os campos destacados.'), {
  status: 400,
  fields: { dueDate: 'Informe uma data válida.' },
});
/** A file the server cannot read, as the API answers a statement that is not OFX inside (400): sending it again cannot help. */
export const UNREADABLE = Object.assign(new Error('O arquivo não parece um extrato OFX.'), {
  status: 400,
  fields: { file: 'O arquivo não parece um extrato OFX.' },
});
/** A server's failure that may pass on a second try (503). */
export const DOWN = Object.assign(new Error(UNAVAILABLE), { status: 503 });

const events: (UploadEvent | UploadSendEvent)[] = [
  ...Object.values(FILES).map((file) => ({ type: 'file.choose' as const, file })),
  { type: 'upload.start' },
  { type: 'upload.cancel' },
  { type: 'upload.retry' },
  { type: 'upload.reset' },
  // What the sender reports while the file travels; a browser's counts can pass the edges (a size known late).
  { type: 'upload.progress', percent: 37.4 },
  { type: 'upload.progress', percent: 100 },
  { type: 'upload.progress', percent: 140 },
  { type: 'upload.progress', percent: -5 },
  { type: 'upload.sent', output: { id: 'doc-1' } },
  { type: 'upload.failed', error: new Error(UNAVAILABLE) },
  { type: 'upload.failed', error: REFUSED_BY_FIELD },
  { type: 'upload.failed', error: UNREADABLE },
  { type: 'upload.failed', error: DOWN },
];

/**
 * Starting points: a file sent as soon as it is chosen (a wizard's, a statement, a person's own document) and one that
 * waits for its form (a company document with its type and due date).
 */
export const uploadModel: MachineModel = {
  machine: uploadMachine,
  internalEvents: ['upload.progress', 'upload.sent', 'upload.failed'],
  scenarios: (
    [
      ['a company document sent on choice', { kind: 'document' }],
      ['a company document sent with its form', { kind: 'document', sendsOnChoice: false }],
      ['a person’s own document', { kind: 'personal' }],
      ['a bank statement', { kind: 'ofx' }],
    ] as [string, UploadInput][]
  ).map(([name, input]) => ({ name, input, events })),
  context: {
    // The file, its progress and the error are what the state says; the kind (its limits) and when it is sent are not.
    classOf: (snapshot) => {
      const { kind, sendsOnChoice } = snapshot.context as UploadContext;
      return `${kind}, ${sendsOnChoice ? 'sent on choice' : 'sent with its form'}`;
    },
    classes: ['document, sent on choice', 'document, sent with its form', 'personal, sent on choice', 'ofx, sent on choice'],
    unreachable: [
      ...['document', 'personal', 'ofx'].map((kind) => ({
        from: 'upload.chosen',
        transition: 'upload.start #0',
        class: `${kind}, sent on choice`,
        why: 'a file sent on choice leaves "chosen" at once: there is no button to press',
      })),
      {
        from: 'upload.chosen',
        transition: '(always) #0',
        class: 'document, sent with its form',
        why: 'a file sent with its form waits in "chosen" for the form',
      },
    ],
  },
};
