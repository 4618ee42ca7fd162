import { assign, fromCallback, fromPromise, or, setup, stateIn } from 'xstate';
import type {
  CnpjRegistration,
  Company,
  FieldErrors,
  StepDraft,
  StepDrafts,
  StepId,
  SubmittedStep,
  Track,
  TrackId,
} from '@domain';
import { CNPJ_NOT_FOUND, STEP_ACTOR, TRACK_STEPS, currentStep, isOperating, revisableSteps, stepProblems } from '@domain';
import { errorCode, errorMessage, fieldErrorsOf } from './errors';
import { guaranteed } from './guaranteed';

/**
 * What the two onboarding wizards share: their context, events, actors and rules. Each wizard
 * (companyOpeningWizard, companyMigrationWizard) is one machine built from this setup, with one state per step of
 * its track, named by the step id.
 */

export type PaymentReturn = 'paid' | 'cancelled' | null;

export interface WizardInput {
  trackId: TrackId;
  company: Company | null;
  track: Track | null;
  /** Form values kept from an earlier visit, per step. */
  drafts: StepDrafts;
  /** The payment page sent the person back, paid or not. */
  paymentReturn: PaymentReturn;
}

export interface WizardContext extends WizardInput {
  fieldErrors: FieldErrors;
  /** Why the last call failed, in Portuguese. */
  error: string | null;
  subscriptionId: string | null;
  /** What the Receita Federal has on the CNPJ (migration). */
  registration: CnpjRegistration | null;
  /** The step on screen: the one the track stands at, or an earlier one the customer went back to. */
  stepOnScreen: StepId | null;
}

/** A step's form changed: its whole value, typed by the step. */
export type DraftChange = { [S in StepId]: { type: 'draft.change'; stepId: S; value: StepDraft<S> } }[StepId];

/** The `draft.change` event of a step. */
export const draftChange = <S extends StepId>(stepId: S, value: StepDraft<S>) =>
  ({ type: 'draft.change', stepId, value }) as DraftChange;

export type WizardEvent =
  | DraftChange
  | { type: 'step.submit' }
  | { type: 'step.retry' }
  | { type: 'registration.skip' }
  /** The Receita Federal does not know the CNPJ typed: correct it, or confirm it and type the company's data. */
  | { type: 'cnpj.correct' }
  | { type: 'cnpj.confirm' }
  | { type: 'payment.retry' }
  /** Back to the nearest earlier step that may still change (its data kept). */
  | { type: 'step.back' }
  /** To a step of the list: one that may still change, or the one the track stands at. */
  | { type: 'step.goto'; stepId: StepId }
  | { type: 'track.updated'; company: Company; track: Track | null };

/** The CNPJ typed on the migration's first step (the opening's has none). */
const cnpjOf = (draft: StepDraft<'pre-registration'> | undefined) =>
  draft && 'cnpj' in draft && draft.cnpj ? draft.cnpj : undefined;

/** Whether the customer confirmed a CNPJ the Receita Federal does not know (`CNPJ_NOT_FOUND`). */
const cnpjNotFoundConfirmed = (draft: StepDraft<'pre-registration'> | undefined) =>
  !!draft && 'cnpjNotFoundConfirmed' in draft && draft.cnpjNotFoundConfirmed === true;

/** The first step's draft with the customer's confirmation of a CNPJ the Receita Federal does not know. */
const withCnpjConfirmed = (draft: StepDraft<'pre-registration'> | undefined) =>
  ({ ...draft, cnpjNotFoundConfirmed: true }) as StepDraft<'pre-registration'>;

const currentStepId = (context: Pick<WizardContext, 'track'>): StepId | undefined =>
  context.track ? currentStep(context.track)?.stepId : undefined;

/**
 * The company's id where a state needs it: routing sends a wizard without a company to the first step, whose
 * `preparing` creates it before anything is sent, so every other state is only reached with one.
 */
export const companyIdOf = (context: Pick<WizardContext, 'company'>) => guaranteed(context.company, 'The company').id;

const mayRevisit = (context: Pick<WizardContext, 'track'>, stepId: StepId) =>
  !!context.track && revisableSteps(context.track).includes(stepId);

/** The nearest step before the one on screen that may still change, if any: where "Voltar" goes. */
export function stepBefore(context: Pick<WizardContext, 'track' | 'trackId' | 'stepOnScreen'>): StepId | undefined {
  const steps: readonly StepId[] = TRACK_STEPS[context.trackId];
  const at = context.stepOnScreen ? steps.indexOf(context.stepOnScreen) : -1;
  return steps
    .slice(0, Math.max(at, 0))
    .reverse()
    .find((stepId) => mayRevisit(context, stepId));
}

/** Where a call runs or the payment is being confirmed (state values; a wizard without the step never matches). */
const BUSY_STATES = [
  { 'pre-registration': 'preparing' },
  ...[
    'pre-registration',
    'partner-registration',
    'partner-registration-basic',
    'upload-guide-receipt',
    'download-company-info',
    'migrate-accountant',
  ].map((stepId) => ({ [stepId]: 'submitting' })),
  { 'download-company-info': 'loading' },
  { subscription: 'saving' },
  { subscription: 'startingPayment' },
  { subscription: 'redirecting' },
  { subscription: 'confirming' },
  { subscription: 'slowConfirmation' },
];

/**
 * Whether a call runs or the payment is being confirmed: "Voltar" and the step list then wait (the machine refuses
 * them, the screen disables them). Reads the same states as the `busyNow` guard.
 */
export const navigationLocked = (snapshot: { matches(state: never): boolean }): boolean =>
  BUSY_STATES.some((state) => snapshot.matches(state as never));

/**
 * The steps a customer may ever go back to in a track: theirs, but the plan (fixed by its payment) and the last one
 * (sending it ends the customer's part).
 */
export const revisitableSteps = (trackId: TrackId): StepId[] =>
  TRACK_STEPS[trackId].filter(
    (stepId, i, steps) => STEP_ACTOR[stepId] === 'customer' && stepId !== 'subscription' && i < steps.length - 1,
  );

/** The steps of the list a customer may open now: those that may still change, and the one the track stands at. */
export function choosableSteps(context: Pick<WizardContext, 'track' | 'trackId'>): StepId[] {
  const current = currentStepId(context);
  return revisitableSteps(context.trackId)
    .filter((stepId) => mayRevisit(context, stepId))
    .concat(current && STEP_ACTOR[current] === 'customer' ? [current] : []);
}

/**
 * Going back (`step.back`, "Voltar") and the clickable step list (`step.goto`): never while a call runs; to a step
 * done and still open to change (`revisableSteps`: before the payment all, after it what no longer affects the
 * charge), its data kept; or back to the step the track stands at. Sending a step revisited goes on from where the
 * track then stands.
 */
export function revisits(trackId: TrackId) {
  const steps = revisitableSteps(trackId);
  return wizardSetup.createStateConfig({
    on: {
      'step.goto': [
        { guard: 'busyNow' },
        { guard: 'goesToCurrent', target: '.routing', actions: 'clearErrors' },
        ...steps.map((stepId) => ({
          guard: { type: 'revisits' as const, params: { stepId } },
          target: `.${stepId}`,
          actions: 'clearErrors' as const,
        })),
      ],
      'step.back': [
        { guard: 'busyNow' },
        ...[...steps].reverse().map((stepId) => ({
          guard: { type: 'isStepBefore' as const, params: { stepId } },
          target: `.${stepId}`,
          actions: 'clearErrors' as const,
        })),
      ],
    },
  }).on;
}

export const wizardSetup = setup({
  types: {
    context: {} as WizardContext,
    events: {} as WizardEvent,
    input: {} as WizardInput,
  },
  actors: {
    /** Creates the company on its track (POST /companies) or starts the track of an existing one. */
    prepareCompany: fromPromise<
      { company: Company; track: Track },
      { trackId: TrackId; company: Company | null; cnpj?: string; cnpjNotFoundConfirmed?: boolean }
    >(async () => {
      throw new Error('prepareCompany must be provided');
    }),
    submitStep: fromPromise<SubmittedStep, { companyId: string; stepId: StepId; payload: StepDraft<StepId> | undefined }>(
      async () => {
        throw new Error('submitStep must be provided');
      },
    ),
    /** POST /subscriptions/{id}: the provider's payment page. */
    startPayment: fromPromise<{ paymentUrl: string }, { subscriptionId: string; trackId: TrackId }>(async () => {
      throw new Error('startPayment must be provided');
    }),
    /** Reports the company and its track again and again (`track.updated`) while the customer waits. */
    /** `soon`: a confirmation expected in seconds (a payment); `later`: the team's work, in hours or days. */
    watchTrack: fromCallback<WizardEvent, { companyId: string; pace: 'soon' | 'later' }>(() => () => {}),
    loadRegistration: fromPromise<CnpjRegistration, { companyId: string }>(async () => {
      throw new Error('loadRegistration must be provided');
    }),
  },
  actions: {
    storeDraft: assign(({ context, event }) => {
      if (event.type !== 'draft.change') return {};
      const { [event.stepId]: _, ...others } = context.drafts;
      return { drafts: { ...others, [event.stepId]: event.value }, fieldErrors: {} };
    }),
    showProblems: assign(({ context }) => {
      const stepId = context.stepOnScreen ?? currentStepId(context) ?? 'pre-registration';
      return {
        fieldErrors: stepProblems(context.trackId, stepId, context.drafts[stepId], context.track, new Date()),
        error: null,
      };
    }),
    clearErrors: assign({ fieldErrors: {}, error: null }),
    storeError: assign((_, params: { error: unknown }) => ({
      error: errorMessage(params.error),
      fieldErrors: fieldErrorsOf(params.error),
    })),
    storeCompany: assign((_, params: { company: Company; track: Track | null }) => ({
      company: params.company,
      track: params.track,
    })),
    storeSubscription: assign((_, params: { subscriptionId: string | null }) => ({ subscriptionId: params.subscriptionId })),
    storeRegistration: assign((_, params: { registration: CnpjRegistration }) => ({ registration: params.registration })),
    /** The customer confirms a CNPJ the Receita Federal does not know: the first step carries it (and keeps it). */
    confirmUnknownCnpj: assign(({ context }) => ({
      drafts: { ...context.drafts, 'pre-registration': withCnpjConfirmed(context.drafts['pre-registration']) },
      fieldErrors: {},
      error: null,
    })),
    /** The step now on screen (null at the end). */
    showStep: assign((_, params: { stepId: StepId | null }) => ({ stepOnScreen: params.stepId })),
    forgetPaymentReturn: assign({ paymentReturn: null }),
    notePaymentCancelled: assign({
      error: 'O pagamento não foi concluído. Escolha o plano e tente de novo quando quiser.',
      paymentReturn: null,
    }),
    // Effects the app provides: drafts kept across visits, the session's copy of the company, navigation.
    persistDraft: (_, _params: { stepId: StepId; value: StepDraft<StepId> }) => {},
    forgetDraft: (_, _params: { stepId: StepId }) => {},
    companyChanged: (_, _params: { company: Company; track: Track | null }) => {},
    openPaymentPage: (_, _params: { url: string }) => {},
    goToPanel: () => {},
  },
  guards: {
    hasNoCompany: ({ context }) => !context.company || !context.track,
    atStep: ({ context }, params: { stepId: StepId }) => currentStepId(context) === params.stepId,
    stepReady: ({ context }) => {
      const stepId = context.stepOnScreen ?? currentStepId(context) ?? 'pre-registration';
      return Object.keys(stepProblems(context.trackId, stepId, context.drafts[stepId], context.track, new Date())).length === 0;
    },
    stepReadyWithoutCompany: ({ context }) =>
      (!context.company || !context.track) &&
      Object.keys(stepProblems(context.trackId, 'pre-registration', context.drafts['pre-registration'], null, new Date()))
        .length === 0,
    /** The server does not know the CNPJ at the Receita Federal (or could not ask): the customer decides. */
    cnpjNotFound: (_, params: { error: unknown }) => errorCode(params.error) === CNPJ_NOT_FOUND.code,
    /** The Receita Federal has no record of the company's CNPJ (the lookup answered, with nothing). */
    registrationNotFound: (_, params: { error: unknown }) => errorCode(params.error) === 'not_found',
    paymentReturnedPaid: ({ context }) => context.paymentReturn === 'paid',
    paymentReturnedCancelled: ({ context }) => context.paymentReturn === 'cancelled',
    /** The reported track stands past this step. */
    movedPast: ({ event }, params: { stepId: StepId }) =>
      event.type === 'track.updated' && !!event.track && currentStep(event.track)?.stepId !== params.stepId,
    companyOperating: ({ event }) => event.type === 'track.updated' && isOperating(event.company),
    /** A call is under way, or the payment is being confirmed: the wizard stays on its step. */
    busyNow: or(BUSY_STATES.map((state) => stateIn(state))),
    /** Back to the step the track stands at, from an earlier one. */
    goesToCurrent: ({ context, event }) =>
      event.type === 'step.goto' && event.stepId === currentStepId(context) && context.stepOnScreen !== event.stepId,
    /** To this step, done and still open to change, from another one. */
    revisits: ({ context, event }, params: { stepId: StepId }) =>
      event.type === 'step.goto' &&
      event.stepId === params.stepId &&
      context.stepOnScreen !== params.stepId &&
      mayRevisit(context, params.stepId),
    /** This step is the nearest one before the step on screen that may still change. */
    isStepBefore: ({ context }, params: { stepId: StepId }) => stepBefore(context) === params.stepId,
  },
  delays: {
    /** How long a payment may take to be confirmed before the customer is told. */
    paymentConfirmation: 90_000,
  },
});

type StateConfig = ReturnType<typeof wizardSetup.createStateConfig>;

const submitted = ({ event }: { event: { output: SubmittedStep } }) => ({
  company: event.output.company,
  track: event.output.track,
});
const failed = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/** Where the customer resumes: the first step not done, or the end once every step is done. */
export function routing(trackId: TrackId) {
  return wizardSetup.createStateConfig({
    always: [
      { guard: 'hasNoCompany', target: TRACK_STEPS[trackId][0] },
      ...TRACK_STEPS[trackId].map((stepId) => ({ guard: { type: 'atStep' as const, params: { stepId } }, target: stepId })),
      { target: 'finished' },
    ],
  });
}

/**
 * A step the customer fills: editing → submitting → back to routing (the next step), or failed with the server's
 * messages. A first step without a company creates it first (preparing).
 */
export function formStep(
  stepId: StepId,
  extra: {
    initial?: string;
    states?: Record<string, StateConfig>;
    createsCompany?: boolean;
    /** A CNPJ the Receita Federal does not know is the customer's to correct or confirm (`cnpjNotFound`). */
    checksCnpj?: boolean;
  } = {},
) {
  const submit = [
    ...(extra.createsCompany ? [{ guard: 'stepReadyWithoutCompany', target: 'preparing' } as const] : []),
    { guard: 'stepReady', target: 'submitting' } as const,
    { actions: 'showProblems' } as const,
  ];
  const failure = [
    ...(extra.checksCnpj
      ? [
          {
            guard: { type: 'cnpjNotFound', params: failed },
            target: 'cnpjNotFound',
            actions: { type: 'storeError', params: failed },
          } as const,
        ]
      : []),
    { target: 'failed', actions: { type: 'storeError', params: failed } } as const,
  ];
  const persistConfirmation = {
    type: 'persistDraft',
    params: ({ context }: { context: WizardContext }) => ({
      stepId: 'pre-registration' as const,
      value: withCnpjConfirmed(context.drafts['pre-registration']),
    }),
  } as const;
  const preparing = wizardSetup.createStateConfig({
    tags: 'busy',
    entry: 'clearErrors',
    invoke: {
      id: 'prepareCompany',
      src: 'prepareCompany',
      input: ({ context }) => ({
        trackId: context.trackId,
        company: context.company,
        cnpj: cnpjOf(context.drafts['pre-registration']),
        ...(cnpjNotFoundConfirmed(context.drafts['pre-registration']) ? { cnpjNotFoundConfirmed: true } : {}),
      }),
      onDone: {
        target: 'submitting',
        actions: [
          { type: 'storeCompany', params: ({ event }) => event.output },
          { type: 'companyChanged', params: ({ event }) => event.output },
        ],
      },
      onError: failure,
    },
  });
  /**
   * The Receita Federal does not know the CNPJ: "Corrigir o CNPJ" (or any change to the form) goes back to the form;
   * "Continuar com este CNPJ" sends the step again with the customer's confirmation, recorded for the team. The form
   * is as it was sent, so the confirmation always sends.
   */
  const cnpjNotFound = wizardSetup.createStateConfig({
    on: {
      'draft.change': {
        target: 'editing',
        actions: ['storeDraft', { type: 'persistDraft', params: ({ event }) => ({ stepId: event.stepId, value: event.value }) }],
      },
      'cnpj.correct': { target: 'editing', actions: 'clearErrors' },
      'cnpj.confirm': [
        ...(extra.createsCompany
          ? [
              {
                guard: 'stepReadyWithoutCompany',
                target: 'preparing',
                actions: ['confirmUnknownCnpj', persistConfirmation],
              } as const,
            ]
          : []),
        { guard: 'stepReady', target: 'submitting', actions: ['confirmUnknownCnpj', persistConfirmation] } as const,
      ],
    },
  });
  return wizardSetup.createStateConfig({
    initial: extra.initial ?? 'editing',
    entry: { type: 'showStep', params: { stepId } },
    states: {
      ...extra.states,
      editing: { on: { 'step.submit': submit } },
      ...(extra.createsCompany ? { preparing } : {}),
      ...(extra.checksCnpj ? { cnpjNotFound } : {}),
      submitting: {
        tags: 'busy',
        entry: 'clearErrors',
        invoke: {
          id: 'submitStep',
          src: 'submitStep',
          input: ({ context }) => ({ companyId: companyIdOf(context), stepId, payload: context.drafts[stepId] }),
          onDone: {
            target: '#wizard.routing',
            actions: [
              { type: 'storeCompany', params: submitted },
              { type: 'forgetDraft', params: { stepId } },
              { type: 'companyChanged', params: submitted },
            ],
          },
          onError: failure,
        },
      },
      failed: { on: { 'step.submit': submit } },
    },
  });
}

/**
 * The plan and its payment: choosing → saving the plan (the step) → starting the payment → the provider's page.
 * Back from it, the wizard waits for the provider's confirmation to complete the step.
 */
export function subscriptionStep() {
  return wizardSetup.createStateConfig({
    initial: 'entering',
    entry: { type: 'showStep', params: { stepId: 'subscription' } },
    states: {
      entering: {
        always: [
          { guard: 'paymentReturnedPaid', target: 'confirming' },
          { guard: 'paymentReturnedCancelled', target: 'choosing', actions: 'notePaymentCancelled' },
          { target: 'choosing' },
        ],
      },
      choosing: {
        on: { 'step.submit': [{ guard: 'stepReady', target: 'saving' }, { actions: 'showProblems' }] },
      },
      saving: {
        tags: 'busy',
        entry: 'clearErrors',
        invoke: {
          id: 'submitStep',
          src: 'submitStep',
          input: ({ context }) => ({
            companyId: companyIdOf(context),
            stepId: 'subscription',
            payload: context.drafts.subscription,
          }),
          onDone: {
            target: 'startingPayment',
            actions: [
              { type: 'storeCompany', params: submitted },
              { type: 'storeSubscription', params: ({ event }) => ({ subscriptionId: event.output.subscription?.id ?? null }) },
            ],
          },
          onError: { target: 'choosing', actions: { type: 'storeError', params: failed } },
        },
      },
      startingPayment: {
        tags: 'busy',
        invoke: {
          id: 'startPayment',
          src: 'startPayment',
          input: ({ context }) => ({
            // The subscription step's answer carries the subscription it created (SubmittedStep): `saving` stored its id.
            subscriptionId: guaranteed(context.subscriptionId, 'The subscription to pay'),
            trackId: context.trackId,
          }),
          onDone: {
            target: 'redirecting',
            actions: { type: 'openPaymentPage', params: ({ event }) => ({ url: event.output.paymentUrl }) },
          },
          onError: { target: 'choosing', actions: { type: 'storeError', params: failed } },
        },
      },
      /**
       * The browser is leaving for the payment page. Back to the plans if it could not leave (the address was refused)
       * or came back to this page from the browser's cache (Back on the payment page).
       */
      redirecting: { tags: 'busy', on: { 'payment.retry': 'choosing' } },
      confirming: {
        entry: 'forgetPaymentReturn',
        invoke: {
          id: 'watchTrack',
          src: 'watchTrack',
          input: ({ context }) => ({ companyId: companyIdOf(context), pace: 'soon' }),
        },
        on: trackUpdates('subscription'),
        after: { paymentConfirmation: 'slowConfirmation' },
      },
      /** Still no confirmation: keep waiting, or choose to pay again. */
      slowConfirmation: {
        invoke: {
          id: 'watchTrack',
          src: 'watchTrack',
          input: ({ context }) => ({ companyId: companyIdOf(context), pace: 'soon' }),
        },
        on: { ...trackUpdates('subscription'), 'payment.retry': 'choosing' },
      },
    },
  });
}

/** Keeps each report of the track; leaves for the next step once the track moved past this one. */
function trackUpdates(stepId: StepId) {
  return wizardSetup.createStateConfig({
    on: {
      'track.updated': [
        {
          guard: { type: 'movedPast', params: { stepId } },
          target: '#wizard.routing',
          actions: [
            { type: 'storeCompany', params: ({ event }) => ({ company: event.company, track: event.track }) },
            { type: 'companyChanged', params: ({ event }) => ({ company: event.company, track: event.track }) },
          ],
        },
        { actions: { type: 'storeCompany', params: ({ event }) => ({ company: event.company, track: event.track }) } },
      ],
    },
  }).on;
}

/** A step the team does while the customer waits (e.g. the registration-fee guide). */
export function teamStep(stepId: StepId) {
  return wizardSetup.createStateConfig({
    entry: { type: 'showStep', params: { stepId } },
    invoke: { id: 'watchTrack', src: 'watchTrack', input: ({ context }) => ({ companyId: companyIdOf(context), pace: 'later' }) },
    on: trackUpdates(stepId),
  });
}

/** Every customer step is done: the team works until the company is open (or taken over); then the panel. */
export function finishedState() {
  return wizardSetup.createStateConfig({
    initial: 'waiting',
    entry: { type: 'showStep', params: { stepId: null } },
    states: {
      waiting: {
        invoke: {
          id: 'watchTrack',
          src: 'watchTrack',
          input: ({ context }) => ({ companyId: companyIdOf(context), pace: 'later' }),
        },
        on: {
          'track.updated': [
            {
              guard: 'companyOperating',
              target: 'operating',
              actions: {
                type: 'storeCompany',
                params: ({ event }) => ({ company: event.company, track: event.track }),
              },
            },
            { actions: { type: 'storeCompany', params: ({ event }) => ({ company: event.company, track: event.track }) } },
          ],
        },
      },
      operating: { type: 'final', entry: 'goToPanel' },
    },
  });
}

export const initialWizardContext = ({ input }: { input: WizardInput }): WizardContext => ({
  ...input,
  fieldErrors: {},
  error: null,
  subscriptionId: null,
  registration: null,
  stepOnScreen: null,
});

/** Typing in any step keeps the value (and its draft across visits). */
export const keepDrafts = wizardSetup.createStateConfig({
  on: {
    'draft.change': {
      actions: ['storeDraft', { type: 'persistDraft', params: ({ event }) => ({ stepId: event.stepId, value: event.value }) }],
    },
  },
}).on;
