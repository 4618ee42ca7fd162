import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn, PgEnum } from 'drizzle-orm/pg-core';
import type { Address, NfsNoNifReason, OfxImportSummary, TakerAddress } from '@domain';
import { SIMPLES_APPORTIONMENTS, SPECIAL_REGIMES, TAX_REGIMES } from '@domain/fiscalProfile';
import type { NfseEmissionView } from '@domain/nfseEmission';
import { NFSE_EMISSION_STATES } from '@domain/nfseEmission';
import type { ExplainedNationalError } from '@domain/nfseErrors';
import {
  COMPANY_SIZES,
  COMPANY_STATUSES,
  COMPANY_TYPES,
  PROGRESS_STATUSES,
  ROLES,
  STEP_IDS,
  SUBSCRIPTION_STATUSES,
  TRACK_IDS,
  BRANCH_TYPES,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  NFS_EMISSION_TYPES,
  NFS_REQUEST_STATUSES,
  BANK_ACCOUNT_KINDS,
  BANK_ACCOUNT_SOURCES,
  CATEGORY_SOURCES,
  TAX_CATEGORY_KINDS,
  BANK_CONNECTION_STATUSES,
  MEI_ACTIVITY_KINDS,
  OBLIGATION_KINDS,
  TAX_REMINDER_KINDS,
  SIMPLES_ANNEXES,
} from '@domain';

export const companyStatus = pgEnum('company_status', COMPANY_STATUSES);
export const trackId = pgEnum('track_id', TRACK_IDS);
export const progressStatus = pgEnum('progress_status', PROGRESS_STATUSES);
export const stepId = pgEnum('step_id', STEP_IDS);
export const role = pgEnum('role', ROLES);
export const subscriptionStatus = pgEnum('subscription_status', SUBSCRIPTION_STATUSES);
export const companySize = pgEnum('company_size', COMPANY_SIZES);
export const companyType = pgEnum('company_type', COMPANY_TYPES);
export const branchType = pgEnum('branch_type', BRANCH_TYPES);
export const documentType = pgEnum('document_type', DOCUMENT_TYPES);
export const documentStatus = pgEnum('document_status', DOCUMENT_STATUSES);
export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUSES);
export const paymentMethod = pgEnum('payment_method', PAYMENT_METHODS);

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A person who signs in; `id` is the Firebase uid. Roles here are mirrored into the custom claims. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    photoUrl: text('photo_url'),
    roles: role('roles')
      .array()
      .notNull()
      .default(sql`'{company-admin}'::role[]`),
    /** Who referred this user (a referral code), stored at signup. */
    indicatedBy: text('indicated_by'),
    /** The track chosen at signup, until the user has a company. */
    trackId: trackId('track_id'),
    /** The partner programme that brought this customer (e.g. "duca"), and when. */
    partnerId: text('partner_id'),
    partnerAttributedAt: timestamp('partner_attributed_at', { withTimezone: true }),
    /** E-mails before and after a tax guide's due date (docs/taxes.md "Reminders"); the person may turn them off. */
    taxReminders: boolean('tax_reminders').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name'),
    alias: text('alias'),
    cnpj: text('cnpj'),
    status: companyStatus('status').notNull().default('pending'),
    /** The status before it was disabled, restored when it is enabled again. */
    previousStatus: companyStatus('previous_status'),
    size: companySize('size'),
    type: companyType('type'),
    branchType: branchType('branch_type').notNull().default('matriz'),
    address: jsonb('address').$type<Address>(),
    /** CNAE subclass codes (7 digits). */
    mainActivity: text('main_activity'),
    secondaryActivities: jsonb('secondary_activities').$type<string[]>().notNull().default([]),
    trackId: trackId('track_id'),
    trackStatus: progressStatus('track_status'),
    /** Bumped by a trigger whenever the company's invoice requests change: a count taken at a version stays exact. */
    nfsRequestsVersion: bigint('nfs_requests_version', { mode: 'number' }).notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('companies_cnpj_key').on(t.cnpj),
    index('companies_status_idx').on(t.status),
    index('companies_created_at_idx').on(t.createdAt),
  ],
);

/** Who may act on a company as its customer. */
export const companyMembers = pgTable(
  'company_members',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), index('company_members_user_idx').on(t.userId)],
);

/** The steps of the company's current track, with what was typed at each. */
export const companySteps = pgTable(
  'company_steps',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    stepId: stepId('step_id').notNull(),
    position: integer('position').notNull(),
    status: progressStatus('status').notNull().default('pending'),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.stepId] })],
);

/** Every status change: who, when, from, to and why. */
/**
 * A status history row (companies, invoice requests): from where to where, why, who made the change (null when the
 * system did, or the person's account was deleted) and when. `server/db/status-history.ts` reads them.
 */
function statusChangeColumns<T extends [string, ...string[]]>(status: PgEnum<T>) {
  return {
    fromStatus: status('from_status'),
    toStatus: status('to_status').notNull(),
    note: text('note'),
    changedBy: text('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  };
}

export const companyStatusChanges = pgTable(
  'company_status_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ...statusChangeColumns(companyStatus),
  },
  (t) => [index('company_status_changes_company_idx').on(t.companyId, t.changedAt)],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    status: subscriptionStatus('status').notNull().default('pending'),
    /** Monthly price in centavos. */
    priceCents: integer('price_cents').notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('subscriptions_company_idx').on(t.companyId, t.createdAt)],
);

export const states = pgTable('states', {
  uf: text('uf').primaryKey(),
  name: text('name').notNull(),
  ibgeCode: text('ibge_code').notNull(),
});

export const municipalities = pgTable(
  'municipalities',
  {
    ibgeCode: text('ibge_code').primaryKey(),
    name: text('name').notNull(),
    state: text('state')
      .notNull()
      .references(() => states.uf),
    slug: text('slug').notNull(),
  },
  (t) => [uniqueIndex('municipalities_state_slug_key').on(t.state, t.slug)],
);

/** CNAE 2.3 subclasses; the hierarchy is kept flat because it never changes within a version. */
export const cnaes = pgTable('cnaes', {
  code: text('code').primaryKey(),
  formatted: text('formatted').notNull(),
  text: text('text').notNull(),
  classCode: text('class_code').notNull(),
  classText: text('class_text').notNull(),
  groupCode: text('group_code').notNull(),
  groupText: text('group_text').notNull(),
  divisionCode: text('division_code').notNull(),
  divisionText: text('division_text').notNull(),
  sectionCode: text('section_code').notNull(),
  sectionText: text('section_text').notNull(),
  isAllowedMei: boolean('is_allowed_mei').notNull().default(false),
  isRFactor: boolean('is_r_factor'),
  taxRates: jsonb('tax_rates').$type<Record<string, unknown>>(),
  allowedActivities: jsonb('allowed_activities').$type<string[]>().notNull().default([]),
  notAllowedActivities: jsonb('not_allowed_activities').$type<string[]>().notNull().default([]),
  obs: text('obs'),
  isActive: boolean('is_active').notNull().default(true),
});

export const meiOccupations = pgTable(
  'mei_occupations',
  {
    id: serial('id').primaryKey(),
    occupation: text('occupation').notNull(),
    cnae: text('cnae')
      .notNull()
      .references(() => cnaes.code),
    iss: boolean('iss').notNull(),
    icms: boolean('icms').notNull(),
  },
  (t) => [index('mei_occupations_cnae_idx').on(t.cnae)],
);

/** A file kept for a company: guides, receipts, certificates, invoices… */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The company's documents; null for a person's own (then `ownerUserId`). */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** A person's own document (RG/CNH, CPF, proof of address), kept with them, not with a company. */
    ownerUserId: text('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    type: documentType('type').notNull(),
    status: documentStatus('status').notNull().default('available'),
    /** The file name as the person gave it. */
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Where the storage keeps the bytes. */
    storageKey: text('storage_key').notNull(),
    /** The onboarding step the file belongs to, if any. */
    stepId: stepId('step_id'),
    /** For a guide to pay (DAS, taxa): when it is due (YYYY-MM-DD), how much, and the month it refers to (YYYY-MM). */
    dueDate: text('due_date'),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    competence: text('competence'),
    /** A note the team writes when it publishes the document. */
    description: text('description'),
    /** The team member who published it to the company (null: the customer uploaded it). */
    publishedBy: text('published_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Published by the product itself on the team's behalf (the national NFS-e emission, whether a person clicked,
     * a schedule emitted by itself or the scheduler retried): the team's document even with nobody in `publishedBy`.
     */
    publishedBySystem: boolean('published_by_system').notNull().default(false),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('documents_company_idx').on(t.companyId, t.createdAt),
    index('documents_owner_idx').on(t.ownerUserId, t.createdAt),
    check('documents_owner_check', sql`${t.companyId} is not null or ${t.ownerUserId} is not null`),
  ],
);

/** A charge of a subscription at the payment provider. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's id of the checkout: the key of its notifications. */
    providerCheckoutId: text('provider_checkout_id').notNull(),
    checkoutUrl: text('checkout_url').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: paymentStatus('status').notNull().default('pending'),
    method: paymentMethod('method'),
    dueDate: timestamp('due_date', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_provider_checkout_key').on(t.provider, t.providerCheckoutId),
    index('payments_company_idx').on(t.companyId, t.createdAt),
  ],
);

export const nfsEmissionType = pgEnum('nfs_emission_type', NFS_EMISSION_TYPES);

/** The tomador's address (national or abroad, domain/nfsTaker.ts) and, abroad without a NIF, why. */
const takerColumns = () => ({
  customerAddress: jsonb('customer_address').$type<TakerAddress>(),
  customerNoNifReason: text('customer_no_nif_reason').$type<NfsNoNifReason>(),
});
export const nfsRequestStatus = pgEnum('nfs_request_status', NFS_REQUEST_STATUSES);

/** What a customer asks the team to invoice; the team issues it (NFS-e) or refuses it. */
export const nfsRequests = pgTable(
  'nfs_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    status: nfsRequestStatus('status').notNull().default('requested'),
    emissionType: nfsEmissionType('emission_type').notNull(),
    /** The tomador's CNPJ, CPF or NIF (empty abroad without one), by `emission_type`. */
    customerDocument: text('customer_document').notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email'),
    ...takerColumns(),
    description: text('description').notNull(),
    activity: text('activity'),
    serviceItem: text('service_item'),
    /** The national service code (cTribNac) chosen among the company's services; null: the profile's main one. */
    serviceCode: text('service_code'),
    /** The month the service belongs to, YYYY-MM. */
    competence: text('competence').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    issWithheld: boolean('iss_withheld').notNull().default(false),
    /** The schedule that created it, and for which month: one request per schedule and month. */
    scheduleId: uuid('schedule_id').references(() => nfsSchedules.id, { onDelete: 'set null' }),
    scheduleMonth: text('schedule_month'),
    invoiceNumber: text('invoice_number'),
    accessKey: text('access_key'),
    pdfDocumentId: uuid('pdf_document_id').references(() => documents.id, { onDelete: 'set null' }),
    xmlDocumentId: uuid('xml_document_id').references(() => documents.id, { onDelete: 'set null' }),
    /** Why it was refused or cancelled. */
    reason: text('reason'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('nfs_requests_schedule_month_key').on(t.scheduleId, t.scheduleMonth),
    // A company's list in its order (created_at, id), read forwards or backwards: a page costs its own rows only.
    index('nfs_requests_company_list_idx').on(t.companyId, t.createdAt, t.id),
    // The same within one competence (the month filter).
    index('nfs_requests_company_competence_idx').on(t.companyId, t.competence, t.createdAt, t.id),
    index('nfs_requests_status_idx').on(t.status, t.createdAt),
  ],
);

/** Every status change of a request: who, when, from, to. */
export const nfsRequestStatusChanges = pgTable(
  'nfs_request_status_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => nfsRequests.id, { onDelete: 'cascade' }),
    ...statusChangeColumns(nfsRequestStatus),
  },
  (t) => [index('nfs_request_status_changes_request_idx').on(t.requestId, t.changedAt)],
);

/** A monthly invoice: on its day, the month's request is created from it. */
export const nfsSchedules = pgTable(
  'nfs_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    emissionType: nfsEmissionType('emission_type').notNull(),
    customerDocument: text('customer_document').notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email'),
    ...takerColumns(),
    description: text('description').notNull(),
    activity: text('activity'),
    serviceItem: text('service_item'),
    /** The national service code (cTribNac) chosen among the company's services; null: the profile's main one. */
    serviceCode: text('service_code'),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    issWithheld: boolean('iss_withheld').notNull().default(false),
    dayOfMonth: integer('day_of_month').notNull(),
    active: boolean('active').notNull().default(true),
    /** The runner emits the request it creates through the national system at once (docs/nfse.md). */
    autoEmit: boolean('auto_emit').notNull().default(false),
    /** When it was created or last turned back on: months whose day came before are not created (paused ones). */
    activeSince: timestamp('active_since', { withTimezone: true }).notNull().defaultNow(),
    /** The newest month (YYYY-MM) left out because the customer had asked by hand for the same tomador and competence. */
    skippedMonth: text('skipped_month'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('nfs_schedules_company_idx').on(t.companyId), index('nfs_schedules_active_idx').on(t.active, t.dayOfMonth)],
);

/** The tomadores a company invoiced, offered again by their document. */
export const nfsCustomers = pgTable(
  'nfs_customers',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    emissionType: nfsEmissionType('emission_type').notNull(),
    /** The CNPJ, CPF or NIF; abroad without a NIF, `sem-nif:` and the folded name (domain `foreignCustomerKey`). */
    document: text('document').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    ...takerColumns(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.companyId, t.document] })],
);

/**
 * A company's fiscal profile for the national NFS-e (domain/fiscalProfile.ts `FiscalProfile`): what every DPS it
 * issues carries besides the request. The ISS rate is kept in hundredths of a percent (2.5 % → 250).
 */
export const companyFiscalProfiles = pgTable('company_fiscal_profiles', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  municipalRegistration: text('municipal_registration'),
  cityIbgeCode: text('city_ibge_code').notNull(),
  taxRegime: text('tax_regime', { enum: TAX_REGIMES }).notNull(),
  simplesApportionment: text('simples_apportionment', { enum: SIMPLES_APPORTIONMENTS }),
  specialRegime: text('special_regime', { enum: SPECIAL_REGIMES }).notNull().default('0'),
  serviceCode: text('service_code').notNull(),
  /** The company's other services (national codes) its customers may choose on a request, besides the main one. */
  otherServiceCodes: jsonb('other_service_codes').$type<string[]>().notNull().default([]),
  nbsCode: text('nbs_code'),
  municipalServiceCode: text('municipal_service_code'),
  issRateHundredths: integer('iss_rate_hundredths'),
  dpsSeries: text('dps_series').notNull().default('1'),
  /** An ME/EPP's approximate tax percentage (`pTotTribSN`), in hundredths. */
  simplesTaxRateHundredths: integer('simples_tax_rate_hundredths'),
  /** Outside the Simples, the approximate federal taxes (`pTotTribFed`), in hundredths. */
  federalTaxRateHundredths: integer('federal_tax_rate_hundredths'),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

/**
 * The company's A1 certificate: the PKCS#12 file (base64) and its password, each sealed with AES-256-GCM under
 * TOKEN_ENCRYPTION_KEY (server/services/secrets.ts), opened only in memory to sign and connect. What may be shown
 * (name, CNPJ, dates, fingerprint) sits beside them in the clear.
 */
export const companyCertificates = pgTable('company_certificates', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  pfxSealed: text('pfx_sealed').notNull(),
  passwordSealed: text('password_sealed').notNull(),
  commonName: text('common_name').notNull(),
  issuerCommonName: text('issuer_common_name').notNull(),
  cnpj: text('cnpj').notNull(),
  notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
  notAfter: timestamp('not_after', { withTimezone: true }).notNull(),
  /** SHA-256 of the certificate (not of the key), as `openssl x509 -fingerprint -sha256` shows it. */
  fingerprint: text('fingerprint').notNull(),
  uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The last DPS number a company used in a series: numbers are taken from here under the row's lock, once per request. */
export const nfseDpsCounters = pgTable(
  'nfse_dps_counters',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    series: text('series').notNull(),
    lastNumber: bigint('last_number', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.series] })],
);

export const nfseEmissionState = pgEnum('nfse_emission_state', NFSE_EMISSION_STATES);

/**
 * A request's emission through the national system, one per request: its DPS (id, series, number allocated once),
 * the signed DPS kept from before the first send (every later run looks it up, never a new number), where it
 * stands, the national answer (NFS-e XML and key, or the refusal), and the cancellation event. `leaseUntil` and
 * `leaseToken` mark a run in progress: a second run of the same request waits for it instead of sending too.
 */
export const nfseEmissions = pgTable(
  'nfse_emissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => nfsRequests.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    dpsId: text('dps_id').notNull(),
    dpsSeries: text('dps_series').notNull(),
    dpsNumber: bigint('dps_number', { mode: 'number' }).notNull(),
    state: nfseEmissionState('state').notNull().default('ready'),
    /** Runs that reached the steps (each may send and look up a few times). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    signedDpsXml: text('signed_dps_xml'),
    lastError: text('last_error'),
    /** The national refusal, each code explained (ExplainedNationalError[]). */
    errors: jsonb('errors').$type<ExplainedNationalError[]>().notNull().default([]),
    /** Why nothing was sent (stage, message, the DPS fields refused), from the last run. */
    problem: jsonb('problem').$type<NfseEmissionView['problem']>(),
    accessKey: text('access_key'),
    nfseNumber: text('nfse_number'),
    nfseXml: text('nfse_xml'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    /** The signed pedRegEvento, kept before it is sent so a retry sends the very same request. */
    cancellationRequestXml: text('cancellation_request_xml'),
    cancellationEventXml: text('cancellation_event_xml'),
    cancellationReason: text('cancellation_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    leaseToken: text('lease_token'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /**
     * A substitute's row: the emission it replaces (its DPS carries `subst` naming that NFS-e) and the reason sent
     * in `subst`. The substitute is a request of its own, so every per-request rule (one emission, one DPS number,
     * the lease, the sweep) holds for it unchanged.
     */
    replacesEmissionId: uuid('replaces_emission_id').references((): AnyPgColumn => nfseEmissions.id, {
      onDelete: 'set null',
    }),
    substitutionReasonCode: text('substitution_reason_code'),
    substitutionReason: text('substitution_reason'),
    /** The replaced row's: when its substitute was issued (the national system cancelled it then, event 105102). */
    substitutedAt: timestamp('substituted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('nfse_emissions_request_key').on(t.requestId),
    // One substitute at a time per NFS-e: a refused one leaves room for another try.
    uniqueIndex('nfse_emissions_live_substitute_key')
      .on(t.replacesEmissionId)
      .where(sql`${t.state} <> 'rejected'`),
    uniqueIndex('nfse_emissions_dps_number_key').on(t.companyId, t.dpsSeries, t.dpsNumber),
    index('nfse_emissions_retry_idx').on(t.state, t.nextAttemptAt),
  ],
);

export const bankAccountSource = pgEnum('bank_account_source', BANK_ACCOUNT_SOURCES);
export const bankAccountKind = pgEnum('bank_account_kind', BANK_ACCOUNT_KINDS);
export const taxCategoryKind = pgEnum('tax_category_kind', TAX_CATEGORY_KINDS);
export const categorySource = pgEnum('category_source', CATEGORY_SOURCES);

/** The categories bank movements are classified into; rows come from `TAX_CATEGORIES` (seeded by migration). */
export const taxCategories = pgTable('tax_categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  kind: taxCategoryKind('kind').notNull(),
  ledgerAccount: text('ledger_account').notNull(),
  description: text('description').notNull(),
  position: integer('position').notNull(),
});

/**
 * A company's bank account, as its statements name it. Empty strings, not nulls, for a missing bank or branch, so
 * the unique index finds the same account again on the next import.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    source: bankAccountSource('source').notNull(),
    bankId: text('bank_id').notNull().default(''),
    branchId: text('branch_id').notNull().default(''),
    accountNumber: text('account_number').notNull(),
    kind: bankAccountKind('kind').notNull(),
    currency: text('currency').notNull().default('BRL'),
    lastImportAt: timestamp('last_import_at', { withTimezone: true }),
    /** The import that opened the account: hidden, like its movements, until that import is done. */
    importId: uuid('import_id'),
    /**
     * Bumped by triggers whenever what the account's lists show may change (movements written, categorised or deleted;
     * an import of it done or undone): a count taken at a version stays exact until the next bump.
     */
    movementsVersion: bigint('movements_version', { mode: 'number' }).notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('bank_accounts_identity_key').on(t.companyId, t.bankId, t.branchId, t.accountNumber, t.kind)],
);

/**
 * Where an import stands. `rolling_back`: it failed and its movements are being deleted — still hidden, still the
 * company's running import. The API shows it as importing until it is failed.
 */
export const BANK_IMPORT_STATUSES = ['queued', 'importing', 'rolling_back', 'done', 'failed'] as const;
export const bankImportStatus = pgEnum('bank_import_status', BANK_IMPORT_STATUSES);

/**
 * One import of a statement (an OFX file, a bank connection's pull). Its movements are written in short batches,
 * each carrying its id, and every read leaves out the movements and accounts of an import not yet done: the whole
 * import appears at once when its status turns `done`, or never. One import writes per company at a time (the
 * partial unique index), so two imports never race for the same dedup keys while one of them may still fail.
 */
export const bankStatementImports = pgTable(
  'bank_statement_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    status: bankImportStatus('status').notNull().default('queued'),
    processed: integer('processed').notNull().default(0),
    total: integer('total').notNull(),
    /** The accounts it writes to, known once it starts: where its movements are looked for if it fails. */
    accountIds: uuid('account_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    summary: jsonb('summary').$type<OfxImportSummary>(),
    error: text('error'),
    /** Touched by every batch (and while queued): an unfinished import whose heartbeat stops was interrupted. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_statement_imports_running_key')
      .on(t.companyId)
      .where(sql`${t.status} in ('importing', 'rolling_back')`),
    // The few unfinished imports, whose rows every read of movements leaves out.
    index('bank_statement_imports_unfinished_idx')
      .on(t.id)
      .where(sql`${t.status} in ('queued', 'importing', 'rolling_back')`),
  ],
);

/** One movement of an account. `dedup_key` makes a second import of the same movement a no-op. */
export const bankTransactions = pgTable(
  'bank_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    postedOn: text('posted_on').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    memo: text('memo'),
    type: text('type'),
    /** The bank's own id (OFX FITID, Cora entry id), when it gave one. */
    externalId: text('external_id'),
    dedupKey: text('dedup_key').notNull(),
    taxCategoryId: text('tax_category_id').references(() => taxCategories.id),
    categorySource: categorySource('category_source'),
    /**
     * The import that wrote it (none for movements older than imports). No foreign key: checking one per row would
     * slow every batch, and an import's row outlives its movements' reads anyway.
     */
    importId: uuid('import_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_transactions_dedup_key').on(t.accountId, t.dedupKey),
    // An account's movements in the order they are listed (newest first), so a page is read off the index instead of
    // sorting the whole account; a month is a range of it; the category, last, lets "without category" and the count
    // be answered from the index too. NULLS FIRST is what ORDER BY … DESC means.
    index('bank_transactions_account_list_idx').on(
      t.accountId,
      t.postedOn.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id,
      t.taxCategoryId,
      // Last, so the lists still read their page and count off the index while leaving out unfinished imports.
      t.importId,
    ),
    index('bank_transactions_company_idx').on(t.companyId, t.postedOn),
  ],
);

/** "When the description contains … → category …", per company. */
export const categoryRules = pgTable(
  'category_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    contains: text('contains').notNull(),
    direction: text('direction', { enum: ['in', 'out', 'any'] })
      .notNull()
      .default('any'),
    taxCategoryId: text('tax_category_id')
      .notNull()
      .references(() => taxCategories.id),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('category_rules_company_text_key').on(t.companyId, t.contains, t.direction)],
);

export const bankConnectionStatus = pgEnum('bank_connection_status', BANK_CONNECTION_STATUSES);

/** A bank connection (Cora): its tokens sealed at rest, the account it feeds, how its last sync went. */
export const bankConnections = pgTable(
  'bank_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['cora'] }).notNull(),
    accountId: uuid('account_id').references(() => bankAccounts.id, { onDelete: 'set null' }),
    status: bankConnectionStatus('status').notNull().default('active'),
    accessTokenSealed: text('access_token_sealed').notNull(),
    refreshTokenSealed: text('refresh_token_sealed').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('bank_connections_company_provider_key').on(t.companyId, t.provider)],
);

/** The `state` of an OAuth authorization in progress: who started it, for which company; used once. */
export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  provider: text('provider', { enum: ['cora'] }).notNull(),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  userId: text('user_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** People a user invited by e-mail to the product (/app/user/my-invites). */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name'),
    sentCount: integer('sent_count').notNull().default(1),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invitations_user_email_key').on(t.userId, t.email)],
);

/** Every e-mail the product sends, kept as sent (the local outbox in development; a log with SMTP). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** `outbox` (kept here only) or `smtp`. */
    transport: text('transport').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_messages_created_idx').on(t.createdAt)],
);

/** People who left their contact on the public site (docs/rules.md Lead). */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    planId: text('plan_id'),
    source: text('source'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('leads_created_idx').on(t.createdAt), index('leads_email_idx').on(t.email)],
);

/**
 * The rate limits' counters (`server/http/rate-limit.ts`, rate-limiter-flexible's Drizzle store): one row per limit and
 * client address, shared by every server process on the database, so N servers behind a load balancer allow what
 * one does. Expired rows are swept by the library.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    expire: timestamp('expire', { withTimezone: true }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);

/**
 * What the team states about a company's taxes (docs/taxes.md "Obligations"): the Simples Nacional annex and whether
 * the Fator R applies, the MEI's kind of activity, and the day its activity started. Absent, each is inferred from
 * the company's CNAE and opening.
 */
export const companyTaxProfiles = pgTable('company_tax_profiles', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  annex: text('annex', { enum: SIMPLES_ANNEXES }),
  fatorR: boolean('fator_r'),
  meiActivity: text('mei_activity', { enum: MEI_ACTIVITY_KINDS }),
  /** YYYY-MM-DD. */
  activityStart: text('activity_start'),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

/**
 * A company's figures of a month the invoices do not give: the payroll (salaries, pró-labore, CPP, FGTS) for the
 * Fator R, and the revenue of months before it joined us, for the RBT12. Centavos; null when not stated.
 */
export const companyMonthlyFigures = pgTable(
  'company_monthly_figures',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** YYYY-MM. */
    competence: text('competence').notNull(),
    payrollCents: bigint('payroll_cents', { mode: 'number' }),
    previousRevenueCents: bigint('previous_revenue_cents', { mode: 'number' }),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.competence] })],
);

/** What the team recorded of one obligation: paid (or filed) when and by whom, and its guide and receipt. */
export const obligationPayments = pgTable(
  'obligation_payments',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: OBLIGATION_KINDS }).notNull(),
    /** YYYY-MM, or YYYY for a yearly return. */
    competence: text('competence').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidBy: text('paid_by').references(() => users.id, { onDelete: 'set null' }),
    guideDocumentId: uuid('guide_document_id').references(() => documents.id, { onDelete: 'set null' }),
    receiptDocumentId: uuid('receipt_document_id').references(() => documents.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind, t.competence] })],
);

/**
 * The tax reminders sent (docs/taxes.md "Reminders"): one row per person, guide and kind of reminder. The key makes
 * every server agree on who sends it; `claimedAt` is the lease of the server sending it, `sentAt` when the e-mail
 * left, and a claim whose server died or whose delivery failed is taken again after the lease.
 */
export const obligationReminders = pgTable(
  'obligation_reminders',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: OBLIGATION_KINDS }).notNull(),
    competence: text('competence').notNull(),
    reminder: text('reminder', { enum: TAX_REMINDER_KINDS }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dueDate: text('due_date').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(1),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    outboxMessageId: uuid('outbox_message_id').references(() => outboxMessages.id, { onDelete: 'set null' }),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind, t.competence, t.reminder, t.userId] })],
);
