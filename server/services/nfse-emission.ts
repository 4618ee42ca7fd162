/**
 * Emitting a request's NFS-e through the national system, end to end: the request, the company's fiscal profile
 * and its A1 certificate (opened only in memory), the DPS number taken once per request under the counter's lock,
 * the emission machine (server/nfse/emission.ts) with the real client, and what its end means for the request —
 * issued (the NFS-e XML and a DANFSe made here published as the request's documents in the transaction that marks
 * it issued), rejected (the national codes explained), a retry plan (the signed DPS kept: every later run looks it
 * up first, never a new number) or a problem that kept the DPS here (nothing sent, the request unchanged).
 *
 * One run at a time per request: a run takes a lease on the emission row (`lease_token`, `lease_until`); a second
 * call for the same request waits for it and answers what it came to, so two clicks never send twice. The lease is
 * short and renewed while the run lives; every write of the run is conditioned on still holding it. A run whose
 * server died leaves its lease to expire, and the recovery sweep (`runDueRetries`, every few seconds on every server)
 * takes it over: the kept signed DPS is looked up and the NFS-e recorded, or that same DPS sent again — never a second
 * invoice, never an invoice waiting on a person.
 *
 * Substitution (`substitute`): the corrected invoice is a new request linked to the replaced one, not a second DPS
 * number on the same request. A request keeps one emission (one DPS number, one lease, one row the sweep resumes), so
 * the substitute runs through the very emission flow above, crash recovery included; only its DPS carries `subst`,
 * and its issue also records the replaced one as substituted, in the same transaction. The national system cancels
 * the replaced NFS-e itself as it issues the substitute (event 105102; docs/nfse.md, "Substitution"):
 * nothing else is sent.
 */
import { randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { FiscalProfile } from '@domain/fiscalProfile';
import { TAX_REGIME_LABEL, certificateStatus, formatNationalServiceCode } from '@domain/fiscalProfile';
import type { CancellationReasonCode, DpsIssue, NfseEmissionPreview, Substitution } from '@domain/nfseEmission';
import {
  SUBSTITUTION_MESSAGES,
  SUBSTITUTION_REASON_CODES,
  formatAccessKey,
  isEmittableStatus,
  substitutionKeepsValue,
} from '@domain/nfseEmission';
import type { ExplainedNationalError } from '@domain/nfseErrors';
import type { NfseEnvironment } from '@domain/nfseNacional';
import { dpsId } from '@domain/nfseNacional';
import type { NfsRequestStatus } from '@domain';
import { formatMoney } from '@domain';
import type { EmissionProblem } from '@machines/nfseEmission.machine';
import type { Logger } from '../logger';
import { takerForDps, takerSummary } from '../nfse/taker';
import type { Database } from '../db/client';
import type { DbExecutor } from '../db/companies';
import { findCompany } from '../db/companies';
import type { NfsRequestRow } from '../db/invoices';
import { findRequest } from '../db/invoices';
import type { CertificateRow, EmissionRow, FiscalProfileRow } from '../db/nfse';
import {
  FISCAL_MISSING,
  emissionView,
  findCertificate,
  findEmission,
  findFiscalProfile,
  nextDpsNumber,
  profileOf,
  takeDpsNumber,
} from '../db/nfse';
import { documents, nfsRequestStatusChanges, nfsRequests, nfseEmissions } from '../db/schema';
import { conflict, invalid, notFound, unavailable, unprocessable } from './errors';
import type { A1Certificate } from '../nfse/certificate';
import { formatCnpj, readPkcs12 } from '../nfse/certificate';
import type { NfseClient } from '../nfse/client';
import { createNfseClient } from '../nfse/client';
import type { DanfseStatus } from '../nfse/danfse';
import { explainNationalError } from '../nfse/errors';
import type { ApproximateTaxes, DpsContext } from '../nfse/dps';
import { DpsBuildError, buildDpsFromRequest, serviceProfileOf } from '../nfse/dps';
import { emitNfse } from '../nfse/emission';
import { EventBuildError, prepareSignedCancellation } from '../nfse/event';
import { nationalService } from '../nfse/national-services';
import { emissionRequestBody, packXml } from '../nfse/package';
import type { CityParameters } from '../nfse/rules';
import { ruleMessage, serviceIncidence } from '../nfse/rules';
import type { SignatureAlgorithmName } from '../nfse/signature';
import { validateDpsBeforeSending } from '../nfse/validate';
import type { TokenSealer } from './secrets';
import type { FileStorage } from './storage';

/** The DANFSe's PDF and QR code libraries (~2 s of a start on this machine) load with the first one drawn. */
const renderDanfse: typeof import('../nfse/danfse').renderDanfse = async (...args) =>
  (await import('../nfse/danfse')).renderDanfse(...args);

/** How the server reaches the national system (or its local stand-in). */
export interface NfseDeps {
  /** `NFSE_NACIONAL_URL`, or the stand-in's URL. */
  baseUrl: string;
  /** ADN Parâmetros Municipais (`NFSE_PARAMETROS_URL`, or the stand-in's): the city's agreement and rate. */
  parametersUrl?: string;
  /** The XML-DSig algorithm (`NFSE_SIGNATURE_ALGORITHM`): RSA-SHA1 as the Manual documents, unless told. */
  signatureAlgorithm?: SignatureAlgorithmName;
  /** `tpAmb` of the DPS: production only against the production URL. */
  environment: NfseEnvironment;
  /** CAs to trust beyond the system's (the stand-in's local CA); none with a real URL. */
  trustedCaPem?: string[];
  /** Seals the certificate file and password at rest (TOKEN_ENCRYPTION_KEY). */
  sealer: TokenSealer;
  timeoutMs?: number;
  lookupTimeoutMs?: number;
  /** The machine's wait before looking an unanswered DPS up (2 s by default). */
  checkDelayMs?: number;
  /** When a run that could not conclude plans the next one (300 s by default). */
  retryAfterSeconds?: number;
  /** How long a second call for a request waits for the run in progress (60 s by default). */
  waitForRunMs?: number;
  /** A run's lease and how often a live run renews it (LEASE_MS and LEASE_RENEW_MS by default; tests shorten them). */
  leaseMs?: number;
  leaseRenewMs?: number;
}

/** `tpAmb` from the base URL: only the production Sefin issues real invoices; the rest is restricted production. */
export function nfseEnvironmentFor(baseUrl: string): NfseEnvironment {
  try {
    return new URL(baseUrl).hostname === 'sefin.nfse.gov.br' ? 'production' : 'homologation';
  } catch {
    return 'homologation';
  }
}

export type EmitResult =
  | { kind: 'done'; request: NfsRequestRow; emission: EmissionRow }
  /** Nothing was sent: the DPS could not be built, broke the layout, or could not be signed. */
  | { kind: 'invalid'; request: NfsRequestRow; emission: EmissionRow | null; problem: EmissionProblem };

export type CancelResult = { request: NfsRequestRow; emission: EmissionRow };

/** A substitution: the replaced request and the substitute, each with its emission. */
export type SubstituteResult = {
  replaced: { request: NfsRequestRow; emission: EmissionRow };
  substitute: { request: NfsRequestRow; emission: EmissionRow };
};

const MESSAGES = {
  requestNotFound: 'Solicitação de nota não encontrada.',
  cancelled: 'Esta nota foi cancelada: ela não pode ser emitida.',
  rejected: 'Esta nota foi recusada: peça uma nova solicitação para emiti-la.',
  noCnpj: 'A empresa ainda não tem CNPJ: a NFS-e nacional precisa do CNPJ do prestador.',
  unreadableCertificate: 'Não foi possível abrir o certificado digital guardado. Envie o certificado A1 de novo.',
  running: 'A emissão desta nota já está em andamento. Atualize em instantes para ver o resultado.',
  notIssued: 'Só uma nota emitida pelo Sistema Nacional pode ser cancelada aqui.',
  manualIssue:
    'Esta nota foi registrada à mão, não emitida pelo Sistema Nacional daqui: cancele-a onde foi emitida e registre o cancelamento.',
  cancelUncertain: 'O Sistema Nacional não respondeu ao cancelamento. Tente de novo em instantes: o mesmo pedido será enviado.',
  notIssuedForSubstitution: 'Só uma nota emitida pelo Sistema Nacional pode ser substituída aqui.',
  manualSubstitution:
    'Esta nota foi registrada à mão, não emitida pelo Sistema Nacional daqui: substitua-a onde foi emitida e registre a nova.',
  cancellationPending: 'O cancelamento desta nota já foi pedido ao Sistema Nacional: ela não pode ser substituída.',
} as const;

/**
 * A run's lease on its emission row. Short, so a run whose server died (kill -9, a lost machine) is taken over within
 * a minute by any server's recovery sweep; renewed every LEASE_RENEW_MS while the run lives, so a run that is only slow
 * (the national system answering late, lookups spaced out) is never taken over. The lease's end is written and compared
 * in the database's clock, the one clock every server shares.
 */
export const LEASE_MS = 45_000;
export const LEASE_RENEW_MS = 5_000;

/** This run no longer holds its lease (another run took it over): it must write nothing and send nothing. */
export class LeaseLost extends Error {
  constructor() {
    super('The emission lease was taken over by another run.');
  }
}

/** A lease held by a run, renewed until `end()`. */
interface HeldLease {
  /** The emission row, while this run still holds it: the condition of every write the run makes. */
  owned: SQL;
  lost(): boolean;
  /** Resolves when the lease is known lost (taken over, or not renewed in time). */
  whenLost: Promise<void>;
  lose(): void;
  end(): void;
}

type Loaded = {
  request: NfsRequestRow;
  companyCnpj: string;
  profile: FiscalProfileRow;
  certificate: CertificateRow;
};

/** A substitute's DPS: the emission it replaces and the reason its `subst` carries. */
type Replacing = { replaced: EmissionRow; reasonCode: string; reason: string };

/** "Outros: o valor estava errado…" — the reason as the history and the customer read it. */
const substitutionReasonText = (code: string, text: string | null) =>
  `${SUBSTITUTION_REASON_CODES[code as keyof typeof SUBSTITUTION_REASON_CODES] ?? code}${text ? `: ${text}` : ''}`;

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** "E0310: O código … (a explicação)" for each refusal, one after another. */
export function refusalReason(errors: ExplainedNationalError[]): string {
  return errors.map((error) => `${error.code}: ${error.explanation}`).join(' ');
}

/** The request, locked until the transaction ends: the national answer and a person's change of it queue. */
async function lockRequest(tx: DbExecutor, requestId: string): Promise<NfsRequestRow> {
  const [request] = await tx.select().from(nfsRequests).where(eq(nfsRequests.id, requestId)).for('update');
  return request!;
}

/** What the DPS says of the ISS rate, and why it says nothing when it does not send one (docs/nfse.md). */
function issRateLine(rate: number | undefined, regime: FiscalProfile['taxRegime'], taxation: string): string {
  if (rate !== undefined) return `${rate.toLocaleString('pt-BR')} % (vai na nota)`;
  if (taxation === '3') return 'Exportação de serviço: sem ISS (não vai na nota)';
  if (taxation === '4') return 'Serviço sem incidência de ISS (não vai na nota)';
  if (regime === 'mei') return 'No DAS do MEI (não vai na nota)';
  if (regime === 'simples') return 'No DAS do Simples Nacional (não vai na nota sem retenção)';
  return 'A do município no Sistema Nacional (não vai na nota)';
}

/** The approximate total of taxes (Lei 12.741/2012) as the DPS carries it. */
function approximateTaxesLine(taxes: ApproximateTaxes): string {
  const percent = (value: number) => `${value.toLocaleString('pt-BR')} %`;
  if (taxes.kind === 'none') return 'Não estimados (MEI)';
  if (taxes.kind === 'simples') return `${percent(taxes.percent)} (Simples Nacional)`;
  return `Federais ${percent(taxes.federal)}, estaduais ${percent(taxes.state)}, municipais ${percent(taxes.municipal)}`;
}

/** Moves a locked request to what the national system's answer makes it, with its line in the request's history. */
async function moveRequest(
  tx: DbExecutor,
  request: NfsRequestRow,
  to: NfsRequestStatus,
  change: { note: string; actor: string | null; at?: Date; set?: Partial<typeof nfsRequests.$inferInsert> },
): Promise<Date> {
  const at = change.at ?? new Date();
  await tx
    .update(nfsRequests)
    .set({ ...change.set, status: to, statusChangedAt: at, updatedAt: at })
    .where(eq(nfsRequests.id, request.id));
  await tx.insert(nfsRequestStatusChanges).values({
    requestId: request.id,
    fromStatus: request.status,
    toStatus: to,
    note: change.note,
    changedBy: change.actor,
  });
  return at;
}

export function createNfseEmissionService({
  db,
  storage,
  nfse,
  logger,
}: {
  db: Database;
  storage: FileStorage;
  nfse: NfseDeps;
  logger: Logger;
}) {
  /** The request, the company's CNPJ, profile and certificate; a 404 or a 409 saying what is missing. */
  async function load(requestId: string, now: Date): Promise<Loaded> {
    const request = await findRequest(db, requestId);
    if (!request) throw notFound(MESSAGES.requestNotFound);
    const company = await findCompany(db, request.companyId);
    if (!company) throw notFound('Empresa não encontrada.');
    if (!company.cnpj) throw conflict(MESSAGES.noCnpj);
    const [profile, certificate] = await Promise.all([
      findFiscalProfile(db, request.companyId),
      findCertificate(db, request.companyId),
    ]);
    if (!profile) throw conflict(`A empresa não tem perfil fiscal. ${FISCAL_MISSING.profile}`);
    if (!certificate) throw conflict(`A empresa não tem certificado digital. ${FISCAL_MISSING.certificate}`);
    const status = certificateStatus(certificate.notAfter, now);
    if (status.status === 'expired') throw conflict(status.message);
    return { request, companyCnpj: company.cnpj.replace(/\D/g, ''), profile, certificate };
  }

  /** The certificate file and password, opened in memory only for this run. */
  function openCertificate(row: CertificateRow): A1Certificate {
    try {
      const pfx = Buffer.from(nfse.sealer.open(row.pfxSealed), 'base64');
      return readPkcs12(pfx, nfse.sealer.open(row.passwordSealed));
    } catch {
      throw conflict(MESSAGES.unreadableCertificate);
    }
  }

  function clientFor(certificate: A1Certificate): NfseClient {
    return createNfseClient({
      baseUrl: nfse.baseUrl,
      parametersUrl: nfse.parametersUrl,
      certificate: {
        privateKeyPem: certificate.privateKeyPem,
        certificatePem: certificate.certificatePem,
        chainPem: certificate.chainPem,
      },
      trustedCaPem: nfse.trustedCaPem,
      timeoutMs: nfse.timeoutMs,
      lookupTimeoutMs: nfse.lookupTimeoutMs,
      maxSockets: 2,
    });
  }

  /**
   * What the city where the ISS is due has told the national system (ADN Parâmetros Municipais): whether it is on it,
   * its rate for the service and, for a company with a special regime, the regimes it admits. Unknown (the parameters unreachable) leaves the rules that need it unchecked here;
   * Sefin Nacional still checks them.
   */
  async function cityParametersFor(client: NfseClient, loaded: Loaded): Promise<CityParameters | undefined> {
    let profile: FiscalProfile;
    try {
      profile = serviceProfileOf(loaded.request, profileOf(loaded.profile));
    } catch {
      return undefined; // A service the profile does not offer: the DPS is refused before anything is asked.
    }
    const city = serviceIncidence(profile.serviceCode) === 'ET' ? undefined : profile.cityIbgeCode;
    if (!city) return undefined;
    const read = await client.cityParameters(city, profile.serviceCode, loaded.request.competence, {
      specialRegime: profile.specialRegime === '0' ? undefined : profile.specialRegime,
    });
    if (read.outcome === 'unknown') {
      logger.info(`NFS-e: the parameters of city ${city} could not be read (${read.reason})`);
      return undefined;
    }
    return read.parameters;
  }

  function dpsContext(loaded: Loaded, series: string, number: number, now: Date, replacing?: Replacing): DpsContext {
    const { request } = loaded;
    const profile: FiscalProfile = { ...profileOf(loaded.profile), dpsSeries: series };
    return {
      request: {
        emissionType: request.emissionType,
        customerDocument: request.customerDocument,
        customerName: request.customerName,
        customerEmail: request.customerEmail,
        ...takerForDps(request),
        description: request.description,
        serviceItem: request.serviceItem,
        serviceCode: request.serviceCode,
        competence: request.competence,
        totalCents: request.totalCents,
        issWithheld: request.issWithheld,
      },
      profile,
      companyCnpj: loaded.companyCnpj,
      number: String(number),
      environment: nfse.environment,
      issuedAt: now,
      ...(replacing && {
        replaces: {
          accessKey: replacing.replaced.accessKey!,
          reasonCode: replacing.reasonCode,
          reason: replacing.reason || undefined,
        },
        replacedDpsXml: replacing.replaced.signedDpsXml ?? undefined,
      }),
    };
  }

  /** A substitute's emission row → what its DPS's `subst` says, read from the replaced row. */
  async function replacingOf(emission: EmissionRow): Promise<Replacing | undefined> {
    if (!emission.replacesEmissionId) return undefined;
    const [replaced] = await db.select().from(nfseEmissions).where(eq(nfseEmissions.id, emission.replacesEmissionId));
    if (!replaced?.accessKey) throw new Error(`The NFS-e replaced by emission ${emission.id} is gone`);
    return { replaced, reasonCode: emission.substitutionReasonCode ?? '99', reason: emission.substitutionReason ?? '' };
  }

  /**
   * The DANFSe of an NFS-e this server issued, drawn again with its mark (CANCELADA, SUBSTITUÍDA) and saved under a
   * key of its own; null when it cannot be drawn (the national answer is recorded anyway, and the error logged).
   */
  async function markedDanfse(companyId: string, xml: string | null, status: DanfseStatus) {
    if (!xml) return null;
    try {
      const bytes = await renderDanfse(xml, status);
      const key = `${companyId}/${randomUUID()}.pdf`;
      await storage.save(key, bytes);
      return { key, bytes };
    } catch (error) {
      logger.error(`NFS-e: the ${status} DANFSe could not be drawn`, error);
      return null;
    }
  }

  /**
   * Publishes the marked DANFSe in the place of the request's PDF (the same document, so the customer's list and
   * links show the marked one and no unmarked copy stays behind). Answers the replaced file's key, to remove once
   * the transaction commits.
   */
  async function republishPdf(
    tx: DbExecutor,
    request: NfsRequestRow,
    marked: { key: string; bytes: Uint8Array } | null,
    name: string,
  ): Promise<string | null> {
    if (!marked || !request.pdfDocumentId) return null;
    const [previous] = await tx
      .select({ key: documents.storageKey })
      .from(documents)
      .where(eq(documents.id, request.pdfDocumentId));
    await tx
      .update(documents)
      .set({ storageKey: marked.key, size: marked.bytes.length, name, updatedAt: new Date() })
      .where(eq(documents.id, request.pdfDocumentId));
    return previous?.key ?? null;
  }

  /**
   * In the substitute's issuing transaction: the replaced emission marked substituted, its request cancelled with the
   * substitute named in its history (what the customer reads), its DANFSe replaced by the marked one. Answers the
   * unmarked file's key, to remove after the commit.
   */
  async function recordSubstituted(
    tx: DbExecutor,
    { replaced, reasonCode, reason }: Replacing,
    substituteNumber: string,
    marked: { key: string; bytes: Uint8Array } | null,
    { actor, at }: { actor: string | null; at: Date },
  ): Promise<string | null> {
    const request = await lockRequest(tx, replaced.requestId);
    await tx
      .update(nfseEmissions)
      .set({ state: 'substituted', substitutedAt: at, lastError: null, updatedAt: at })
      .where(and(eq(nfseEmissions.id, replaced.id), eq(nfseEmissions.state, 'issued')));
    const previous = await republishPdf(tx, request, marked, `NFS-e ${replaced.nfseNumber} (substituída).pdf`);
    if (request.status === 'issued') {
      const why = `Substituída pela NFS-e nº ${substituteNumber} (${substitutionReasonText(reasonCode, reason)}).`;
      await moveRequest(tx, request, 'cancelled', { at, note: why, actor, set: { reason: why } });
    }
    return previous;
  }

  function removeFile(key: string | null) {
    if (key)
      void storage.remove(key).catch((error: unknown) => logger.error('NFS-e: a replaced DANFSe could not be removed', error));
  }

  const leaseMs = nfse.leaseMs ?? LEASE_MS;
  const renewMs = nfse.leaseRenewMs ?? LEASE_RENEW_MS;
  /** The end of a lease taken or renewed now, in the database's clock. */
  const leaseEnd = () => sql`now() + ${`${leaseMs} milliseconds`}::interval`;
  /** No live run holds the row: never leased, released, or its lease ran out (its run died or lost it). */
  const leaseFree = or(isNull(nfseEmissions.leaseUntil), lt(nfseEmissions.leaseUntil, sql`now()`));
  /** A run took the row and never finished (its server died): it still names a token, and its lease ran out. */
  const leaseAbandoned = and(isNotNull(nfseEmissions.leaseToken), lt(nfseEmissions.leaseUntil, sql`now()`));

  /**
   * Keeps the run's lease alive: renewed every `renewMs` while the row still names the run's token. A renewal that
   * finds another token means the run was taken over; renewals failing (the database out of reach) for so long that
   * the lease may have run out count as lost too, one renewal period early. Either way the run stops before writing.
   */
  function holdLease(emissionId: string, token: string): HeldLease {
    const owned = and(eq(nfseEmissions.id, emissionId), eq(nfseEmissions.leaseToken, token))!;
    let lost = false;
    let ended = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let surelyUntil = Date.now() + leaseMs;
    let signal!: () => void;
    const whenLost = new Promise<void>((resolve) => (signal = resolve));
    const lose = () => {
      if (lost) return;
      lost = true;
      signal();
    };
    const renew = async () => {
      // Measured from before the statement leaves: the lease lasts at least until then.
      const asked = Date.now();
      try {
        const [row] = await db
          .update(nfseEmissions)
          .set({ leaseUntil: leaseEnd() })
          .where(owned)
          .returning({ id: nfseEmissions.id });
        if (row) surelyUntil = asked + leaseMs;
        else if (!ended) lose();
      } catch (error) {
        logger.error(`NFS-e: the lease of emission ${emissionId} could not be renewed`, error);
      }
      if (!ended && Date.now() > surelyUntil - renewMs) lose();
    };
    const next = () => {
      timer = setTimeout(() => {
        void renew().then(() => {
          if (!ended && !lost) next();
        });
      }, renewMs);
    };
    next();
    return {
      owned,
      lost: () => lost,
      whenLost,
      lose,
      end: () => {
        ended = true;
        clearTimeout(timer);
      },
    };
  }

  /**
   * Updates the emission row only while the run holds its lease; otherwise throws LeaseLost, undoing the transaction
   * it is in (the request is moved in the same one, so an ex-owner moves nothing either).
   */
  async function updateOwned(tx: DbExecutor, lease: HeldLease, set: PgUpdateSetSource<typeof nfseEmissions>) {
    if (lease.lost()) throw new LeaseLost();
    const [row] = await tx.update(nfseEmissions).set(set).where(lease.owned).returning({ id: nfseEmissions.id });
    if (!row) {
      lease.lose();
      throw new LeaseLost();
    }
  }

  /**
   * The request's emission row, made with its DPS number on the first call (the request row locked meanwhile) and
   * born leased to this call: a server dying right after leaves a lease the recovery sweep takes over.
   */
  async function allocate(loaded: Loaded): Promise<{ emission: EmissionRow; token: string | null }> {
    return db.transaction(async (tx) => {
      const [request] = await tx.select().from(nfsRequests).where(eq(nfsRequests.id, loaded.request.id)).for('update');
      if (!request) throw notFound(MESSAGES.requestNotFound);
      const [existing] = await tx.select().from(nfseEmissions).where(eq(nfseEmissions.requestId, request.id));
      if (existing) return { emission: existing, token: null };
      if (!isEmittableStatus(request.status)) throw conflict(refusalFor(request));
      return insertEmission(tx, loaded, request);
    });
  }

  /** The emission row with the request's DPS number, taken now, born leased to the caller (in the caller's transaction). */
  async function insertEmission(
    tx: DbExecutor,
    loaded: Loaded,
    request: NfsRequestRow,
    substitution: Partial<typeof nfseEmissions.$inferInsert> = {},
  ): Promise<{ emission: EmissionRow; token: string }> {
    const series = loaded.profile.dpsSeries;
    const number = await takeDpsNumber(tx, request.companyId, series);
    const id = dpsId({
      cityIbgeCode: loaded.profile.cityIbgeCode,
      inscriptionType: 'cnpj',
      inscription: loaded.companyCnpj,
      series,
      number: String(number),
    });
    const token = randomUUID();
    const [created] = await tx
      .insert(nfseEmissions)
      .values({
        ...substitution,
        requestId: request.id,
        companyId: request.companyId,
        dpsId: id,
        dpsSeries: series,
        dpsNumber: number,
        leaseToken: token,
        leaseUntil: leaseEnd(),
      })
      .returning();
    return { emission: created, token };
  }

  function refusalFor(request: NfsRequestRow): string {
    if (request.status === 'cancelled') return MESSAGES.cancelled;
    if (request.status === 'rejected') return MESSAGES.rejected;
    return `Não é possível emitir uma nota na situação "${request.status}".`;
  }

  /**
   * Takes the run: answers the lease token and the row as it stands once taken (what an earlier run kept — a signed
   * DPS — is read under the lease, so it is never missed), or null when a live run holds it or nothing is left to run.
   */
  async function claim(emissionId: string): Promise<{ token: string; emission: EmissionRow } | null> {
    const token = randomUUID();
    const [emission] = await db
      .update(nfseEmissions)
      .set({ leaseToken: token, leaseUntil: leaseEnd() })
      .where(and(eq(nfseEmissions.id, emissionId), inArray(nfseEmissions.state, ['ready', 'retrying']), leaseFree))
      .returning();
    return emission ? { token, emission } : null;
  }

  /**
   * The request's DPS as it would be built now, with the next number (none taken, nothing stored), checked against
   * the layout and the official rules: why it could not be sent, if so, and the city's parameters it was checked with.
   */
  async function tryDps(loaded: Loaded, now: Date): Promise<{ problem: EmissionProblem | null; city?: CityParameters }> {
    const series = loaded.profile.dpsSeries;
    const number = await nextDpsNumber(db, loaded.request.companyId, series);
    const city = await previewCity(loaded);
    let built: ReturnType<typeof buildDpsFromRequest>;
    try {
      built = buildDpsFromRequest({ ...dpsContext(loaded, series, number, now), city });
    } catch (error) {
      if (!(error instanceof DpsBuildError)) throw error;
      return { problem: { stage: 'preparing', message: error.message, issues: [] } };
    }
    const validation = validateDpsBeforeSending(built.xml, { environment: nfse.environment, now, city });
    if (!validation.ok) return { problem: { stage: 'validating', message: validation.message, issues: validation.issues } };
    return { problem: null, city };
  }

  /** What the request and its emission came to, as the route answers it. */
  async function current(requestId: string): Promise<EmitResult> {
    const request = await findRequest(db, requestId);
    const emission = await findEmission(db, requestId);
    if (!request || !emission) throw notFound(MESSAGES.requestNotFound);
    if (emission.state === 'ready' && emission.problem) {
      return { kind: 'invalid', request, emission, problem: emission.problem };
    }
    return { kind: 'done', request, emission };
  }

  /** Waits while another run holds the request's emission; then answers what it came to. */
  async function waitForRun(requestId: string): Promise<'free' | 'finished'> {
    const deadline = Date.now() + (nfse.waitForRunMs ?? 60_000);
    while (Date.now() < deadline) {
      const emission = await findEmission(db, requestId);
      if (!emission) return 'free';
      if (emission.state !== 'ready' && emission.state !== 'retrying') return 'finished';
      const leased = emission.leaseUntil && emission.leaseUntil.getTime() > Date.now();
      // A lease that ran out with its token still there: its run died, and this call takes it over.
      if (!leased) return emission.attempts === 0 || emission.leaseToken ? 'free' : 'finished';
      await sleep(100);
    }
    throw conflict(MESSAGES.running);
  }

  /**
   * Emits the request: the same invoice again when it is issued, the run in progress's outcome when another call
   * is emitting it, or a run of the machine (from the lookup when a signed DPS was kept).
   */
  async function emit(
    requestId: string,
    options: { actor?: string | null; now?: Date; waited?: boolean } = {},
  ): Promise<EmitResult> {
    const now = options.now ?? new Date();
    const found = await findRequest(db, requestId);
    if (!found) throw notFound(MESSAGES.requestNotFound);
    const existing = await findEmission(db, requestId);
    if (found.status === 'issued' && existing) return { kind: 'done', request: found, emission: existing };
    if (found.status === 'issued') throw conflict('Esta nota já foi registrada como emitida (à mão).');
    if (found.status === 'rejected' && existing?.state === 'rejected')
      return { kind: 'done', request: found, emission: existing };
    if (!isEmittableStatus(found.status)) throw conflict(refusalFor(found));

    const loaded = await load(requestId, now);
    let city: CityParameters | undefined;
    if (!existing) {
      // Checked first with the next number, none taken: a DPS refused before sending spends no number, and the
      // request stays as it was for the team to correct.
      const trial = await tryDps(loaded, now);
      if (trial.problem) return { kind: 'invalid', request: found, emission: null, problem: trial.problem };
      city = trial.city;
    }
    const allocated = await allocate(loaded);
    const claimed = allocated.token
      ? { token: allocated.token, emission: allocated.emission }
      : await claim(allocated.emission.id);
    if (!claimed) {
      // Someone else is running it (or just finished): their outcome is this call's too.
      const after = await waitForRun(requestId);
      if (after === 'free' && !options.waited) return emit(requestId, { ...options, waited: true });
      return current(requestId);
    }
    try {
      await runLeased(loaded, claimed.emission, claimed.token, { actor: options.actor ?? null, now, city });
    } catch (error) {
      // Taken over while it ran: what the run that took it comes to is this call's answer too.
      if (!(error instanceof LeaseLost)) throw error;
      logger.info(`NFS-e: the emission of request ${requestId} was taken over by another run`);
    }
    return current(requestId);
  }

  /**
   * One run of the emission machine on a row this run holds the lease of (`emission` as read once taken): the DPS
   * looked up first when a signed one was kept, else built, signed, kept, then sent. Every write is conditioned on the
   * lease; losing it stops the run before its next write or send (LeaseLost).
   */
  async function runLeased(
    loaded: Loaded,
    emission: EmissionRow,
    token: string,
    { actor, now, city: checked }: { actor: string | null; now: Date; city?: CityParameters },
  ): Promise<void> {
    const { request: found } = loaded;
    const requestId = found.id;
    const lease = holdLease(emission.id, token);
    let signedKept = emission.signedDpsXml !== null;
    let client: NfseClient | undefined;
    try {
      const replacing = await replacingOf(emission);
      const certificate = openCertificate(loaded.certificate);
      client = clientFor(certificate);
      const nationalClient = client;
      // A kept DPS is looked up or sent again as it is: the city's parameters matter only to a DPS still to be built.
      const city = emission.signedDpsXml ? undefined : (checked ?? (await cityParametersFor(nationalClient, loaded)));
      const running = emitNfse(
        { ...dpsContext(loaded, emission.dpsSeries, emission.dpsNumber, now, replacing), city },
        { privateKeyPem: certificate.privateKeyPem, certificatePem: certificate.certificatePem },
        {
          // The signed DPS is kept before it first leaves, and only while the lease is held (never over another run's
          // DPS): whoever takes the run over looks up or sends again that very DPS, never a second one.
          sendDps: async (dps) => {
            if (lease.lost()) throw new LeaseLost();
            if (!signedKept) {
              const [kept] = await db
                .update(nfseEmissions)
                .set({ signedDpsXml: dps.signedXml, dpsId: dps.id, problem: null, updatedAt: new Date() })
                .where(and(lease.owned, isNull(nfseEmissions.signedDpsXml)))
                .returning({ id: nfseEmissions.id });
              if (!kept) {
                lease.lose();
                throw new LeaseLost();
              }
              signedKept = true;
            }
            return nationalClient.sendDps(dps);
          },
          lookupDps: async (id) => {
            if (lease.lost()) throw new LeaseLost();
            return nationalClient.lookupDps(id);
          },
        },
        {
          signedDps: emission.signedDpsXml
            ? { id: emission.dpsId, signedXml: emission.signedDpsXml, body: emissionRequestBody(emission.signedDpsXml) }
            : null,
          checkDelayMs: nfse.checkDelayMs,
          retryAfterSeconds: nfse.retryAfterSeconds,
          algorithm: nfse.signatureAlgorithm,
        },
      );
      // A lost lease ends the run at once; the machine, left alone, ends on its own without sending (see sendDps).
      const output = await Promise.race([running, lease.whenLost.then(() => Promise.reject(new LeaseLost()))]);
      const release = { leaseToken: null, leaseUntil: null, attempts: sql`${nfseEmissions.attempts} + 1`, updatedAt: new Date() };

      if (output.status === 'issued') {
        const { nfse: issued } = output;
        // The files first, under keys of their own; the rows that publish them in one transaction below.
        const pdf = await renderDanfse(issued.xml, 'normal');
        const xml = new TextEncoder().encode(issued.xml);
        const pdfKey = `${found.companyId}/${randomUUID()}.pdf`;
        const xmlKey = `${found.companyId}/${randomUUID()}.xml`;
        await storage.save(pdfKey, pdf);
        await storage.save(xmlKey, xml);
        // The national system cancelled the replaced NFS-e as it issued this one: its DANFSe is drawn again, marked.
        const marked = replacing && (await markedDanfse(found.companyId, replacing.replaced.nfseXml, 'substituted'));
        const replacedNumber = replacing?.replaced.nfseNumber;
        const removed = await db.transaction(async (tx) => {
          const request = await lockRequest(tx, requestId);
          const issuedAt = new Date();
          // The emission first: a run that lost its lease publishes nothing and moves nothing.
          await updateOwned(tx, lease, {
            ...release,
            state: 'issued',
            dpsId: output.dpsId,
            accessKey: issued.accessKey,
            nfseNumber: issued.number,
            nfseXml: issued.xml,
            issuedAt,
            nextAttemptAt: null,
            lastError: null,
            errors: [],
            problem: null,
          });
          const description = replacing
            ? `Nota fiscal nº ${issued.number} (NFS-e nacional), em substituição à nº ${replacedNumber}.`
            : `Nota fiscal nº ${issued.number} (NFS-e nacional).`;
          const file = (name: string, contentType: string, storageKey: string, size: number) => ({
            companyId: request.companyId,
            type: 'nota_fiscal' as const,
            name,
            contentType,
            size,
            storageKey,
            competence: request.competence,
            description,
            uploadedBy: actor,
            // The team's document whoever ran the emission: a person, an automatic schedule or a retry.
            publishedBy: actor,
            publishedBySystem: true,
          });
          const [pdfDocument] = await tx
            .insert(documents)
            .values(file(`NFS-e ${issued.number}.pdf`, 'application/pdf', pdfKey, pdf.length))
            .returning({ id: documents.id });
          const [xmlDocument] = await tx
            .insert(documents)
            .values(file(`NFS-e ${issued.number}.xml`, 'application/xml', xmlKey, xml.length))
            .returning({ id: documents.id });
          await moveRequest(tx, request, 'issued', {
            at: issuedAt,
            note: replacing
              ? `NFS-e nº ${issued.number} emitida pelo Sistema Nacional em substituição à nº ${replacedNumber}.`
              : `NFS-e nº ${issued.number} emitida pelo Sistema Nacional.`,
            actor,
            set: {
              invoiceNumber: issued.number,
              accessKey: issued.accessKey,
              pdfDocumentId: pdfDocument.id,
              xmlDocumentId: xmlDocument.id,
              issuedAt,
              reason: null,
            },
          });
          return replacing ? recordSubstituted(tx, replacing, issued.number, marked ?? null, { actor, at: issuedAt }) : null;
        });
        removeFile(removed);
      } else if (output.status === 'rejected') {
        // A refused substitute leaves the invoice it was to replace as it was: the customer reads that, not a bare refusal.
        const reason = replacing
          ? `Substituição da NFS-e nº ${replacing.replaced.nfseNumber} recusada: a NFS-e nº ${replacing.replaced.nfseNumber} continua válida. ${refusalReason(output.errors)}`
          : refusalReason(output.errors);
        await db.transaction(async (tx) => {
          const request = await lockRequest(tx, requestId);
          await updateOwned(tx, lease, {
            ...release,
            state: 'rejected',
            errors: output.errors,
            lastError: output.errors[0]?.explanation ?? reason,
            nextAttemptAt: null,
            problem: null,
          });
          await moveRequest(tx, request, 'rejected', {
            note: replacing ? reason : `Recusada pelo Sistema Nacional. ${reason}`,
            actor,
            set: { reason },
          });
        });
      } else if (output.status === 'retryLater') {
        const nextAttemptAt = new Date(Date.now() + output.plan.afterSeconds * 1000);
        await db.transaction(async (tx) => {
          const request = await lockRequest(tx, requestId);
          await updateOwned(tx, lease, {
            ...release,
            state: 'retrying',
            signedDpsXml: output.signedDps.signedXml,
            dpsId: output.signedDps.id,
            nextAttemptAt,
            lastError: output.plan.reason,
            problem: null,
          });
          if (request.status === 'requested') {
            await moveRequest(tx, request, 'processing', {
              note: `Enviada ao Sistema Nacional sem resposta confiável (${output.plan.reason}); nova consulta programada.`,
              actor,
            });
          }
        });
      } else {
        await updateOwned(db, lease, { ...release, state: 'ready', problem: output.problem, lastError: output.problem.message });
      }
    } catch (error) {
      if (error instanceof LeaseLost) throw error;
      await letGo(lease, signedKept);
      throw error;
    } finally {
      lease.end();
      client?.close();
    }
  }

  /**
   * A run that failed midway lets go of its row. A signed DPS kept may be at the national system: the row is left as
   * a dead run leaves it (its token kept, its lease ended now), so the next sweep — or the next click — resumes it
   * rather than a person having to notice. Nothing kept, nothing sent: the lease is released and the caller hears why.
   */
  async function letGo(lease: HeldLease, mayBeSent: boolean) {
    try {
      await db
        .update(nfseEmissions)
        .set(mayBeSent ? { leaseUntil: sql`now()`, updatedAt: new Date() } : { leaseToken: null, leaseUntil: null })
        .where(lease.owned);
    } catch (cause) {
      // The database out of reach: the lease runs out on its own and the sweep takes the row then.
      logger.error('NFS-e: a failed run could not let go of its emission', cause);
    }
  }

  /** What would be sent, checked against the layout, before anything is: no number is taken. */
  /** The city's parameters for the preview, through the company's certificate; unknown when it cannot be opened. */
  async function previewCity(loaded: Loaded): Promise<CityParameters | undefined> {
    let client: NfseClient | undefined;
    try {
      client = clientFor(openCertificate(loaded.certificate));
      return await cityParametersFor(client, loaded);
    } catch {
      return undefined;
    } finally {
      client?.close();
    }
  }

  async function preview(requestId: string, now = new Date()): Promise<NfseEmissionPreview> {
    const request = await findRequest(db, requestId);
    if (!request) throw notFound(MESSAGES.requestNotFound);
    const [company, profileRow, certificate, emission] = await Promise.all([
      findCompany(db, request.companyId),
      findFiscalProfile(db, request.companyId),
      findCertificate(db, request.companyId),
      findEmission(db, requestId),
    ]);
    const blockers: string[] = [];
    if (request.status === 'issued') blockers.push('A nota já foi emitida.');
    else if (!isEmittableStatus(request.status)) blockers.push(refusalFor(request));
    const cnpj = company?.cnpj?.replace(/\D/g, '') ?? '';
    if (!cnpj) blockers.push(MESSAGES.noCnpj);
    if (!profileRow) blockers.push(`A empresa não tem perfil fiscal. ${FISCAL_MISSING.profile}`);
    if (!certificate) blockers.push(`A empresa não tem certificado digital. ${FISCAL_MISSING.certificate}`);
    else {
      const status = certificateStatus(certificate.notAfter, now);
      if (status.status === 'expired') blockers.push(status.message);
    }
    let dps: NfseEmissionPreview['dps'] = null;
    let issues: DpsIssue[] = [];
    if (profileRow && cnpj) {
      const series = emission?.dpsSeries ?? profileRow.dpsSeries;
      const number = emission?.dpsNumber ?? (await nextDpsNumber(db, request.companyId, series));
      const loaded = { request, companyCnpj: cnpj, profile: profileRow, certificate: certificate! };
      const city = certificate ? await previewCity(loaded) : undefined;
      // A substitute's DPS names the NFS-e it replaces (`subst`): the preview shows and checks it as it will be sent.
      const replacing = emission ? await replacingOf(emission) : undefined;
      try {
        const built = buildDpsFromRequest({ ...dpsContext(loaded, series, number, now, replacing), city });
        const validation = validateDpsBeforeSending(built.xml, {
          environment: nfse.environment,
          now,
          city,
          replaced: replacing?.replaced.signedDpsXml
            ? { accessKey: replacing.replaced.accessKey!, dpsXml: replacing.replaced.signedDpsXml }
            : undefined,
        });
        if (!validation.ok) {
          issues = validation.issues;
          blockers.push(validation.message);
        }
        const profile = serviceProfileOf(request, profileOf(profileRow));
        dps = {
          id: built.id,
          number: String(number),
          numberAllocated: Boolean(emission),
          series,
          xml: built.xml,
          summary: [
            ['Prestador', `${company?.name ?? ''} (CNPJ ${formatCnpj(cnpj)})`],
            ...takerSummary(request),
            [
              'Serviço',
              `${formatNationalServiceCode(profile.serviceCode)} — ${nationalService(profile.serviceCode)?.description ?? 'código fora da lista nacional'}`,
            ],
            ['Descrição', request.description],
            ['Competência', `${request.competence.slice(5, 7)}/${request.competence.slice(0, 4)}`],
            ['Valor do serviço', formatMoney(request.totalCents)],
            ['Regime tributário', TAX_REGIME_LABEL[profile.taxRegime]],
            ['Alíquota do ISS', issRateLine(built.data.values.issRate, profile.taxRegime, built.data.values.issTaxation)],
            ['Tributos aproximados', approximateTaxesLine(built.data.values.approximateTaxes)],
            ['ISS retido', request.issWithheld ? 'Sim' : 'Não'],
            [
              'Município no Sistema Nacional',
              city === undefined
                ? 'Parâmetros municipais indisponíveis agora (o Sistema Nacional confere ao receber)'
                : city.active
                  ? `Convênio ativo${city.rate === undefined ? '' : `; alíquota do município para o serviço: ${city.rate.toLocaleString('pt-BR')} %`}`
                  : 'Convênio não ativo: a alíquota do perfil fiscal vai na nota',
            ],
            ...(replacing
              ? ([
                  [
                    'Substitui',
                    `NFS-e nº ${replacing.replaced.nfseNumber ?? '—'} (chave ${formatAccessKey(replacing.replaced.accessKey!)}) — ${substitutionReasonText(replacing.reasonCode, replacing.reason || null)}`,
                  ],
                ] as [string, string][])
              : []),
            ['DPS', `Série ${series}, nº ${number}`],
          ],
        };
      } catch (error) {
        if (!(error instanceof DpsBuildError)) throw error;
        blockers.push(error.message);
      }
    }
    return {
      ready: blockers.length === 0,
      blockers,
      dps,
      issues,
      emission: emission ? emissionView(emission) : null,
    };
  }

  /** Cancels an NFS-e issued here (event 101101): the same call again answers the same. */
  async function cancel(
    requestId: string,
    input: { reason: string; reasonCode: CancellationReasonCode },
    options: { actor?: string | null; now?: Date } = {},
  ): Promise<CancelResult> {
    const now = options.now ?? new Date();
    const request = await findRequest(db, requestId);
    if (!request) throw notFound(MESSAGES.requestNotFound);
    const emission = await findEmission(db, requestId);
    if (request.status === 'cancelled' && emission?.state === 'cancelled') return { request, emission };
    if (request.status !== 'issued') throw conflict(MESSAGES.notIssued);
    if (!emission || emission.state !== 'issued' || !emission.accessKey) throw conflict(MESSAGES.manualIssue);
    const loaded = await load(requestId, now);
    const token = randomUUID();
    const [claimed] = await db
      .update(nfseEmissions)
      .set({ leaseToken: token, leaseUntil: leaseEnd() })
      .where(and(eq(nfseEmissions.id, emission.id), eq(nfseEmissions.state, 'issued'), leaseFree))
      .returning();
    if (!claimed) throw conflict('O cancelamento desta nota já está em andamento. Atualize em instantes.');
    try {
      await cancelLeased(loaded, claimed, token, { input, actor: options.actor ?? null, now });
    } catch (error) {
      // Taken over: the run that took it answers for it; this call answers what the request is now.
      if (!(error instanceof LeaseLost)) throw error;
    }
    const [after, afterEmission] = await Promise.all([findRequest(db, requestId), findEmission(db, requestId)]);
    return { request: after!, emission: afterEmission! };
  }

  /**
   * A cancellation on a row this run holds the lease of: the signed request kept before it is sent (so a run that
   * takes over sends the very same one, and the national system answers the same event), then registered. A run the
   * recovery sweep resumed (`input` absent: the request was kept) that gets no answer keeps the row for the next sweep.
   */
  async function cancelLeased(
    loaded: Loaded,
    emission: EmissionRow,
    token: string,
    { input, actor, now }: { input?: { reason: string; reasonCode: CancellationReasonCode }; actor: string | null; now: Date },
  ): Promise<void> {
    const requestId = loaded.request.id;
    const lease = holdLease(emission.id, token);
    let release = true;
    let client: NfseClient | undefined;
    try {
      const certificate = openCertificate(loaded.certificate);
      client = clientFor(certificate);
      // A request sent before without an answer goes again as it was: the national system answers the same event.
      let signedXml = emission.cancellationRequestXml;
      if (!signedXml) {
        if (!input) throw new Error('A cancellation resumed without its signed request');
        try {
          signedXml = prepareSignedCancellation(
            {
              accessKey: emission.accessKey!,
              authorCnpj: loaded.companyCnpj,
              reasonCode: input.reasonCode,
              reason: input.reason,
              environment: nfse.environment,
              requestedAt: now,
            },
            { privateKeyPem: certificate.privateKeyPem, certificatePem: certificate.certificatePem },
          ).signedXml;
        } catch (error) {
          if (error instanceof EventBuildError) {
            const field = error.field === 'reasonCode' ? 'reasonCode' : 'reason';
            throw invalid(error.message, { [field]: error.message });
          }
          throw error;
        }
        const [kept] = await db
          .update(nfseEmissions)
          .set({ cancellationRequestXml: signedXml, cancellationReason: input.reason, updatedAt: new Date() })
          .where(and(lease.owned, isNull(nfseEmissions.cancellationRequestXml)))
          .returning({ id: nfseEmissions.id });
        if (!kept) {
          lease.lose();
          throw new LeaseLost();
        }
      }
      if (lease.lost()) throw new LeaseLost();
      const outcome = await Promise.race([
        client.registerEvent(emission.accessKey!, { pedidoRegistroEventoXmlGZipB64: packXml(signedXml) }),
        lease.whenLost.then(() => Promise.reject(new LeaseLost())),
      ]);
      if (outcome.outcome === 'uncertain') {
        if (!input) {
          // Resumed by the sweep, nobody waiting: the same request goes again at a later sweep.
          release = false;
          await pause(lease);
          return;
        }
        throw unavailable(MESSAGES.cancelUncertain);
      }
      if (outcome.outcome === 'rejected') {
        const reason = refusalReason(outcome.errors);
        await updateOwned(db, lease, { lastError: outcome.errors[0]?.explanation ?? reason, updatedAt: new Date() });
        if (!input) {
          logger.error(`NFS-e: the national system refused the resumed cancellation of request ${requestId}: ${reason}`);
          return;
        }
        throw unprocessable(`O Sistema Nacional recusou o cancelamento. ${reason}`);
      }
      const reason = emission.cancellationReason ?? input?.reason ?? '';
      // The DANFSe the customer has is drawn again with the CANCELADA mark (NT 008/2026) and published in its place.
      const marked = await markedDanfse(loaded.request.companyId, emission.nfseXml, 'cancelled');
      const removed = await db.transaction(async (tx) => {
        const request = await lockRequest(tx, requestId);
        const at = new Date();
        await updateOwned(tx, lease, {
          state: 'cancelled',
          cancellationEventXml: outcome.eventXml,
          cancellationReason: reason,
          cancelledAt: at,
          lastError: null,
          updatedAt: at,
          leaseToken: null,
          leaseUntil: null,
        });
        await moveRequest(tx, request, 'cancelled', {
          at,
          note: `Cancelada no Sistema Nacional: ${reason}`,
          actor,
          set: { reason },
        });
        return republishPdf(tx, request, marked, `NFS-e ${emission.nfseNumber} (cancelada).pdf`);
      });
      removeFile(removed);
    } catch (error) {
      if (error instanceof LeaseLost) release = false;
      throw error;
    } finally {
      lease.end();
      if (release) {
        await db
          .update(nfseEmissions)
          .set({ leaseToken: null, leaseUntil: null })
          .where(lease.owned)
          .catch((error: unknown) => logger.error('NFS-e: a cancellation could not release its lease', error));
      }
      client?.close();
    }
  }

  /** The substitute of an emission still standing (being sent, waiting on the national system, or issued). */
  async function liveSubstitute(tx: DbExecutor, emissionId: string): Promise<EmissionRow | undefined> {
    const [row] = await tx
      .select()
      .from(nfseEmissions)
      .where(and(eq(nfseEmissions.replacesEmissionId, emissionId), ne(nfseEmissions.state, 'rejected')));
    return row;
  }

  /**
   * Substitutes an NFS-e issued here with a corrected one: a new request (see the header) whose DPS carries `subst`
   * naming the old key, sent through the emission flow. The same call again — or while the first one runs — comes
   * to the same substitute: one live substitute per NFS-e, held by the replaced request's lock and a unique index.
   * Refusals are said before anything is taken when the product can tell (a cancelled NFS-e, E0046; what may not
   * change, E0060; the layout and rules of the DPS as it would be sent); the national system's, after.
   */
  async function substitute(
    requestId: string,
    input: Substitution,
    options: { actor?: string | null; now?: Date } = {},
  ): Promise<SubstituteResult> {
    const now = options.now ?? new Date();
    const actor = options.actor ?? null;
    const request = await findRequest(db, requestId);
    if (!request) throw notFound(MESSAGES.requestNotFound);
    const emission = await findEmission(db, requestId);
    if (emission?.state === 'substituted') return substitution(requestId);
    if (request.status === 'cancelled' || emission?.state === 'cancelled') {
      const refusal = explainNationalError({ code: 'E0046', description: ruleMessage('E0046') });
      throw conflict(`Esta nota está cancelada. ${refusalReason([refusal])}`);
    }
    if (request.status !== 'issued') throw conflict(MESSAGES.notIssuedForSubstitution);
    if (!emission || emission.state !== 'issued' || !emission.accessKey) throw conflict(MESSAGES.manualSubstitution);
    if (emission.cancellationRequestXml) throw conflict(MESSAGES.cancellationPending);
    const running = await liveSubstitute(db, emission.id);
    if (running) return resumeSubstitute(requestId, running, actor);

    const loaded = await load(requestId, now);
    if (
      input.totalCents !== undefined &&
      input.totalCents !== request.totalCents &&
      substitutionKeepsValue(loaded.profile.taxRegime)
    ) {
      throw unprocessable(SUBSTITUTION_MESSAGES.valueLocked, {
        totalCents: SUBSTITUTION_MESSAGES.valueLocked,
      });
    }
    const corrected: NfsRequestRow = {
      ...request,
      description: input.description ?? request.description,
      totalCents: input.totalCents ?? request.totalCents,
      customerName: input.customerName ?? request.customerName,
      customerEmail: input.customerEmail === undefined ? request.customerEmail : input.customerEmail,
    };
    const replacing: Replacing = { replaced: emission, reasonCode: input.reasonCode, reason: input.reason };
    // The DPS as it will be sent, checked with the next number (none taken): a refusal costs no number, no request.
    const series = loaded.profile.dpsSeries;
    try {
      const trial = buildDpsFromRequest(
        dpsContext({ ...loaded, request: corrected }, series, await nextDpsNumber(db, request.companyId, series), now, replacing),
      );
      const validation = validateDpsBeforeSending(trial.xml, {
        environment: nfse.environment,
        now,
        replaced: emission.signedDpsXml ? { accessKey: emission.accessKey, dpsXml: emission.signedDpsXml } : undefined,
      });
      if (!validation.ok) {
        const fields = Object.fromEntries(validation.issues.map((issue) => [issue.path || issue.field, issue.message]));
        throw unprocessable(`A substituição não foi enviada: ${validation.message}`, fields);
      }
    } catch (error) {
      if (error instanceof DpsBuildError) throw unprocessable(error.message);
      throw error;
    }

    const created = await db.transaction(async (tx) => {
      const old = await lockRequest(tx, requestId);
      if (old.status !== 'issued') throw conflict(MESSAGES.notIssuedForSubstitution);
      const live = await liveSubstitute(tx, emission.id);
      if (live) return { live, fresh: null };
      // The substitute copies every column of the request (the tomador's, the service's), then the corrections; what
      // belongs to the old invoice (its number, key, files, status, schedule slot) stays behind.
      const {
        id: _id,
        status: _status,
        invoiceNumber: _number,
        accessKey: _key,
        pdfDocumentId: _pdf,
        xmlDocumentId: _xml,
        reason: _reason,
        issuedAt: _issuedAt,
        scheduleId: _schedule,
        scheduleMonth: _month,
        statusChangedAt: _changedAt,
        createdAt: _createdAt,
        updatedAt: _updatedAt,
        createdBy: _createdBy,
        ...kept
      } = corrected;
      const [fresh] = await tx
        .insert(nfsRequests)
        .values({ ...kept, status: 'requested', createdBy: actor })
        .returning();
      await tx.insert(nfsRequestStatusChanges).values({
        requestId: fresh.id,
        toStatus: 'requested',
        note: `Substitui a NFS-e nº ${emission.nfseNumber} (${substitutionReasonText(input.reasonCode, input.reason)}).`,
        changedBy: actor,
      });
      const allocated = await insertEmission(tx, { ...loaded, request: fresh }, fresh, {
        replacesEmissionId: emission.id,
        substitutionReasonCode: input.reasonCode,
        substitutionReason: input.reason || null,
      });
      return { fresh, ...allocated };
    });
    if (!created.fresh) return resumeSubstitute(requestId, created.live, actor);
    try {
      await runLeased({ ...loaded, request: created.fresh }, created.emission, created.token, { actor, now });
    } catch (error) {
      if (!(error instanceof LeaseLost)) throw error;
    }
    return substitution(requestId);
  }

  /** A substitute already under way or issued: its emission run (or its outcome), then the substitution as it stands. */
  async function resumeSubstitute(requestId: string, substitute: EmissionRow, actor: string | null) {
    if (substitute.state === 'ready' || substitute.state === 'retrying') await emit(substitute.requestId, { actor });
    return substitution(requestId);
  }

  /**
   * The replaced request and its substitute as they stand; the substitute's refusal or problem as the caller's error
   * (the team reads each national code explained, or the field the layout refused).
   */
  async function substitution(requestId: string): Promise<SubstituteResult> {
    const [request, emission] = await Promise.all([findRequest(db, requestId), findEmission(db, requestId)]);
    if (!request || !emission) throw notFound(MESSAGES.requestNotFound);
    const [substitute] = await db
      .select()
      .from(nfseEmissions)
      .where(eq(nfseEmissions.replacesEmissionId, emission.id))
      .orderBy(sql`${nfseEmissions.createdAt} desc`)
      .limit(1);
    const substituteRequest = substitute && (await findRequest(db, substitute.requestId));
    if (!substitute || !substituteRequest) throw conflict(MESSAGES.notIssuedForSubstitution);
    if (substitute.state === 'rejected') {
      throw unprocessable(`O Sistema Nacional recusou a substituição. ${refusalReason(substitute.errors)}`);
    }
    if (substitute.state === 'ready' && substitute.problem) {
      throw unprocessable(`A substituição não foi enviada: ${substitute.problem.message}`);
    }
    return {
      replaced: { request, emission },
      substitute: { request: substituteRequest, emission: substitute },
    };
  }

  /** Keeps the row the sweep's (its token stays) but out of its way until the retry wait has passed. */
  async function pause(lease: Pick<HeldLease, 'owned'>) {
    await db
      .update(nfseEmissions)
      .set({ leaseUntil: sql`now() + ${`${nfse.retryAfterSeconds ?? 300} seconds`}::interval`, updatedAt: new Date() })
      .where(lease.owned);
  }

  /**
   * Takes, for this server, the next row the recovery sweep should run: an emission whose retry time came, an
   * emission or a cancellation whose run died (its lease ran out with its token still there). `for update skip
   * locked` lets two servers sweep at once, each taking other rows; `tried` leaves out what this sweep already ran.
   */
  async function claimNext(now: Date, tried: string[]): Promise<{ token: string; emission: EmissionRow } | null> {
    const e = nfseEmissions;
    const token = randomUUID();
    return db.transaction(async (tx) => {
      const [candidate] = await tx
        .select({ id: e.id })
        .from(e)
        .where(
          and(
            or(
              and(eq(e.state, 'retrying'), lte(e.nextAttemptAt, now), leaseFree),
              and(inArray(e.state, ['ready', 'retrying']), leaseAbandoned),
              and(eq(e.state, 'issued'), isNotNull(e.cancellationRequestXml), leaseAbandoned),
            ),
            tried.length
              ? sql`${e.id} not in (${sql.join(
                  tried.map((id) => sql`${id}::uuid`),
                  sql`, `,
                )})`
              : undefined,
          ),
        )
        .orderBy(asc(sql`coalesce(${e.leaseUntil}, ${e.nextAttemptAt})`))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!candidate) return null;
      const [emission] = await tx
        .update(e)
        .set({ leaseToken: token, leaseUntil: leaseEnd() })
        .where(eq(e.id, candidate.id))
        .returning();
      return { token, emission };
    });
  }

  /** Runs a row the sweep took: the emission from its kept DPS (or from the start, when none was signed) or the cancellation. */
  async function resume({ emission, token }: { token: string; emission: EmissionRow }) {
    let loaded: Loaded;
    try {
      loaded = await load(emission.requestId, new Date());
      if (emission.state !== 'issued' && !isEmittableStatus(loaded.request.status)) {
        throw conflict(refusalFor(loaded.request));
      }
    } catch (error) {
      // Something a person must fix (the certificate, the profile): looked at again after the retry wait.
      await pause({ owned: and(eq(nfseEmissions.id, emission.id), eq(nfseEmissions.leaseToken, token))! });
      throw error;
    }
    if (emission.state === 'issued') await cancelLeased(loaded, emission, token, { actor: null, now: new Date() });
    else await runLeased(loaded, emission, token, { actor: null, now: new Date() });
  }

  /**
   * The recovery sweep (every server's runner calls it every few seconds, and at start): runs the emissions whose
   * retry time came (`now`) and takes over those a dead run left — a lease that ran out, whether the run was signing,
   * sending or looking up, and a cancellation sent without its answer recorded — one row at a time, at most `limit`.
   * Answers how many ran.
   */
  async function runDueRetries(now = new Date(), limit = 20): Promise<number> {
    const tried: string[] = [];
    while (tried.length < limit) {
      const claimed = await claimNext(now, tried);
      if (!claimed) break;
      tried.push(claimed.emission.id);
      try {
        await resume(claimed);
      } catch (error) {
        if (error instanceof LeaseLost) logger.info(`NFS-e: request ${claimed.emission.requestId} was taken over by another run`);
        else logger.error(`NFS-e: the retry of request ${claimed.emission.requestId} failed`, error);
      }
    }
    return tried.length;
  }

  return { emit, preview, cancel, substitute, runDueRetries };
}

export type NfseEmissionService = ReturnType<typeof createNfseEmissionService>;
