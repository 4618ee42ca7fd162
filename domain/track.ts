import type { ProgressStatus, StepId, TrackId } from './enums';

export interface TrackStep {
  stepId: StepId;
  status: ProgressStatus;
  payload: Record<string, unknown> | null;
}

export interface Track {
  trackId: TrackId;
  status: ProgressStatus;
  steps: TrackStep[];
}

/** The order of each track's steps (our design; the spec names the steps, not their order). */
export const TRACK_STEPS = {
  'create-company': ['pre-registration', 'partner-registration', 'subscription', 'awaiting-guide', 'upload-guide-receipt'],
  'migrate-company': [
    'pre-registration',
    'partner-registration-basic',
    'subscription',
    'download-company-info',
    'migrate-accountant',
  ],
} as const satisfies Record<TrackId, readonly StepId[]>;

/** The wizard route of each track. */
export const TRACK_WIZARD_PATH: Record<TrackId, '/app/wizard/company-opening' | '/app/wizard/company-migration'> = {
  'create-company': '/app/wizard/company-opening',
  'migrate-company': '/app/wizard/company-migration',
};

export function isTrackDone(track: Pick<Track, 'status'> | null | undefined): boolean {
  return track?.status === 'done';
}

/** The first step not done, where a returning customer resumes. */
export function currentStep(track: Track): TrackStep | undefined {
  return track.steps.find((step) => step.status !== 'done');
}

/** The step whose partners list decides whether a company is single-partner (docs/machines.md). */
export function partnerStepOf(trackId: TrackId): StepId {
  return trackId === 'create-company' ? 'partner-registration' : 'partner-registration-basic';
}

/** docs/machines.md: a single-partner company has exactly one entry in the relevant step's partners list. */
export function isSinglePartnerCompany(track: Track | null | undefined): boolean {
  if (!track) return false;
  const step = track.steps.find((s) => s.stepId === partnerStepOf(track.trackId));
  const partners = step?.payload?.partners;
  return Array.isArray(partners) && partners.length === 1;
}
