import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { ComponentType } from 'react';
import { Suspense, lazy, useMemo } from 'react';
import toast from '@/lib/toast';
import type { Track, TrackId } from '@domain';
import { TRACK_LABEL, newTrack } from '@domain';
import type { PaymentReturn } from '@machines/onboarding';
import { PageHeader } from '@/components/ui/Card';
import { PAYMENT_PAGE_BLOCKED } from '@/lib/external';
import { inspectAll, machineLog } from '@/lib/machine-log';
import { appInspect, useSessionActor } from '@/lib/session-handle';
import { wizardInput, wizardMachineFor } from '../wizard';
import { TrackProgress } from './TrackProgress';
import { Spinner } from '@/components/ui/Spinner';
import type { WizardActor } from './wizard-context';
import { WizardActorContext, useWizard, useWizardNavigation } from './wizard-context';

const INTRO: Record<TrackId, string> = {
  'create-company': 'Conte sobre o seu negócio e nós cuidamos do registro da empresa.',
  'migrate-company': 'Traga sua empresa para a nossa contabilidade: nós falamos com o contador atual.',
};

/** A step's screen, loaded when the wizard reaches it: a customer at one step does not load the others. */
const step = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

const STEP_SCREENS = {
  'opening-pre-registration': step(() => import('./steps/OpeningPreRegistration'), 'OpeningPreRegistration'),
  'migration-pre-registration': step(() => import('./steps/MigrationPreRegistration'), 'MigrationPreRegistration'),
  'partner-registration': step(() => import('./steps/Partners'), 'Partners'),
  'partner-registration-basic': step(() => import('./steps/PartnersBasic'), 'PartnersBasic'),
  subscription: step(() => import('./steps/Subscription'), 'Subscription'),
  'awaiting-guide': step(() => import('./steps/AwaitingGuide'), 'AwaitingGuide'),
  'upload-guide-receipt': step(() => import('./steps/UploadGuideReceipt'), 'UploadGuideReceipt'),
  'download-company-info': step(() => import('./steps/DownloadCompanyInfo'), 'DownloadCompanyInfo'),
  'migrate-accountant': step(() => import('./steps/MigrateAccountant'), 'MigrateAccountant'),
  finished: step(() => import('./steps/Finished'), 'Finished'),
};

/** The step on screen: the wizard machine's state, named by the step id. */
function CurrentStep({ trackId }: { trackId: TrackId }) {
  const stepId = useSelector(useWizard(), (s) => (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]));
  const screen =
    stepId === 'pre-registration'
      ? trackId === 'create-company'
        ? 'opening-pre-registration'
        : 'migration-pre-registration'
      : stepId in STEP_SCREENS
        ? (stepId as keyof typeof STEP_SCREENS)
        : 'finished';
  const Screen = STEP_SCREENS[screen];
  return (
    <Suspense
      fallback={
        <div className="py-12 text-center text-brand-700">
          <Spinner label="Carregando…" />
        </div>
      }
    >
      <Screen />
    </Suspense>
  );
}

/** The track's steps; those that may still change, and the current one, open from the list (`step.goto`). */
function WizardSteps({ track }: { track: Track }) {
  const { onScreen, choosable, busy, goTo } = useWizardNavigation();
  return <TrackProgress track={track} navigation={{ onScreen, choosable, disabled: busy, onChoose: goTo }} />;
}

/** A wizard of a track: the machine (provided with the browser's calls) and the screen of its current step. */
export function Wizard({ trackId, paymentReturn }: { trackId: TrackId; paymentReturn: PaymentReturn }) {
  const session = useSessionActor();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      wizardMachineFor(trackId, {
        session,
        queryClient,
        navigate: (to) => navigate({ to }),
        onPaymentPageBlocked: () => toast.error(PAYMENT_PAGE_BLOCKED),
      }),
    [trackId, session, queryClient, navigate],
  );
  const actor: WizardActor = useActorRef(machine, {
    input: wizardInput(trackId, session, paymentReturn),
    // Outside production a browser test may ask for the wizard's transitions, like the session's.
    inspect: inspectAll(machineLog(), appInspect()),
  });
  const track = useSelector(actor, (s) => s.context.track) ?? newTrack(trackId);

  return (
    <WizardActorContext.Provider value={actor}>
      <PageHeader title={TRACK_LABEL[trackId]} description={INTRO[trackId]} />
      <div className="grid gap-6 lg:grid-cols-[14rem_1fr]">
        <aside className="rounded-xl border border-slate-200 bg-white p-4 lg:self-start" aria-label="Etapas">
          <WizardSteps track={track} />
        </aside>
        <div>
          <CurrentStep trackId={trackId} />
        </div>
      </div>
    </WizardActorContext.Provider>
  );
}
