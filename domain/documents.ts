import * as v from 'valibot';
import { optionalText } from './brazil';
import { PAGE_SIZE } from './constants';
import type { DocumentStatus, DocumentType, PersonalDocumentType, StepId } from './enums';
import {
  COMPANY_DOCUMENT_TYPES,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  GUIDE_DOCUMENT_TYPES,
  PERSONAL_DOCUMENT_TYPES,
  STEP_IDS,
} from './enums';
import { paginationQuery } from './pagination';
import { MonthKeySchema } from './validation';
import { CompanyIdSchema, DayKeySchema } from './fields';

export const DOCUMENT_TYPE_LABEL: Record<DocumentType, string> = {
  contrato_social: 'Contrato social',
  cartao_cnpj: 'Cartão CNPJ',
  alvara: 'Alvará',
  certificado_digital: 'Certificado digital',
  guia_das: 'Guia DAS',
  guia_taxa: 'Guia de taxa',
  comprovante_pagamento: 'Comprovante de pagamento',
  nota_fiscal: 'Nota fiscal',
  extrato: 'Extrato',
  declaracao: 'Declaração',
  distrato: 'Distrato',
  acesso_prefeitura: 'Acesso ao portal da prefeitura',
  balanco_ecd: 'Balanço e ECD',
  folha_pagamento: 'Folha de pagamento',
  outros: 'Outros',
  rg_cnh: 'RG ou CNH',
  cpf: 'CPF',
  comprovante_endereco: 'Comprovante de endereço',
};

export const DOCUMENT_STATUS_LABEL: Record<DocumentStatus, string> = {
  pending: 'Pendente',
  available: 'Disponível',
  viewed: 'Visualizado',
  paid: 'Pago',
  archived: 'Arquivado',
};

export const isGuide = (type: DocumentType) => (GUIDE_DOCUMENT_TYPES as readonly string[]).includes(type);
export const isPersonalDocumentType = (type: string): type is PersonalDocumentType =>
  (PERSONAL_DOCUMENT_TYPES as readonly string[]).includes(type);

/** A document as the API answers it. */
export interface CompanyDocument {
  id: string;
  /** null for a person's own document. */
  companyId: string | null;
  /** The person a personal document belongs to; null for a company's. */
  ownerUserId: string | null;
  type: DocumentType;
  status: DocumentStatus;
  name: string;
  contentType: string;
  size: number;
  stepId: StepId | null;
  /** Who sent it; null in a customer's answer when the team did (no team account leaves the team). */
  uploadedBy: string | null;
  /** The team member who published it to the company; null when the customer sent it, and in a customer's answer. */
  publishedBy: string | null;
  /** The team published it (what the customer is told instead of who). */
  publishedByTeam: boolean;
  /** A guide's due date (YYYY-MM-DD), value in centavos and month (YYYY-MM). */
  dueDate: string | null;
  amountCents: number | null;
  competence: string | null;
  description: string | null;
  /** When the customer first downloaded what the team published. */
  viewedAt: string | null;
  /** Published by the team and not yet opened by the customer: shown as "Novo". */
  isNew: boolean;
  createdAt: string;
  updatedAt: string;
}

/* ---------------------------------------------------------------- lifecycle */

/**
 * The document lifecycle. The team publishes (available) or keeps one back (pending); the customer's download marks
 * it viewed; a guide is paid; anything may be archived (hidden from the default list) and brought back.
 */
export const DOCUMENT_STATUS_TRANSITIONS: Record<DocumentStatus, readonly DocumentStatus[]> = {
  pending: ['available', 'archived'],
  available: ['viewed', 'paid', 'pending', 'archived'],
  viewed: ['paid', 'pending', 'archived'],
  // Back to viewed: a payment marked by mistake.
  paid: ['viewed', 'archived'],
  archived: ['available'],
};

export type DocumentActor = 'team' | 'customer';

export interface StatusRefusal {
  status: 403 | 409;
  message: string;
}

/** Why a document may not go to `to` (the message to show, with its HTTP status), or null when it may. */
export function documentStatusRefusal(
  document: { status: DocumentStatus; type: DocumentType },
  to: DocumentStatus,
  actor: DocumentActor,
): StatusRefusal | null {
  const from = document.status;
  if (from === to) return { status: 409, message: `O documento já está “${DOCUMENT_STATUS_LABEL[to]}”.` };
  if (!DOCUMENT_STATUS_TRANSITIONS[from].includes(to)) {
    return {
      status: 409,
      message: `Não é possível passar um documento de “${DOCUMENT_STATUS_LABEL[from]}” para “${DOCUMENT_STATUS_LABEL[to]}”.`,
    };
  }
  if (to === 'paid' && !isGuide(document.type)) {
    return { status: 409, message: 'Só guias (DAS ou de taxas) podem ser marcadas como pagas.' };
  }
  // Holding a document back and releasing it is the team's editorial call.
  if (actor !== 'team' && (to === 'pending' || from === 'pending')) {
    return { status: 403, message: 'Só a equipe contábil pode liberar um documento pendente ou deixá-lo pendente.' };
  }
  return null;
}

/** The statuses an actor may move a document to now, for the screen's actions. */
export function nextDocumentStatuses(
  document: { status: DocumentStatus; type: DocumentType },
  actor: DocumentActor,
): DocumentStatus[] {
  return DOCUMENT_STATUSES.filter((to) => !documentStatusRefusal(document, to, actor));
}

/** A guide not paid by its due date (`today` is YYYY-MM-DD in São Paulo). */
export function isDocumentOverdue(
  document: { type: DocumentType; status: DocumentStatus; dueDate: string | null },
  today: string,
): boolean {
  return (
    isGuide(document.type) &&
    document.dueDate !== null &&
    document.dueDate < today &&
    !['paid', 'archived'].includes(document.status)
  );
}

/** Days from `today` to the due date (negative when past); both YYYY-MM-DD. */
export function daysUntilDue(dueDate: string, today: string): number {
  return Math.round((Date.parse(`${dueDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/* ---------------------------------------------------------------- payloads */

/** The form fields that come with an uploaded file (the multipart `POST /documents`). */
export const DocumentUploadSchema = v.object({
  type: v.picklist(COMPANY_DOCUMENT_TYPES, 'Escolha o tipo do documento.'),
  stepId: v.optional(v.picklist(STEP_IDS, 'Etapa inválida.')),
});

// No format in the words: the screen types dd/mm/aaaa, the API takes ISO days (YYYY-MM-DD).
const DUE_DATE_MESSAGE = 'Data de vencimento inválida.';

export const DOCUMENT_MESSAGES = {
  uploadToken: 'Envie o arquivo antes de registrá-lo.',
  type: 'Escolha o tipo do documento.',
  personalType: 'Escolha qual documento é este: RG ou CNH, CPF ou comprovante de endereço.',
  dueDate: DUE_DATE_MESSAGE,
  amount: 'O valor precisa ser um número inteiro de centavos maior que zero.',
  competence: 'Competência inválida.',
  guideDueDate: 'Informe o vencimento da guia.',
  guideAmount: 'Informe o valor da guia.',
} as const;

const UploadTokenSchema = v.pipe(
  v.string(DOCUMENT_MESSAGES.uploadToken),
  v.trim(),
  v.minLength(1, DOCUMENT_MESSAGES.uploadToken),
  v.maxLength(4000, 'Link de envio inválido.'),
);

const documentFields = {
  uploadToken: UploadTokenSchema,
  type: v.picklist(COMPANY_DOCUMENT_TYPES, DOCUMENT_MESSAGES.type),
  dueDate: v.optional(DayKeySchema(DUE_DATE_MESSAGE)),
  amountCents: v.optional(
    v.pipe(
      v.number(DOCUMENT_MESSAGES.amount),
      v.integer(DOCUMENT_MESSAGES.amount),
      v.minValue(1, DOCUMENT_MESSAGES.amount),
      v.maxValue(1_000_000_000, 'Valor acima do permitido. Confira o número.'),
    ),
  ),
  competence: v.optional(MonthKeySchema(DOCUMENT_MESSAGES.competence)),
  description: optionalText(500),
};

/** `POST /documents/register?companyId`: an uploaded file (its upload token) becomes a company document. */
export const DocumentRegisterSchema = v.object(documentFields);
export type DocumentRegisterInput = v.InferOutput<typeof DocumentRegisterSchema>;

/** `POST /documents/publish?companyId`: the team publishes a document; a guide needs its due date and value. */
export const DocumentPublishSchema = v.pipe(
  v.object(documentFields),
  v.forward(
    v.partialCheck([['type'], ['dueDate']], (input) => !isGuide(input.type) || !!input.dueDate, DOCUMENT_MESSAGES.guideDueDate),
    ['dueDate'],
  ),
  v.forward(
    v.partialCheck(
      [['type'], ['amountCents']],
      (input) => !isGuide(input.type) || input.amountCents !== undefined,
      DOCUMENT_MESSAGES.guideAmount,
    ),
    ['amountCents'],
  ),
);

/** `POST /documents/personal/register`: one of the person's own documents (a new one replaces the old). */
export const PersonalDocumentRegisterSchema = v.object({
  uploadToken: UploadTokenSchema,
  type: v.picklist(PERSONAL_DOCUMENT_TYPES, DOCUMENT_MESSAGES.personalType),
});

const DocumentTypeQuery = v.picklist(DOCUMENT_TYPES, 'Tipo de documento inválido.');
const DocumentStatusQuery = v.picklist(DOCUMENT_STATUSES, 'Situação inválida.');
/** A query parameter that may repeat (`type=a&type=b`, docs/api.md). */
const repeated = <T extends v.GenericSchema<string, string>>(item: T, message: string) =>
  v.optional(
    v.pipe(
      v.union([item, v.array(item)], message),
      v.transform((value) => (Array.isArray(value) ? value : [value]) as v.InferOutput<T>[]),
    ),
  );

/** `GET /documents?companyId&limit&offset&type&status`: without `status`, archived documents stay out. */
export const DocumentListQuerySchema = v.object({
  companyId: CompanyIdSchema,
  type: repeated(DocumentTypeQuery, 'Tipo de documento inválido.'),
  status: repeated(DocumentStatusQuery, 'Situação inválida.'),
  ...paginationQuery(PAGE_SIZE.documents),
});
