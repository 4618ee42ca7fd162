import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { createActor, fromCallback } from 'xstate';
import type { UploadKind } from '@domain';
import type { UploadEvent, UploadFile, UploadInput, UploadSendEvent } from '@machines/upload.machine';
import { uploadMachine } from '@machines/upload.machine';
import { describePath, transitionPaths, unreachedNodes } from './models/model';
import { DOWN, FILES, REFUSED_BY_FIELD, UNAVAILABLE, UNREADABLE, uploadModel } from './models/upload.model';

/** What the person reads for each file, by kind of upload, written out here rather than read from the domain. */
const NOT_ACCEPTED = 'Tipo de arquivo não aceito. Envie PDF, imagem (PNG, JPG, WEBP), XML, ZIP, OFX ou certificado A1 (.pfx).';
const NOT_PERSONAL = 'Tipo de arquivo não aceito para documentos pessoais. Envie PDF ou imagem (PNG, JPG, WEBP).';
const NOT_OFX = 'Envie um arquivo de extrato no formato OFX (.ofx).';
const OVER_10 = 'O arquivo passa do limite de 10 MB.';
const EMPTY = 'O arquivo está vazio.';
const OVER_25 = 'O arquivo passa do limite de 25 MB. Exporte um período menor.';
// A file of exactly the limit (10 MB, 25 MB for a statement) is accepted: the limit is what may be sent (docs/rules.md).
const REFUSAL: Record<UploadKind, Record<keyof typeof FILES, string | null>> = {
  document: {
    pdf: null,
    exe: NOT_ACCEPTED,
    limitPdf: null,
    hugePdf: OVER_10,
    limitOfx: OVER_10,
    empty: EMPTY,
    ofx: null,
    hugeOfx: OVER_10,
  },
  personal: {
    pdf: null,
    exe: NOT_PERSONAL,
    limitPdf: null,
    hugePdf: OVER_10,
    limitOfx: NOT_PERSONAL,
    empty: EMPTY,
    ofx: NOT_PERSONAL,
    hugeOfx: NOT_PERSONAL,
  },
  ofx: {
    pdf: NOT_OFX,
    exe: NOT_OFX,
    limitPdf: NOT_OFX,
    hugePdf: NOT_OFX,
    limitOfx: null,
    empty: NOT_OFX,
    ofx: null,
    hugeOfx: OVER_25,
  },
};
/** The progress shown for each report of the sender: rounded, and never past 0–100 %. */
const PROGRESS_SHOWN = new Map([
  [37.4, 37],
  [100, 100],
  [140, 100],
  [-5, 0],
]);
const refusalOf = (kind: UploadKind, file: UploadFile) =>
  REFUSAL[kind][(Object.keys(FILES) as (keyof typeof FILES)[]).find((key) => FILES[key] === file)!];

interface Sender {
  file: UploadFile;
  report: (event: UploadSendEvent) => void;
  stopped: boolean;
}

/** The machine with a sender the test drives (what the network would report) and a recorder of what arrived. */
function harness(input: UploadInput) {
  const senders: Sender[] = [];
  const arrived: unknown[] = [];
  const machine = uploadMachine.provide({
    actors: {
      send: fromCallback<UploadSendEvent, { file: UploadFile }>(({ input: { file }, sendBack }) => {
        const sender: Sender = { file, report: sendBack, stopped: false };
        senders.push(sender);
        return () => void (sender.stopped = true);
      }),
    },
    actions: { sent: (_, { output }) => void arrived.push(output) },
  });
  const actor = createActor(machine, { input }).start();
  const running = () => senders.filter((sender) => !sender.stopped);
  return { actor, senders, arrived, running };
}
type Harness = ReturnType<typeof harness>;

const SENDER_EVENTS = new Set(uploadModel.internalEvents);

/** Sends a step's event: the person's to the actor, the network's through the running sender. */
function replay(h: Harness, event: EventObject) {
  if (SENDER_EVENTS.has(event.type)) {
    const [sender] = h.running();
    expect(sender, `${event.type} comes from a running sender`).toBeDefined();
    sender.report(event as UploadSendEvent);
  } else {
    h.actor.send(event as UploadEvent);
  }
}

describe('upload machine', () => {
  it('checks a file before it travels and says why in Portuguese', () => {
    const h = harness({ kind: 'ofx' });
    h.actor.send({ type: 'file.choose', file: FILES.pdf });
    expect(h.actor.getSnapshot().value).toBe('refused');
    expect(h.actor.getSnapshot().context.error).toBe(NOT_OFX);
    expect(h.senders).toEqual([]);
  });

  it('sends a good file at once, reports progress, and hands over what the server answered', () => {
    const h = harness({ kind: 'document' });
    h.actor.send({ type: 'file.choose', file: FILES.pdf });
    expect(h.running().map((s) => s.file)).toEqual([FILES.pdf]);
    h.running()[0].report({ type: 'upload.progress', percent: 42.6 });
    expect(h.actor.getSnapshot().context.progress).toBe(43);
    h.running()[0].report({ type: 'upload.sent', output: { id: 'd1' } });
    expect(h.actor.getSnapshot().value).toBe('sent');
    expect(h.arrived).toEqual([{ id: 'd1' }]);
  });

  it('stops the request on cancel, and sends the same file again on retry', () => {
    const h = harness({ kind: 'document' });
    h.actor.send({ type: 'file.choose', file: FILES.pdf });
    h.actor.send({ type: 'upload.cancel' });
    expect(h.senders[0].stopped).toBe(true);
    expect(h.actor.getSnapshot().value).toBe('cancelled');
    h.actor.send({ type: 'upload.retry' });
    h.running()[0].report({ type: 'upload.failed', error: new Error(UNAVAILABLE) });
    expect(h.actor.getSnapshot().context.error).toBe(UNAVAILABLE);
    h.actor.send({ type: 'upload.retry' });
    expect(h.senders.map((s) => s.file)).toEqual([FILES.pdf, FILES.pdf, FILES.pdf]);
  });

  it('offers no retry for a file the server refused for good, and keeps retry for a failure that may pass', () => {
    const h = harness({ kind: 'ofx' });
    h.actor.send({ type: 'file.choose', file: FILES.ofx });
    h.running()[0].report({ type: 'upload.failed', error: UNREADABLE });
    expect(h.actor.getSnapshot().value).toBe('rejected');
    expect(h.actor.getSnapshot().can({ type: 'upload.retry' })).toBe(false);
    h.actor.send({ type: 'upload.retry' });
    expect(h.senders.length).toBe(1);
    // Another file is sent as any file is.
    h.actor.send({ type: 'file.choose', file: FILES.ofx });
    h.running()[0].report({ type: 'upload.failed', error: DOWN });
    expect(h.actor.getSnapshot().value).toBe('failed');
    expect(h.actor.getSnapshot().can({ type: 'upload.retry' })).toBe(true);
  });

  it('with a form, waits for it; sent without a file, says one is missing', () => {
    const h = harness({ kind: 'document', sendsOnChoice: false });
    h.actor.send({ type: 'upload.start' });
    expect(h.actor.getSnapshot().context.error).toBe('Escolha um arquivo.');
    h.actor.send({ type: 'file.choose', file: FILES.pdf });
    expect([h.actor.getSnapshot().value, h.senders.length]).toEqual(['chosen', 0]);
    h.actor.send({ type: 'upload.start' });
    expect(h.running().map((s) => s.file)).toEqual([FILES.pdf]);
  });
});

/* ---------------------------------------------------------------- paths from the machine's graph */

const STATES = ['idle', 'refused', 'chosen', 'sending', 'sent', 'failed', 'rejected', 'cancelled'] as const;

/**
 * What each state means, on the real actor after every step: busy exactly while one sender runs, with the file the
 * machine holds; a refusal says the domain's reason for that kind of file and nothing travels; a file waits for its
 * form only when asked; cancel stops the request and keeps the file; retry sends the same file, but never one the
 * server refused for good (a 4xx refusal: only another file or the corrected form goes); what arrived is handed over
 * once, when it arrives; a failure keeps the server's message and its fields.
 */
function checkMeaning(
  h: Harness,
  input: UploadInput,
  event: EventObject,
  before: { state: string; file: UploadFile | null; senders: number; arrived: number; sender: Sender | undefined },
  at: string,
) {
  const snapshot = h.actor.getSnapshot();
  const state = snapshot.value as (typeof STATES)[number];
  const { context } = snapshot;
  const started = h.senders.slice(before.senders);
  const arrived = h.arrived.slice(before.arrived);

  // Always.
  expect(STATES, at).toContain(state);
  expect(snapshot.hasTag('busy'), `${at}: busy exactly while sending`).toBe(state === 'sending');
  expect(h.running().length, `${at}: one sender runs while sending, none otherwise`).toBe(state === 'sending' ? 1 : 0);
  if (state === 'sending') expect(h.running()[0].file, `${at}: the file sent is the one held`).toBe(context.file);
  // A file that starts travelling starts at 0 %, whatever an earlier attempt reached.
  if (started.length > 0) expect(context.progress, `${at}: a new sending starts at 0 %`).toBe(0);
  expect(Number.isInteger(context.progress) && context.progress >= 0 && context.progress <= 100, at).toBe(true);
  expect(context.error !== null, `${at}: a message exactly when refused or failed`).toBe(
    state === 'refused' || state === 'failed' || state === 'rejected',
  );
  if (['chosen', 'sending', 'failed', 'rejected', 'cancelled'].includes(state)) expect(context.file, at).not.toBeNull();
  if (state === 'chosen') expect(input.sendsOnChoice, `${at}: a file waits only for a form`).toBe(false);
  if (event.type !== 'upload.sent') expect(arrived, `${at}: nothing handed over`).toEqual([]);
  if (state !== 'sending' && event.type !== 'upload.sent') {
    // Leaving `sending` any other way than by arriving stops the request.
    if (before.sender) expect(before.sender.stopped, at).toBe(true);
  }

  const busyBefore = before.state === 'sending';
  switch (event.type) {
    case 'file.choose': {
      const { file } = event as Extract<UploadEvent, { type: 'file.choose' }>;
      if (busyBefore) {
        expect([state, context.file, started.length], `${at}: ignored while sending`).toEqual(['sending', before.file, 0]);
        break;
      }
      const refusal = refusalOf(input.kind, file);
      if (refusal) {
        expect([state, context.error, context.file, started.length], at).toEqual(['refused', refusal, null, 0]);
      } else if (input.sendsOnChoice === false) {
        expect([state, context.file, context.error, started.length], at).toEqual(['chosen', file, null, 0]);
      } else {
        expect([state, started.map((s) => s.file)], `${at}: sent at once`).toEqual(['sending', [file]]);
        expect([context.progress, context.error], at).toEqual([0, null]);
      }
      break;
    }
    case 'upload.start':
      if (before.state === 'idle') {
        expect([state, context.error, started.length], at).toEqual(['refused', 'Escolha um arquivo.', 0]);
      } else if (['chosen', 'failed', 'rejected', 'cancelled'].includes(before.state)) {
        expect([state, started.map((s) => s.file)], at).toEqual(['sending', [before.file]]);
      } else {
        expect([state, started.length], at).toEqual([before.state, 0]);
      }
      break;
    case 'upload.retry':
      if (['failed', 'cancelled'].includes(before.state)) {
        expect([state, started.map((s) => s.file), context.error], `${at}: the same file again`).toEqual([
          'sending',
          [before.file],
          null,
        ]);
      } else {
        expect([state, started.length], at).toEqual([before.state, 0]);
      }
      break;
    case 'upload.cancel':
      expect(state, at).toBe(busyBefore ? 'cancelled' : before.state);
      if (busyBefore) expect([context.file, context.error], `${at}: the file kept, no error`).toEqual([before.file, null]);
      break;
    case 'upload.reset':
      if (busyBefore) expect([state, context.file], at).toEqual(['sending', before.file]);
      else expect([state, context.file, context.error, context.output], at).toEqual(['idle', null, null, null]);
      break;
    case 'upload.progress': {
      const { percent } = event as Extract<UploadSendEvent, { type: 'upload.progress' }>;
      expect(PROGRESS_SHOWN.has(percent), `${at}: a report the table lists`).toBe(true);
      expect([state, context.progress], at).toEqual(['sending', PROGRESS_SHOWN.get(percent)]);
      break;
    }
    case 'upload.sent': {
      const { output } = event as Extract<UploadSendEvent, { type: 'upload.sent' }>;
      expect([state, context.output, arrived], `${at}: handed over once`).toEqual(['sent', output, [output]]);
      expect(context.file, at).toBe(before.file);
      break;
    }
    case 'upload.failed': {
      const { error } = event as Extract<UploadSendEvent, { type: 'upload.failed' }>;
      // Written out per failure: the API's refusals (400) are for good; a 503 or a dropped connection may pass.
      const expected = new Map<unknown, [string, string, Record<string, string>]>([
        [REFUSED_BY_FIELD, ['rejected', 'Revise os campos destacados.', { dueDate: 'Informe uma data válida.' }]],
        [UNREADABLE, ['rejected', 'O arquivo não parece um extrato OFX.', { file: 'O arquivo não parece um extrato OFX.' }]],
        [DOWN, ['failed', UNAVAILABLE, {}]],
      ]).get(error) ?? ['failed', UNAVAILABLE, {}];
      expect([state, context.error, context.fieldErrors], at).toEqual(expected);
      expect(context.file, `${at}: the file kept`).toBe(before.file);
      break;
    }
    default:
      throw new Error(`No meaning written for the event ${event.type}`);
  }
}

describe('upload machine, paths from its graph', () => {
  const plans = transitionPaths(uploadModel);

  it('passes through every state node', () => {
    expect(unreachedNodes(uploadModel, plans)).toEqual([]);
  });

  it(`means what each state says on ${plans.length} paths that take every transition, replayed on a real actor`, () => {
    for (const plan of plans) {
      const input = plan.scenario.input as UploadInput;
      const h = harness(input);
      for (const [i, step] of plan.path.steps.entries()) {
        if (step.event.type === 'xstate.init') continue;
        const snapshot = h.actor.getSnapshot();
        const before = {
          state: String(snapshot.value),
          file: snapshot.context.file,
          senders: h.senders.length,
          arrived: h.arrived.length,
          sender: h.running()[0],
        };
        replay(h, step.event);
        checkMeaning(h, input, step.event, before, `${plan.scenario.name}: ${describePath(plan)} (step ${i})`);
      }
    }
  });
});
