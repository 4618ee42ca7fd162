import type { QueryClient } from '@tanstack/react-query';
import { fromCallback, fromPromise, waitFor } from 'xstate';
import type { StepDraft, StepDrafts, StepId, Track, TrackId } from '@domain';
import { TRACK_STEPS } from '@domain';
import { companyMigrationWizardMachine } from '@machines/companyMigrationWizard.machine';
import { companyOpeningWizardMachine } from '@machines/companyOpeningWizard.machine';
import type { WizardEvent, WizardInput } from '@machines/onboarding';
import { companyQueries, fetchCompanyAndTrack } from '@/lib/api/companies';
import { createCompany, fetchRegistration, setTrack, startPayment, submitStep } from './api';
import { companyActorOf } from '@/lib/company-actor';
import { navigateExternal } from '@/lib/external';
import type { SessionActor } from '@/lib/session';
import { testPaymentConfirmationMs, testTrackWatchMs } from '@/lib/test-overrides';

const WATCH_INTERVAL_MS = { soon: 3000, later: 15_000 } as const;
const MACHINES = { 'create-company': companyOpeningWizardMachine, 'migrate-company': companyMigrationWizardMachine } as const;

const draftKey = (uid: string, trackId: TrackId, stepId: StepId) => `contabil.wizard.${uid}.${trackId}.${stepId}`;

/** What the customer typed in each step, kept in this browser until the step is sent. */
export const wizardDrafts = {
  load(uid: string, trackId: TrackId, track: Track | null): StepDrafts {
    const drafts: Record<string, unknown> = {};
    for (const stepId of TRACK_STEPS[trackId]) {
      const stored = localStorage.getItem(draftKey(uid, trackId, stepId));
      const saved = track?.steps.find((step) => step.stepId === stepId)?.payload;
      if (stored) drafts[stepId] = JSON.parse(stored);
      else if (saved) drafts[stepId] = saved;
    }
    // What this browser saved from the step's form, or the payload the server accepted for it: both are drafts.
    return drafts as StepDrafts;
  },
  save(uid: string, trackId: TrackId, stepId: StepId, value: StepDraft<StepId>) {
    localStorage.setItem(draftKey(uid, trackId, stepId), JSON.stringify(value));
  },
  forget(uid: string, trackId: TrackId, stepId: StepId) {
    localStorage.removeItem(draftKey(uid, trackId, stepId));
  },
};

export interface WizardDeps {
  session: SessionActor;
  queryClient: QueryClient;
  navigate: (path: string) => void;
  onPaymentPageBlocked: () => void;
}

/** The wizard machine of a track with the browser's implementations: the API, the session, drafts, navigation. */
export function wizardMachineFor(trackId: TrackId, { session, queryClient, navigate, onPaymentPageBlocked }: WizardDeps) {
  const uid = session.getSnapshot().context.user?.uid ?? 'anonymous';
  const companyActor = companyActorOf(session);

  /** The session learns of a change to the company, so guards and menus see it too. */
  const reloadSessionCompany = async () => {
    companyActor.send({ type: 'company.reload' });
    await waitFor(companyActor, (s) => s.matches('loaded') || s.matches('failed'), { timeout: 15_000 });
  };

  const confirmationMs = testPaymentConfirmationMs();
  const watchMs = testTrackWatchMs();
  return MACHINES[trackId].provide({
    ...(confirmationMs ? { delays: { paymentConfirmation: confirmationMs } } : {}),
    actors: {
      prepareCompany: fromPromise(async ({ input }) => {
        if (input.company) return { company: input.company, track: await setTrack(input.company.id, input.trackId) };
        const created = await createCompany({ trackId: input.trackId, ...(input.cnpj ? { cnpj: input.cnpj } : {}) });
        // The token must carry the new company before any call about it: refresh, then load it in the session.
        session.send({ type: 'session.refresh' });
        await waitFor(session, (s) => !s.hasTag('busy'), { timeout: 20_000 });
        if (companyActor.getSnapshot().context.company?.id !== created.id) {
          session.send({ type: 'company.select', companyId: created.id });
          await waitFor(session, (s) => !s.hasTag('busy'), { timeout: 20_000 });
        }
        const { company, track } = await fetchCompanyAndTrack(queryClient, created.id);
        if (!track) throw new Error('Não foi possível começar a jornada da empresa. Tente de novo.');
        return { company, track };
      }),
      submitStep: fromPromise(({ input }) => submitStep(input.companyId, input.stepId, input.payload)),
      startPayment: fromPromise(({ input }) => startPayment(input.subscriptionId, input.trackId)),
      loadRegistration: fromPromise(({ input }) => fetchRegistration(input.companyId)),
      watchTrack: fromCallback<WizardEvent, { companyId: string; pace: 'soon' | 'later' }>(({ sendBack, input }) => {
        let stopped = false;
        const check = () => {
          // A tab in the background does not poll; it checks again as soon as it is seen.
          if (document.hidden) return;
          fetchCompanyAndTrack(queryClient, input.companyId).then(
            ({ company, track }) => !stopped && sendBack({ type: 'track.updated', company, track }),
            (error) => console.error('Could not check the track', error),
          );
        };
        const timer = setInterval(check, watchMs ?? WATCH_INTERVAL_MS[input.pace]);
        document.addEventListener('visibilitychange', check);
        check();
        return () => {
          stopped = true;
          clearInterval(timer);
          document.removeEventListener('visibilitychange', check);
        };
      }),
    },
    actions: {
      persistDraft: (_, { stepId, value }) => wizardDrafts.save(uid, trackId, stepId, value),
      forgetDraft: (_, { stepId }) => wizardDrafts.forget(uid, trackId, stepId),
      companyChanged: (_, { company, track }) => {
        queryClient.setQueryData(companyQueries.detail(company.id).queryKey, company);
        queryClient.setQueryData(companyQueries.steps(company.id).queryKey, track);
        void reloadSessionCompany();
      },
      openPaymentPage: ({ self }, { url }) => {
        if (navigateExternal(url)) return;
        onPaymentPageBlocked();
        // Not leaving after all: the plans again, with the button to try once more.
        self.send({ type: 'payment.retry' });
      },
      goToPanel: () => {
        void reloadSessionCompany().then(() => navigate('/app/panel'));
      },
    },
  });
}

/** The wizard's starting point from the session's company and what this browser kept. */
export function wizardInput(trackId: TrackId, session: SessionActor, paymentReturn: WizardInput['paymentReturn']): WizardInput {
  const { company, track } = companyActorOf(session).getSnapshot().context;
  const uid = session.getSnapshot().context.user?.uid ?? 'anonymous';
  const own = track?.trackId === trackId ? track : null;
  return { trackId, company, track: own, drafts: wizardDrafts.load(uid, trackId, own), paymentReturn };
}
