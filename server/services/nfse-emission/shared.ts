/**
 * What every part of the emission uses: the request loaded with the company's fiscal profile and certificate, the
 * national client, the city's parameters, the DPS's context, and the lease that keeps a run the only one on its row.
 * Made once per service (`createEmissionContext`) and handed to each part.
 */
import { randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FiscalProfile } from '@domain/fiscalProfile';
import { certificateStatus } from '@domain/fiscalProfile';
import { SUBSTITUTION_REASON_CODES } from '@domain/nfseEmission';
import type { ExplainedNationalError } from '@domain/nfseErrors';
import type { NfseEnvironment } from '@domain/nfseNacional';
import type { NfsRequestStatus } from '@domain';
import { NFS_MESSAGES, NOT_FOUND_MESSAGES } from '@domain';
import type { Logger } from '../../logger';
import { takerForDps } from '../../nfse/taker';
import type { Database } from '../../db/client';
import type { DbExecutor } from '../../db/executor';
import { findCompany } from '../../db/companies';
import type { NfsRequestRow } from '../../db/invoices';
import { findRequest } from '../../db/invoices';
import type { CertificateRow, EmissionRow, FiscalProfileRow } from '../../db/nfse';
import { FISCAL_MISSING, findCertificate, findFiscalProfile, profileOf } from '../../db/nfse';
import { nfsRequestStatusChanges, nfsRequests, nfseEmissions } from '../../db/schema';
import { conflict, notFound } from '../errors';
import { leaseFree } from './leases';
import type { A1Certificate } from '../../nfse/certificate';
import { readPkcs12 } from '../../nfse/certificate';
import type { NfseClient } from '../../nfse/client';
import { createNfseClient } from '../../nfse/client';
import type { DpsContext } from '../../nfse/dps';
import { serviceProfileOf } from '../../nfse/dps';
import type { CityParameters } from '../../nfse/rules';
import { serviceIncidence } from '../../nfse/rule-sheet';
import type { SignatureAlgorithmName } from '../../nfse/signature';
import type { TokenSealer } from '../secrets';
import type { FileStorage } from '../storage';

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

/** What the emission service is made from. */
export interface EmissionDeps {
  db: Database;
  storage: FileStorage;
  nfse: NfseDeps;
  logger: Logger;
}

export const MESSAGES = {
  requestNotFound: NFS_MESSAGES.requestNotFound,
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
export interface HeldLease {
  /** The emission row, while this run still holds it: the condition of every write the run makes. */
  owned: SQL;
  lost(): boolean;
  /** Resolves when the lease is known lost (taken over, or not renewed in time). */
  whenLost: Promise<void>;
  lose(): void;
  end(): void;
}

export type Loaded = {
  request: NfsRequestRow;
  companyCnpj: string;
  profile: FiscalProfileRow;
  certificate: CertificateRow;
};

/** A substitute's DPS: the emission it replaces and the reason its `subst` carries. */
export type Replacing = { replaced: EmissionRow; reasonCode: string; reason: string };

/** "Outros: o valor estava errado…" — the reason as the history and the customer read it. */
export const substitutionReasonText = (code: string, text: string | null) =>
  `${SUBSTITUTION_REASON_CODES[code as keyof typeof SUBSTITUTION_REASON_CODES] ?? code}${text ? `: ${text}` : ''}`;

export function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** "E0310: O código … (a explicação)" for each refusal, one after another. */
export function refusalReason(errors: ExplainedNationalError[]): string {
  return errors.map((error) => `${error.code}: ${error.explanation}`).join(' ');
}

/** The request, locked until the transaction ends: the national answer and a person's change of it queue. */
export async function lockRequest(tx: DbExecutor, requestId: string): Promise<NfsRequestRow> {
  const [request] = await tx.select().from(nfsRequests).where(eq(nfsRequests.id, requestId)).for('update');
  return request!;
}

/** Moves a locked request to what the national system's answer makes it, with its line in the request's history. */
export async function moveRequest(
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

export function refusalFor(request: NfsRequestRow): string {
  if (request.status === 'cancelled') return MESSAGES.cancelled;
  if (request.status === 'rejected') return MESSAGES.rejected;
  return `Não é possível emitir uma nota na situação "${request.status}".`;
}

/** The service's dependencies and the helpers every part of the emission shares, made once per service. */
export type EmissionContext = ReturnType<typeof createEmissionContext>;

export function createEmissionContext({ db, storage, nfse, logger }: EmissionDeps) {
  /** The request, the company's CNPJ, profile and certificate; a 404 or a 409 saying what is missing. */
  async function load(requestId: string, now: Date): Promise<Loaded> {
    const request = await findRequest(db, requestId);
    if (!request) throw notFound(MESSAGES.requestNotFound);
    const company = await findCompany(db, request.companyId);
    if (!company) throw notFound(NOT_FOUND_MESSAGES.company);
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

  const leaseMs = nfse.leaseMs ?? LEASE_MS;
  const renewMs = nfse.leaseRenewMs ?? LEASE_RENEW_MS;
  /** The end of a lease taken or renewed now, in the database's clock. */
  const leaseEnd = () => sql`now() + ${`${leaseMs} milliseconds`}::interval`;

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

  /** Keeps the row the sweep's (its token stays) but out of its way until the retry wait has passed. */
  async function pause(lease: Pick<HeldLease, 'owned'>) {
    await db
      .update(nfseEmissions)
      .set({ leaseUntil: sql`now() + ${`${nfse.retryAfterSeconds ?? 300} seconds`}::interval`, updatedAt: new Date() })
      .where(lease.owned);
  }

  return {
    db,
    storage,
    nfse,
    logger,
    load,
    openCertificate,
    clientFor,
    cityParametersFor,
    previewCity,
    dpsContext,
    replacingOf,
    leaseEnd,
    holdLease,
    updateOwned,
    claim,
    letGo,
    pause,
  };
}
