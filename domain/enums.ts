/** Enumerations of docs/rules.md and docs/machines.md. Each list is the single source for types, schemas and database enums. */

export const COMPANY_STATUSES = ['pending', 'awaiting_opening', 'migrating', 'opening', 'active', 'overdue', 'disabled'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

export const TRACK_IDS = ['create-company', 'migrate-company'] as const;
export type TrackId = (typeof TRACK_IDS)[number];

export const PROGRESS_STATUSES = ['pending', 'in_progress', 'done'] as const;
/** Status of a track and of each of its steps. */
export type ProgressStatus = (typeof PROGRESS_STATUSES)[number];

export const STEP_IDS = [
  'pre-registration',
  'partner-registration',
  'partner-registration-basic',
  'subscription',
  'awaiting-guide',
  'upload-guide-receipt',
  'download-company-info',
  'migrate-accountant',
] as const;
export type StepId = (typeof STEP_IDS)[number];

export const ROLES = ['system-admin', 'company-admin'] as const;
export type Role = (typeof ROLES)[number];
/** Role given to users created by an administrator when none is chosen (docs/security.md). */
export const DEFAULT_ROLE: Role = 'company-admin';

export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'overdue', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const MARITAL_STATUSES = ['married', 'single', 'divorced', 'widowed'] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];

export const PROPERTY_REGIMES = ['community_property', 'universal_community_property', 'separation_of_property'] as const;
export type PropertyRegime = (typeof PROPERTY_REGIMES)[number];

export const COMPANY_TYPES = ['on_person', 'private_limited', 'limited_liability'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

export const COMPANY_SIZES = ['MEI', 'ME', 'EPP', 'EMP', 'GE'] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];

export const BRANCH_TYPES = ['matriz'] as const;
export type BranchType = (typeof BRANCH_TYPES)[number];

export const DOCUMENT_TYPES = [
  'contrato_social',
  'cartao_cnpj',
  'alvara',
  'certificado_digital',
  'guia_das',
  'guia_taxa',
  'comprovante_pagamento',
  'nota_fiscal',
  'extrato',
  'declaracao',
  // What the previous accountant hands over in a migration.
  'distrato',
  'acesso_prefeitura',
  'balanco_ecd',
  'folha_pagamento',
  'outros',
  // The person's own documents (/app/user/my-docs).
  'rg_cnh',
  'cpf',
  'comprovante_endereco',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_STATUSES = ['pending', 'available', 'viewed', 'paid', 'archived'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_METHODS = ['pix', 'boleto', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The person's own documents (/app/user/my-docs): kept with them, never with a company. */
export const PERSONAL_DOCUMENT_TYPES = ['rg_cnh', 'cpf', 'comprovante_endereco'] as const satisfies readonly DocumentType[];
export type PersonalDocumentType = (typeof PERSONAL_DOCUMENT_TYPES)[number];

export const COMPANY_DOCUMENT_TYPES = DOCUMENT_TYPES.filter(
  (type): type is Exclude<DocumentType, PersonalDocumentType> => !(PERSONAL_DOCUMENT_TYPES as readonly string[]).includes(type),
) as [Exclude<DocumentType, PersonalDocumentType>, ...Exclude<DocumentType, PersonalDocumentType>[]];
export type CompanyDocumentType = (typeof COMPANY_DOCUMENT_TYPES)[number];

/** Documents that are paid: they carry a due date and a value, and may be marked paid. */
export const GUIDE_DOCUMENT_TYPES = ['guia_das', 'guia_taxa'] as const satisfies readonly DocumentType[];

/** The life of an invoice request: the customer asks, the team issues (or refuses), an issued one may be cancelled. */
export const NFS_REQUEST_STATUSES = ['requested', 'processing', 'issued', 'rejected', 'cancelled'] as const;
export type NfsRequestStatus = (typeof NFS_REQUEST_STATUSES)[number];
