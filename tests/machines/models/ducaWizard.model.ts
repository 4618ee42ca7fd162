import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { Company, PartnerAttributionResult, Track, TrackId } from '@domain';
import { CUSTOMER_HOME, DISABLED_PAGE, TRACK_WIZARD_PATH, attributionTrackId } from '@domain';
import type { DucaWizardContext, DucaWizardInput } from '@machines/ducaWizard.machine';
import { ducaWizardMachine } from '@machines/ducaWizard.machine';
import { company, trackAt } from '../wizard.fixtures';
import type { MachineModel } from './model';

export const ATTRIBUTED_AT = '2026-11-20T13:00:00.000Z';
export const REFUSED = 'Sua conta já está vinculada a outro parceiro. Fale com a nossa equipe para mudar.';

/** What the server answers an attribution, as `POST /partners/duca/attribution` does for this person and track. */
export function attributionAnswer(input: DucaWizardInput, trackId: TrackId): PartnerAttributionResult {
  const own: Company | null = input.company;
  const next =
    own?.status === 'disabled'
      ? DISABLED_PAGE
      : own?.status === 'active' || own?.status === 'overdue'
        ? CUSTOMER_HOME
        : TRACK_WIZARD_PATH[trackId];
  return {
    partnerId: 'duca',
    partnerAttributedAt: ATTRIBUTED_AT,
    partnerName: 'Duca',
    trackId,
    companyId: own?.id ?? null,
    next,
  };
}

function events(snapshot: AnyMachineSnapshot): EventObject[] {
  const context = snapshot.context as DucaWizardContext;
  const trackId = attributionTrackId(context.company, context.track?.trackId ?? null, context.trackId);
  return [
    { type: 'confirmation.change', confirmed: true },
    { type: 'confirmation.change', confirmed: false },
    { type: 'track.choose', trackId: 'create-company' },
    { type: 'track.choose', trackId: 'migrate-company' },
    { type: 'step.submit' },
    { type: 'step.back' },
    ...(trackId ? [{ type: 'xstate.done.actor.attributePartner', output: attributionAnswer(context, trackId) }] : []),
    { type: 'xstate.error.actor.attributePartner', error: new Error(REFUSED) },
    { type: 'xstate.done.actor.reloadCompany' },
    { type: 'xstate.error.actor.reloadCompany', error: new Error('Timeout of 15000 ms exceeded') },
    { type: 'xstate.done.actor.refreshClaims' },
    { type: 'xstate.error.actor.refreshClaims', error: new Error('Timeout of 20000 ms exceeded') },
  ] as EventObject[];
}

const at = (trackId: TrackId, status: Company['status'], track: Track | null): DucaWizardInput => ({
  company: company(trackId, status),
  track,
});

/**
 * Starting points: a person without a company (the track goes into the claims), one whose company is on a track with
 * no step done (preset, may change), and a company the team already opened or disabled (it keeps its track, or
 * counts as an opening when it has none on record).
 */
const WITH_COMPANY = ['a company on its track', 'an operating company', 'a disabled company'];

export const ducaWizardModel: MachineModel = {
  machine: ducaWizardMachine,
  scenarios: (
    [
      ['a person without a company', { company: null, track: null }],
      ['a company changing accountant, no step done', at('migrate-company', 'pending', trackAt('migrate-company', 0))],
      ['a company already operating', at('create-company', 'active', trackAt('create-company', 5))],
      ['a disabled company', at('migrate-company', 'disabled', null)],
      // Opened or taken over before tracks were recorded: it keeps none, and counts as an opening.
      [
        'an operating company with no track on record',
        { company: { ...company('create-company', 'overdue'), trackId: null }, track: null },
      ],
    ] as [string, DucaWizardInput][]
  ).map(([name, input]) => ({ name, input, events })),
  context: {
    // Where the person stands decides which track may be chosen and where the attribution sends them.
    classOf: (snapshot) => {
      const { company } = snapshot.context as DucaWizardContext;
      if (!company) return 'no company';
      if (company.status === 'disabled') return 'a disabled company';
      return company.status === 'active' || company.status === 'overdue' ? 'an operating company' : 'a company on its track';
    },
    classes: ['no company', 'a company on its track', 'an operating company', 'a disabled company'],
    unreachable: [
      ...WITH_COMPANY.flatMap((cls) => [
        {
          from: 'ducaWizard.track.choosing',
          transition: 'step.submit #1',
          class: cls,
          why: 'a company’s track is preset: the step is never without one',
        },
        {
          from: 'ducaWizard.track.recorded',
          transition: '(always) #1',
          class: cls,
          why: 'the attribution of a person with a company names it: the company is reloaded, not the claims',
        },
        {
          from: 'ducaWizard.track.refreshingClaims',
          class: cls,
          why: 'the attribution of a person with a company names it: the company is reloaded, not the claims',
        },
      ]),
      {
        from: 'ducaWizard.track.recorded',
        transition: '(always) #0',
        class: 'no company',
        why: 'without a company the attribution names none: the claims carry the track',
      },
      {
        from: 'ducaWizard.track.reloadingCompany',
        class: 'no company',
        why: 'without a company the attribution names none: the claims carry the track',
      },
    ],
  },
};
