import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import type { Company, StepId, SubmittedStep, Track, TrackId } from '@domain';
import { CNPJ_NOT_FOUND, TRACK_STEPS, currentStep, trackAfterRevision } from '@domain';
import type { WizardInput } from '@machines/onboarding';
import { draftChange } from '@machines/onboarding';
import { VALID_DRAFTS, company, trackAt } from '../wizard.fixtures';
import type { MachineModel } from './model';

/** What the two onboarding wizards share in their models: the events of each step and the starting points. */

/** The Receita Federal has no record of the company's CNPJ (`GET /companies/{id}/registration` answers 404). */
export const registrationNotFoundError = () =>
  Object.assign(new Error('Não encontramos este CNPJ na Receita Federal. Confira o número.'), { code: 'not_found', status: 404 });

/** The server's refusal of a CNPJ the Receita Federal does not know, as the app's actors throw it. */
export const cnpjNotFoundError = () =>
  Object.assign(new Error(CNPJ_NOT_FOUND.message), { code: CNPJ_NOT_FOUND.code, fields: { cnpj: CNPJ_NOT_FOUND.field } });

export const submitted = (trackId: TrackId, done: number, extra: Partial<SubmittedStep> = {}): SubmittedStep => ({
  track: trackAt(trackId, done, { paid: false }),
  company: company(trackId),
  ...extra,
});

/** The step whose form is on screen, or null (routing, a team step, the end). */
const stepOnScreen = (snapshot: AnyMachineSnapshot): StepId | null => {
  const value = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0];
  return (TRACK_STEPS_OF[value] ?? null) as StepId | null;
};
const TRACK_STEPS_OF: Record<string, StepId> = Object.fromEntries(
  Object.values(TRACK_STEPS)
    .flat()
    .map((stepId) => [stepId, stepId]),
);

/** Whether the step on screen is one the customer went back to (done, before the one the track stands at). */
const revisited = (snapshot: AnyMachineSnapshot) => {
  const { track } = snapshot.context as WizardInput;
  const stepId = stepOnScreen(snapshot);
  return !!track && !!stepId && track.steps.find((step) => step.stepId === stepId)?.status === 'done';
};

function events(trackId: TrackId) {
  const steps: readonly StepId[] = TRACK_STEPS[trackId];
  // The server answers a step with the track one step further (the subscription with the plan to pay); a step
  // already done, sent again, with the track as the domain's rule leaves it.
  const answer = (stepId: StepId, track: Track | null) => {
    const i = steps.indexOf(stepId);
    if (track?.steps[i]?.status === 'done') {
      const payload = (VALID_DRAFTS[trackId][stepId] ?? {}) as Record<string, unknown>;
      return { track: trackAfterRevision(track, stepId, payload), company: company(trackId) };
    }
    return submitted(
      trackId,
      i + 1,
      i === 2 ? { subscription: { id: 's1', planId: 'x', status: 'pending', priceCents: 1 } } : {},
    );
  };
  // The payment not confirmed yet, then confirmed (the team's steps next), then the team's work done.
  const reports: { type: 'track.updated'; company: Company; track: Track }[] = [
    { type: 'track.updated' as const, company: company(trackId, 'pending'), track: trackAt(trackId, 3, { paid: false }) },
    { type: 'track.updated' as const, company: company(trackId, 'pending'), track: trackAt(trackId, 3) },
    { type: 'track.updated' as const, company: company(trackId, 'pending'), track: trackAt(trackId, 4) },
    { type: 'track.updated' as const, company: company(trackId, 'opening'), track: trackAt(trackId, 5) },
    { type: 'track.updated' as const, company: company(trackId, 'active'), track: trackAt(trackId, 5) },
  ];
  const always = [
    { type: 'step.submit' },
    { type: 'step.retry' },
    { type: 'registration.skip' },
    { type: 'payment.retry' },
    // Going back, and the step list.
    { type: 'step.back' },
    ...steps.map((stepId) => ({ type: 'step.goto', stepId })),
    { type: 'xstate.done.actor.prepareCompany', output: { company: company(trackId), track: trackAt(trackId, 0) } },
    { type: 'xstate.error.actor.prepareCompany', error: new Error('Sem conexão.') },
    { type: 'xstate.error.actor.submitStep', error: new Error('Recusado.') },
    // The Receita Federal does not know the CNPJ (the migration's first step): corrected, or confirmed.
    { type: 'xstate.error.actor.prepareCompany', error: cnpjNotFoundError() },
    { type: 'xstate.error.actor.submitStep', error: cnpjNotFoundError() },
    { type: 'cnpj.correct' },
    { type: 'cnpj.confirm' },
    { type: 'xstate.done.actor.startPayment', output: { paymentUrl: 'http://pay' } },
    { type: 'xstate.error.actor.startPayment', error: new Error('Indisponível.') },
    { type: 'xstate.done.actor.loadRegistration', output: { cnpj: '11222333000181' } },
    { type: 'xstate.error.actor.loadRegistration', error: new Error('Indisponível.') },
    { type: 'xstate.error.actor.loadRegistration', error: registrationNotFoundError() },
    { type: 'xstate.after.paymentConfirmation.wizard.subscription.confirming' },
  ] as EventObject[];
  // The form on screen is filled in, or emptied again; the other steps' forms stay as they are.
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const stepId = stepOnScreen(snapshot);
    const valid = stepId ? VALID_DRAFTS[trackId][stepId] : undefined;
    // The team's reports never take the track back.
    const done = (track: Track | null) => track?.steps.filter((s) => s.status === 'done').length ?? 0;
    const standing = done((snapshot.context as WizardInput).track);
    const events: EventObject[] = [
      // A step gone back to is only corrected (emptying it there adds states, not transitions).
      ...(stepId && valid ? [draftChange(stepId, valid)] : []),
      ...(stepId && valid && !revisited(snapshot) ? [draftChange(stepId, {})] : []),
      ...reports.filter((report) => done(report.track) >= standing),
      ...(stepId
        ? [
            {
              type: 'xstate.done.actor.submitStep',
              output: answer(stepId, (snapshot.context as WizardInput).track),
            } as EventObject,
          ]
        : []),
      ...always,
    ];
    return events;
  };
}

const firstStepTyped = (trackId: TrackId) => () => [
  draftChange(TRACK_STEPS[trackId][0], VALID_DRAFTS[trackId][TRACK_STEPS[trackId][0]] ?? {}) as EventObject,
];

/** The state as the model sees it: where the machine is, and the facts its guards read. */
function serialize(snapshot: AnyMachineSnapshot) {
  const context = snapshot.context as WizardInput & { subscriptionId: string | null };
  return JSON.stringify([
    snapshot.value,
    context.track ? (currentStep(context.track)?.stepId ?? 'done') : null,
    context.company?.status ?? null,
    // The drafts the guards may still read: the steps not done, and the one on screen.
    Object.entries(context.drafts)
      .filter(
        ([stepId]) =>
          stepId === stepOnScreen(snapshot) || context.track?.steps.find((step) => step.stepId === stepId)?.status !== 'done',
      )
      .map(([stepId, draft]) => `${stepId}${draft && Object.keys(draft).length ? '' : ' (empty)'}`)
      .sort(),
    context.paymentReturn,
    context.subscriptionId,
  ]);
}

/** Starting points: a newcomer, a customer back from the payment page (paid or not), and one waiting for the team. */
export function wizardModel(machine: AnyStateMachine, trackId: TrackId): MachineModel {
  const base = { trackId, drafts: {}, paymentReturn: null } as const;
  const inputs: [string, WizardInput][] = [
    ['a newcomer', { ...base, company: null, track: null }],
    // The company exists (created by the team, or on another device) but its first step is still to do.
    ['a company at its first step', { ...base, company: company(trackId), track: trackAt(trackId, 0) }],
    [
      'back from paying',
      { ...base, company: company(trackId), track: trackAt(trackId, 3, { paid: false }), paymentReturn: 'paid' },
    ],
    [
      'back without paying',
      { ...base, company: company(trackId), track: trackAt(trackId, 3, { paid: false }), paymentReturn: 'cancelled' },
    ],
    ['waiting for the team', { ...base, company: company(trackId, 'opening'), track: trackAt(trackId, 5) }],
    // The company came without its track (an answer without steps): the wizard starts at the first step.
    ['a company without its track', { ...base, company: company(trackId), track: null }],
  ];
  return {
    machine,
    // The track watcher reports only while it runs (the payment, the team's steps, the end).
    internalEvents: ['track.updated'],
    context: {
      // A newcomer's first step creates the company; a company's steps go to its track.
      classOf: (snapshot) => {
        const { company, track } = snapshot.context as WizardInput;
        return !company ? 'no company' : !track ? 'a company without its track' : 'a company on its track';
      },
      classes: ['no company', 'a company without its track', 'a company on its track'],
      unreachable: [
        {
          from: 'wizard',
          class: 'a company without its track',
          why: 'the model only types the first form there (the wizard opens at the first step); what follows is walked from a company at its first step',
        },
        ...TRACK_STEPS[trackId].slice(1).map((stepId) => ({
          from: `wizard.${stepId}`,
          class: 'no company',
          why: 'a newcomer’s company and its track come with the answer to the first step',
        })),
        ...['wizard.subscription', 'wizard.finished'].map((from) => ({
          from,
          class: 'no company',
          why: 'a newcomer’s company and its track come with the answer to the first step',
        })),
        // The first step: a newcomer's creates the company, then is sent; a company's is sent at once.
        ...[
          { from: 'editing', transition: 'step.submit #0' },
          { from: 'failed', transition: 'step.submit #0' },
          { from: 'cnpjNotFound', transition: 'cnpj.confirm #0' },
          { from: 'preparing' },
        ].map(({ from, transition }) => ({
          from: `wizard.${TRACK_STEPS[trackId][0]}.${from}`,
          ...(transition ? { transition } : {}),
          class: 'a company on its track',
          why: 'only a newcomer’s first step creates the company',
        })),
        ...[
          { from: 'editing', transition: 'step.submit #1' },
          { from: 'failed', transition: 'step.submit #1' },
          { from: 'cnpjNotFound', transition: 'cnpj.confirm #1' },
          { from: 'submitting' },
        ].map(({ from, transition }) => ({
          from: `wizard.${TRACK_STEPS[trackId][0]}.${from}`,
          ...(transition ? { transition } : {}),
          class: 'no company',
          why: 'a newcomer’s step is sent once the company it creates exists',
        })),
        {
          from: 'wizard.routing',
          transition: '(always) #0',
          class: 'a company on its track',
          why: 'routing sends only a wizard without a company to the first step',
        },
        // One branch to each step, then the end.
        ...[...TRACK_STEPS[trackId], 'finished']
          .map((_, i) => i + 1)
          .map((branch) => ({
            from: 'wizard.routing',
            transition: `(always) #${branch}`,
            class: 'no company',
            why: 'routing sends a wizard without a company to the first step',
          })),
        ...[1, 2, 3, 4].flatMap((branch) =>
          ['step.back', 'step.goto'].map((event) => ({
            from: 'wizard',
            transition: `${event} #${branch}`,
            class: 'no company',
            why: 'a newcomer has no step done to go back or over to',
          })),
        ),
      ],
    },
    scenarios: inputs.map(([name, input]) => ({
      name,
      input,
      // Without its track the wizard only opens at the first step: the form is typed there, nothing more to walk.
      events: input.company && !input.track ? firstStepTyped(trackId) : events(trackId),
      serializeState: serialize,
    })),
  };
}
