import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import { createActor, fromPromise } from 'xstate';
import type {
  BuiltDps,
  LookupOutcome,
  NfseEmissionInput,
  NfseEmissionOutput,
  SendOutcome,
  SignedDps,
  ValidationOutcome,
} from '@machines/nfseEmission.machine';
import { nfseEmissionMachine } from '@machines/nfseEmission.machine';
import { PendingCalls } from '../support/deferred';
import { candidatePaths, describePath, transitionPaths, unreachedNodes, untakenTransitions } from './models/model';
import {
  BUILD_REFUSAL,
  BUILT,
  CERTIFICATE_EXPIRED,
  INVALID,
  NFSE,
  REJECTION,
  SIGNED,
  SOCKET,
  TIMEOUT,
  nfseEmissionModel,
} from './models/nfseEmission.model';

const CHECK_DELAY_MS = 2_000;
const CALLS = ['buildDps', 'validateDps', 'signDps', 'sendDps', 'lookupDps'] as const;
type Call = (typeof CALLS)[number];

/** The machine with each step a call the test settles, a log of the calls in order and of how each was answered. */
function harness(input: NfseEmissionInput = {}) {
  const pending = new PendingCalls();
  const calls: { source: Call; input: unknown }[] = [];
  const answers: { source: Call; output?: unknown; error?: unknown }[] = [];
  const call = <T, I>(source: Call) =>
    fromPromise<T, I>(({ input }) => {
      calls.push({ source, input });
      return pending.next<T>(source, input).then(
        (output) => {
          answers.push({ source, output });
          return output;
        },
        (error: unknown) => {
          answers.push({ source, error });
          throw error;
        },
      );
    });
  const machine = nfseEmissionMachine.provide({
    actors: {
      buildDps: call<BuiltDps, void>('buildDps'),
      validateDps: call<ValidationOutcome, BuiltDps>('validateDps'),
      signDps: call<SignedDps, BuiltDps>('signDps'),
      sendDps: call<SendOutcome, SignedDps>('sendDps'),
      lookupDps: call<LookupOutcome, { id: string }>('lookupDps'),
    },
  });
  const actor = createActor(machine, { input }).start();
  const pendingCount = () => CALLS.reduce((sum, source) => sum + pending.count(source), 0);
  return { actor, pending, calls, answers, pendingCount };
}
type Harness = ReturnType<typeof harness>;

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('NFS-e emission machine', () => {
  it('builds, validates, signs and sends the DPS, and ends with the NFS-e', async () => {
    const h = harness();
    h.pending.resolve('buildDps', BUILT);
    await settle();
    expect(h.pending.resolve('validateDps', { ok: true })).toBe(BUILT);
    await settle();
    expect(h.pending.resolve('signDps', SIGNED)).toBe(BUILT);
    await settle();
    expect(h.pending.resolve('sendDps', { outcome: 'issued', nfse: NFSE })).toBe(SIGNED);
    await settle();
    expect(h.actor.getSnapshot().output).toEqual({ status: 'issued', nfse: NFSE, dpsId: SIGNED.id });
  });

  it('after a dropped connection looks the DPS up before anything else, and takes the NFS-e it became', async () => {
    const h = harness();
    h.pending.resolve('buildDps', BUILT);
    await settle();
    h.pending.resolve('validateDps', { ok: true });
    await settle();
    h.pending.resolve('signDps', SIGNED);
    await settle();
    h.pending.reject('sendDps', new Error(SOCKET));
    await settle();
    expect(h.actor.getSnapshot().value).toBe('uncertain');
    expect(h.pendingCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(CHECK_DELAY_MS);
    expect(h.pending.resolve('lookupDps', { outcome: 'found', nfse: NFSE })).toEqual({ id: SIGNED.id });
    await settle();
    expect(h.calls.map((c) => c.source)).toEqual(['buildDps', 'validateDps', 'signDps', 'sendDps', 'lookupDps']);
    expect(h.actor.getSnapshot().output).toEqual({ status: 'issued', nfse: NFSE, dpsId: SIGNED.id });
  });

  it('sends the same signed DPS again only after the lookup says it never arrived, and gives a retry plan at the limit', async () => {
    const h = harness({ maxSends: 2, retryAfterSeconds: 120 });
    h.pending.resolve('buildDps', BUILT);
    await settle();
    h.pending.resolve('validateDps', { ok: true });
    await settle();
    h.pending.resolve('signDps', SIGNED);
    await settle();
    for (let i = 0; i < 2; i++) {
      h.pending.resolve('sendDps', { outcome: 'uncertain', reason: TIMEOUT });
      await settle();
      await vi.advanceTimersByTimeAsync(CHECK_DELAY_MS);
      h.pending.resolve('lookupDps', { outcome: 'notFound' });
      await settle();
    }
    expect(h.calls.map((c) => c.source).slice(3)).toEqual(['sendDps', 'lookupDps', 'sendDps', 'lookupDps']);
    expect(h.calls.filter((c) => c.source === 'sendDps').every((c) => c.input === SIGNED)).toBe(true);
    expect(h.actor.getSnapshot().output).toEqual({
      status: 'retryLater',
      plan: {
        afterSeconds: 120,
        reason: TIMEOUT,
        message:
          'Não foi possível confirmar a emissão agora. A nota continua "Em processamento": a DPS será consultada antes de qualquer novo envio, então não haverá nota em dobro.',
      },
      signedDps: SIGNED,
    });
  });

  it('on the next run looks the signed DPS up first and never builds or signs another', async () => {
    const h = harness({ signedDps: SIGNED });
    expect(h.calls.map((c) => c.source)).toEqual(['lookupDps']);
    h.pending.resolve('lookupDps', { outcome: 'notFound' });
    await settle();
    h.pending.resolve('sendDps', { outcome: 'rejected', errors: REJECTION });
    await settle();
    expect(h.actor.getSnapshot().output).toEqual({ status: 'rejected', errors: REJECTION, dpsId: SIGNED.id });
    expect(REJECTION[0]!.explanation).toBe(
      'O código de tributação nacional informado não existe ou não está administrado pelo município de incidência do ISSQN na data de competência informada na DPS, conforme a lista de serviços nacional do Sistema Nacional NFS-e. (regra E0310 do Anexo I do Sistema Nacional NFS-e)',
    );
  });

  it('sends nothing when the DPS breaks the layout, and names the field in Portuguese', async () => {
    const h = harness();
    h.pending.resolve('buildDps', BUILT);
    await settle();
    h.pending.resolve('validateDps', INVALID);
    await settle();
    expect(h.actor.getSnapshot().output).toEqual({
      status: 'invalid',
      problem: { stage: 'validating', message: INVALID.message, issues: INVALID.issues },
    });
    expect(h.calls.map((c) => c.source)).toEqual(['buildDps', 'validateDps']);
  });
});

/* ---------------------------------------------------------------- paths from the machine's graph */

async function replay(h: Harness, event: EventObject) {
  const match = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
  if (match) {
    if (match[1] === 'done') h.pending.resolve(match[2]!, (event as unknown as { output: unknown }).output);
    else h.pending.reject(match[2]!, (event as unknown as { error: unknown }).error);
    await settle();
  } else if (event.type.startsWith('xstate.after.checkDelay')) {
    await vi.advanceTimersByTimeAsync(CHECK_DELAY_MS);
  } else {
    throw new Error(`The emission takes no event from outside: ${event.type}`);
  }
}

const STEP_OF: Record<string, Call | null> = {
  preparing: 'buildDps',
  validating: 'validateDps',
  signing: 'signDps',
  sending: 'sendDps',
  checking: 'lookupDps',
  uncertain: null,
};

/**
 * What each state means, on the real actor after every step: busy exactly while one step runs or a lookup waits, and
 * that step is the state's; the DPS is built and signed at most once a run, never when a signed one came back; only
 * the signed DPS travels; every send but a run's first is preceded by a lookup that found nothing; a send or lookup
 * without a trusted answer leads to a lookup, never straight to another send; no run sends more than it may; the
 * output is what the answers said — the NFS-e found or issued, the national errors explained, the problem that kept
 * the DPS from leaving with nothing sent, or a retry plan with the same signed DPS and the last reason.
 */
function checkMeaning(h: Harness, input: NfseEmissionInput, at: string) {
  const snapshot = h.actor.getSnapshot();
  const state = String(snapshot.value);
  const sources = h.calls.map((c) => c.source);
  const sends = h.calls.filter((c) => c.source === 'sendDps');

  // Busy and the step that runs.
  const done = snapshot.status === 'done';
  expect(snapshot.hasTag('busy'), `${at}: busy exactly until the emission ends`).toBe(!done);
  const step = STEP_OF[state];
  expect(h.pendingCount(), `${at}: one step runs in ${state}`).toBe(step ? 1 : 0);
  if (step) expect(h.pending.count(step), at).toBe(1);

  // Built and signed once, or never when resuming.
  expect(sources.filter((s) => s === 'buildDps').length, at).toBe(input.signedDps ? 0 : 1);
  expect(sources.filter((s) => s === 'signDps').length, at).toBeLessThanOrEqual(input.signedDps ? 0 : 1);
  if (input.signedDps) expect(sources[0], `${at}: a signed DPS is looked up first`).toBe('lookupDps');

  // Only the signed DPS travels, and never more than allowed.
  const signed = input.signedDps ?? SIGNED;
  for (const send of sends) expect(send.input, at).toEqual(signed);
  expect(sends.length, at).toBeLessThanOrEqual(input.maxSends ?? 3);
  for (const lookup of h.calls.filter((c) => c.source === 'lookupDps')) expect(lookup.input, at).toEqual({ id: signed.id });
  if (sends.length > 0 && !input.signedDps) {
    const validation = h.answers.find((a) => a.source === 'validateDps');
    expect(validation?.output, `${at}: only a DPS the XSD accepted travels`).toEqual({ ok: true });
  }

  // Every send after the first (or after a resumed start) follows a lookup that found nothing.
  h.calls.forEach((c, i) => {
    if (c.source !== 'sendDps' || (i > 0 && h.calls[i - 1]!.source === 'signDps')) return;
    const previous = h.answers[i - 1];
    expect(previous?.source, `${at}: a send again only after a lookup`).toBe('lookupDps');
    expect(previous?.output, at).toEqual({ outcome: 'notFound' });
  });
  // An answer that could not be trusted is followed by a lookup (or the end of the run), never by a send.
  h.answers.forEach((answer, i) => {
    const untrusted =
      (answer.source === 'sendDps' || answer.source === 'lookupDps') &&
      (answer.error !== undefined || (answer.output as { outcome?: string }).outcome === 'uncertain');
    if (untrusted && h.calls[i + 1]) expect(h.calls[i + 1]!.source, `${at}: looked up after no answer`).toBe('lookupDps');
  });

  if (!done) {
    expect(snapshot.output, at).toBeUndefined();
    return;
  }
  const output = snapshot.output as NfseEmissionOutput;
  const last = h.answers.at(-1)!;
  switch (output.status) {
    case 'issued':
      expect(last.source === 'sendDps' || last.source === 'lookupDps', at).toBe(true);
      expect(output, at).toEqual({ status: 'issued', nfse: NFSE, dpsId: signed.id });
      break;
    case 'rejected':
      expect([last.source, output], at).toEqual(['sendDps', { status: 'rejected', errors: REJECTION, dpsId: signed.id }]);
      expect(
        output.errors.every((e) => e.explanation.length > 0),
        at,
      ).toBe(true);
      break;
    case 'invalid': {
      expect(sends, `${at}: nothing leaves when the DPS cannot`).toEqual([]);
      const stage = { buildDps: 'preparing', validateDps: 'validating', signDps: 'signing' }[last.source as 'buildDps'];
      expect(output.problem.stage, at).toBe(stage);
      const message =
        last.error instanceof Error ? last.error.message : (last.output as { message: string } | undefined)?.message;
      expect(output.problem.message, at).toBe(message);
      expect(output.problem.issues, at).toEqual(last.output ? INVALID.issues : []);
      if (stage === 'preparing') expect(output.problem.message, at).toBe(BUILD_REFUSAL);
      if (stage === 'signing') expect(output.problem.message, at).toBe(CERTIFICATE_EXPIRED);
      break;
    }
    case 'retryLater': {
      expect(output.signedDps, at).toEqual(signed);
      const untrusted = [...h.answers]
        .reverse()
        .find((a) => a.error !== undefined || (a.output as { outcome?: string } | undefined)?.outcome === 'uncertain');
      const reason =
        untrusted?.error instanceof Error ? untrusted.error.message : (untrusted?.output as { reason?: string })?.reason;
      expect(output.plan.reason, at).toBe(reason ?? 'O Sistema Nacional deu uma resposta inesperada.');
      expect(output.plan.afterSeconds, at).toBe(input.retryAfterSeconds ?? 300);
      // A run stops either having sent all it may, the last lookup finding nothing, or with lookups unanswered.
      const outOfSends = sends.length === (input.maxSends ?? 3) && (last.output as LookupOutcome)?.outcome === 'notFound';
      const outOfChecks = snapshot.context.unansweredChecks === (input.maxChecks ?? 3);
      expect(outOfSends || outOfChecks, at).toBe(true);
      break;
    }
  }
}

describe('NFS-e emission machine, paths from its graph', () => {
  // The graph is small: every state it can tell apart (counters included) with every event, not only a path per
  // transition — a guard that reads the answer and the counters is tried with each answer at each count.
  const { moving, trying } = candidatePaths(nfseEmissionModel);
  const plans = [...moving, ...trying];

  it('passes through every state node and takes every transition', () => {
    expect(unreachedNodes(nfseEmissionModel, plans)).toEqual([]);
    expect(untakenTransitions(nfseEmissionModel, transitionPaths(nfseEmissionModel))).toEqual([]);
  });

  it(`means what each state says on ${plans.length} paths, every state with every event, replayed on a real actor`, async () => {
    for (const plan of plans) {
      const input = plan.scenario.input as NfseEmissionInput;
      const h = harness(input);
      checkMeaning(h, input, `${plan.scenario.name}: start`);
      for (const [i, step] of plan.path.steps.entries()) {
        if (step.event.type === 'xstate.init') continue;
        await replay(h, step.event);
        const at = `${plan.scenario.name}: ${describePath(plan)} (step ${i})`;
        expect(h.actor.getSnapshot().value, at).toEqual(step.state.value);
        checkMeaning(h, input, at);
      }
      h.actor.stop();
    }
  });
});
