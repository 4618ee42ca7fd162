import { generateCnpj } from '@brazilian-utils/brazilian-utils';
import { TEST_COMPANY_COUNT, testCompanyCnpj } from '@server/fakes/brasilapi';
import type { APIRequestContext, Page, Route } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { StepId, TrackId } from '@domain';
import { CNPJ_NOT_FOUND, COMPANY_STATUS_LABEL, STEP_LABEL, TRACK_STEPS, TRACK_WIZARD_PATH, currentStep } from '@domain';
import type { WizardContext } from '@machines/onboarding';
import { stepBefore } from '@machines/onboarding';
import { sessionMachine } from '@machines/session.machine';
import type { ModelPath } from '../tests/machines/models/model';
import { allTransitions } from '../tests/machines/models/transitions';
import { VALID_DRAFTS } from '../tests/machines/wizard.fixtures';
import type { LoggedTransition } from './machine-log';
import { machineLog, transitionKeyOf } from './machine-log';
import { DEMO_PASSWORD, Held, signInFromLogin } from './support';
import {
  MACHINE_MODELS,
  UNREACHABLE_IN_BROWSER,
  browserPaths,
  leafOf,
  stepOf,
  pathTransitions,
  revisiting,
  statesLeftOut,
  transitionsLeftOut,
  transitionsTaken,
} from './wizard-paths';

/**
 * Drives a path of a wizard's model in the real product: each event is what a person does (types, clicks, uploads),
 * what the network answers (the test holds the wizard's calls and lets them through or fails them, so each busy
 * state is seen), or what the payment provider and the team do (through their own pages and the API). After each
 * step the page must show what the state means: the step's heading, the buttons it offers, its message, the address.
 */

const EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9199';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF');
/** How often the wizard asks for its track in these tests (a test-only setting outside production). */
const WATCH_MS = 700;
/** The wait for a payment's confirmation, shortened in the paths that outlast it. */
const CONFIRMATION_MS = 3000;

/** A CNPJ the Receita Federal sandbox knows ("Empresa de Teste"), drawn at random so tests and retries do not meet. */
const knownCnpj = () => testCompanyCnpj(1 + Math.floor(Math.random() * TEST_COMPANY_COUNT));

/** What the test answers when a path says a call fails, as the server would (pt-BR, `{ error }`). */
const FAILURES = {
  prepareCompany: 'Não foi possível criar a empresa agora. Tente novamente em instantes.',
  submitStep: 'O servidor está indisponível. Tente novamente em instantes.',
  startPayment: 'O serviço de pagamentos está indisponível. Tente novamente em instantes.',
  loadRegistration: 'A consulta à Receita Federal está indisponível. Tente novamente em instantes.',
} as const;
type Call = keyof typeof FAILURES;
const WAITING_STATUSES = (['awaiting_opening', 'opening', 'migrating'] as const).map((status) => COMPANY_STATUS_LABEL[status]);
const PAYMENT_CANCELLED = 'O pagamento não foi concluído. Escolha o plano e tente de novo quando quiser.';
const PAYMENT_PAGE_REFUSED =
  'Não foi possível abrir a página de pagamento. Nada foi pago e a cobrança continua em aberto: fale com a nossa equipe para concluir o pagamento.';

/** What each step's screen is called, and the button that sends it. */
const SCREEN: Record<StepId, { heading: string; submit?: string }> = {
  'pre-registration': { heading: 'Dados da empresa', submit: 'Salvar e continuar' },
  'partner-registration': { heading: 'Sócios', submit: 'Salvar e continuar' },
  'partner-registration-basic': { heading: 'Sócios', submit: 'Salvar e continuar' },
  subscription: { heading: 'Plano e pagamento', submit: 'Ir para o pagamento' },
  'awaiting-guide': { heading: 'Estamos preparando a guia de registro' },
  'upload-guide-receipt': { heading: 'Pague a guia e envie o comprovante', submit: 'Enviar comprovante' },
  'download-company-info': { heading: 'Confira os dados da empresa', submit: 'Confirmar dados' },
  'migrate-accountant': { heading: 'Transferência do contador', submit: 'Concluir' },
};
const MIGRATION_FIRST_HEADING = 'Sua empresa e o contador atual';
/** The trade name of the companies opened here: one no other test looks for. */
const ALIAS = 'Salão Bela Vista';

/** The ID token of a person, from the Auth emulator (for the API calls the test makes as them). */
async function idToken(request: APIRequestContext, email: string): Promise<string> {
  const url = `http://${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=e2e`;
  const response = await request.post(url, { data: { email, password: DEMO_PASSWORD, returnSecureToken: true } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { idToken: string }).idToken;
}

/** The API as one person (the customer, or the team). */
function apiAs(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const call = async <T>(method: 'get' | 'post' | 'put', path: string, data?: unknown, expected = [200, 201]) => {
    const response = await request[method](`/api${path}`, { headers, ...(data === undefined ? {} : { data }) });
    expect(expected, `${method.toUpperCase()} ${path}: ${await response.text()}`).toContain(response.status());
    return ((await response.json()) as { data: T }).data;
  };
  return {
    call,
    async upload(companyId: string, type: string, stepId: StepId, name: string) {
      const response = await request.post(`/api/documents?companyId=${companyId}`, {
        headers,
        multipart: { type, stepId, file: { name, mimeType: 'application/pdf', buffer: PDF } },
      });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { data: { id: string } }).data;
    },
  };
}

const failWith = (route: Route, call: Call) =>
  route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: FAILURES[call] } } });

/** The person on the path: who they are, their company, and the payment they went to. */
interface Person {
  name: string;
  email: string;
  companyId?: string;
  cnpj: string;
  checkoutId?: string;
}

export class WizardDriver {
  private readonly calls: Record<Call, Held> = {
    prepareCompany: new Held(),
    submitStep: new Held(),
    startPayment: new Held(),
    loadRegistration: new Held(),
  };
  private holding = false;
  private person!: Person;
  /** The message of the last failure the test caused, which the step must show. */
  private failure: string | null = null;
  /** Forms made invalid on purpose (one field emptied), to fill that field again. */
  private readonly emptied = new Set<StepId>();
  private readonly filled = new Set<StepId>();
  /** The log's length before the path's wizard started: its transitions come after it. */
  private logStart = 0;
  private refusedToast = false;

  constructor(
    private readonly page: Page,
    private readonly trackId: TrackId,
    private readonly plan: ModelPath,
  ) {}

  private get wizardPath() {
    return TRACK_WIZARD_PATH[this.trackId];
  }

  /**
   * Routes, test settings and the scenario's starting point; then the path's events one by one. Answers the
   * transitions the path's own wizard logged.
   */
  async run(): Promise<LoggedTransition[]> {
    const { page } = this;
    const outlastsConfirmation = this.plan.path.steps.some((step) => step.event.type.startsWith('xstate.after.'));
    await page.addInitScript(
      ([watchMs, confirmationMs]) => {
        localStorage.setItem('contabil.test.machineLog', '1');
        localStorage.setItem('contabil.test.trackWatchMs', String(watchMs));
        if (confirmationMs) localStorage.setItem('contabil.test.paymentConfirmationMs', String(confirmationMs));
      },
      [WATCH_MS, outlastsConfirmation ? CONFIRMATION_MS : 0] as const,
    );
    const hold = (call: Call) => (route: Route) => (this.holding ? this.calls[call].take(route) : route.fallback());
    await page.route(/\/api\/companies$/, (route) =>
      route.request().method() === 'POST' ? hold('prepareCompany')(route) : route.fallback(),
    );
    await page.route(/\/api\/companies\/[0-9a-f-]{36}\/steps\/[a-z-]+$/, (route) =>
      route.request().method() === 'POST' ? hold('submitStep')(route) : route.fallback(),
    );
    await page.route(/\/api\/subscriptions\/[0-9a-f-]{36}$/, hold('startPayment'));
    await page.route(/\/api\/companies\/[0-9a-f-]{36}\/registration$/, hold('loadRegistration'));

    await this.arrive();
    this.holding = true;

    const steps = this.plan.path.steps;
    await this.expectScreen(steps[0].state, 0);
    for (let i = 1; i < steps.length; i++) {
      await this.perform(i);
      await this.expectScreen(steps[i].state, i);
    }
    return (await machineLog(page)).slice(this.logStart).filter((entry) => entry.machine === 'wizard');
  }

  /* ------------------------------------------------------------------ the scenario's starting point */

  /** Brings a new person to the scenario's start: the wizard on screen as the model's input says. */
  private async arrive() {
    const { page, trackId } = this;
    const scenario = this.plan.scenario.name;
    const unique = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
    this.person = {
      name: trackId === 'create-company' ? 'Marina Alves' : 'Ricardo Lima',
      email: `modelo.${unique}@empresa.com.br`,
      // A migration's CNPJ must be one the Receita Federal knows (the path says when it is not).
      cnpj: trackId === 'migrate-company' ? knownCnpj() : generateCnpj(),
    };
    const signup = await page.request.post('/api/users', {
      data: { name: this.person.name, email: this.person.email, password: DEMO_PASSWORD, trackId },
    });
    expect(signup.status(), await signup.text()).toBe(201);
    if (scenario === 'a newcomer') return this.signIn();

    // The company exists (created on another device, or the team did): through the API, as the customer.
    const customer = apiAs(page.request, await idToken(page.request, this.person.email));
    const candidates = trackId === 'migrate-company' ? [this.person.cnpj, knownCnpj(), knownCnpj()] : [this.person.cnpj];
    for (const cnpj of candidates) {
      const body = trackId === 'migrate-company' ? { trackId, cnpj } : { trackId };
      // A CNPJ an earlier test of this run took is passed over (409).
      const created = await customer.call<{ id: string } | undefined>('post', '/companies', body, [201, 409]);
      if (!created) continue;
      this.person.companyId = created.id;
      this.person.cnpj = cnpj;
      break;
    }
    expect(this.person.companyId, 'a company for the path').toBeTruthy();
    if (scenario === 'a company at its first step') return this.signIn();

    // Back from the payment page: the steps before the plan, the plan, and the provider's page.
    const companyId = this.person.companyId!;
    let subscriptionId = '';
    for (const stepId of TRACK_STEPS[trackId].slice(0, 3)) {
      const draft = VALID_DRAFTS[trackId][stepId] as Record<string, unknown>;
      const payload =
        stepId !== 'pre-registration'
          ? draft
          : trackId === 'migrate-company'
            ? { ...draft, cnpj: this.person.cnpj }
            : { ...draft, alias: ALIAS };
      const answer = await customer.call<{ subscription?: { id: string } }>(
        'post',
        `/companies/${companyId}/steps/${stepId}`,
        payload,
      );
      if (answer.subscription) subscriptionId = answer.subscription.id;
    }
    const { paymentUrl } = await customer.call<{ paymentUrl: string }>('post', `/subscriptions/${subscriptionId}`, {
      returnPath: this.wizardPath,
    });
    this.person.checkoutId = new URL(paymentUrl).pathname.split('/').at(-1)!;
    await this.signIn();
    await page.goto(paymentUrl);
    await expect(page.getByText('Ambiente de testes')).toBeVisible();
    // The wizard the person comes back to is the path's; the one seen after signing in is not.
    this.logStart = (await machineLog(page)).length;
    // The wizard takes `?status=` out of its address as soon as it has read it: under load that is before a check of
    // the address after the click would look, so the arrival is awaited as the navigation it is, from before the click.
    const arrived = page.waitForURL(new RegExp(`${this.wizardPath}\\?status=`), { waitUntil: 'commit' });
    if (scenario === 'back without paying') {
      await page.getByRole('button', { name: 'Cancelar pagamento' }).click();
    } else {
      // The provider sends the person back before its confirmation arrives (the path says when it does).
      const back = `${new URL(page.url()).origin}${this.wizardPath}?status=paid&checkout=${this.person.checkoutId}`;
      await page.route('**/checkout/*/pay', (route) => route.fulfill({ status: 303, headers: { location: back } }));
      await page.getByRole('button', { name: 'Pagar com Pix (simulado)' }).click();
    }
    await arrived;
  }

  private async signIn() {
    await signInFromLogin(this.page, this.person.email);
    await expect(this.page).toHaveURL(this.wizardPath);
  }

  /* ------------------------------------------------------------------ events */

  private async perform(i: number) {
    const { page } = this;
    const { event } = this.plan.path.steps[i];
    const before = this.plan.path.steps[i - 1].state;
    const after = this.plan.path.steps[i].state;
    const stepId = stepOf(before) as StepId;
    const next = this.plan.path.steps[i + 1]?.event;
    switch (event.type) {
      case 'draft.change': {
        const emptied = Object.keys((event as EventObject & { value: object }).value).length === 0;
        return emptied ? this.empty(stepId) : this.fill(stepId);
      }
      case 'step.submit':
        this.refusedToast = false;
        return page.getByRole('button', { name: submitLabel(before), exact: true }).click();
      case 'step.back':
        return page.getByRole('main').getByRole('button', { name: 'Voltar', exact: true }).click();
      case 'step.goto': {
        const target = (event as EventObject & { stepId: StepId }).stepId;
        return page
          .locator('aside[aria-label="Etapas"]')
          .getByRole('button', { name: new RegExp(`^${STEP_LABEL[target]} \\(`) })
          .click();
      }
      case 'step.retry':
        return page.getByRole('button', { name: 'Tentar de novo' }).click();
      case 'registration.skip':
        return page.getByRole('button', { name: 'Preencher os dados eu mesmo' }).click();
      case 'cnpj.correct':
        return page.getByRole('button', { name: 'Corrigir o CNPJ' }).click();
      case 'cnpj.confirm':
        return page.getByRole('button', { name: 'Continuar com este CNPJ' }).click();
      case 'payment.retry':
        // From the plans' redirect the app itself sends it (the payment page's address was refused).
        if (leafOf(before) === 'slowConfirmation') await page.getByRole('button', { name: 'Pagar de novo' }).click();
        return;
      case 'xstate.done.actor.prepareCompany':
        return (await this.calls.prepareCompany.next()).continue();
      case 'xstate.done.actor.submitStep':
        return (await this.calls.submitStep.next()).continue();
      case 'xstate.done.actor.loadRegistration':
        return (await this.calls.loadRegistration.next()).continue();
      case 'xstate.done.actor.startPayment': {
        const route = await this.calls.startPayment.next();
        if (next?.type !== 'payment.retry') return route.continue();
        // The server offers a payment page on a host the app may not leave for (not in ALLOWED_EXTERNAL_HOSTS): the
        // app stays, says so, and offers the plans again.
        this.refusedToast = true;
        return route.fulfill({
          json: { data: { paymentId: crypto.randomUUID(), paymentUrl: 'https://pagamentos.invalido.example/checkout/x' } },
        });
      }
      case 'xstate.error.actor.prepareCompany':
      case 'xstate.error.actor.submitStep':
      case 'xstate.error.actor.startPayment':
      case 'xstate.error.actor.loadRegistration': {
        const call = event.type.replace('xstate.error.actor.', '') as Call;
        const code = (event as EventObject & { error?: { code?: string } }).error?.code;
        if (code === CNPJ_NOT_FOUND.code) {
          // The server's refusal of a CNPJ the Receita Federal does not know.
          this.failure = CNPJ_NOT_FOUND.message;
          const error = { code, message: CNPJ_NOT_FOUND.message, fields: { cnpj: CNPJ_NOT_FOUND.field } };
          return (await this.calls[call].next()).fulfill({ status: 422, json: { error } });
        }
        if (code === 'not_found') {
          // The Receita Federal has no record of the CNPJ: the data are typed by hand.
          this.failure = null;
          const error = { code, message: 'Não encontramos este CNPJ na Receita Federal. Confira o número.' };
          return (await this.calls[call].next()).fulfill({ status: 404, json: { error } });
        }
        this.failure = FAILURES[call];
        await failWith(await this.calls[call].next(), call);
        // A failed read is tried once more by the API client (docs/rules.md): the service is still down.
        if (call === 'loadRegistration') await failWith(await this.calls[call].next(), call);
        return;
      }
      case 'track.updated':
        return this.report(i, before, after);
      default:
        if (event.type.startsWith('xstate.after.')) return; // the shortened wait runs out by itself
        throw new Error(`No browser action for ${event.type}`);
    }
  }

  /**
   * The track watcher's report. One that moves the wizard on is caused first — the provider confirms the payment,
   * the team attaches the guide or activates the company; one that changes nothing is any next check, seen in the
   * app's transition log.
   */
  private async report(i: number, before: AnyMachineSnapshot, after: AnyMachineSnapshot) {
    const moved = JSON.stringify(after.value) !== JSON.stringify(before.value);
    if (!moved) {
      const source = `wizard.${stepOf(before)}${typeof before.value === 'string' ? '' : `.${leafOf(before)}`}`;
      const polls = () =>
        machineLog(this.page).then(
          (log) =>
            log.slice(this.logStart).filter((t) => t.source === source && t.event === 'track.updated' && !t.targets.length)
              .length,
        );
      const seen = await polls();
      await expect.poll(polls, { message: `a new check of the track in ${source} (step ${i})` }).toBeGreaterThan(seen);
      return;
    }
    const step = stepOf(before);
    if (step === 'subscription') {
      // The provider's confirmation: the person's payment goes through at the provider, which notifies the server.
      const paid = await this.page.request.post(`/fakes/payments/checkout/${this.person.checkoutId}/pay`, {
        form: { method: 'pix' },
        maxRedirects: 0,
      });
      expect(paid.status()).toBe(303);
      return;
    }
    const team = apiAs(this.page.request, await idToken(this.page.request, 'admin@demo.test'));
    const companyId = await this.companyId();
    if (step === 'awaiting-guide') {
      const guide = await team.upload(companyId, 'guia_taxa', 'awaiting-guide', 'DARE JUCEMG.pdf');
      const due = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
      await team.call('post', `/companies/${companyId}/steps/awaiting-guide`, {
        documentId: guide.id,
        dueDate: due,
        amountCents: 9870,
      });
      return;
    }
    // Every step done: the team opens the company (a CNPJ first) or takes it over, and it is active.
    if (this.trackId === 'create-company') {
      await team.call('put', `/companies/${companyId}/status/opening`, {});
      await team.call('put', `/companies/${companyId}`, { cnpj: generateCnpj() });
    }
    await team.call('put', `/companies/${companyId}/status/active`, {});
  }

  private async companyId(): Promise<string> {
    if (!this.person.companyId) {
      const customer = apiAs(this.page.request, await idToken(this.page.request, this.person.email));
      this.person.companyId = (await customer.call<{ id: string }>('get', '/companies/me')).id;
    }
    return this.person.companyId;
  }

  /* ------------------------------------------------------------------ forms */

  /** Fills the step's form as a person would (or only the field emptied before). */
  private async fill(stepId: StepId) {
    const { page } = this;
    const again = this.emptied.delete(stepId);
    if (this.filled.has(stepId) && !again) return;
    this.filled.add(stepId);
    switch (stepId) {
      case 'pre-registration':
        if (this.trackId === 'migrate-company') {
          await page.getByLabel('CNPJ').pressSequentially(this.person.cnpj);
          if (!again) await page.getByLabel('Nome', { exact: true }).fill('Silva & Associados Contabilidade');
          return;
        }
        if (again) return page.getByLabel('Nome fantasia').fill(ALIAS);
        await page.getByLabel('O que a sua empresa vai fazer?').fill('salão de beleza');
        await page.getByRole('button', { name: 'Sugerir atividades' }).click();
        await page
          .getByRole('region', { name: 'Atividades sugeridas' })
          .getByRole('button', { name: 'Escolher' })
          .first()
          .click();
        await page.getByLabel('MEI').check();
        await page.getByLabel('Nome fantasia').fill(ALIAS);
        await this.address();
        return;
      case 'partner-registration':
        await page.getByLabel('CPF').pressSequentially('43894494352');
        if (again) return;
        await page.getByLabel('Data de nascimento').fill('20/05/1990');
        await page.getByLabel('Estado civil').selectOption('single');
        await page.getByLabel('Celular').pressSequentially('31987654321');
        await page.getByLabel('É o mesmo endereço da empresa').check();
        return;
      case 'partner-registration-basic':
        await page.getByLabel('CPF').pressSequentially('57291053714');
        if (again) return;
        await page.getByLabel('Nome completo').fill(this.person.name);
        await page.getByLabel('E-mail').fill('socio@empresa.com.br');
        await page.getByLabel('Celular').pressSequentially('11987654321');
        return;
      case 'subscription':
        return page.getByRole('radio', { name: this.trackId === 'create-company' ? 'MEI' : 'Essencial', exact: true }).check();
      case 'upload-guide-receipt': {
        await page
          .getByLabel('Comprovante de pagamento')
          .setInputFiles({ name: 'comprovante.pdf', mimeType: 'application/pdf', buffer: PDF });
        await expect(page.getByText('comprovante.pdf')).toBeVisible();
        return;
      }
      case 'download-company-info':
        // What the Receita Federal had is there already; what it did not have (typed by hand) is filled in.
        if (!again) {
          if (!(await page.getByLabel('Razão social').inputValue()))
            await page.getByLabel('Razão social').fill('Estúdio Lima Ltda');
          const activity = page.getByLabel('Atividade principal (CNAE)');
          if (!(await activity.inputValue())) await activity.fill('7410202');
          if (!(await page.getByLabel('Número').inputValue())) await this.address();
        }
        return page.getByLabel('Confirmo que os dados acima estão corretos.').check();
      case 'migrate-accountant':
        await page.getByLabel('Última competência sob responsabilidade do contador anterior').fill('10/2026');
        if (again) return;
        await page.getByLabel('A1 (arquivo .pfx)').check();
        for (const item of [
          'Certificado digital (e-CNPJ)',
          'Distrato com o contador anterior',
          'Balanço e ECD',
          'Folha de pagamento',
        ]) {
          await page.getByRole('group', { name: item }).getByLabel('Ou diga como será entregue').selectOption('will-send');
        }
        await page
          .getByRole('group', { name: 'Acesso ao portal da prefeitura' })
          .getByLabel('Como vamos receber o acesso')
          .selectOption('with-previous-accountant');
        return;
      default:
        throw new Error(`No form for ${stepId}`);
    }
  }

  /** Makes the step's form invalid again, as a person who erases a field does. */
  private async empty(stepId: StepId) {
    const { page } = this;
    this.emptied.add(stepId);
    switch (stepId) {
      case 'pre-registration':
        return this.trackId === 'migrate-company' ? page.getByLabel('CNPJ').clear() : page.getByLabel('Nome fantasia').clear();
      case 'partner-registration':
      case 'partner-registration-basic':
        return page.getByLabel('CPF').clear();
      case 'download-company-info':
        return page.getByLabel('Confirmo que os dados acima estão corretos.').uncheck();
      case 'migrate-accountant':
        return page.getByLabel('Última competência sob responsabilidade do contador anterior').clear();
      default:
        throw new Error(`No field to erase on ${stepId}`);
    }
  }

  /** The address by its CEP (the postal service fills the street), and the number. */
  private async address() {
    await this.page.getByLabel('CEP').pressSequentially('30130010');
    await this.page.getByLabel('Número').fill('1200');
    await expect(this.page.getByLabel('Cidade')).toHaveValue('Belo Horizonte');
  }

  /* ------------------------------------------------------------------ what the person sees */

  /** The page shows what the state means: the step, busy or not, its message and what it offers; the address. */
  private async expectScreen(state: AnyMachineSnapshot, i: number) {
    const { page } = this;
    const at = `${i}: ${JSON.stringify(state.value)}`;
    const context = state.context as WizardContext;
    const step = stepOf(state) as StepId | 'finished';
    const leaf = leafOf(state);
    const next = this.plan.path.steps[i + 1]?.event.type;

    if (leaf === 'operating') {
      // The company is active: the panel, with it.
      await expect(page, at).toHaveURL('/app/panel');
      return;
    }
    if (leaf === 'redirecting') {
      if (next === 'payment.retry') return; // refused at once; the plans come back (checked next)
      // The browser leaves for the provider's page.
      await expect(page, at).toHaveURL(/\/fakes\/payments\/checkout\//);
      await expect(page.getByText('Ambiente de testes'), at).toBeVisible();
      return;
    }
    await expect(page, at).toHaveURL(this.wizardPath);
    const main = page.getByRole('main');
    // (The step's own buttons are counted apart from the step list's: `button:not(aside button)`.)
    // The steps beside the form mark where the track stands (none once every step is done).
    const standing = context.track ? currentStep(context.track)?.stepId : TRACK_STEPS[this.trackId][0];
    const current = page.locator('aside[aria-label="Etapas"] [aria-current="step"]');
    if (standing) await expect(current, at).toContainText(`${STEP_LABEL[standing]} (etapa atual)`);
    else await expect(current, at).toHaveCount(0);
    if (step === 'finished') {
      await expect(main.getByRole('heading', { name: 'Recebemos tudo. Agora é com a gente!' }), at).toBeVisible();
      // The company waits for the team: its status is never "active" here (the panel takes over then).
      await expect(main.getByText('Situação atual:'), at).toContainText(new RegExp(WAITING_STATUSES.join('|')));
      await expect(main.locator('button:not(aside button)'), at).toHaveCount(0);
      return;
    }
    const screen = SCREEN[step];
    const heading =
      step === 'pre-registration' && this.trackId === 'migrate-company'
        ? MIGRATION_FIRST_HEADING
        : step === 'subscription' && (leaf === 'confirming' || leaf === 'slowConfirmation')
          ? 'Confirmando seu pagamento'
          : step === 'download-company-info' && leaf === 'unavailable'
            ? 'Dados na Receita Federal'
            : screen.heading;
    const submit = screen.submit ? main.getByRole('button', { name: submitLabel(state), exact: true }) : null;
    // "Voltar" where there is an earlier step that may still change; the notice on a step gone back to.
    const back = main.getByRole('button', { name: 'Voltar', exact: true });
    const backs = leaf !== 'loading' && leaf !== 'redirecting' && stepBefore(context) !== undefined;

    if (leaf === 'loading') {
      await expect(main.getByText('Consultando a Receita Federal…'), at).toBeVisible();
      await expect(main.locator('button:not(aside button)'), at).toHaveCount(0);
      return;
    }
    await expect(main.getByRole('heading', { name: heading, level: 2 }), at).toBeVisible();
    switch (leaf) {
      case 'confirming':
        await expect(main.getByText('Aguardando a confirmação do pagamento…'), at).toBeVisible();
        await expect(main.getByRole('button', { name: 'Pagar de novo' }), at).toHaveCount(0);
        return;
      case 'slowConfirmation':
        await expect(main.getByText('Ainda não recebemos a confirmação', { exact: false }), at).toBeVisible();
        await expect(main.getByRole('button', { name: 'Pagar de novo' }), at).toBeEnabled();
        return;
      case 'cnpjNotFound':
        // The customer decides: correct the number, or go on with it; the form's own button gives way to these.
        await expect(main.getByRole('alert'), at).toHaveText(CNPJ_NOT_FOUND.message);
        await expect(main.getByText(CNPJ_NOT_FOUND.field), at).toBeVisible();
        await expect(main.getByRole('button', { name: 'Corrigir o CNPJ' }), at).toBeEnabled();
        await expect(main.getByRole('button', { name: 'Continuar com este CNPJ' }), at).toBeEnabled();
        await expect(submit!, at).toHaveCount(0);
        return;
      case 'unavailable':
        await expect(main.getByRole('alert'), at).toHaveText(this.failure ?? '');
        await expect(main.getByRole('button', { name: 'Tentar de novo' }), at).toBeEnabled();
        await expect(main.getByRole('button', { name: 'Preencher os dados eu mesmo' }), at).toBeEnabled();
        return;
      case 'saving':
      case 'startingPayment':
        await expect(main.getByText('Abrindo a página de pagamento…'), at).toBeVisible();
        await expect(main.getByRole('button', { name: 'Ir para o pagamento' }), at).toHaveCount(0);
        return;
      case 'preparing':
      case 'submitting':
        await expect(submit!, at).toHaveAttribute('aria-busy', 'true');
        return;
    }
    await expect(back, at).toHaveCount(backs ? 1 : 0);
    if (step === 'awaiting-guide') {
      await expect(main.getByText('Verificando de tempos em tempos…'), at).toBeVisible();
      await expect(main.locator('button:not(aside button)'), at).toHaveCount(backs ? 1 : 0);
      return;
    }
    await expect(main.getByText('Você voltou a uma etapa já concluída', { exact: false }), at).toHaveCount(
      revisiting(context) ? 1 : 0,
    );
    // A form to fill (editing, failed, choosing): it can be sent, and says what went wrong, if anything did.
    await expect(submit!, at).toBeEnabled();
    await expect(submit!, at).not.toHaveAttribute('aria-busy', 'true');
    if (this.refusedToast && leaf === 'choosing') await expect(page.getByText(PAYMENT_PAGE_REFUSED), at).toBeVisible();
    const alert = main.getByRole('alert');
    if (context.error) {
      await expect(alert, at).toHaveText(context.error === PAYMENT_CANCELLED ? PAYMENT_CANCELLED : (this.failure ?? ''));
    } else if (Object.keys(context.fieldErrors).length > 0) {
      await expect(alert, at).toHaveText('Confira os campos destacados.');
    } else {
      await expect(alert, at).toHaveCount(0);
    }
  }
}

/** The label of the step's "send" button: "Salvar alterações" on a step gone back to. */
const submitLabel = (state: AnyMachineSnapshot) =>
  revisiting(state.context as WizardContext) ? 'Salvar alterações' : SCREEN[stepOf(state) as StepId].submit;

/** The session's transitions when the wizard's first step creates the company (e2e/session.model.spec.ts counts on them). */
export const SESSION_TRANSITIONS_OF_A_NEW_COMPANY = [
  'session.signedIn · session.refresh #0',
  'session.refreshingClaims · xstate.done.actor.refreshClaims #0',
];

const eventName = (event: EventObject) => event.type.replace('xstate.', '').replace('actor.', '');

/**
 * The browser suite of a wizard: that its paths pass every state and take every transition but those no browser can
 * cause; each path driven in Chromium, its wizard taking exactly the path's transitions (the app's transition log;
 * typing and checks of the track that find nothing new come as often as the person types and the page asks); and
 * that the browser took, in all, every transition the paths take.
 */
export function wizardModelSuite(trackId: TrackId, title: string) {
  const paths = browserPaths(trackId);
  const expected = transitionsTaken(trackId, paths);
  const transitions = allTransitions(MACHINE_MODELS[trackId].machine);
  const byKey = new Map(transitions.map((t) => [t.key, t]));
  const keyOfWizard = transitionKeyOf(MACHINE_MODELS[trackId].machine);
  const keyOf = (entry: LoggedTransition) => keyOfWizard(entry) ?? `(not in the machine) ${JSON.stringify(entry)}`;
  /** Transitions whose number depends on the person's typing and the page's timing, not on the path. */
  const repeatable = (key: string) => {
    const transition = byKey.get(key);
    return transition?.event === 'draft.change' || (transition?.event === 'track.updated' && !transition.targets.length);
  };
  const reached = new Set<string>();

  test(`the browser paths pass every state of the ${title} and take every transition but those no browser can cause`, () => {
    expect(statesLeftOut(trackId, paths)).toEqual([]);
    expect(transitionsLeftOut(trackId, paths)).toEqual(Object.keys(UNREACHABLE_IN_BROWSER[trackId]));
  });

  test.describe(`the ${title}, paths from its machine`, () => {
    // The last test counts what the others took: they run together, and are retried together.
    test.describe.configure({ mode: 'serial' });

    paths.forEach((plan, index) => {
      const events = plan.path.steps.slice(1).map((step) => eventName(step.event));
      test(`${index + 1}. ${plan.scenario.name}: ${events.join(' → ') || '(the start)'}`, async ({ page }) => {
        test.setTimeout(30_000 + 4_000 * events.length);
        const taken = (await new WizardDriver(page, trackId, plan).run()).map(keyOf);
        taken.forEach((key) => reached.add(key));
        const steady = (keys: string[]) => keys.filter((key) => !repeatable(key));
        expect(steady(taken), 'the wizard in the browser took the path’s transitions').toEqual(
          steady(pathTransitions(trackId, plan)),
        );
        if (
          plan.scenario.name === 'a newcomer' &&
          plan.path.steps.some((s) => s.event.type === 'xstate.done.actor.prepareCompany')
        ) {
          // The company the newcomer created: the session took a token with it in the claims, then loaded it.
          const sessionTaken = (await machineLog(page))
            .filter((entry) => entry.machine === 'session')
            .map(transitionKeyOf(sessionMachine));
          expect(sessionTaken, 'the session took the new claims').toEqual(
            expect.arrayContaining(SESSION_TRANSITIONS_OF_A_NEW_COMPANY),
          );
        }
      });
    });

    test('the browser took every transition these paths take', () => {
      expect([...expected].filter((key) => !reached.has(key))).toEqual([]);
    });
  });
}
