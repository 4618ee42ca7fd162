import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { CnpjRegistration, Company, StepId, SubmittedStep, Track, TrackId } from '@domain';
import { CNPJ_NOT_FOUND, TRACK_STEPS, currentStep, stepProblems } from '@domain';
import { companyMigrationWizardMachine } from '@machines/companyMigrationWizard.machine';
import { companyOpeningWizardMachine } from '@machines/companyOpeningWizard.machine';
import type { WizardEvent, WizardInput } from '@machines/onboarding';
import { draftChange, navigationLocked } from '@machines/onboarding';
import { PendingCalls } from '../support/deferred';
import { companyMigrationWizardModel } from './models/companyMigrationWizard.model';
import { companyOpeningWizardModel } from './models/companyOpeningWizard.model';
import { describePath, transitionPaths, unreachedNodes } from './models/model';
import { submitted } from './models/wizard.model';
import { VALID_DRAFTS, company, trackAt } from './wizard.fixtures';

const MACHINES = { 'create-company': companyOpeningWizardMachine, 'migrate-company': companyMigrationWizardMachine } as const;

function harness(trackId: TrackId, input: Partial<WizardInput> = {}) {
  const pending = new PendingCalls();
  const effects = { drafts: [] as unknown[], forgotten: [] as StepId[], changed: 0, paymentPages: [] as string[], panel: 0 };
  let report: ((event: WizardEvent) => void) | undefined;
  let watching = 0;
  const machine = MACHINES[trackId].provide({
    actors: {
      prepareCompany: fromPromise(({ input }) => pending.next<{ company: Company; track: Track }>('prepareCompany', input)),
      submitStep: fromPromise(({ input }) => pending.next<SubmittedStep>('submitStep', input)),
      startPayment: fromPromise(({ input }) => pending.next<{ paymentUrl: string }>('startPayment', input)),
      loadRegistration: fromPromise(({ input }) => pending.next<CnpjRegistration>('loadRegistration', input)),
      watchTrack: fromCallback<WizardEvent, { companyId: string; pace: 'soon' | 'later' }>(({ sendBack }) => {
        report = sendBack;
        watching++;
        return () => {
          report = undefined;
          watching--;
        };
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
  const started: WizardInput = { trackId, company: null, track: null, drafts: {}, paymentReturn: null, ...input };
  const actor = createActor(machine, { input: started }).start();
  const type = (stepId: StepId) => actor.send(draftChange(stepId, VALID_DRAFTS[trackId][stepId] ?? {}));
  return {
    actor,
    input: started,
    pending,
    effects,
    type,
    report: (event: WizardEvent) => report?.(event),
    watching: () => watching,
    machine,
  };
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
    // The slow-payment notice: not at 89.999 s, at 90 s (docs/machines.md).
    await vi.advanceTimersByTimeAsync(89_999);
    expect(h.actor.getSnapshot().value, 'no notice before 90 seconds').toEqual({ subscription: 'confirming' });
    await vi.advanceTimersByTimeAsync(1);
  } else {
    h.actor.send(event as WizardEvent);
  }
  await flush();
}

/**
 * Who may revise which step, written out (docs/machines.md, going back in the wizards): the customer's own steps done,
 * while the track is not — after the payment not the company's size (the first step) nor the plan, which fix the charge.
 */
const CUSTOMER_STEPS: Record<TrackId, StepId[]> = {
  'create-company': ['pre-registration', 'partner-registration', 'subscription', 'upload-guide-receipt'],
  'migrate-company': [
    'pre-registration',
    'partner-registration-basic',
    'subscription',
    'download-company-info',
    'migrate-accountant',
  ],
};
const CHARGE_STEPS: StepId[] = ['pre-registration', 'subscription'];
function mayRevise(track: Track): StepId[] {
  if (track.status === 'done') return [];
  const paid = track.steps.some((step) => step.stepId === 'subscription' && step.status === 'done');
  return track.steps
    .filter((step) => step.status === 'done' && CUSTOMER_STEPS[track.trackId].includes(step.stepId))
    .filter((step) => !(paid && CHARGE_STEPS.includes(step.stepId)))
    .map((step) => step.stepId);
}
/** A company the panel serves: active, or overdue (docs/machines.md) — never one still opening or migrating. */
const OPERATING = ['active', 'overdue'];

const BUSY = ['preparing', 'submitting', 'saving', 'startingPayment', 'redirecting', 'loading'];
const WATCHING = ['confirming', 'slowConfirmation', 'awaiting-guide', 'waiting'];

type Harness = ReturnType<typeof harness>;
const effectCounts = (h: Harness) => ({
  drafts: h.effects.drafts.length,
  forgotten: h.effects.forgotten.length,
  changed: h.effects.changed,
  paymentPages: h.effects.paymentPages.length,
  panel: h.effects.panel,
});

/**
 * What each state of a wizard means, checked on the real actor after every step: the step on screen is where the
 * track stands, the page is busy exactly while a call is under way, the form shows every problem instead of sending,
 * a refused call says why, and the step asked the app for what it should (drafts kept and forgotten, the session
 * told of the company, the payment page opened, the panel at the end).
 */
function checkMeaning(
  h: Harness,
  trackId: TrackId,
  event: EventObject,
  before: {
    counts: ReturnType<typeof effectCounts>;
    step: string;
    sub: string | null;
    value: unknown;
    track: Track | null;
    drafts: WizardInput['drafts'];
  },
  at: string,
) {
  const snapshot = h.actor.getSnapshot();
  const { context } = snapshot;
  const step = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0];
  const sub = typeof snapshot.value === 'string' ? null : Object.values(snapshot.value)[0];
  const did = (name: keyof ReturnType<typeof effectCounts>) => effectCounts(h)[name] - before.counts[name];

  if (step === 'finished') {
    expect(context.track?.status, `${at}: every step is done`).toBe('done');
  } else if (context.company && context.track) {
    const current = currentStep(context.track)?.stepId;
    if (step !== current) {
      expect(mayRevise(context.track), `${at}: a step gone back to may still change`).toContain(step);
    }
  } else {
    expect(step, `${at}: without a company, the first step`).toBe(TRACK_STEPS[trackId][0]);
  }
  expect(snapshot.hasTag('busy'), `${at}: busy`).toBe(BUSY.includes(sub as string));
  expect(h.watching() > 0, `${at}: watching the track`).toBe(WATCHING.includes((sub ?? step) as string));

  expect(context.stepOnScreen, `${at}: the step on screen`).toBe(step === 'finished' ? null : step);

  const busyBefore = [...BUSY, 'confirming', 'slowConfirmation'].includes(before.sub as string);
  // The screen disables "Voltar" and the step list exactly then.
  expect(navigationLocked(snapshot), `${at}: navigation locked`).toBe(
    [...BUSY, 'confirming', 'slowConfirmation'].includes(sub as string),
  );
  const mayChange = before.track ? mayRevise(before.track) : [];
  if (event.type === 'xstate.init') {
    // Where the wizard opens: the first step without a company or a track; back from the provider's page, the wait
    // for its confirmation when paid, the plans with why when not.
    const input = h.input;
    if (!input.company || !input.track) expect(snapshot.value, at).toEqual({ [TRACK_STEPS[trackId][0]]: 'editing' });
    if (input.paymentReturn === 'paid') expect(snapshot.value, at).toEqual({ subscription: 'confirming' });
    if (input.paymentReturn === 'cancelled') {
      expect(snapshot.value, at).toEqual({ subscription: 'choosing' });
      expect(context.error, at).toBe('O pagamento não foi concluído. Escolha o plano e tente de novo quando quiser.');
    }
  }
  switch (event.type) {
    case 'step.back': {
      // To the nearest earlier step that may still change — never while a call runs or a payment is confirmed.
      const steps: readonly string[] = TRACK_STEPS[trackId];
      const target = steps
        .slice(0, Math.max(steps.indexOf(before.step), 0))
        .reverse()
        .find((stepId) => mayChange.includes(stepId as StepId));
      if (busyBefore || !target) {
        expect(snapshot.value, `${at}: nowhere to go back to`).toEqual(before.value);
      } else {
        expect(step, `${at}: back one step`).toBe(target);
        expect([context.drafts, context.fieldErrors, context.error], `${at}: data kept, no message`).toEqual([
          before.drafts,
          {},
          null,
        ]);
      }
      break;
    }
    case 'step.goto': {
      const { stepId } = event as Extract<WizardEvent, { type: 'step.goto' }>;
      const current = before.track ? currentStep(before.track)?.stepId : undefined;
      const last = TRACK_STEPS[trackId].at(-1);
      const goes =
        !busyBefore && before.step !== stepId && (stepId === current || (mayChange.includes(stepId) && stepId !== last));
      if (goes) {
        expect(step, `${at}: the step chosen in the list`).toBe(stepId);
        expect([context.drafts, context.fieldErrors, context.error], `${at}: data kept, no message`).toEqual([
          before.drafts,
          {},
          null,
        ]);
      } else {
        expect(snapshot.value, `${at}: a step that may not be opened now`).toEqual(before.value);
      }
      break;
    }
    case 'draft.change': {
      const { stepId, value } = event as Extract<WizardEvent, { type: 'draft.change' }>;
      // A change while the CNPJ waits for the customer's decision is a correction: back to the form.
      if (before.sub === 'cnpjNotFound') expect(sub, `${at}: back to the form`).toBe('editing');
      // What was typed is kept, here and across visits.
      expect(context.drafts[stepId], at).toEqual(value);
      expect(h.effects.drafts.at(-1), at).toEqual({ stepId, value });
      expect(context.fieldErrors, at).toEqual({});
      break;
    }
    case 'step.submit':
      if (!['editing', 'failed', 'choosing'].includes(before.sub as string)) {
        // No form on screen to send: nothing happens.
        expect(snapshot.value, at).toEqual(before.value);
      } else if (BUSY.includes(sub as string)) {
        expect([context.fieldErrors, context.error], `${at}: sending, no message`).toEqual([{}, null]);
      } else {
        // Not sent: every problem of the form is shown.
        const stepId = step as StepId;
        const problems = stepProblems(trackId, stepId, context.drafts[stepId], context.track, new Date());
        expect(Object.keys(problems).length, `${at}: a problem`).toBeGreaterThan(0);
        expect(context.fieldErrors, at).toEqual(problems);
      }
      break;
    case 'xstate.done.actor.submitStep':
      if (before.step !== 'subscription') {
        // The step is done: its draft goes, and the session hears of the company.
        expect(h.effects.forgotten.at(-1), at).toBe(before.step);
        expect(did('changed'), at).toBe(1);
      } else {
        expect(context.subscriptionId, at).toBe('s1');
      }
      break;
    case 'xstate.done.actor.prepareCompany':
      expect(context.company, at).not.toBeNull();
      expect(did('changed'), at).toBe(1);
      break;
    case 'xstate.error.actor.submitStep':
    case 'xstate.error.actor.prepareCompany':
    case 'xstate.error.actor.startPayment':
    case 'xstate.error.actor.loadRegistration': {
      if ((event as { error?: { code?: string } }).error?.code === 'not_found' && before.sub === 'loading') {
        // No record of the CNPJ: the customer types the company's data, nothing failed.
        expect([sub, context.error, context.registration], `${at}: the data typed by hand`).toEqual(['editing', null, null]);
        break;
      }
      // A refused or failed call says why, in Portuguese.
      expect(context.error, at).toMatch(/\S/);
      // A CNPJ the Receita Federal does not know, on the migration's first step: the customer decides.
      const notFound = (event as { error?: { code?: string } }).error?.code === CNPJ_NOT_FOUND.code;
      expect(sub === 'cnpjNotFound', `${at}: the CNPJ is the customer's to correct or confirm`).toBe(
        notFound && trackId === 'migrate-company' && before.step === 'pre-registration',
      );
      if (sub === 'cnpjNotFound') expect(context.fieldErrors, at).toEqual({ cnpj: CNPJ_NOT_FOUND.field });
      break;
    }
    case 'cnpj.correct':
      if (before.sub === 'cnpjNotFound') {
        expect([sub, context.error, context.fieldErrors, context.drafts], `${at}: back to the form`).toEqual([
          'editing',
          null,
          {},
          before.drafts,
        ]);
      } else {
        expect(snapshot.value, at).toEqual(before.value);
      }
      break;
    case 'cnpj.confirm':
      if (
        before.sub === 'cnpjNotFound' &&
        Object.keys(stepProblems(trackId, 'pre-registration', before.drafts['pre-registration'], before.track, new Date()))
          .length > 0
      ) {
        // Only a form emptied while it was being sent can be invalid here: nothing is sent.
        expect(snapshot.value, at).toEqual(before.value);
      } else if (before.sub === 'cnpjNotFound') {
        // Sent again with the confirmation, which is kept across visits too.
        const confirmed = { ...before.drafts['pre-registration'], cnpjNotFoundConfirmed: true };
        expect(sub, `${at}: sent again`).toBe(context.company && context.track ? 'submitting' : 'preparing');
        expect(context.drafts['pre-registration'], at).toEqual(confirmed);
        expect(h.effects.drafts.at(-1), at).toEqual({ stepId: 'pre-registration', value: confirmed });
        expect([context.error, context.fieldErrors], at).toEqual([null, {}]);
      } else {
        expect(snapshot.value, at).toEqual(before.value);
        expect(did('drafts'), at).toBe(0);
      }
      break;
    case 'xstate.done.actor.startPayment':
      expect(h.effects.paymentPages.at(-1), `${at}: the payment page opens`).toBe('http://pay');
      break;
    case 'xstate.done.actor.loadRegistration':
      expect(context.registration, at).toEqual({ cnpj: '11222333000181' });
      break;
  }
  if (event.type === 'track.updated' && WATCHING.includes(before.sub ?? before.step)) {
    // The team's report moves the wizard on only once the track stands past the step on screen.
    const report = event as Extract<WizardEvent, { type: 'track.updated' }>;
    const movedPast = report.track !== null && currentStep(report.track)?.stepId !== before.step;
    if (!movedPast && before.step !== 'finished') expect(snapshot.value, `${at}: still waiting`).toEqual(before.value);
  }
  if (sub === 'confirming') expect(context.paymentReturn, `${at}: the return from the payment page is used once`).toBeNull();
  if (sub === 'choosing' && before.step !== 'subscription' && context.error) {
    expect(context.error, at).toMatch(/pagamento não foi concluído/);
  }
  if (sub === 'operating' && before.sub !== 'operating') {
    expect(did('panel'), `${at}: to the panel`).toBe(1);
    expect(OPERATING, at).toContain(context.company!.status);
  } else {
    expect(did('panel'), at).toBe(0);
  }
}

describe.each(['create-company', 'migrate-company'] as const)('%s wizard, paths from its graph', (trackId) => {
  const model = MODELS[trackId];
  const plans = transitionPaths(model);

  it('passes through every state node, the transient ones (routing) included', () => {
    expect(unreachedNodes(model, plans)).toEqual([]);
  });

  // One test per starting point: each stays well under a second alone, and none nears the time limit on a busy machine.
  const byStart = model.scenarios.map((scenario) => [scenario.name, plans.filter((plan) => plan.scenario === scenario)] as const);
  it.each(byStart)(
    `means what each state says on the paths from “%s” (of ${plans.length} that take every transition)`,
    async (_name, own) => {
      for (const plan of own) {
        const h = harness(trackId, plan.scenario.input as WizardInput);
        for (const step of plan.path.steps) {
          const snapshot = h.actor.getSnapshot();
          const before = {
            counts: effectCounts(h),
            step: typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0],
            sub: typeof snapshot.value === 'string' ? null : (Object.values(snapshot.value)[0] as string),
            value: snapshot.value,
            track: snapshot.context.track,
            drafts: snapshot.context.drafts,
          };
          await replay(h, step.event);
          const at = `${describePath(plan)} (after ${step.event.type})`;
          expect(h.actor.getSnapshot().value, at).toEqual(step.state.value);
          checkMeaning(h, trackId, step.event, before, at);
        }
      }
    },
  );
});
