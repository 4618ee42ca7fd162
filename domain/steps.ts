import * as v from 'valibot';
import {
  ActivityCodeSchema,
  AddressSchema,
  CnpjSchema,
  CpfSchema,
  EmailSchema,
  OptionalEmailSchema,
  OptionalPhoneSchema,
  MobilePhoneSchema,
  optionalText,
  requiredText,
} from './brazil';
import type { Company } from './company';
import type { CompanySize, CompanyStatus, CompanyType, DocumentType, StepId, TrackId } from './enums';
import { BRANCH_TYPES, COMPANY_TYPES, MARITAL_STATUSES, PROPERTY_REGIMES } from './enums';
import { COMPANY_SIZE_LABEL, COMPANY_TYPE_LABEL, STEP_LABEL } from './labels';
import type { FieldErrors, FormDraft, ValidationResult } from './validation';
import { MonthKeySchema, validate } from './validation';
import { UuidSchema } from './fields';
import { onlyDigits } from './digits';
import type { Plan } from './plans';
import { PLANS } from './plans';
import type { Track, TrackStep } from './track';
import { TRACK_STEPS } from './track';

/* ---------------------------------------------------------------- who acts, and when a step is done */

export type StepActor = 'customer' | 'team';

/** Who fills each step: the customer, or the accounting team. */
export const STEP_ACTOR: Record<StepId, StepActor> = {
  'pre-registration': 'customer',
  'partner-registration': 'customer',
  'partner-registration-basic': 'customer',
  subscription: 'customer',
  'awaiting-guide': 'team',
  'upload-guide-receipt': 'customer',
  'download-company-info': 'customer',
  'migrate-accountant': 'customer',
};

/** A step is done when it is submitted, except the subscription, which is done when the payment is confirmed. */
export function completesOnSubmit(stepId: StepId): boolean {
  return stepId !== 'subscription';
}

/** The sizes a company can be opened with here (the product serves small businesses). */
export const OPENING_SIZES = ['MEI', 'ME', 'EPP'] as const satisfies readonly CompanySize[];

const MEI_NATURE = 'O MEI é sempre um empresário individual.';

/** Why a company's size and legal nature do not go together, or null: an MEI is always an individual entrepreneur. */
export function companyNatureProblem(size: CompanySize | null | undefined, type: CompanyType | null | undefined): string | null {
  return size === 'MEI' && type && type !== 'on_person' ? MEI_NATURE : null;
}

/* ---------------------------------------------------------------- payloads */

function ageOn(birthDate: string, today: Date): number {
  const [year, month, day] = birthDate.split('-').map(Number);
  let age = today.getUTCFullYear() - year;
  if (today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day)) age -= 1;
  return age;
}

/** A partner's birth date: an adult, and a plausible one, on `today`. */
const birthDateSchema = (today: Date) =>
  v.pipe(
    v.string('Informe a data de nascimento.'),
    v.isoDate('Data de nascimento inválida.'),
    v.check((date) => ageOn(date, today) >= 18, 'O sócio precisa ter pelo menos 18 anos.'),
    v.check((date) => ageOn(date, today) <= 120, 'Data de nascimento inválida.'),
  );

/** A percentage typed as "33,33" or given as a number. */
const ShareSchema = v.pipe(
  v.union([v.number(), v.string()], 'Informe a participação no capital.'),
  v.transform((value) => (typeof value === 'number' ? value : Number(value.trim().replace('%', '').replace(',', '.')))),
  v.number('Informe a participação no capital.'),
  v.minValue(0.01, 'A participação deve ser entre 0,01% e 100%.'),
  v.maxValue(100, 'A participação deve ser entre 0,01% e 100%.'),
);

export const OpeningPreRegistrationSchema = v.pipe(
  v.object({
    type: v.picklist(COMPANY_TYPES, 'Escolha a natureza jurídica.'),
    size: v.picklist(OPENING_SIZES, 'Escolha o porte da empresa.'),
    /** What the customer said the business does, in their own words. */
    intent: optionalText(500),
    mainActivity: ActivityCodeSchema,
    secondaryActivities: v.optional(
      v.pipe(v.array(ActivityCodeSchema), v.maxLength(20, 'Escolha no máximo 20 atividades secundárias.')),
      [],
    ),
    alias: requiredText('Informe o nome fantasia.', 60),
    /** The company name wanted at the Junta Comercial, when the customer has one in mind. */
    name: optionalText(150),
    address: AddressSchema,
    branchType: v.optional(v.picklist(BRANCH_TYPES), 'matriz'),
  }),
  // Partial checks: each rule across fields speaks as soon as its own fields are right, beside the other messages.
  v.forward(
    v.partialCheck([['type'], ['size']], ({ type, size }) => companyNatureProblem(size, type) === null, MEI_NATURE),
    ['type'],
  ),
  v.forward(
    v.partialCheck(
      [['mainActivity'], ['secondaryActivities']],
      ({ mainActivity, secondaryActivities }) => !secondaryActivities.includes(mainActivity),
      'A atividade principal não pode se repetir nas secundárias.',
    ),
    ['secondaryActivities'],
  ),
  v.forward(
    v.partialCheck(
      [['secondaryActivities']],
      ({ secondaryActivities }) => new Set(secondaryActivities).size === secondaryActivities.length,
      'Há atividades secundárias repetidas.',
    ),
    ['secondaryActivities'],
  ),
);
export type OpeningPreRegistration = v.InferOutput<typeof OpeningPreRegistrationSchema>;

export const MigrationPreRegistrationSchema = v.object({
  cnpj: CnpjSchema,
  /**
   * The Receita Federal does not know the CNPJ and the customer confirmed it anyway: the company's data are typed by
   * hand, and the team checks them (`CNPJ_NOT_FOUND`).
   */
  cnpjNotFoundConfirmed: v.optional(v.boolean()),
  currentAccountant: v.object({
    name: requiredText('Informe o nome do contador ou do escritório atual.', 150),
    email: OptionalEmailSchema,
    phone: OptionalPhoneSchema,
  }),
  /** Why the customer is changing accountant: helps the team plan the move. */
  reason: optionalText(500),
});
export type MigrationPreRegistration = v.InferOutput<typeof MigrationPreRegistrationSchema>;

/** A partner of an opening; ages are reckoned on `today`. */
export const partnerSchema = (today: Date) =>
  v.pipe(
    v.object({
      name: requiredText('Informe o nome completo.', 150),
      cpf: CpfSchema,
      birthDate: birthDateSchema(today),
      maritalStatus: v.picklist(MARITAL_STATUSES, 'Informe o estado civil.'),
      propertyRegime: v.optional(v.picklist(PROPERTY_REGIMES, 'Informe o regime de bens.')),
      share: ShareSchema,
      email: EmailSchema,
      phone: MobilePhoneSchema,
      address: AddressSchema,
    }),
    // A partial check runs even while other fields are still wrong, so the regime is asked for with them at once.
    v.forward(
      v.partialCheck(
        [['maritalStatus'], ['propertyRegime']],
        (partner) => partner.maritalStatus !== 'married' || partner.propertyRegime !== undefined,
        'Informe o regime de bens.',
      ),
      ['propertyRegime'],
    ),
    // The property regime only means something for a married partner.
    v.transform((partner) => (partner.maritalStatus === 'married' ? partner : { ...partner, propertyRegime: undefined })),
  );
export type Partner = v.InferOutput<ReturnType<typeof partnerSchema>>;

const uniqueCpfs = (partners: { cpf: string }[]) => new Set(partners.map((p) => p.cpf)).size === partners.length;

/** The shares of capital may differ by rounding (three partners of 33,33 %). */
export const SHARE_TOLERANCE = 0.02;
export const sharesTotal = (partners: { share: number }[]) => partners.reduce((sum, p) => sum + p.share, 0);

/** The partners of an opening; ages are reckoned on `today`. */
export const partnerRegistrationSchema = (today: Date) =>
  v.pipe(
    v.object({
      partners: v.pipe(
        v.array(partnerSchema(today), 'Cadastre pelo menos um sócio.'),
        v.minLength(1, 'Cadastre pelo menos um sócio.'),
        v.maxLength(20, 'Cadastre no máximo 20 sócios.'),
      ),
    }),
    v.forward(
      v.partialCheck([['partners', '$', 'cpf']], ({ partners }) => uniqueCpfs(partners), 'Há CPFs repetidos entre os sócios.'),
      ['partners'],
    ),
    v.forward(
      v.partialCheck(
        [['partners', '$', 'share']],
        ({ partners }) => Math.abs(sharesTotal(partners) - 100) <= SHARE_TOLERANCE,
        'A soma das participações deve ser 100%.',
      ),
      ['partners'],
    ),
  );
export type PartnerRegistration = v.InferOutput<ReturnType<typeof partnerRegistrationSchema>>;

export const BasicPartnerSchema = v.object({
  name: requiredText('Informe o nome completo.', 150),
  cpf: CpfSchema,
  email: EmailSchema,
  phone: MobilePhoneSchema,
});

export const PartnerRegistrationBasicSchema = v.pipe(
  v.object({
    partners: v.pipe(
      v.array(BasicPartnerSchema, 'Cadastre pelo menos um sócio.'),
      v.minLength(1, 'Cadastre pelo menos um sócio.'),
      v.maxLength(20, 'Cadastre no máximo 20 sócios.'),
    ),
  }),
  v.forward(
    v.partialCheck([['partners', '$', 'cpf']], ({ partners }) => uniqueCpfs(partners), 'Há CPFs repetidos entre os sócios.'),
    ['partners'],
  ),
);
export type PartnerRegistrationBasic = v.InferOutput<typeof PartnerRegistrationBasicSchema>;

const PLAN_IDS = PLANS.map((plan) => plan.id) as [string, ...string[]];
export const SubscriptionStepSchema = v.object({ planId: v.picklist(PLAN_IDS, 'Escolha um plano.') });

/** The team attaches the registration-fee guide for the customer to pay. */
export const AwaitingGuideSchema = v.object({
  documentId: UuidSchema('Anexe a guia.'),
  dueDate: v.optional(v.pipe(v.string(), v.isoDate('Data de vencimento inválida.'))),
  amountCents: v.optional(v.pipe(v.number('Valor inválido.'), v.integer('Valor inválido.'), v.minValue(0, 'Valor inválido.'))),
  instructions: optionalText(500),
});

export const UploadGuideReceiptSchema = v.object({
  documentId: UuidSchema('Envie o comprovante de pagamento da guia.'),
});

/** The customer confirms (or corrects) what the Receita Federal has on the company. */
export const DownloadCompanyInfoSchema = v.object({
  confirmed: v.literal(true, 'Confirme que os dados estão corretos.'),
  name: requiredText('Informe a razão social.', 150),
  alias: optionalText(60),
  mainActivity: ActivityCodeSchema,
  secondaryActivities: v.optional(v.array(ActivityCodeSchema), []),
  address: AddressSchema,
  corrections: optionalText(1000),
});

/** What the previous accountant hands over when a company changes accountant. */
export const HANDOVER_ITEMS = ['digital-certificate', 'city-portal-access', 'distrato', 'balance-sheet', 'payroll'] as const;
export type HandoverItem = (typeof HANDOVER_ITEMS)[number];

/** The kind of document each handover item is stored as (the team finds it under its own name). */
export const HANDOVER_DOCUMENT_TYPE = {
  'digital-certificate': 'certificado_digital',
  'city-portal-access': 'acesso_prefeitura',
  distrato: 'distrato',
  'balance-sheet': 'balanco_ecd',
  payroll: 'folha_pagamento',
} as const satisfies Record<HandoverItem, DocumentType>;

export const HANDOVER_ITEM_LABEL: Record<HandoverItem, { title: string; help: string }> = {
  'digital-certificate': {
    title: 'Certificado digital (e-CNPJ)',
    help: 'Envie o arquivo A1 (.pfx) ou combine a entrega do token/cartão A3.',
  },
  'city-portal-access': {
    title: 'Acesso ao portal da prefeitura',
    help: 'Usuário da nota fiscal de serviço. Não escreva senhas aqui: nossa equipe pede por um canal seguro.',
  },
  distrato: {
    title: 'Distrato com o contador anterior',
    help: 'O documento que encerra o contrato e fixa a última competência sob responsabilidade dele.',
  },
  'balance-sheet': { title: 'Balanço e ECD', help: 'Último balanço patrimonial e a escrituração contábil digital entregue.' },
  payroll: { title: 'Folha de pagamento', help: 'Histórico da folha, férias e rescisões, se a empresa tem funcionários.' },
};

export const HANDOVER_DELIVERIES = ['will-send', 'with-previous-accountant', 'not-applicable'] as const;
export type HandoverDelivery = (typeof HANDOVER_DELIVERIES)[number];
export const HANDOVER_DELIVERY_LABEL: Record<HandoverDelivery, string> = {
  'will-send': 'Vou enviar depois',
  'with-previous-accountant': 'O contador anterior vai entregar',
  'not-applicable': 'Não se aplica',
};

const HandoverItemSchema = v.pipe(
  v.object({
    documentId: v.optional(UuidSchema('Arquivo inválido.')),
    delivery: v.optional(v.picklist(HANDOVER_DELIVERIES, 'Diga como o documento será entregue.')),
  }),
  v.check(
    (item) => item.documentId !== undefined || item.delivery !== undefined,
    'Envie o arquivo ou diga como ele será entregue.',
  ),
);

export const MigrateAccountantSchema = v.object({
  certificateKind: v.picklist(['A1', 'A3', 'none'], 'Informe o tipo do certificado digital.'),
  /** The last month (YYYY-MM) the previous accountant answers for. */
  lastResponsibleMonth: MonthKeySchema('Informe a última competência do contador anterior.'),
  items: v.object(
    Object.fromEntries(HANDOVER_ITEMS.map((item) => [item, HandoverItemSchema])) as Record<
      HandoverItem,
      typeof HandoverItemSchema
    >,
  ),
  previousAccountant: v.object({
    name: requiredText('Informe o nome do contador ou do escritório anterior.', 150),
    email: OptionalEmailSchema,
    phone: OptionalPhoneSchema,
  }),
  notes: optionalText(1000),
});
export type MigrateAccountant = v.InferOutput<typeof MigrateAccountantSchema>;

export type AwaitingGuide = v.InferOutput<typeof AwaitingGuideSchema>;

/**
 * Each step's payload schema on each track: the one definition of what a step takes, which the wizard's forms and
 * machine check before sending, the server checks again and stores, and the screens read back. Partners' ages are
 * reckoned on `today`.
 */
export function stepSchemas(today: Date) {
  return {
    'create-company': {
      'pre-registration': OpeningPreRegistrationSchema,
      'partner-registration': partnerRegistrationSchema(today),
      subscription: SubscriptionStepSchema,
      'awaiting-guide': AwaitingGuideSchema,
      'upload-guide-receipt': UploadGuideReceiptSchema,
    },
    'migrate-company': {
      'pre-registration': MigrationPreRegistrationSchema,
      'partner-registration-basic': PartnerRegistrationBasicSchema,
      subscription: SubscriptionStepSchema,
      'download-company-info': DownloadCompanyInfoSchema,
      'migrate-accountant': MigrateAccountantSchema,
    },
  } as const satisfies { [T in TrackId]: Record<(typeof TRACK_STEPS)[T][number], v.GenericSchema> };
}

type StepSchemas = ReturnType<typeof stepSchemas>;
type SchemaOf<T extends TrackId, S extends StepOf<T>> = StepSchemas[T][S] extends infer X extends v.GenericSchema ? X : never;

/** The steps of one track. */
export type StepOf<T extends TrackId> = keyof StepSchemas[T] & StepId;

/** A step's payload as validated and stored in the track. */
export type StepPayload<T extends TrackId, S extends StepOf<T>> = v.InferOutput<SchemaOf<T, S>>;

/** What a step takes as typed into its form (numbers may still be text: "33,33"). */
export type StepInput<T extends TrackId, S extends StepOf<T>> = v.InferInput<SchemaOf<T, S>>;

/** A payload that passed its step's schema, tagged with its track and step so that code can narrow on them. */
export type ParsedStep = {
  [T in TrackId]: { [S in StepOf<T>]: { trackId: T; stepId: S; value: StepPayload<T, S> } }[StepOf<T>];
}[TrackId];

/** The payload schema of a step on a track (pre-registration differs between opening and migration). */
export function stepSchema(trackId: TrackId, stepId: StepId, today: Date): v.GenericSchema {
  const schemas: Partial<Record<StepId, v.GenericSchema>> = stepSchemas(today)[trackId];
  const schema = schemas[stepId];
  if (!schema) throw new Error(`Step ${stepId} is not on the ${trackId} track`);
  return schema;
}

/** Checks a step's payload with its schema: the typed payload, or the messages by field. */
export function parseStep(trackId: TrackId, stepId: StepId, payload: unknown, today: Date): ValidationResult<ParsedStep> {
  const result = validate(stepSchema(trackId, stepId, today), payload);
  return result.ok ? { ok: true, value: { trackId, stepId, value: result.value } as ParsedStep } : result;
}

/**
 * A submitted step's payload on a track of this kind, or null (not submitted yet, recorded without its data as the
 * demo's older companies are, or another kind of track). The server stores only payloads that passed `parseStep`, so
 * the stored JSON is the step's payload type.
 */
export function stepPayload<T extends TrackId, S extends StepOf<T>>(
  track: Track | null | undefined,
  trackId: T,
  stepId: S,
): StepPayload<T, S> | null {
  if (track?.trackId !== trackId) return null;
  const payload = track.steps.find((step) => step.stepId === stepId)?.payload;
  return (payload ?? null) as StepPayload<T, S> | null;
}

/** What `POST /companies/{id}/steps/{stepId}` answers. */
export interface SubmittedStep {
  track: Track;
  company: Company;
  /** The subscription a subscription step created, to be paid next. */
  subscription?: { id: string; planId: string; status: string; priceCents: number };
}

/* ---------------------------------------------------------------- what a form holds while the customer types */

/** What a form keeps beside a step's fields: the chosen activities' details, the names of the files sent. */
interface DraftExtras {
  'pre-registration': { activities?: ActivityChoice[] };
  'upload-guide-receipt': { fileName?: string };
  'migrate-accountant': { items?: Partial<Record<HandoverItem, { fileName?: string }>> };
}

type InputOfAnyTrack<S extends StepId> = {
  [T in TrackId]: S extends StepOf<T> ? StepInput<T, S> : never;
}[TrackId];

/** A step's form as the customer left it: any part of what the step takes (on either track), and its extras. */
export type StepDraft<S extends StepId> = FormDraft<InputOfAnyTrack<S>> &
  (S extends keyof DraftExtras ? DraftExtras[S] : unknown);

/** Every step's draft, as the wizard keeps them. */
export type StepDrafts = { [S in StepId]?: StepDraft<S> };

/* ---------------------------------------------------------------- rules across steps */

/** Individual entrepreneurs and SLUs have one owner; an LTDA needs two or more (docs/machines.md single-partner rule). */
export function partnerCountProblem(type: CompanyType | null | undefined, count: number): string | null {
  if (type === 'on_person' || type === 'private_limited') {
    return count === 1 ? null : 'Empresário individual e SLU têm um único titular: cadastre só uma pessoa.';
  }
  if (type === 'limited_liability') return count >= 2 ? null : 'Uma sociedade limitada (LTDA) precisa de pelo menos dois sócios.';
  return null;
}

/** Whether a plan serves a company of this size. */
export function planSizeProblem(plan: Plan, size: CompanySize | null | undefined): string | null {
  if (!size || plan.sizes.includes(size)) return null;
  return `O plano ${plan.name} não atende ${COMPANY_SIZE_LABEL[size]}.`;
}

/**
 * Whether a plan serves this company: its size, and its legal nature where the size is not known (an LTDA is never
 * an MEI). The same rule for an opening, where the customer chose both, and a migration, where the Receita Federal's
 * record gives them.
 */
export function planFitProblem(plan: Plan, company: { size?: CompanySize | null; type?: CompanyType | null }): string | null {
  const sizeProblem = planSizeProblem(plan, company.size);
  if (sizeProblem) return sizeProblem;
  const { type } = company;
  if (!type) return null;
  const sizes = company.size ? [company.size] : plan.sizes;
  return sizes.some((size) => companyNatureProblem(size, type) === null)
    ? null
    : `O plano ${plan.name} não atende ${COMPANY_TYPE_LABEL[type]}.`;
}

/** The plans this company may choose. */
export function plansFor(company: { size?: CompanySize | null; type?: CompanyType | null }): Plan[] {
  return PLANS.filter((plan) => planFitProblem(plan, company) === null);
}

/** An MEI may only have activities the MEI rules allow. */
export function meiActivityProblem(
  size: CompanySize | null | undefined,
  activities: { code: string; formatted?: string; isAllowedMei: boolean }[],
): string | null {
  if (size !== 'MEI') return null;
  const refused = activities.find((activity) => !activity.isAllowedMei);
  return refused ? `A atividade ${refused.formatted ?? refused.code} não é permitida para o MEI.` : null;
}

/* ---------------------------------------------------------------- moving along a track */

export interface StepRefusal {
  status: 403 | 404 | 409;
  message: string;
}

/** The steps of a track kind, all pending: a track as it starts. */
export function newTrack(trackId: TrackId): Track {
  return {
    trackId,
    status: 'pending',
    steps: TRACK_STEPS[trackId].map((stepId, i) => ({ stepId, status: i === 0 ? 'in_progress' : 'pending', payload: null })),
  };
}

/** The steps whose data fix the charge: the company's size (and so its plan), and the plan. */
export const CHARGE_STEPS: readonly StepId[] = ['pre-registration', 'subscription'];

/** Whether the track's payment is confirmed: its subscription step is done. */
export const isTrackPaid = (track: Track): boolean =>
  track.steps.some((step) => step.stepId === 'subscription' && step.status === 'done');

/**
 * The steps the customer may go back to and change (spec: going back in the wizards): their own steps already done,
 * while the track is not — before the payment every one of them, after it those that no longer affect the charge.
 */
export function revisableSteps(track: Track): StepId[] {
  if (track.status === 'done') return [];
  const paid = isTrackPaid(track);
  return track.steps
    .filter((step) => step.status === 'done' && STEP_ACTOR[step.stepId] === 'customer')
    .filter((step) => !(paid && CHARGE_STEPS.includes(step.stepId)))
    .map((step) => step.stepId);
}

/**
 * Why this step may not be submitted now, or null: steps go in order, team steps are the team's, and a step already
 * done may be sent again only while it is revisable.
 */
export function stepSubmissionRefusal(track: Track, stepId: StepId, actor: StepActor): StepRefusal | null {
  const step = track.steps.find((s) => s.stepId === stepId);
  if (!step) return { status: 404, message: 'Esta etapa não faz parte da jornada desta empresa.' };
  if (STEP_ACTOR[stepId] === 'team' && actor !== 'team') return { status: 403, message: 'Esta etapa é feita pela nossa equipe.' };
  if (track.status === 'done') return { status: 409, message: 'A jornada desta empresa já foi concluída.' };
  if (step.status === 'done') {
    if (actor === 'customer' && revisableSteps(track).includes(stepId)) return null;
    return {
      status: 409,
      message: CHARGE_STEPS.includes(stepId)
        ? 'Esta etapa já foi paga e não pode mais ser alterada. Fale com a nossa equipe para mudar.'
        : 'Esta etapa já foi concluída.',
    };
  }
  const current = track.steps.find((s) => s.status !== 'done');
  if (current && current.stepId !== stepId) {
    return { status: 409, message: `Conclua a etapa "${STEP_LABEL[current.stepId]}" antes desta.` };
  }
  return null;
}

/**
 * The track after a step already done is sent again: it keeps the new payload; before the payment the steps after it
 * are to be confirmed again (their data kept), since they may rest on what changed — after it nothing else moves.
 */
export function trackAfterRevision(track: Track, stepId: StepId, payload: Record<string, unknown>): Track {
  const at = track.steps.findIndex((s) => s.stepId === stepId);
  const reopen = !isTrackPaid(track);
  const steps: TrackStep[] = track.steps.map((s, i) =>
    i === at ? { ...s, payload } : reopen && i > at && s.status !== 'pending' ? { ...s, status: 'pending' } : s,
  );
  return withProgress({ ...track, steps });
}

/**
 * The track after a step is submitted: the step keeps its payload and is done (or stays in progress when it waits
 * for something else, like a payment); the next step starts; the track is done after its last step.
 */
export function trackAfterSubmission(track: Track, stepId: StepId, payload: Record<string, unknown>, done: boolean): Track {
  const steps: TrackStep[] = track.steps.map((s) =>
    s.stepId === stepId ? { ...s, payload, status: done ? 'done' : 'in_progress' } : s,
  );
  return withProgress({ ...track, steps });
}

/** The track after a step that was waiting (a payment) is confirmed. */
export function trackAfterCompletion(track: Track, stepId: StepId): Track {
  const steps: TrackStep[] = track.steps.map((s) => (s.stepId === stepId ? { ...s, status: 'done' } : s));
  return withProgress({ ...track, steps });
}

function withProgress(track: Track): Track {
  const firstOpen = track.steps.findIndex((s) => s.status !== 'done');
  const steps: TrackStep[] = track.steps.map((s, i) =>
    i === firstOpen && s.status === 'pending' ? { ...s, status: 'in_progress' } : s,
  );
  const status = firstOpen === -1 ? 'done' : steps.some((s) => s.status === 'done' || s.payload) ? 'in_progress' : 'pending';
  return { ...track, steps, status };
}

/** The company status once the customer has paid: the team takes over (pending → awaiting opening | migrating). */
export function statusAfterPayment(trackId: TrackId): CompanyStatus {
  return trackId === 'create-company' ? 'awaiting_opening' : 'migrating';
}

/* ---------------------------------------------------------------- what a form still needs */

/** Details of a chosen activity kept beside its code, so the form can show it and check the MEI rule. */
export interface ActivityChoice {
  code: string;
  formatted: string;
  text: string;
  isAllowedMei: boolean;
}

/**
 * The activities a company's data hold, main first, as the form shows them: the codes of the step are what counts;
 * each comes with its details when the form has them (`activities`, or `known` rows fetched since). A step read back
 * from the server has its codes only: `missing` names the ones whose details are still to be fetched, so the form
 * never shows "none" for activities the step still holds (docs/features.md, "Going back").
 */
export function chosenActivities(
  draft: { mainActivity?: string; secondaryActivities?: string[]; activities?: ActivityChoice[] } | undefined,
  known: readonly ActivityChoice[] = [],
): { chosen: ActivityChoice[]; missing: string[] } {
  const codes = [draft?.mainActivity, ...(draft?.secondaryActivities ?? [])]
    .map((code) => onlyDigits(code ?? ''))
    .filter((code, i, all) => code !== '' && all.indexOf(code) === i);
  const details = [...(draft?.activities ?? []), ...known];
  const chosen: ActivityChoice[] = [];
  const missing: string[] = [];
  for (const code of codes) {
    const found = details.find((activity) => onlyDigits(activity.code) === code);
    if (found) chosen.push(found);
    else missing.push(code);
  }
  return { chosen, missing };
}

/**
 * Everything wrong with a step's form before it is sent: the schema's messages, then the rules across steps that
 * the browser can check (the server checks them again).
 */
export function stepProblems(
  trackId: TrackId,
  stepId: StepId,
  draft: StepDraft<StepId> | undefined,
  track: Track | null,
  today: Date,
): FieldErrors {
  // An untouched form is an empty one: every field then says what it needs.
  const parsed = parseStep(trackId, stepId, draft ?? {}, today);
  if (!parsed.ok) return parsed.fields;
  const step = parsed.value;
  if (step.trackId === 'create-company' && step.stepId === 'pre-registration') {
    const { mainActivity, secondaryActivities, size } = step.value;
    const problem = meiActivityProblem(size, chosenActivities({ mainActivity, secondaryActivities, ...draft }).chosen);
    if (problem) return { mainActivity: problem };
  }
  if (step.trackId === 'create-company' && step.stepId === 'partner-registration') {
    const problem = partnerCountProblem(
      stepPayload(track, 'create-company', 'pre-registration')?.type,
      step.value.partners.length,
    );
    if (problem) return { partners: problem };
  }
  return {};
}
