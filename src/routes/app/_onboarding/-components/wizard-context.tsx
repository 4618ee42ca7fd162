import { useSelector } from '@xstate/react';
import { createContext, useCallback, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { StepId } from '../../../../../domain';
import type { companyOpeningWizardMachine } from '../../../../../machines/companyOpeningWizard.machine';
import type { WizardContext } from '../../../../../machines/onboarding';

export type WizardActor = ActorRefFrom<typeof companyOpeningWizardMachine>;

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

/** A step's form: its values (what was typed, else the defaults), a setter by path and the messages by path. */
export function useStepForm<T extends object>(stepId: StepId, defaults: T) {
  const actor = useWizard();
  const draft = useWizardContext((c) => c.drafts[stepId]) as Partial<T> | undefined;
  const errors = useWizardContext((c) => c.fieldErrors);
  const values = { ...defaults, ...draft } as T;
  const replace = useCallback((next: T) => actor.send({ type: 'draft.change', stepId, value: next }), [actor, stepId]);
  // From the values as they are now, not as this render saw them: an answer arriving later (a CEP lookup) must not
  // undo what was typed meanwhile.
  const set = (path: string, value: unknown) =>
    replace(setIn({ ...defaults, ...(actor.getSnapshot().context.drafts[stepId] as Partial<T> | undefined) } as T, path, value));
  const error = (path: string): string | undefined => errors[path];
  return { values, set, replace, error, errors };
}
