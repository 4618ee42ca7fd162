import type { EventObject } from 'xstate';
import type { SubscriptionStatus, Track, TrackId } from '@domain';
import type { LoadedCompany } from '@machines/company.machine';
import { companyMachine } from '@machines/company.machine';
import { loadedCompany } from '../session.harness';
import type { MachineModel } from './model';

const partner = (name: string) => ({ name });

/**
 * What the server may answer for a company, at the edges of the rules the pages read through the company actor: each
 * subscription status (and none), a partners list empty, of one and of two on each track's partners step, no track.
 * `active` and `singlePartner` are written out from docs/machines.md ("active subscription" is the status `active`
 * only; "single-partner" is exactly one entry in the track's own partners step), never computed by the rules.
 */
export const COMPANY_ANSWERS: {
  loaded: LoadedCompany;
  trackId: TrackId | null;
  active: boolean;
  singlePartner: boolean;
}[] = [
  answer('Ativa, sócia única', 'active', 'create-company', 'partner-registration', [partner('Ana')], true, true),
  answer('Pagamento pendente, sem sócios', 'pending', 'create-company', 'partner-registration', [], false, false),
  answer(
    'Em atraso, dois sócios',
    'overdue',
    'create-company',
    'partner-registration',
    [partner('Ana'), partner('Bia')],
    false,
    false,
  ),
  answer(
    'Cancelada, migração de um sócio',
    'cancelled',
    'migrate-company',
    'partner-registration-basic',
    [partner('Ana')],
    false,
    true,
  ),
  answer('Sem assinatura nem jornada', null, null, null, null, false, false),
];

function answer(
  name: string,
  subscription: SubscriptionStatus | null,
  trackId: TrackId | null,
  partnersStep: string | null,
  partners: unknown[] | null,
  active: boolean,
  singlePartner: boolean,
) {
  const base = loadedCompany('c1');
  const track =
    trackId === null
      ? null
      : ({ trackId, status: 'in_progress', steps: [{ stepId: partnersStep, status: 'done', payload: { partners } }] } as Track);
  const loaded: LoadedCompany = {
    company: {
      ...base.company,
      name,
      trackId,
      currentSubscription: subscription ? { id: 's', planId: 'p', status: subscription } : null,
    },
    track,
  };
  return { loaded, trackId, active, singlePartner };
}

export const companyModel: MachineModel = {
  machine: companyMachine,
  context: {
    none: 'no guard reads its context: the company and its track are carried to the pages, whose rules have their own tables',
  },
  // It tells the session machine that invokes it when a load ends: alone, there is no parent to tell.
  walked: companyMachine.provide({ actions: { notifyLoaded: () => {}, notifyFailed: () => {} } }),
  scenarios: [
    {
      name: 'a selected company',
      events: [
        { type: 'company.load', companyId: 'c1' },
        { type: 'company.reload' },
        { type: 'company.clear' },
        ...COMPANY_ANSWERS.flatMap(({ loaded }) => [
          { type: 'xstate.done.actor.fetchCompany', output: loaded },
          { type: 'xstate.done.actor.refetchCompany', output: loaded },
        ]),
        { type: 'xstate.error.actor.fetchCompany', error: new Error('x') },
        { type: 'xstate.error.actor.refetchCompany', error: new Error('x') },
      ] as EventObject[],
    },
  ],
};
