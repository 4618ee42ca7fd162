import { CheckCircleIcon } from '@heroicons/react/20/solid';
import type { Track } from '@domain';
import { STEP_LABEL, TRACK_LABEL, currentStep } from '@domain';

/** The steps of a track, the current one highlighted. */
export function TrackProgress({ track }: { track: Track }) {
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
              <span
                className={`text-sm ${isCurrent ? 'font-semibold text-slate-900' : done ? 'text-slate-600' : 'text-slate-500'}`}
              >
                {STEP_LABEL[step.stepId]}
                {done && <span className="sr-only"> (concluída)</span>}
                {isCurrent && <span className="sr-only"> (etapa atual)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
