import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import type { TrackId, SubmittedStep } from '@domain';
import { TRACK_STEPS, currentStep } from '@domain';
import type { WizardInput } from '@machines/onboarding';
import { VALID_DRAFTS, company, trackAt } from '../wizard.fixtures';
import type { MachineModel } from './model';

/** What the two onboarding wizards share in their models: the events of each step and the starting points. */

export const submitted = (trackId: TrackId, done: number, extra: Partial<SubmittedStep> = {}): SubmittedStep => ({
  track: trackAt(trackId, done, { paid: false }),
  company: company(trackId),
  ...extra,
});

function events(trackId: TrackId): EventObject[] {
  const steps = TRACK_STEPS[trackId];
  const outputs = steps.map((_, i) =>
    submitted(trackId, i + 1, i === 2 ? { subscription: { id: 's1', planId: 'x', status: 'pending', priceCents: 1 } } : {}),
  );
  return [
    ...steps
      .filter((stepId) => VALID_DRAFTS[trackId][stepId])
      .map((stepId) => ({ type: 'draft.change', stepId, value: VALID_DRAFTS[trackId][stepId] })),
    { type: 'step.submit' },
    { type: 'step.retry' },
    { type: 'registration.skip' },
    { type: 'payment.retry' },
    { type: 'xstate.done.actor.prepareCompany', output: { company: company(trackId), track: trackAt(trackId, 0) } },
    { type: 'xstate.error.actor.prepareCompany', error: new Error('Sem conexão.') },
    ...outputs.map((output) => ({ type: 'xstate.done.actor.submitStep', output })),
    { type: 'xstate.error.actor.submitStep', error: new Error('Recusado.') },
    { type: 'xstate.done.actor.startPayment', output: { paymentUrl: 'http://pay' } },
    { type: 'xstate.error.actor.startPayment', error: new Error('Indisponível.') },
    { type: 'xstate.done.actor.loadRegistration', output: { cnpj: '11222333000181' } },
    { type: 'xstate.error.actor.loadRegistration', error: new Error('Indisponível.') },
    { type: 'track.updated', company: company(trackId, 'pending'), track: trackAt(trackId, 3) },
    { type: 'track.updated', company: company(trackId, 'pending'), track: trackAt(trackId, 4) },
    { type: 'track.updated', company: company(trackId, 'active'), track: trackAt(trackId, 5) },
    { type: 'xstate.after.paymentConfirmation.wizard.subscription.confirming' },
  ] as EventObject[];
}

/** The state as the model sees it: where the machine is, and the facts its guards read. */
function serialize(snapshot: AnyMachineSnapshot) {
  const context = snapshot.context as WizardInput & { subscriptionId: string | null };
  return JSON.stringify([
    snapshot.value,
    context.track ? (currentStep(context.track)?.stepId ?? 'done') : null,
    context.company?.status ?? null,
    Object.keys(context.drafts).sort(),
    context.paymentReturn,
    context.subscriptionId,
  ]);
}

/** Starting points: a newcomer, a customer back from the payment page (paid or not), and one waiting for the team. */
export function wizardModel(machine: AnyStateMachine, trackId: TrackId): MachineModel {
  const base = { trackId, drafts: {}, paymentReturn: null } as const;
  const inputs: [string, WizardInput][] = [
    ['a newcomer', { ...base, company: null, track: null }],
    [
      'back from paying',
      { ...base, company: company(trackId), track: trackAt(trackId, 3, { paid: false }), paymentReturn: 'paid' },
    ],
    [
      'back without paying',
      { ...base, company: company(trackId), track: trackAt(trackId, 3, { paid: false }), paymentReturn: 'cancelled' },
    ],
    ['waiting for the team', { ...base, company: company(trackId, 'opening'), track: trackAt(trackId, 5) }],
  ];
  return {
    machine,
    scenarios: inputs.map(([name, input]) => ({ name, input, events: events(trackId), serializeState: serialize })),
  };
}
