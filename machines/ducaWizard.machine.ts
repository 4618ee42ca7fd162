import type { SnapshotFrom } from 'xstate';
import { assign, fromPromise, setup } from 'xstate';
import type { Company, FieldErrors, PartnerAttributionResult, PartnerId, Track, TrackId } from '@domain';
import {
  PARTNERS,
  PARTNER_MESSAGES,
  PartnerAttributionSchema,
  attributionTrackId,
  partnerConfirmationSchema,
  validate,
} from '@domain';
import { errorMessage } from './errors';
import { guaranteed } from './guaranteed';

/**
 * The Duca wizard (/app/wizard/partners/duca): the person confirms they came through Duca (`confirm`), chooses to
 * open a company or change accountant — or, with a company already operating, only links the account — and the
 * partner is recorded (`track`); then the session learns of the change, so the guards agree with where the person
 * goes next (`done`). The UI renders its state; the app provides the calls, the session's update and navigation.
 */

const PARTNER_ID: PartnerId = PARTNERS.duca.id;

export interface DucaWizardInput {
  /** The person's company and its track, as the session has them (null before there is a company). */
  company: Company | null;
  track: Track | null;
}

export interface DucaWizardContext extends DucaWizardInput {
  /** The box "Confirmo que conheci o Contábil por indicação da Duca." */
  confirmed: boolean;
  /** The track chosen on the second step, preset to the person's own. */
  trackId: TrackId | null;
  /** What is wrong with the step's form, per field (`confirmed`, `trackId`), in Portuguese. */
  fieldErrors: FieldErrors;
  /** Why the last call failed, in Portuguese. */
  error: string | null;
  /** What the server recorded and where the person goes next. */
  result: PartnerAttributionResult | null;
}

export type DucaWizardEvent =
  | { type: 'confirmation.change'; confirmed: boolean }
  | { type: 'track.choose'; trackId: TrackId }
  /** Sends the step on screen; on the last one, goes on to where the person continues. */
  | { type: 'step.submit' }
  | { type: 'step.back' };

/** The steps, in order: each is a top-level state. */
export const DUCA_WIZARD_STEPS = ['confirm', 'track', 'done'] as const;
export type DucaWizardStep = (typeof DUCA_WIZARD_STEPS)[number];

const confirmationProblems = (context: DucaWizardContext): FieldErrors => {
  const checked = validate(partnerConfirmationSchema(PARTNER_ID), { confirmed: context.confirmed });
  return checked.ok ? {} : checked.fields;
};

/** The track the attribution sends: the company's own when it keeps it, else the person's choice. */
const chosenTrack = (context: DucaWizardContext) =>
  attributionTrackId(context.company, context.track?.trackId ?? null, context.trackId);

const trackProblems = (context: DucaWizardContext): FieldErrors => {
  const checked = validate(PartnerAttributionSchema, { trackId: chosenTrack(context) ?? undefined });
  return checked.ok ? {} : checked.fields;
};

/** What the server recorded: `recorded` and every state after it are only entered once the attribution answered. */
const recordedResult = (context: DucaWizardContext) => guaranteed(context.result, 'The attribution recorded');

const ducaWizardSetup = setup({
  types: {
    context: {} as DucaWizardContext,
    events: {} as DucaWizardEvent,
    input: {} as DucaWizardInput,
  },
  actors: {
    /** POST /partners/duca/attribution: records the partner and starts the chosen track. */
    attributePartner: fromPromise<PartnerAttributionResult, { partnerId: PartnerId; trackId: TrackId }>(async () => {
      throw new Error('attributePartner must be provided');
    }),
    /** The session loads the person's company again (its track may have changed). */
    reloadCompany: fromPromise<void, { companyId: string }>(async () => {
      throw new Error('reloadCompany must be provided');
    }),
    /** The session takes a fresh token: without a company, the chosen track lives in the claims. */
    refreshClaims: fromPromise<void, void>(async () => {
      throw new Error('refreshClaims must be provided');
    }),
  },
  actions: {
    storeConfirmation: assign(({ context, event }) => {
      if (event.type !== 'confirmation.change') return {};
      const { confirmed: _, ...others } = context.fieldErrors;
      return { confirmed: event.confirmed, fieldErrors: others };
    }),
    storeTrack: assign(({ context, event }) => {
      if (event.type !== 'track.choose') return {};
      const { trackId: _, ...others } = context.fieldErrors;
      return { trackId: event.trackId, fieldErrors: others };
    }),
    showConfirmationProblems: assign(({ context }) => ({ fieldErrors: confirmationProblems(context), error: null })),
    showTrackProblems: assign(({ context }) => ({ fieldErrors: trackProblems(context), error: null })),
    clearErrors: assign({ fieldErrors: {}, error: null }),
    storeError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
    noteSessionNotUpdated: assign({ error: PARTNER_MESSAGES.sessionNotUpdated }),
    storeResult: assign((_, params: { result: PartnerAttributionResult }) => ({ result: params.result })),
    // Effects the app provides: what it caches of the attribution, and navigation.
    attributionRecorded: (_, _params: { result: PartnerAttributionResult }) => {},
    goTo: (_, _params: { path: string }) => {},
  },
  guards: {
    confirmationReady: ({ context }) => Object.keys(confirmationProblems(context)).length === 0,
    trackReady: ({ context }) => Object.keys(trackProblems(context)).length === 0,
    /** The person has a company: the session reloads it; without one, the track is in the claims. */
    attributedToCompany: ({ context }) => !!context.result?.companyId,
  },
});

/** The attribution answered: keep what was recorded, and let the app know. */
const attributed = ({ event }: { event: { output: PartnerAttributionResult } }) => ({ result: event.output });
const keepResult = [
  { type: 'storeResult', params: attributed },
  { type: 'attributionRecorded', params: attributed },
] as const;

export const ducaWizardMachine = ducaWizardSetup.createMachine({
  id: 'ducaWizard',
  initial: 'confirm',
  context: ({ input }) => ({
    ...input,
    confirmed: false,
    trackId: input.track?.trackId ?? input.company?.trackId ?? null,
    fieldErrors: {},
    error: null,
    result: null,
  }),
  states: {
    confirm: {
      on: {
        'confirmation.change': { actions: 'storeConfirmation' },
        'step.submit': [{ guard: 'confirmationReady', target: 'track' }, { actions: 'showConfirmationProblems' }],
      },
    },
    track: {
      initial: 'choosing',
      states: {
        choosing: {
          on: {
            'track.choose': { actions: 'storeTrack' },
            'step.submit': [{ guard: 'trackReady', target: 'attributing' }, { actions: 'showTrackProblems' }],
            'step.back': { target: '#ducaWizard.confirm', actions: 'clearErrors' },
          },
        },
        attributing: {
          tags: 'busy',
          entry: 'clearErrors',
          invoke: {
            id: 'attributePartner',
            src: 'attributePartner',
            input: ({ context }) => ({
              partnerId: PARTNER_ID,
              // trackReady let the person on only with a track: the schema it checks requires one.
              trackId: guaranteed(chosenTrack(context), 'The track chosen'),
            }),
            onDone: { target: 'recorded', actions: keepResult },
            onError: { target: 'choosing', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        /** The partner is recorded: the session learns of it through the company, or without one through the claims. */
        recorded: {
          always: [{ guard: 'attributedToCompany', target: 'reloadingCompany' }, { target: 'refreshingClaims' }],
        },
        reloadingCompany: {
          tags: 'busy',
          invoke: {
            id: 'reloadCompany',
            src: 'reloadCompany',
            // attributedToCompany checked that the attribution names a company.
            input: ({ context }) => ({ companyId: guaranteed(recordedResult(context).companyId, 'The company attributed') }),
            onDone: '#ducaWizard.done',
            onError: { target: 'choosing', actions: 'noteSessionNotUpdated' },
          },
        },
        refreshingClaims: {
          tags: 'busy',
          invoke: {
            id: 'refreshClaims',
            src: 'refreshClaims',
            onDone: '#ducaWizard.done',
            onError: { target: 'choosing', actions: 'noteSessionNotUpdated' },
          },
        },
      },
    },
    done: {
      on: {
        'step.submit': { actions: { type: 'goTo', params: ({ context }) => ({ path: recordedResult(context).next }) } },
      },
    },
  },
});

/** The step on screen: the top-level state. */
export function ducaWizardStep(snapshot: SnapshotFrom<typeof ducaWizardMachine>): DucaWizardStep {
  return DUCA_WIZARD_STEPS.find((step) => snapshot.matches(step))!;
}
