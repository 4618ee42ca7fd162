import type { QueryClient } from '@tanstack/react-query';
import { fromPromise, waitFor } from 'xstate';
import type { DucaWizardInput } from '@machines/ducaWizard.machine';
import { ducaWizardMachine } from '@machines/ducaWizard.machine';
import { attributePartner } from './api';
import { companyActorOf } from '@/lib/company-actor';
import type { SessionActor } from '@/lib/session';

export interface DucaWizardDeps {
  session: SessionActor;
  queryClient: QueryClient;
  navigate: (path: string) => void;
}

/** The Duca wizard machine with the browser's implementations: the API, the session's update, navigation. */
export function ducaWizardMachineFor({ session, queryClient, navigate }: DucaWizardDeps) {
  const companyActor = companyActorOf(session);
  return ducaWizardMachine.provide({
    actors: {
      attributePartner: fromPromise(({ input }) => attributePartner(input.partnerId, input.trackId)),
      reloadCompany: fromPromise(async () => {
        companyActor.send({ type: 'company.reload' });
        const loaded = await waitFor(companyActor, (s) => s.matches('loaded') || s.matches('failed'), { timeout: 15_000 });
        if (loaded.context.error) throw new Error(loaded.context.error);
      }),
      refreshClaims: fromPromise(async () => {
        session.send({ type: 'session.refresh' });
        await waitFor(session, (s) => !s.hasTag('busy'), { timeout: 20_000 });
      }),
    },
    actions: {
      // The programme's page shows the attribution: it is read again.
      attributionRecorded: () => void queryClient.invalidateQueries({ queryKey: ['partners'] }),
      goTo: (_, { path }) => navigate(path),
    },
  });
}

/** Where the wizard starts: the company and track the session has. */
export function ducaWizardInput(session: SessionActor): DucaWizardInput {
  const { company, track } = companyActorOf(session).getSnapshot().context;
  return { company: company ?? null, track: track ?? null };
}
