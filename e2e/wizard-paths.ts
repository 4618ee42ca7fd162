import type { AnyMachineSnapshot, EventObject, StateValue } from 'xstate';
import type { Company, StepDrafts, StepId, Track, TrackId } from '@domain';
import { CNPJ_NOT_FOUND, TRACK_STEPS, currentStep, isOperating } from '@domain';
import type { WizardContext, WizardInput } from '@machines/onboarding';
import { choosableSteps, navigationLocked, stepBefore } from '@machines/onboarding';
import { companyMigrationWizardModel } from '../tests/machines/models/companyMigrationWizard.model';
import { companyOpeningWizardModel } from '../tests/machines/models/companyOpeningWizard.model';
import type { MachineModel, ModelPath } from '../tests/machines/models/model';
import { coveringWalks, transitionsOf, unreachedNodes } from '../tests/machines/models/model';
import { allTransitions, transitionRecorder } from '../tests/machines/models/transitions';
import { trackAt } from '../tests/machines/wizard.fixtures';

/**
 * The onboarding wizards' models as a browser lives them: the machine-level models of tests/machines (same
 * machines, same events), started where a real customer starts and offered only what a person, the payment provider
 * or the team can do at that moment. The browser specs drive the paths generated from these models.
 */

export const MACHINE_MODELS: Record<TrackId, MachineModel> = {
  'create-company': companyOpeningWizardModel,
  'migrate-company': companyMigrationWizardModel,
};

/**
 * The starting points a browser reaches: a newcomer; a company whose first step is still to do (created, the step
 * not sent); back from the payment page paid (the provider's confirmation not arrived yet) or cancelled. "Waiting
 * for the team" is left out: the paths back from paying reach the end and the panel themselves.
 */
export const BROWSER_SCENARIOS = ['a newcomer', 'a company at its first step', 'back from paying', 'back without paying'];

/** While a call runs (or a payment is confirmed) "Voltar" and the step list are disabled: the machine's refusal is never asked. */
const BUSY_NAVIGATION = {
  'wizard · step.goto #0': 'the step list is disabled while a call runs',
  'wizard · step.back #0': '“Voltar” is disabled while a call runs',
};

/** Whether the step on screen is one the customer went back to (done, before where the track stands). */
export const revisiting = (context: WizardContext): boolean =>
  !!context.track &&
  !!context.stepOnScreen &&
  context.track.steps.find((step) => step.stepId === context.stepOnScreen)?.status === 'done';

/**
 * Transitions no person, provider or team can cause in a browser, with why. The spec asserts that these, and only
 * these, are left out of the browser paths.
 */
export const UNREACHABLE_IN_BROWSER: Record<TrackId, Record<string, string>> = {
  'create-company': {
    ...BUSY_NAVIGATION,
    // An uploaded receipt cannot be taken back (the upload has no "remove"): after a failed send the step's form is
    // never invalid again, so "send" from `failed` always sends.
    'wizard.upload-guide-receipt.failed · step.submit #1': 'an uploaded receipt cannot be removed',
  },
  'migrate-company': { ...BUSY_NAVIGATION },
};

/** What the browser loads as drafts: the payloads the server kept for the steps sent (`wizardDrafts.load`). */
function savedDrafts(track: Track | null): StepDrafts {
  const drafts: Record<string, unknown> = {};
  for (const step of track?.steps ?? []) if (step.payload) drafts[step.stepId] = step.payload;
  return drafts as StepDrafts;
}

const doneSteps = (track: Track | null) => track?.steps.filter((step) => step.status === 'done').length ?? 0;

/** The step whose screen is on the page, from the state value (`subscription.choosing` → `subscription`). */
export const stepOf = (snapshot: AnyMachineSnapshot): string =>
  typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0];
/** The innermost state, e.g. `editing` (or the step itself for a state without children). */
export const leafOf = (snapshot: AnyMachineSnapshot): string => {
  let value: StateValue = snapshot.value;
  while (typeof value !== 'string') value = Object.values(value)[0]!;
  return value;
};

/** Steps the provider or the team completes while the customer waits. */
const WAITED_STEPS: readonly StepId[] = ['subscription', 'awaiting-guide'];

/**
 * Whether a person, the provider or the team can cause the event in this state:
 * - typing only where a form is on screen and not sending; a chosen plan and an uploaded receipt cannot be undone;
 * - the track watcher's reports only as the track can really stand: unchanged (a poll), one step further when that
 *   step is the provider's or the team's (the payment confirmed, the guide attached), or the company active once
 *   every step is done.
 */
export function drivable(snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  const context = snapshot.context as WizardContext;
  // The server refuses a CNPJ the Receita Federal does not know on the migration's first step only.
  if ((event as EventObject & { error?: { code?: string } }).error?.code === CNPJ_NOT_FOUND.code)
    return context.trackId === 'migrate-company' && stepOf(snapshot) === 'pre-registration';
  // Its two buttons are on screen only while the customer decides.
  if (event.type === 'cnpj.correct' || event.type === 'cnpj.confirm') return leafOf(snapshot) === 'cnpjNotFound';
  if (event.type === 'step.back' || event.type === 'step.goto') {
    // "Voltar" and the step list: shown only where they lead somewhere, enabled only while nothing runs.
    if (navigationLocked(snapshot)) return false;
    if (event.type === 'step.back') return stepBefore(context) !== undefined;
    const { stepId } = event as EventObject & { stepId: StepId };
    return choosableSteps(context).includes(stepId) && context.stepOnScreen !== stepId;
  }
  if (event.type === 'draft.change') {
    const { stepId, value } = event as EventObject & { stepId: StepId; value: object };
    // A step gone back to holds what was sent: nothing to type to correct it.
    if (revisiting(context)) return false;
    const emptied = Object.keys(value).length === 0;
    if (emptied && (stepId === 'subscription' || stepId === 'upload-guide-receipt')) return false;
    // While the customer decides about the CNPJ the form holds what was sent: a change there erases a field.
    if (leafOf(snapshot) === 'cnpjNotFound') return emptied;
    return !snapshot.hasTag('busy') && ['editing', 'failed', 'choosing'].includes(leafOf(snapshot));
  }
  if (event.type === 'track.updated') {
    const report = event as EventObject & { company: Company; track: Track };
    const standing = doneSteps(context.track);
    const reported = doneSteps(report.track);
    const all = TRACK_STEPS[context.trackId].length;
    if (isOperating(report.company)) return reported === all && standing === all;
    if (reported === standing) return true;
    const waited = context.track ? currentStep(context.track)?.stepId : undefined;
    return reported === standing + 1 && !!waited && WAITED_STEPS.includes(waited);
  }
  return true;
}

/**
 * The server's answer to a step as a browser gets it: the machine-level model answers every step with the payment
 * still unconfirmed (the track one step further, the plan unpaid), which a browser never sees once the payment is
 * confirmed — after the plan, each answer keeps it paid.
 */
function asAnswered(trackId: TrackId, snapshot: AnyMachineSnapshot, event: EventObject): EventObject {
  if (event.type !== 'xstate.done.actor.submitStep') return event;
  const stepId = stepOf(snapshot) as StepId;
  // A step sent again: the model's answer is the domain's, from the track as the browser has it.
  if (stepId === 'subscription' || revisiting(snapshot.context as WizardContext)) return event;
  const answer = (event as EventObject & { output: object }).output;
  const steps: readonly StepId[] = TRACK_STEPS[trackId];
  const track = trackAt(trackId, steps.indexOf(stepId) + 1);
  return { ...event, output: { ...answer, track } } as EventObject;
}

/** The wizard's model with the browser's starting points and only the events a browser can cause. */
export function browserModel(trackId: TrackId): MachineModel {
  const model = MACHINE_MODELS[trackId];
  return {
    ...model,
    scenarios: model.scenarios
      .filter((scenario) => BROWSER_SCENARIOS.includes(scenario.name))
      .map((scenario) => {
        const input = scenario.input as WizardInput;
        const events = scenario.events as (snapshot: AnyMachineSnapshot) => EventObject[];
        return {
          ...scenario,
          input: { ...input, drafts: savedDrafts(input.track) },
          events: (snapshot: AnyMachineSnapshot) =>
            events(snapshot)
              .map((event) => asAnswered(trackId, snapshot, event))
              .filter((event) => drivable(snapshot, event)),
        };
      }),
  };
}

/** The fewest browser paths that take every transition a browser can take. */
export function browserPaths(trackId: TrackId): ModelPath[] {
  return coveringWalks(browserModel(trackId));
}

/** The transitions the paths take (keys of `allTransitions`). */
export function transitionsTaken(trackId: TrackId, paths: ModelPath[]): Set<string> {
  const model = browserModel(trackId);
  return new Set(paths.flatMap((plan) => [...transitionsOf(model, plan)]));
}

/** The machine's transitions the paths leave out. */
export function transitionsLeftOut(trackId: TrackId, paths: ModelPath[]): string[] {
  const taken = transitionsTaken(trackId, paths);
  return allTransitions(MACHINE_MODELS[trackId].machine)
    .map((transition) => transition.key)
    .filter((key) => !taken.has(key));
}

/** The machine's state nodes the paths never pass through. */
export const statesLeftOut = (trackId: TrackId, paths: ModelPath[]) => unreachedNodes(browserModel(trackId), paths);

/** The transitions a path takes, in order: its start's eventless ones, then each event's. */
export function pathTransitions(trackId: TrackId, plan: ModelPath): string[] {
  const recorder = transitionRecorder(MACHINE_MODELS[trackId].machine);
  let snapshot = recorder.start(plan.scenario.input);
  const keys = recorder.drain();
  for (const step of plan.path.steps.slice(1)) {
    snapshot = recorder.step(snapshot, step.event);
    keys.push(...recorder.drain());
  }
  return keys;
}
