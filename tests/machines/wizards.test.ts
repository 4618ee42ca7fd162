import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { CnpjRegistration, Company, StepId, SubmittedStep, Track, TrackId } from '@domain';
import { companyMigrationWizardMachine } from '@machines/companyMigrationWizard.machine';
import { companyOpeningWizardMachine } from '@machines/companyOpeningWizard.machine';
import type { WizardEvent, WizardInput } from '@machines/onboarding';
import { draftChange } from '@machines/onboarding';
import { PendingCalls } from '../support/deferred';
import { companyMigrationWizardModel } from './models/companyMigrationWizard.model';
import { companyOpeningWizardModel } from './models/companyOpeningWizard.model';
import { describePath, modelPaths, unreachedNodes } from './models/model';
import { submitted } from './models/wizard.model';
import { VALID_DRAFTS, company, trackAt } from './wizard.fixtures';

const MACHINES = { 'create-company': companyOpeningWizardMachine, 'migrate-company': companyMigrationWizardMachine } as const;

function harness(trackId: TrackId, input: Partial<WizardInput> = {}) {
  const pending = new PendingCalls();
  const effects = { drafts: [] as unknown[], forgotten: [] as StepId[], changed: 0, paymentPages: [] as string[], panel: 0 };
  let report: ((event: WizardEvent) => void) | undefined;
  const machine = MACHINES[trackId].provide({
    actors: {
      prepareCompany: fromPromise(({ input }) => pending.next<{ company: Company; track: Track }>('prepareCompany', input)),
      submitStep: fromPromise(({ input }) => pending.next<SubmittedStep>('submitStep', input)),
      startPayment: fromPromise(({ input }) => pending.next<{ paymentUrl: string }>('startPayment', input)),
      loadRegistration: fromPromise(({ input }) => pending.next<CnpjRegistration>('loadRegistration', input)),
      watchTrack: fromCallback<WizardEvent, { companyId: string; pace: 'soon' | 'later' }>(({ sendBack }) => {
        report = sendBack;
        return () => (report = undefined);
      }),
    },
    actions: {
      persistDraft: (_, params) => void effects.drafts.push(params),
      forgetDraft: (_, params) => void effects.forgotten.push(params.stepId),
      companyChanged: () => void effects.changed++,
      openPaymentPage: (_, params) => void effects.paymentPages.push(params.url),
      goToPanel: () => void effects.panel++,
    },
  });
  const actor = createActor(machine, {
    input: { trackId, company: null, track: null, drafts: {}, paymentReturn: null, ...input },
  }).start();
  const type = (stepId: StepId) => actor.send(draftChange(stepId, VALID_DRAFTS[trackId][stepId] ?? {}));
  return { actor, pending, effects, type, report: (event: WizardEvent) => report?.(event), machine };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('opening wizard', () => {
  it('shows every problem of the form instead of sending it', () => {
    const { actor, pending } = harness('create-company');
    expect(actor.getSnapshot().value).toEqual({ 'pre-registration': 'editing' });
    actor.send({ type: 'step.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toMatchObject({
      type: 'Escolha a natureza jurídica.',
      alias: 'Informe o nome fantasia.',
    });
    expect(pending.count('prepareCompany')).toBe(0);
  });

  it('refuses an activity the MEI may not have, from what the activity search said', () => {
    const { actor } = harness('create-company');
    const draft = VALID_DRAFTS['create-company']['pre-registration'] as Record<string, unknown>;
    actor.send({
      type: 'draft.change',
      stepId: 'pre-registration',
      value: {
        ...draft,
        mainActivity: '6201501',
        activities: [{ code: '6201501', formatted: '6201-5/01', text: 'Software', isAllowedMei: false }],
      },
    });
    actor.send({ type: 'step.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      mainActivity: 'A atividade 6201-5/01 não é permitida para o MEI.',
    });
  });

  it('creates the company on the first step, then sends the step and moves on', async () => {
    const { actor, pending, type, effects } = harness('create-company');
    type('pre-registration');
    expect(effects.drafts).toHaveLength(1);
    actor.send({ type: 'step.submit' });
    expect(actor.getSnapshot().value).toEqual({ 'pre-registration': 'preparing' });
    expect(
      pending.resolve('prepareCompany', { company: company('create-company'), track: trackAt('create-company', 0) }),
    ).toMatchObject({
      trackId: 'create-company',
      company: null,
    });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ 'pre-registration': 'submitting' });
    pending.resolve('submitStep', submitted('create-company', 1));
    await flush();
    expect(actor.getSnapshot().value).toEqual({ 'partner-registration': 'editing' });
    expect(effects.forgotten).toEqual(['pre-registration']);
  });

  it('shows the server’s field messages when a step is refused', async () => {
    const { actor, pending, type } = harness('create-company', {
      company: company('create-company'),
      track: trackAt('create-company', 1),
    });
    type('partner-registration');
    actor.send({ type: 'step.submit' });
    pending.reject(
      'submitStep',
      Object.assign(new Error('Há CPFs repetidos entre os sócios.'), {
        fields: { partners: 'Há CPFs repetidos entre os sócios.' },
      }),
    );
    await flush();
    expect(actor.getSnapshot().value).toEqual({ 'partner-registration': 'failed' });
    expect(actor.getSnapshot().context).toMatchObject({
      error: 'Há CPFs repetidos entre os sócios.',
      fieldErrors: { partners: 'Há CPFs repetidos entre os sócios.' },
    });
  });

  it('saves the plan, opens the payment page and, back from it, waits for the confirmation', async () => {
    const first = harness('create-company', { company: company('create-company'), track: trackAt('create-company', 2) });
    first.type('subscription');
    first.actor.send({ type: 'step.submit' });
    first.pending.resolve(
      'submitStep',
      submitted('create-company', 3, { subscription: { id: 's1', planId: 'mei', status: 'pending', priceCents: 8900 } }),
    );
    await flush();
    expect(first.pending.resolve('startPayment', { paymentUrl: 'http://localhost/fakes/payments/checkout/chk_1' })).toEqual({
      subscriptionId: 's1',
      trackId: 'create-company',
    });
    await flush();
    expect(first.actor.getSnapshot().value).toEqual({ subscription: 'redirecting' });
    expect(first.effects.paymentPages).toEqual(['http://localhost/fakes/payments/checkout/chk_1']);
    // Still here (the page could not be opened, or Back brought this page from the cache): the plans again.
    first.actor.send({ type: 'payment.retry' });
    expect(first.actor.getSnapshot().value).toEqual({ subscription: 'choosing' });

    const back = harness('create-company', {
      company: company('create-company'),
      track: trackAt('create-company', 3, { paid: false }),
      paymentReturn: 'paid',
    });
    expect(back.actor.getSnapshot().value).toEqual({ subscription: 'confirming' });
    back.report({
      type: 'track.updated',
      company: company('create-company', 'awaiting_opening'),
      track: trackAt('create-company', 3),
    });
    expect(back.actor.getSnapshot().value).toBe('awaiting-guide');
  });

  it('tells the customer when the confirmation is slow, and lets them pay again', async () => {
    const { actor } = harness('create-company', {
      company: company('create-company'),
      track: trackAt('create-company', 3, { paid: false }),
      paymentReturn: 'paid',
    });
    await vi.advanceTimersByTimeAsync(90_000);
    expect(actor.getSnapshot().value).toEqual({ subscription: 'slowConfirmation' });
    actor.send({ type: 'payment.retry' });
    expect(actor.getSnapshot().value).toEqual({ subscription: 'choosing' });
  });

  it('explains a cancelled payment', () => {
    const { actor } = harness('create-company', {
      company: company('create-company'),
      track: trackAt('create-company', 3, { paid: false }),
      paymentReturn: 'cancelled',
    });
    expect(actor.getSnapshot().value).toEqual({ subscription: 'choosing' });
    expect(actor.getSnapshot().context.error).toBe(
      'O pagamento não foi concluído. Escolha o plano e tente de novo quando quiser.',
    );
  });

  it('waits for the guide, then for the team, then goes to the panel', async () => {
    const { actor, report, effects } = harness('create-company', {
      company: company('create-company'),
      track: trackAt('create-company', 3),
    });
    expect(actor.getSnapshot().value).toBe('awaiting-guide');
    report({
      type: 'track.updated',
      company: company('create-company', 'awaiting_opening'),
      track: trackAt('create-company', 3),
    });
    expect(actor.getSnapshot().value).toBe('awaiting-guide');
    report({
      type: 'track.updated',
      company: company('create-company', 'awaiting_opening'),
      track: trackAt('create-company', 4),
    });
    expect(actor.getSnapshot().value).toEqual({ 'upload-guide-receipt': 'editing' });

    const done = harness('create-company', {
      company: company('create-company', 'opening'),
      track: trackAt('create-company', 5),
    });
    expect(done.actor.getSnapshot().value).toEqual({ finished: 'waiting' });
    done.report({ type: 'track.updated', company: company('create-company', 'active'), track: trackAt('create-company', 5) });
    expect(done.actor.getSnapshot().value).toEqual({ finished: 'operating' });
    expect(done.effects.panel).toBe(1);
    expect(effects.panel).toBe(0);
  });

  it('resumes at the first step not done, with what was typed', () => {
    const drafts = { 'partner-registration': VALID_DRAFTS['create-company']['partner-registration'] };
    const { actor } = harness('create-company', {
      company: company('create-company'),
      track: trackAt('create-company', 1),
      drafts,
    });
    expect(actor.getSnapshot().value).toEqual({ 'partner-registration': 'editing' });
    expect(actor.getSnapshot().context.drafts).toEqual(drafts);
  });
});

describe('migration wizard', () => {
  it('loads the Receita Federal record, or lets the customer type it when the lookup fails', async () => {
    const { actor, pending } = harness('migrate-company', {
      company: company('migrate-company', 'migrating'),
      track: trackAt('migrate-company', 3),
    });
    expect(actor.getSnapshot().value).toEqual({ 'download-company-info': 'loading' });
    pending.reject(
      'loadRegistration',
      new Error('A consulta à Receita Federal está indisponível. Tente novamente em instantes.'),
    );
    await flush();
    expect(actor.getSnapshot().value).toEqual({ 'download-company-info': 'unavailable' });
    actor.send({ type: 'step.retry' });
    pending.resolve('loadRegistration', { cnpj: '11222333000181', name: 'ESTÚDIO AURORA DESIGN LTDA' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ 'download-company-info': 'editing' });
    expect(actor.getSnapshot().context.registration).toMatchObject({ cnpj: '11222333000181' });
  });
});

/* ---------------------------------------------------------------- paths from each machine's graph */

const MODELS = { 'create-company': companyOpeningWizardModel, 'migrate-company': companyMigrationWizardModel } as const;

async function replay(h: ReturnType<typeof harness>, event: EventObject) {
  const { type } = event;
  const match = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(type);
  if (match) {
    const source = match[2];
    if (match[1] === 'done') h.pending.resolve(source, (event as unknown as { output: unknown }).output);
    else h.pending.reject(source, (event as unknown as { error: unknown }).error);
  } else if (type === 'track.updated') {
    h.report(event as WizardEvent);
  } else if (type.startsWith('xstate.after.')) {
    await vi.advanceTimersByTimeAsync(90_000);
  } else {
    h.actor.send(event as WizardEvent);
  }
  await flush();
}

describe.each(['create-company', 'migrate-company'] as const)('%s wizard, paths from its graph', (trackId) => {
  const model = MODELS[trackId];
  const plans = modelPaths(model);

  it('passes through every state node, the transient ones (routing) included', () => {
    expect(unreachedNodes(model, plans)).toEqual([]);
  });

  it(`replays ${plans.length} paths on a real actor`, async () => {
    for (const plan of plans) {
      const h = harness(trackId, plan.scenario.input as WizardInput);
      for (const step of plan.path.steps) {
        await replay(h, step.event);
        expect(h.actor.getSnapshot().value, describePath(plan)).toEqual(step.state.value);
      }
    }
  });
});
