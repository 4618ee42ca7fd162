import { CheckCircleIcon } from '@heroicons/react/20/solid';
import type { StepId, Track } from '@domain';
import { STEP_LABEL, TRACK_LABEL, currentStep } from '@domain';

/** In a wizard: the step on screen, and the steps that may be opened from the list. */
export interface StepNavigation {
  onScreen: StepId | null;
  choosable: StepId[];
  disabled: boolean;
  onChoose: (stepId: StepId) => void;
}

/** The steps of a track, the current one highlighted; in a wizard, the ones that may still change can be opened. */
export function TrackProgress({ track, navigation }: { track: Track; navigation?: StepNavigation }) {
  const current = currentStep(track);
  return (
    <div>
      <p className="text-sm font-medium text-slate-500">{TRACK_LABEL[track.trackId]}</p>
      <ol className="mt-4 space-y-3">
        {track.steps.map((step, i) => {
          const done = step.status === 'done';
          const isCurrent = step.stepId === current?.stepId;
          return (
            <li key={step.stepId} className="flex items-center gap-3" aria-current={isCurrent ? 'step' : undefined}>
              {done ? (
                <CheckCircleIcon className="size-6 text-brand-600" aria-hidden="true" />
              ) : (
                <span
                  className={`flex size-6 items-center justify-center rounded-full text-xs font-bold ${isCurrent ? 'bg-brand-700 text-white' : 'bg-slate-200 text-slate-600'}`}
                >
                  {i + 1}
                </span>
              )}
              {navigation?.choosable.includes(step.stepId) && navigation.onScreen !== step.stepId ? (
                <button
                  type="button"
                  disabled={navigation.disabled}
                  onClick={() => navigation.onChoose(step.stepId)}
                  className="rounded text-left text-sm text-brand-800 underline decoration-brand-300 underline-offset-2 hover:text-brand-900 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none disabled:cursor-not-allowed disabled:text-slate-500 disabled:no-underline"
                >
                  {STEP_LABEL[step.stepId]}
                  <span className="sr-only">
                    {isCurrent ? ' (etapa atual): voltar para ela' : ' (concluída): rever e alterar'}
                  </span>
                </button>
              ) : (
                <span
                  aria-current={navigation && navigation.onScreen === step.stepId ? 'page' : undefined}
                  className={`text-sm ${isCurrent || navigation?.onScreen === step.stepId ? 'font-semibold text-slate-900' : done ? 'text-slate-600' : 'text-slate-500'}`}
                >
                  {STEP_LABEL[step.stepId]}
                  {done && <span className="sr-only"> (concluída)</span>}
                  {isCurrent && <span className="sr-only"> (etapa atual)</span>}
                  {navigation && navigation.onScreen === step.stepId && !isCurrent && (
                    <span className="sr-only"> (em revisão)</span>
                  )}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
