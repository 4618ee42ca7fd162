import { useSelector } from '@xstate/react';
import { createContext, useCallback, useContext } from 'react';
import type { ActorRef, SnapshotFrom } from 'xstate';
import type { StepDraft, StepId } from '@domain';
import type { companyMigrationWizardMachine } from '@machines/companyMigrationWizard.machine';
import type { companyOpeningWizardMachine } from '@machines/companyOpeningWizard.machine';
import type { WizardContext, WizardEvent } from '@machines/onboarding';
import { choosableSteps, draftChange, navigationLocked, stepBefore } from '@machines/onboarding';
import { currentStep, isTrackPaid } from '@domain';

/** Either wizard's actor: the same context and events, each with its own steps. */
export type WizardActor = ActorRef<
  SnapshotFrom<typeof companyOpeningWizardMachine> | SnapshotFrom<typeof companyMigrationWizardMachine>,
  WizardEvent
>;

export const WizardActorContext = createContext<WizardActor | null>(null);

export function useWizard(): WizardActor {
  const actor = useContext(WizardActorContext);
  if (!actor) throw new Error('useWizard outside a wizard');
  return actor;
}

export function useWizardContext<T>(select: (context: WizardContext) => T): T {
  return useSelector(useWizard(), (snapshot) => select(snapshot.context));
}

/** Whether the wizard is in a state, written as "step.substate". */
export function useWizardMatches(state: string): boolean {
  return useSelector(useWizard(), (snapshot) => snapshot.matches(state as never));
}

export function useWizardBusy(): boolean {
  return useSelector(useWizard(), (snapshot) => snapshot.hasTag('busy'));
}

/**
 * Going back in the wizard: where "Voltar" goes, the steps of the list that may be opened, whether the step on screen
 * is one gone back to (and whether the payment already fixed the rest), and the events that go there.
 */
export function useWizardNavigation() {
  const actor = useWizard();
  const busy = useSelector(actor, navigationLocked);
  const context = useSelector(actor, (s) => s.context);
  const current = context.track ? currentStep(context.track)?.stepId : undefined;
  return {
    busy,
    onScreen: context.stepOnScreen,
    backTo: stepBefore(context),
    choosable: choosableSteps(context),
    revisiting: !!context.stepOnScreen && !!current && context.stepOnScreen !== current,
    paid: !!context.track && isTrackPaid(context.track),
    back: () => actor.send({ type: 'step.back' }),
    goTo: (stepId: StepId) => actor.send({ type: 'step.goto', stepId }),
  };
}

/** Sets `value` at a dotted path of a plain object (arrays by index), copying along the way. */
export function setIn<T>(object: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.');
  const source = (object ?? {}) as Record<string, unknown>;
  const next = (Array.isArray(source) ? [...source] : { ...source }) as Record<string, unknown>;
  next[head] = rest.length ? setIn(source[head] as unknown, rest.join('.'), value) : value;
  return next as T;
}

export function getIn(object: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((value, key) => (value == null ? undefined : (value as Record<string, unknown>)[key]), object);
}

/**
 * A step's form: its values (what was typed, else the defaults), a setter by path and the messages by path. The
 * form's values are the step's draft (`StepDraft` in domain/), plus whatever the screen keeps beside them.
 */
export function useStepForm<S extends StepId, T extends StepDraft<S>>(stepId: S, defaults: T) {
  const actor = useWizard();
  const draft = useWizardContext((c) => c.drafts[stepId]);
  const errors = useWizardContext((c) => c.fieldErrors);
  // What this screen sent is what the draft holds, so it reads back as the screen's own type.
  const valuesOf = (kept: StepDraft<S> | undefined) => ({ ...defaults, ...kept }) as T;
  const values = valuesOf(draft);
  const replace = useCallback((next: T) => actor.send(draftChange(stepId, next)), [actor, stepId]);
  // From the values as they are now, not as this render saw them: an answer arriving later (a CEP lookup) must not
  // undo what was typed meanwhile.
  const set = (path: string, value: unknown) => replace(setIn(valuesOf(actor.getSnapshot().context.drafts[stepId]), path, value));
  const error = (path: string): string | undefined => errors[path];
  return { values, set, replace, error, errors };
}
