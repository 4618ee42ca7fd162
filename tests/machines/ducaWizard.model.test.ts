import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { createActor, fromPromise } from 'xstate';
import type { PartnerAttributionResult, PartnerId, TrackId } from '@domain';
import { MESSAGES, PARTNER_MESSAGES, keepsOwnTrack } from '@domain';
import type { DucaWizardEvent, DucaWizardInput, DucaWizardStep } from '@machines/ducaWizard.machine';
import { ducaWizardMachine, ducaWizardStep } from '@machines/ducaWizard.machine';
import { PendingCalls } from '../support/deferred';
import { ATTRIBUTED_AT, REFUSED, attributionAnswer, ducaWizardModel } from './models/ducaWizard.model';
import { describePath, transitionPaths, unreachedNodes } from './models/model';
import { flush } from './session.harness';
import { company, trackAt } from './wizard.fixtures';

const NOT_CONFIRMED = 'Confirme que você chegou até nós pela Duca para continuar.';
const CALLS = ['attributePartner', 'reloadCompany', 'refreshClaims'] as const;

/** The machine with recorders for what it asks of the app, and calls the test settles. */
function harness(input: DucaWizardInput = { company: null, track: null }) {
  const pending = new PendingCalls();
  const calls: { source: string; input: unknown }[] = [];
  const effects = { recorded: [] as PartnerAttributionResult[], visited: [] as string[] };
  const call = <T, I>(source: string) =>
    fromPromise<T, I>(({ input }) => {
      calls.push({ source, input });
      return pending.next<T>(source, input);
    });
  const machine = ducaWizardMachine.provide({
    actors: {
      attributePartner: call<PartnerAttributionResult, { partnerId: PartnerId; trackId: TrackId }>('attributePartner'),
      reloadCompany: call<void, { companyId: string }>('reloadCompany'),
      refreshClaims: call<void, void>('refreshClaims'),
    },
    actions: {
      attributionRecorded: (_, { result }) => void effects.recorded.push(result),
      goTo: (_, { path }) => void effects.visited.push(path),
    },
  });
  const actor = createActor(machine, { input }).start();
  const send = (event: DucaWizardEvent) => actor.send(event);
  const pendingCount = () => CALLS.reduce((sum, source) => sum + pending.count(source), 0);
  return { actor, pending, calls, effects, send, pendingCount };
}

type Harness = ReturnType<typeof harness>;

describe('Duca wizard', () => {
  it('asks the person to confirm they came through Duca before going on', () => {
    const { actor, send } = harness();
    expect(ducaWizardStep(actor.getSnapshot())).toBe('confirm');
    send({ type: 'step.submit' });
    expect(ducaWizardStep(actor.getSnapshot())).toBe('confirm');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ confirmed: NOT_CONFIRMED });
    send({ type: 'confirmation.change', confirmed: true });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    send({ type: 'step.submit' });
    expect(ducaWizardStep(actor.getSnapshot())).toBe('track');
  });

  it('without a company: asks for a track, records it, refreshes the claims, then goes to that track', async () => {
    const { actor, send, pending, effects } = harness();
    send({ type: 'confirmation.change', confirmed: true });
    send({ type: 'step.submit' });
    send({ type: 'step.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ trackId: MESSAGES.invalidTrack });
    send({ type: 'track.choose', trackId: 'migrate-company' });
    send({ type: 'step.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const answer = attributionAnswer({ company: null, track: null }, 'migrate-company');
    expect(pending.resolve('attributePartner', answer)).toEqual({ partnerId: 'duca', trackId: 'migrate-company' });
    await flush();
    expect(effects.recorded).toEqual([answer]);
    expect(pending.count('reloadCompany')).toBe(0);
    pending.resolve('refreshClaims');
    await flush();
    expect(ducaWizardStep(actor.getSnapshot())).toBe('done');
    send({ type: 'step.submit' });
    expect(effects.visited).toEqual(['/app/wizard/company-migration']);
  });

  it('with an operating company: sends the company’s own track and reloads the company', async () => {
    const input = { company: company('create-company', 'active'), track: trackAt('create-company', 5) };
    const { actor, send, pending, effects } = harness(input);
    send({ type: 'confirmation.change', confirmed: true });
    send({ type: 'step.submit' });
    send({ type: 'track.choose', trackId: 'migrate-company' });
    send({ type: 'step.submit' });
    expect(pending.resolve('attributePartner', attributionAnswer(input, 'create-company'))).toEqual({
      partnerId: 'duca',
      trackId: 'create-company',
    });
    await flush();
    expect(pending.resolve('reloadCompany')).toEqual({ companyId: 'c1' });
    await flush();
    expect(ducaWizardStep(actor.getSnapshot())).toBe('done');
    send({ type: 'step.submit' });
    expect(effects.visited).toEqual(['/app/panel']);
  });

  it('says why, in Portuguese, when the attribution is refused or the session cannot learn of it', async () => {
    const { actor, send, pending } = harness({ company: company('create-company'), track: trackAt('create-company', 0) });
    send({ type: 'confirmation.change', confirmed: true });
    send({ type: 'step.submit' });
    send({ type: 'step.submit' });
    pending.reject('attributePartner', new Error(REFUSED));
    await flush();
    expect(actor.getSnapshot().context.error).toBe(REFUSED);
    send({ type: 'step.submit' });
    expect(actor.getSnapshot().context.error).toBeNull();
    pending.resolve('attributePartner', attributionAnswer(actor.getSnapshot().context, 'create-company'));
    await flush();
    pending.reject('reloadCompany', new Error('Timeout of 15000 ms exceeded'));
    await flush();
    expect(ducaWizardStep(actor.getSnapshot())).toBe('track');
    expect(actor.getSnapshot().context.error).toBe(
      'Registramos a parceria, mas não conseguimos atualizar a sua sessão. Tente de novo.',
    );
  });

  it('goes back to the confirmation keeping what was chosen', () => {
    const { actor, send } = harness();
    send({ type: 'confirmation.change', confirmed: true });
    send({ type: 'step.submit' });
    send({ type: 'track.choose', trackId: 'create-company' });
    send({ type: 'step.back' });
    expect(ducaWizardStep(actor.getSnapshot())).toBe('confirm');
    expect(actor.getSnapshot().context).toMatchObject({ confirmed: true, trackId: 'create-company' });
  });
});

/* ---------------------------------------------------------------- paths from the machine's graph */

async function replay(h: Harness, event: EventObject) {
  const match = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
  if (match) {
    if (match[1] === 'done') h.pending.resolve(match[2], (event as unknown as { output: unknown }).output);
    else h.pending.reject(match[2], (event as unknown as { error: unknown }).error);
  } else {
    h.send(event as DucaWizardEvent);
  }
  await flush();
}

/** What the person did on screen so far: the box ticked or not, the track chosen (preset to their own). */
interface Person {
  ticked: boolean;
  chosen: TrackId | null;
}

const personAtStart = (input: DucaWizardInput): Person => ({
  ticked: false,
  chosen: input.track?.trackId ?? input.company?.trackId ?? null,
});

/** The track an attribution must send, read from the domain's rule and what the person chose, not from the machine. */
const expectedTrack = (input: DucaWizardInput, person: Person): TrackId | null =>
  keepsOwnTrack(input.company) ? (input.track?.trackId ?? input.company?.trackId ?? 'create-company') : person.chosen;

/**
 * What each state of the wizard means, checked on the real actor after every step: the step on screen follows the
 * person's confirmation and choice, the page is busy exactly while one call is under way, the attribution carries
 * the right track, the session learns of it the right way before the last step, a failure says why in Portuguese,
 * and the app is asked to refresh the attribution and to navigate exactly when it should.
 */
function checkMeaning(
  h: Harness,
  input: DucaWizardInput,
  event: EventObject,
  person: Person,
  before: {
    step: DucaWizardStep;
    busy: boolean;
    context: ReturnType<Harness['actor']['getSnapshot']>['context'];
    calls: number;
    recorded: number;
    visited: number;
  },
  at: string,
) {
  const snapshot = h.actor.getSnapshot();
  const { context } = snapshot;
  const step = ducaWizardStep(snapshot);
  const busy = snapshot.hasTag('busy');
  const newCalls = h.calls.slice(before.calls);
  const recorded = h.effects.recorded.slice(before.recorded);
  const visited = h.effects.visited.slice(before.visited);

  // Always: the form holds what the person did; busy exactly while one call runs, on the track step; messages are the domain's; the last step has a result.
  expect([context.confirmed, context.trackId], `${at}: what the person ticked and chose`).toEqual([person.ticked, person.chosen]);
  expect(busy, `${at}: busy while a call runs`).toBe(h.pendingCount() === 1);
  expect(h.pendingCount(), at).toBeLessThanOrEqual(1);
  if (busy) expect(step, at).toBe('track');
  for (const [field, message] of Object.entries(context.fieldErrors)) {
    expect(message, `${at}: ${field}`).toBe(field === 'confirmed' ? NOT_CONFIRMED : MESSAGES.invalidTrack);
  }
  if (context.error !== null) expect([step, busy], `${at}: a failure shows on the track step`).toEqual(['track', false]);
  if (step === 'done') expect(context.result, `${at}: the last step shows what was recorded`).not.toBeNull();
  // The app's effects: the attribution refreshed only once recorded, navigation only from the last step.
  expect(recorded.length, at).toBe(event.type === 'xstate.done.actor.attributePartner' ? 1 : 0);
  const continues = before.step === 'done' && event.type === 'step.submit';
  expect(visited, at).toEqual(continues ? [context.result!.next] : []);

  switch (event.type) {
    case 'confirmation.change': {
      const { confirmed } = event as Extract<DucaWizardEvent, { type: 'confirmation.change' }>;
      if (before.step === 'confirm') {
        expect(person.ticked, at).toBe(confirmed);
        expect(context.fieldErrors.confirmed, at).toBeUndefined();
      }
      break;
    }
    case 'track.choose': {
      const { trackId } = event as Extract<DucaWizardEvent, { type: 'track.choose' }>;
      if (before.step === 'track' && !before.busy) {
        expect(person.chosen, at).toBe(trackId);
        expect(context.fieldErrors.trackId, at).toBeUndefined();
      }
      break;
    }
    case 'step.submit':
      if (before.step === 'confirm') {
        // The box ticked: on to the track; not ticked: the step says so.
        expect(step, at).toBe(person.ticked ? 'track' : 'confirm');
        expect(context.fieldErrors, at).toEqual(person.ticked ? {} : { confirmed: NOT_CONFIRMED });
        expect(newCalls, at).toEqual([]);
      } else if (before.step === 'track' && !before.busy) {
        const trackId = expectedTrack(input, person);
        if (trackId) {
          expect(newCalls, `${at}: the attribution is sent`).toEqual([
            { source: 'attributePartner', input: { partnerId: 'duca', trackId } },
          ]);
          expect([context.fieldErrors, context.error], `${at}: sending, no message`).toEqual([{}, null]);
        } else {
          expect(newCalls, at).toEqual([]);
          expect(context.fieldErrors, at).toEqual({ trackId: MESSAGES.invalidTrack });
        }
      } else {
        // Busy, or on the last step: nothing new is sent and the step stays.
        expect(newCalls, at).toEqual([]);
        expect(step, at).toBe(before.step);
      }
      break;
    case 'step.back':
      if (before.step === 'track' && !before.busy) {
        // Back to the confirmation (what was ticked and chosen is kept: checked above), without old messages.
        expect(step, at).toBe('confirm');
        expect([context.fieldErrors, context.error], at).toEqual([{}, null]);
      } else {
        expect(step, at).toBe(before.step);
      }
      break;
    case 'xstate.done.actor.attributePartner': {
      const answer = (event as unknown as { output: PartnerAttributionResult }).output;
      // Recorded: the session learns of it — the company reloaded, or a token with the track in its claims.
      expect(context.result, at).toEqual(answer);
      expect(recorded, at).toEqual([answer]);
      expect(newCalls, at).toEqual([
        answer.companyId
          ? { source: 'reloadCompany', input: { companyId: answer.companyId } }
          : { source: 'refreshClaims', input: undefined },
      ]);
      expect(step, `${at}: not done before the session knows`).toBe('track');
      break;
    }
    case 'xstate.error.actor.attributePartner':
      expect(context.error, at).toBe(REFUSED);
      break;
    case 'xstate.done.actor.reloadCompany':
    case 'xstate.done.actor.refreshClaims':
      expect(step, at).toBe('done');
      expect(context.result?.partnerAttributedAt, at).toBe(ATTRIBUTED_AT);
      break;
    case 'xstate.error.actor.reloadCompany':
    case 'xstate.error.actor.refreshClaims':
      expect(context.error, at).toBe(PARTNER_MESSAGES.sessionNotUpdated);
      break;
    default:
      throw new Error(`No meaning written for the event ${event.type}`);
  }
}

describe('Duca wizard, paths from its graph', () => {
  const plans = transitionPaths(ducaWizardModel);

  it('passes through every state node', () => {
    expect(unreachedNodes(ducaWizardModel, plans)).toEqual([]);
  });

  it(`means what each state says on ${plans.length} paths that take every transition, replayed on a real actor`, async () => {
    for (const plan of plans) {
      const input = plan.scenario.input as DucaWizardInput;
      const h = harness(input);
      const person = personAtStart(input);
      for (const step of plan.path.steps) {
        if (step.event.type === 'xstate.init') continue;
        const snapshot = h.actor.getSnapshot();
        const before = {
          step: ducaWizardStep(snapshot),
          busy: snapshot.hasTag('busy'),
          context: snapshot.context,
          calls: h.calls.length,
          recorded: h.effects.recorded.length,
          visited: h.effects.visited.length,
        };
        await replay(h, step.event);
        // The person can tick the box only on the first step, and choose a track only on the second, while idle.
        const event = step.event as DucaWizardEvent;
        if (event.type === 'confirmation.change' && before.step === 'confirm') person.ticked = event.confirmed;
        if (event.type === 'track.choose' && before.step === 'track' && !before.busy) person.chosen = event.trackId;
        const at = `${plan.scenario.name}: ${describePath(plan)} (after ${step.event.type})`;
        expect(h.actor.getSnapshot().value, at).toEqual(step.state.value);
        checkMeaning(h, input, step.event, person, before, at);
      }
    }
  });
});
