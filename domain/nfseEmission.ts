/**
 * What the steps of an NFS-e emission hand each other (machines/nfseEmission.machine.ts runs them; the server's
 * builder, validator, signer and national API client produce them).
 */
import * as v from 'valibot';
import { OptionalEmailSchema, requiredText } from './brazil';
import type { NfsRequestStatus } from './enums';
import type { NfsRequest } from './invoices';
import type { TaxRegime } from './fiscalProfile';
import type { ExplainedNationalError } from './nfseErrors';

/** A field of the DPS the national layout refused, named in Portuguese (server/nfse/xsd.ts's issues). */
export interface DpsIssue {
  path: string;
  field: string;
  message: string;
}

/** The DPS as built, before signing. */
export interface BuiltDps {
  id: string;
  xml: string;
}

/** The DPS ready to travel: signed, and packed as `POST /nfse` takes it. */
export interface SignedDps {
  id: string;
  signedXml: string;
  body: { dpsXmlGZipB64: string };
}

/** The NFS-e the national system issued for the DPS. */
export interface IssuedNfse {
  accessKey: string;
  /** The NFS-e number (`nNFSe`). */
  number: string;
  /** The signed NFS-e XML, as the national system returned it. */
  xml: string;
}

export type ValidationOutcome = { ok: true } | { ok: false; message: string; issues: DpsIssue[] };

/** What sending the DPS came to. */
export type SendOutcome =
  | { outcome: 'issued'; nfse: IssuedNfse }
  | { outcome: 'rejected'; errors: ExplainedNationalError[] }
  /** No answer to trust: a timeout, a dropped connection, a 5xx. The DPS may or may not have become an NFS-e. */
  | { outcome: 'uncertain'; reason: string };

/** What looking the DPS up by its id came to. */
export type LookupOutcome =
  | { outcome: 'found'; nfse: IssuedNfse }
  | { outcome: 'notFound' }
  /** The national system could not say (a timeout, a 5xx). */
  | { outcome: 'uncertain'; reason: string };

// ---------------------------------------------------------------------------------------------------------------
// What the API answers about national emissions (the contract between server/routes and the team's screens).
// ---------------------------------------------------------------------------------------------------------------

/**
 * Where a request's national emission stands:
 * - `ready`: a DPS number is allocated, nothing was sent yet (or the DPS could not be built, validated or signed:
 *   then `problem` says why and nothing left the server);
 * - `retrying`: sent without an answer to trust; the same signed DPS is looked up at `nextAttemptAt`;
 * - `issued`, `rejected`, `cancelled`: the national system's answer;
 * - `substituted`: cancelled by the national system when the NFS-e that replaces it was issued (event 105102).
 */
export const NFSE_EMISSION_STATES = ['ready', 'retrying', 'issued', 'rejected', 'cancelled', 'substituted'] as const;
export type NfseEmissionState = (typeof NFSE_EMISSION_STATES)[number];

/** A request's national emission as the team sees it (`emission` of a request; null when never tried). */
export interface NfseEmissionView {
  state: NfseEmissionState;
  /** The DPS id (45 characters), allocated once per request. */
  dpsId: string;
  dpsNumber: string;
  dpsSeries: string;
  /** How many runs tried it (each run may send and look up a few times). */
  attempts: number;
  /** `retrying`: when the next run looks the DPS up (ISO). */
  nextAttemptAt: string | null;
  /** The last thing that went wrong, in Portuguese (a refusal's first explanation, a retry plan's reason, a problem). */
  lastError: string | null;
  /** The national refusal, each code explained. */
  errors: ExplainedNationalError[];
  /** Why nothing was sent (stage + the DPS fields the layout refused), when that was the last run's end. */
  problem: { stage: 'preparing' | 'validating' | 'signing'; message: string; issues: DpsIssue[] } | null;
  accessKey: string | null;
  nfseNumber: string | null;
  issuedAt: string | null;
  cancelledAt: string | null;
  cancellationReason: string | null;
  /** The signed DPS and the signed cancellation request are kept: the team may download them as sent. */
  hasSignedDps: boolean;
  hasCancellationRequest: boolean;
  /** The NFS-e this one replaces (its DPS carried `subst`), and the one that replaced it: each a request of its own. */
  substitutes: SubstitutionLink | null;
  substitutedBy: SubstitutionLink | null;
  updatedAt: string;
}

/** The other side of a substitution: its request and, once issued, its NFS-e number. */
export interface SubstitutionLink {
  requestId: string;
  nfseNumber: string | null;
}

/** `GET /api/nfs/requests/{id}/emission`: what would be sent, checked against the layout, before anything is. */
export interface NfseEmissionPreview {
  /** True when the DPS builds and validates and the company has a fiscal profile and a usable certificate. */
  ready: boolean;
  /** What stops the emission, in Portuguese ("A empresa não tem perfil fiscal.", "O certificado digital venceu…"). */
  blockers: string[];
  /** The DPS as it would be sent (unsigned), or null when it cannot be built. */
  dps: {
    id: string;
    /** The allocated number, or the next free one if none is allocated yet (then `numberAllocated` is false). */
    number: string;
    numberAllocated: boolean;
    series: string;
    xml: string;
    /** The main fields in words, for the confirmation: [label, value] pairs in Portuguese. */
    summary: Array<[string, string]>;
  } | null;
  /** The XSD check of that DPS: the fields the layout refuses, named in Portuguese. */
  issues: DpsIssue[];
  emission: NfseEmissionView | null;
}

/** The company's A1 certificate as the API shows it (the file and its key never leave the server). */
export interface CertificateView {
  commonName: string;
  cnpj: string;
  notBefore: string;
  notAfter: string;
  status: 'valid' | 'expiring' | 'expired';
  daysLeft: number;
  /** pt-BR: "Certificado digital válido até 10/12/2027." / "… vence em 12 dias …" / "… venceu em …". */
  message: string;
  uploadedAt: string;
}

/**
 * `GET /api/companies/{id}/fiscal-profile` (the team and the company's members; the team edits): the profile as
 * saved (domain/fiscalProfile.ts `FiscalProfile`, plus names for its codes), the certificate, and what is missing
 * before the team can emit through the national system.
 */
export interface FiscalProfileView {
  profile:
    | (import('./fiscalProfile').FiscalProfile & {
        serviceDescription: string | null;
        /** The services the company's customers may choose on a request, the main one first (`companyServiceCodes`). */
        services: { code: string; description: string | null }[];
        cityName: string | null;
        updatedAt: string;
      })
    | null;
  certificate: CertificateView | null;
  /** Whether the national emission can run (profile saved, certificate valid). */
  ready: boolean;
  /** In Portuguese, what is missing ("Cadastre o perfil fiscal.", "Envie o certificado digital A1 da empresa."). */
  missing: string[];
}

// ---------------------------------------------------------------------------------------------------------------
// Cancelling an issued NFS-e (event 101101): the rule the team's dialog checks and the server enforces.
// ---------------------------------------------------------------------------------------------------------------

/** `cMotivo` of the cancellation event (pedRegEvento's XSD type `TSCodJustCanc`) and how the team reads it. */
export const CANCELLATION_REASON_CODES = {
  '1': 'Erro na emissão',
  '2': 'Serviço não prestado',
  '9': 'Outros',
} as const;
export type CancellationReasonCode = keyof typeof CANCELLATION_REASON_CODES;
/** "Outros", when the caller names no code. */
export const DEFAULT_CANCELLATION_REASON_CODE: CancellationReasonCode = '9';

/** The team's text (`xMotivo`): the national event takes 15 to 255 characters. */
export const CANCELLATION_REASON_MIN = 15;
export const CANCELLATION_REASON_MAX = 255;

export const CANCELLATION_MESSAGES = {
  reasonRequired: 'Informe o motivo do cancelamento.',
  reasonTooShort: `Descreva o motivo do cancelamento com pelo menos ${CANCELLATION_REASON_MIN} caracteres.`,
  reasonTooLong: `O motivo do cancelamento pode ter até ${CANCELLATION_REASON_MAX} caracteres.`,
  reasonCode: 'Escolha o motivo do cancelamento: erro na emissão, serviço não prestado ou outros.',
} as const;

/** `POST /api/nfs/requests/{id}/cancellation`'s body: the reason trimmed, the code "9" (outros) unless said. */
export const CancellationSchema = v.object({
  reason: v.pipe(
    v.string(CANCELLATION_MESSAGES.reasonRequired),
    v.trim(),
    v.minLength(CANCELLATION_REASON_MIN, CANCELLATION_MESSAGES.reasonTooShort),
    v.maxLength(CANCELLATION_REASON_MAX, CANCELLATION_MESSAGES.reasonTooLong),
  ),
  reasonCode: v.optional(
    v.picklist(
      Object.keys(CANCELLATION_REASON_CODES) as [CancellationReasonCode, ...CancellationReasonCode[]],
      CANCELLATION_MESSAGES.reasonCode,
    ),
    DEFAULT_CANCELLATION_REASON_CODE,
  ),
});
export type CancellationInput = v.InferInput<typeof CancellationSchema>;
export type Cancellation = v.InferOutput<typeof CancellationSchema>;

/** The request statuses the national emission may (still) run from: asked for, or waiting on the national system. */
export const NFSE_EMITTABLE_STATUSES = ['requested', 'processing'] as const satisfies readonly NfsRequestStatus[];

export function isEmittableStatus(status: NfsRequestStatus): boolean {
  return (NFSE_EMITTABLE_STATUSES as readonly NfsRequestStatus[]).includes(status);
}

/** The 50-digit access key in groups of four, as the DANFSe prints it and people read and compare it. */
export function formatAccessKey(key: string): string {
  return (
    key
      .replace(/\s/g, '')
      .match(/.{1,4}/g)
      ?.join(' ') ?? ''
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Substituting an issued NFS-e (a new DPS carrying `subst`; the national system cancels the old one by event 105102).
// ---------------------------------------------------------------------------------------------------------------

/** `cMotivo` of `subst` and of event 105102 (XSD type `TSCodJustSubst`) and how the team reads it. */
export const SUBSTITUTION_REASON_CODES = {
  '01': 'Desenquadramento de NFS-e do Simples Nacional',
  '02': 'Enquadramento de NFS-e no Simples Nacional',
  '03': 'Inclusão retroativa de imunidade/isenção para NFS-e',
  '04': 'Exclusão retroativa de imunidade/isenção para NFS-e',
  '05': 'Rejeição de NFS-e pelo tomador ou pelo intermediário',
  '99': 'Outros',
} as const;
export type SubstitutionReasonCode = keyof typeof SUBSTITUTION_REASON_CODES;

export const SUBSTITUTION_MESSAGES = {
  reasonCode: 'Escolha o motivo da substituição.',
  reasonRequired: 'Para o motivo "Outros", explique a substituição (regra E0078 do Sistema Nacional).',
  reasonTooShort: `Descreva o motivo da substituição com pelo menos ${CANCELLATION_REASON_MIN} caracteres.`,
  reasonTooLong: `O motivo da substituição pode ter até ${CANCELLATION_REASON_MAX} caracteres.`,
  minValue: 'Valor precisa ser maior ou igual a 1 real.',
  valueLocked:
    'No Simples Nacional (ME/EPP e MEI) o valor do serviço não pode mudar numa substituição (regra E0060 do Sistema Nacional): cancele a nota e emita outra.',
} as const;

/**
 * What E0060 keeps from the replaced NFS-e, of what the team can correct here: for ME/EPP and MEI the service value
 * (and the tomador's identification, the competence); for a non-optant the competence, service codes and place. The
 * tomador's CNPJ/CPF and the competence are never editable in the dialog: a different tomador is another invoice.
 */
export function substitutionKeepsValue(taxRegime: TaxRegime): boolean {
  return taxRegime === 'mei' || taxRegime === 'simples';
}

/**
 * `POST /api/nfs/requests/{id}/substitution`'s body: the corrected fields (absent: kept as issued) and why. The text
 * (`xMotivo`, 15–255 characters when given) is required for "99 – Outros" (E0078).
 */
export const SubstitutionSchema = v.pipe(
  v.object({
    reasonCode: v.picklist(
      Object.keys(SUBSTITUTION_REASON_CODES) as [SubstitutionReasonCode, ...SubstitutionReasonCode[]],
      SUBSTITUTION_MESSAGES.reasonCode,
    ),
    reason: v.optional(
      v.pipe(
        v.string(SUBSTITUTION_MESSAGES.reasonTooShort),
        v.trim(),
        v.check((text) => text === '' || text.length >= CANCELLATION_REASON_MIN, SUBSTITUTION_MESSAGES.reasonTooShort),
        v.maxLength(CANCELLATION_REASON_MAX, SUBSTITUTION_MESSAGES.reasonTooLong),
      ),
      '',
    ),
    description: v.optional(requiredText('Descreva o serviço prestado.', 2000)),
    /** Centavos. */
    totalCents: v.optional(
      v.pipe(v.number(SUBSTITUTION_MESSAGES.minValue), v.integer(), v.minValue(100, SUBSTITUTION_MESSAGES.minValue)),
    ),
    customerName: v.optional(requiredText('Informe o nome ou a razão social do tomador.', 150)),
    customerEmail: OptionalEmailSchema,
  }),
  v.forward(
    v.partialCheck(
      [['reasonCode'], ['reason']],
      (input) => input.reasonCode !== '99' || input.reason !== '',
      SUBSTITUTION_MESSAGES.reasonRequired,
    ),
    ['reason'],
  ),
);
export type SubstitutionInput = v.InferInput<typeof SubstitutionSchema>;
export type Substitution = v.InferOutput<typeof SubstitutionSchema>;

/** `POST /api/nfs/requests/{id}/substitution`'s answer: the replaced request and its substitute (a request of its own). */
export interface NfseSubstitutionResult {
  replaced: NfsRequest;
  substitute: NfsRequest;
}
