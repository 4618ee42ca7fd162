import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';
import * as v from 'valibot';
import { ActivityCodeSchema, OptionalEmailSchema, requiredText } from './brazil';
import { MAX_PAGE_SIZE, PAGE_SIZE } from './constants';
import { daysInMonth, monthKey, saoPauloDate, saoPauloDay } from './dates';
import { normalizeCnpj, onlyDigits } from './digits';
import type { NfsRequestStatus } from './enums';
import { isNationalServiceCodeShape } from './fiscalProfile';
import type { NfseEmissionView } from './nfseEmission';
import { NFS_REQUEST_STATUSES } from './enums';
import type { NfsNoNifReason, TakerAddress } from './nfsTaker';
import { NifSchema, NoNifReasonSchema, TAKER_MESSAGES, TakerAddressInputSchema, takerCheck, takerOf } from './nfsTaker';
import { paginationQuery, searchText } from './pagination';
import { addMonths } from './taxes/periods';
import { MonthKeySchema } from './validation';
import { CompanyIdSchema } from './fields';

/** Who took the service: a company (CNPJ), a person (CPF), or someone abroad (with a NIF, or the reason for none). */
export const NFS_EMISSION_TYPES = ['cnpj', 'cpf', 'foreign'] as const;
export type NfsEmissionType = (typeof NFS_EMISSION_TYPES)[number];

export const NFS_REQUEST_STATUS_LABEL: Record<NfsRequestStatus, string> = {
  requested: 'Solicitada',
  processing: 'Em emissão',
  issued: 'Emitida',
  rejected: 'Recusada',
  cancelled: 'Cancelada',
};

/**
 * The moves of an invoice request: requested → processing (the team is issuing it) → issued, or rejected (with a
 * reason) from requested or processing; processing may go back to requested; an issued invoice may be cancelled.
 * `machines/nfsRequest.machine.ts` is drawn from this table; the server accepts only these changes and the team's
 * screen offers only these.
 */
export const NFS_REQUEST_TRANSITIONS: Readonly<Record<NfsRequestStatus, readonly NfsRequestStatus[]>> = {
  requested: ['processing', 'rejected'],
  processing: ['issued', 'rejected', 'requested'],
  issued: ['cancelled'],
  rejected: [],
  cancelled: [],
};

/** The statuses a request may move to from where it is. */
export function nextNfsStatuses(status: NfsRequestStatus): NfsRequestStatus[] {
  return NFS_REQUEST_STATUSES.filter((next) => NFS_REQUEST_TRANSITIONS[status].includes(next));
}

/** Why a change is refused, in Portuguese, or null. */
export function nfsStatusChangeRefusal(from: NfsRequestStatus, to: NfsRequestStatus): string | null {
  if (NFS_REQUEST_TRANSITIONS[from].includes(to)) return null;
  if (from === to) return `A nota já está como "${NFS_REQUEST_STATUS_LABEL[to]}".`;
  return `Não é possível mudar a nota de "${NFS_REQUEST_STATUS_LABEL[from]}" para "${NFS_REQUEST_STATUS_LABEL[to]}".`;
}

/** A request may be deleted by the customer while the team has not started on it, or after it was refused. */
export function canDeleteNfsRequest(status: NfsRequestStatus): boolean {
  return status === 'requested' || status === 'rejected';
}

/** Schedules a company may keep: its list answers them all in one page. */
export const MAX_SCHEDULES_PER_COMPANY = MAX_PAGE_SIZE;
/** The team's list of every company's active schedules, a page at a time. */
export const ActiveSchedulesQuerySchema = v.object(paginationQuery(MAX_PAGE_SIZE));

export const NFS_MESSAGES = {
  requestNotFound: 'Solicitação de nota não encontrada.',
  tooManySchedules: `Esta empresa já tem ${MAX_SCHEDULES_PER_COMPANY} agendamentos, o limite. Apague ou reaproveite um deles.`,
  cnpjRequired: 'CNPJ precisa ser definido.',
  cpfRequired: 'CPF precisa ser definido.',
  minValue: 'Valor precisa ser maior ou igual a 1 real.',
  dayOfMonth: 'Dia do mês precisa ser entre 1 e 12.',
  serviceCode: 'Escolha o serviço na lista de serviços da empresa.',
  serviceNotOffered: 'Este serviço não está entre os serviços da empresa: escolha um da lista.',
  notCorrectable: 'Só uma solicitação ainda não enviada ao Sistema Nacional pode ser corrigida.',
  alreadySigned: 'A DPS desta solicitação já foi assinada e pode ter sido enviada: ela não pode mais ser corrigida.',
} as const;

/** The minimum invoice value, in reais (docs/rules.md). */
export const MIN_INVOICE_VALUE = 1;
/** A ceiling against typing mistakes (an extra zero or two). */
export const MAX_INVOICE_VALUE = 10_000_000;

/** A value in reais, typed as "1.500,50" or given as a number. */
const TotalValueSchema = v.pipe(
  v.union([v.number(), v.string()], NFS_MESSAGES.minValue),
  v.transform((value) => (typeof value === 'number' ? value : Number(value.trim().replace(/\./g, '').replace(',', '.')))),
  v.number(NFS_MESSAGES.minValue),
  v.minValue(MIN_INVOICE_VALUE, NFS_MESSAGES.minValue),
  v.maxValue(MAX_INVOICE_VALUE, 'Valor acima do permitido para uma nota. Confira o número.'),
);

const optionalDocument = v.optional(v.pipe(v.string(), v.trim()));

/** What the customer tells about the service and who took it, shared by requests and schedules. */
const invoiceFields = {
  emissionType: v.picklist(NFS_EMISSION_TYPES, TAKER_MESSAGES.emissionType),
  cnpj: optionalDocument,
  cpf: optionalDocument,
  /** A tomador abroad: its tax id there, or why it has none. */
  nif: NifSchema,
  noNifReason: NoNifReasonSchema,
  /** In Brazil optional (required when the ISS is withheld), abroad required: see domain/nfsTaker.ts. */
  customerAddress: v.optional(TakerAddressInputSchema, {}),
  totalValue: TotalValueSchema,
  customerName: requiredText('Informe o nome ou a razão social do tomador.', 150),
  /** Where the tomador receives a copy. */
  customerEmail: OptionalEmailSchema,
  description: requiredText('Descreva o serviço prestado.', 2000),
  /** The company's activity (CNAE subclass) the service belongs to. */
  activity: v.optional(ActivityCodeSchema),
  /** The item of the municipal service list (LC 116/2003), e.g. "1.07". */
  serviceItem: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^(\d{1,2}\.\d{2})?$/, 'Item da lista de serviços inválido (ex.: 1.07).'),
      v.transform((value) => value || undefined),
    ),
  ),
  /** The service (national code, cTribNac) chosen among the company's own (its fiscal profile); none: the main one. */
  serviceCode: v.optional(
    v.pipe(
      v.string(NFS_MESSAGES.serviceCode),
      v.transform(onlyDigits),
      v.check((code) => code === '' || isNationalServiceCodeShape(code), NFS_MESSAGES.serviceCode),
      v.transform((code) => code || undefined),
    ),
  ),
  /** Whether the tomador withholds the ISS. */
  issWithheld: v.optional(v.boolean('Informe se o ISS é retido.'), false),
};

type DocumentFields = { emissionType: NfsEmissionType; cnpj?: string; cpf?: string; nif?: string };

/**
 * docs/rules.md: the document of the chosen type is required ("CNPJ precisa ser definido."), then it must be valid. Partial
 * checks, so these messages show together with those of the other fields.
 */
const cnpjGiven = (input: DocumentFields) => input.emissionType !== 'cnpj' || !!input.cnpj;
const cpfGiven = (input: DocumentFields) => input.emissionType !== 'cpf' || !!input.cpf;
const cnpjValid = (input: DocumentFields) =>
  input.emissionType !== 'cnpj' || !input.cnpj || isValidCnpj(normalizeCnpj(input.cnpj), { version: 2 });
const cpfValid = (input: DocumentFields) => input.emissionType !== 'cpf' || !input.cpf || isValidCpf(onlyDigits(input.cpf));

const DOCUMENT_RULES = [
  { field: 'cnpj', given: cnpjGiven, valid: cnpjValid, required: NFS_MESSAGES.cnpjRequired, invalid: 'CNPJ inválido.' },
  { field: 'cpf', given: cpfGiven, valid: cpfValid, required: NFS_MESSAGES.cpfRequired, invalid: 'CPF inválido.' },
] as const;

/**
 * The document's rules above, each message on its own field, for a request and a schedule alike. Like a partial
 * check, a rule is skipped while the type or its own field already has a message, and the rest of the form's messages
 * still show with it.
 */
function documentCheck<T extends DocumentFields>() {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    // Not an object at all (a body of `null`, a number): the object schema already said so.
    if (typeof dataset.value !== 'object' || dataset.value === null) return;
    const failed = new Set(dataset.issues?.map((issue) => String(issue.path?.[0]?.key)));
    if (failed.has('emissionType')) return;
    const input = dataset.value as DocumentFields;
    for (const { field, given, valid, required, invalid } of DOCUMENT_RULES) {
      const message = failed.has(field) ? null : !given(input) ? required : !valid(input) ? invalid : null;
      const item = { type: 'object' as const, origin: 'value' as const, input, key: field, value: input[field] };
      if (message) addIssue({ message, path: [item] as never });
    }
  });
}

/**
 * Keeps only the document of the chosen type, as stored (digits; the CNPJ upper-cased; the NIF as typed), and the
 * tomador's address in the shape of its kind (`taker`).
 */
const normalizeDocument = <T extends DocumentFields & Parameters<typeof takerOf>[0]>(input: T) => {
  const { nif: _nif, noNifReason: _reason, customerAddress: _address, ...rest } = input;
  return {
    ...rest,
    cnpj: input.emissionType === 'cnpj' ? normalizeCnpj(input.cnpj!) : undefined,
    cpf: input.emissionType === 'cpf' ? onlyDigits(input.cpf!) : undefined,
    taker: takerOf(input),
  };
};

const CompetenceSchema = MonthKeySchema('Informe o mês de competência.');

/** docs/rules.md invoice request: `POST /nfs/requests?companyId`. */
export const NfsRequestSchema = v.pipe(
  v.object({
    ...invoiceFields,
    /** The month the service belongs to (YYYY-MM). */
    competence: CompetenceSchema,
  }),
  documentCheck(),
  takerCheck(),
  v.transform((input) => normalizeDocument(input)),
);
export type NfsRequestInput = v.InferOutput<typeof NfsRequestSchema>;

/**
 * What the team corrects on a request before emitting it (a service the customer chose wrong, a typo in the
 * description, the value, the month): all four as they should be; `serviceCode` '' for the company's main service.
 */
export const NfsRequestCorrectionSchema = v.object({
  serviceCode: v.pipe(
    v.optional(v.string(NFS_MESSAGES.serviceCode), ''),
    v.transform(onlyDigits),
    v.check((code) => code === '' || isNationalServiceCodeShape(code), NFS_MESSAGES.serviceCode),
  ),
  description: invoiceFields.description,
  totalValue: TotalValueSchema,
  competence: CompetenceSchema,
});
export type NfsRequestCorrection = v.InferOutput<typeof NfsRequestCorrectionSchema>;

/**
 * docs/rules.md invoice schedule. The original rule on the day of the month could never fail; this one is enforced:
 * the team issues the month's invoices in its first twelve days.
 */
const DayOfMonthSchema = v.pipe(
  v.union([v.number(), v.string()], NFS_MESSAGES.dayOfMonth),
  v.transform((value) => (typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value))),
  v.number(NFS_MESSAGES.dayOfMonth),
  v.integer(NFS_MESSAGES.dayOfMonth),
  v.minValue(1, NFS_MESSAGES.dayOfMonth),
  v.maxValue(12, NFS_MESSAGES.dayOfMonth),
);

export const NfsScheduleSchema = v.pipe(
  v.object({
    ...invoiceFields,
    dayOfMonth: DayOfMonthSchema,
    active: v.optional(v.boolean(), true),
    /** Emit the request through the national system as soon as the runner creates it (docs/nfse.md). */
    autoEmit: v.optional(v.boolean('Informe se a nota deve ser emitida automaticamente.'), false),
  }),
  documentCheck(),
  takerCheck(),
  v.transform((input) => normalizeDocument(input)),
);
export type NfsScheduleInput = v.InferOutput<typeof NfsScheduleSchema>;

/** What the team records when an invoice is issued. */
export const NfsIssueSchema = v.object({
  invoiceNumber: requiredText('Informe o número da nota.', 20),
  /** The 50-character access key of the national NFS-e. */
  accessKey: v.optional(
    v.pipe(
      v.string(),
      v.transform((key) => key.replace(/\s/g, '')),
      v.check((key) => key === '' || /^[0-9A-Za-z]{50}$/.test(key), 'A chave de acesso tem 50 caracteres.'),
      v.transform((key) => key || undefined),
    ),
  ),
  /**
   * The invoice's files, sent through signed upload links and held apart until the invoice is registered: they become
   * the customer's documents in the same transaction (a refused form publishes nothing).
   */
  pdfUploadToken: v.optional(
    v.pipe(v.string(), v.minLength(1, 'Envie o PDF da nota.'), v.maxLength(2000, 'Arquivo PDF inválido.')),
  ),
  xmlUploadToken: v.optional(
    v.pipe(v.string(), v.minLength(1, 'Envie o XML da nota.'), v.maxLength(2000, 'Arquivo XML inválido.')),
  ),
});

export const NfsReasonSchema = v.object({ reason: requiredText('Informe o motivo.', 500) });

/** The body a status change needs: the invoice's data when issued, a reason when refused or cancelled. */
/** What a status change may carry, read with the schema of its status (`nfsStatusBodySchema`). */
export type NfsStatusData = Partial<v.InferOutput<typeof NfsIssueSchema> & v.InferOutput<typeof NfsReasonSchema>>;

export function nfsStatusBodySchema(to: NfsRequestStatus): v.GenericSchema<unknown, NfsStatusData> {
  if (to === 'issued') return NfsIssueSchema;
  if (to === 'rejected' || to === 'cancelled') return NfsReasonSchema;
  return v.object({});
}

/** A month filter: "2026-11", or a day of it. */
const MonthFilter = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d{4}-(0[1-9]|1[0-2])(-\d{2})?$/, 'Mês inválido: use AAAA-MM.'),
    v.transform((value) => value.slice(0, 7)),
  ),
);

const StatusFilter = v.optional(
  v.pipe(
    v.union([v.picklist(NFS_REQUEST_STATUSES), v.array(v.picklist(NFS_REQUEST_STATUSES))], 'Situação inválida.'),
    v.transform((status) => (Array.isArray(status) ? status : [status])),
  ),
);

export const NfsListQuerySchema = v.object({
  companyId: CompanyIdSchema,
  query: searchText,
  status: StatusFilter,
  date: MonthFilter,
  ...paginationQuery(PAGE_SIZE.invoices),
});

/** The team's search across companies (docs/api.md `GET /nfs/requests/search`). */
export const NfsSearchQuerySchema = v.object({
  query: searchText,
  status: StatusFilter,
  date: MonthFilter,
  ...paginationQuery(PAGE_SIZE.invoices),
});

/** What an invoice request and a schedule both say: the tomador, the service and the amount (centavos). */
interface NfsInvoiceFields {
  id: string;
  companyId: string;
  emissionType: NfsEmissionType;
  cnpj: string | null;
  cpf: string | null;
  /** A tomador abroad's NIF, or null (then `customerNoNifReason` says why). */
  nif: string | null;
  customerNoNifReason: NfsNoNifReason | null;
  customerName: string;
  customerEmail: string | null;
  /** The tomador's address: required abroad, optional in Brazil. */
  customerAddress: TakerAddress | null;
  description: string;
  activity: string | null;
  serviceItem: string | null;
  /** The national service code chosen (one of the company's), or null: the fiscal profile's main service. */
  serviceCode: string | null;
  totalCents: number;
  issWithheld: boolean;
  createdAt: string;
}

/** An invoice request as the API answers it. */
export interface NfsRequest extends NfsInvoiceFields {
  status: NfsRequestStatus;
  competence: string;
  scheduleId: string | null;
  invoiceNumber: string | null;
  accessKey: string | null;
  pdfDocumentId: string | null;
  xmlDocumentId: string | null;
  reason: string | null;
  issuedAt: string | null;
  statusChangedAt: string;
  /** Its emission through the national system (docs/nfse.md), or null when it was never tried. */
  emission: NfseEmissionView | null;
}

/** A monthly invoice the runner requests by itself. */
export interface NfsSchedule extends NfsInvoiceFields {
  dayOfMonth: number;
  active: boolean;
  /** The runner emits each request it creates through the national system at once. */
  autoEmit: boolean;
  /** The next day the schedule will create a request (YYYY-MM-DD, São Paulo; `nextRunDate`), or null while paused. */
  nextRun: string | null;
  lastGeneratedMonth: string | null;
  /**
   * The newest month the runner left out because the customer had already asked by hand for an invoice to the same
   * tomador and competence (YYYY-MM), or null.
   */
  skippedMonth: string | null;
}

/** A tomador the company invoiced before, offered again when their document is typed. */
export interface NfsCustomer {
  emissionType: NfsEmissionType;
  /** The CNPJ, the CPF, or the NIF ('' for a tomador abroad without one). */
  document: string;
  name: string;
  email: string | null;
  /** The address last invoiced to, offered again with the tomador. */
  address: TakerAddress | null;
  noNifReason: NfsNoNifReason | null;
}

/** Reais (as the API takes them) to centavos (as it stores them). */
export const reaisToCents = (reais: number) => Math.round(reais * 100);

/* ---------------------------------------------------------------- dates in São Paulo */

/** The day a schedule runs in a month (YYYY-MM-DD): its day, or the month's last day when the month is shorter. */
export function scheduleRunDay(dayOfMonth: number, month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  const lastDay = daysInMonth(year, monthNumber);
  return `${month}-${String(Math.min(dayOfMonth, lastDay)).padStart(2, '0')}`;
}

/** What decides when a schedule runs. */
export interface ScheduleTiming {
  dayOfMonth: number;
  /** When it was created or last turned back on (a Date, or ISO as the API sends it). */
  activeSince: Date | string;
  /** The newest month it has done (YYYY-MM): created, generated by hand with "Gerar agora", or left out. */
  lastMonth: string | null;
}

/**
 * The next day an active schedule runs (YYYY-MM-DD, São Paulo): the "próxima em" the customer sees, and the day the
 * runner goes by (see `dueScheduleMonths`). It is the run day of the first month after the last one done whose day is
 * not before the day the schedule was made or turned back on — made on the 25th for day 5, it first runs on the 5th of
 * next month ("Gerar agora" makes this month's). A day missed while the server was down is caught up for last month
 * only: that date, already past, is due at once.
 */
export function nextRunDate(schedule: ScheduleTiming, now: Date): string {
  const today = saoPauloDate(now);
  const since = saoPauloDate(new Date(schedule.activeSince));
  const sinceDay = saoPauloDay(new Date(schedule.activeSince));
  let month = addMonths(monthKey(today.year, today.month), -1);
  if (schedule.lastMonth && schedule.lastMonth >= month) month = addMonths(schedule.lastMonth, 1);
  const sinceMonth = monthKey(since.year, since.month);
  if (sinceMonth > month) month = sinceMonth;
  const day = scheduleRunDay(schedule.dayOfMonth, month);
  return day >= sinceDay ? day : scheduleRunDay(schedule.dayOfMonth, addMonths(month, 1));
}

/**
 * The months an active schedule creates now, oldest first (last month's, caught up, and this month's at most): each
 * month whose `nextRunDate` has come. The runner creates exactly these.
 */
export function dueScheduleMonths(schedule: ScheduleTiming, now: Date): string[] {
  const todayKey = saoPauloDay(now);
  const months: string[] = [];
  for (;;) {
    const next = nextRunDate({ ...schedule, lastMonth: months.at(-1) ?? schedule.lastMonth }, now);
    if (next > todayKey) return months;
    months.push(next.slice(0, 7));
  }
}

/**
 * A request the customer asked for by hand (no schedule) that still stands, to the same tomador and for the same
 * competence, makes a schedule's request of that month a likely second invoice: the runner leaves it out, and
 * "Gerar agora" asks first. A refused or cancelled one does not count.
 */
export const NFS_STANDING_STATUSES = ['requested', 'processing', 'issued'] as const satisfies readonly NfsRequestStatus[];

/** "11/2026" for "2026-11". */
export const competenceLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** "Gerar agora"'s question when the customer already asked by hand for the tomador in this competence. */
export const handMadeDuplicateMessage = (customerName: string, competence: string) =>
  `Você já pediu uma nota para ${customerName} na competência ${competenceLabel(competence)}. Gerar a do agendamento também?`;
