/**
 * Emitting a request's NFS-e through the national system, end to end: the request, the company's fiscal profile
 * and its A1 certificate (opened only in memory), the DPS number taken once per request under the counter's lock,
 * the emission machine (server/nfse/emission.ts) with the real client, and what its end means for the request —
 * issued (the NFS-e XML and a DANFSe made here published as the request's documents in the transaction that marks
 * it issued), rejected (the national codes explained), a retry plan (the signed DPS kept: every later run looks it
 * up first, never a new number) or a problem that kept the DPS here (nothing sent, the request unchanged).
 *
 * One run at a time per request: a run takes a lease on the emission row (`lease_token`, `lease_until`); a second
 * call for the same request waits for it and answers what it came to, so two clicks never send twice.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FiscalProfile } from '@domain/fiscalProfile';
import { TAX_REGIME_LABEL, certificateStatus, formatNationalServiceCode } from '@domain/fiscalProfile';
import type { CancellationReasonCode, DpsIssue, NfseEmissionPreview } from '@domain/nfseEmission';
import { isEmittableStatus } from '@domain/nfseEmission';
import type { ExplainedNationalError } from '@domain/nfseErrors';
import type { NfseEnvironment } from '@domain/nfseNacional';
import { dpsId } from '@domain/nfseNacional';
import type { NfsRequestStatus } from '@domain';
import { formatMoney } from '@domain';
import type { EmissionProblem } from '@machines/nfseEmission.machine';
import type { Logger } from '../deps';
import type { Database } from '../db/client';
import type { DbExecutor } from '../db/companies';
import { findCompany } from '../db/companies';
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
import { HttpError, conflict, notFound } from '../http/errors';
import type { A1Certificate } from '../nfse/certificate';
import { formatCnpj, readPkcs12 } from '../nfse/certificate';
import type { NfseClient } from '../nfse/client';
import { createNfseClient } from '../nfse/client';
import { renderDanfse } from '../nfse/danfse';
import type { DpsContext } from '../nfse/dps';
import { DpsBuildError, buildDpsFromRequest } from '../nfse/dps';
import { emitNfse } from '../nfse/emission';
import { EventBuildError, prepareSignedCancellation } from '../nfse/event';
import { nationalService } from '../nfse/national-services';
import { emissionRequestBody, packXml } from '../nfse/package';
import { validateDpsBeforeSending } from '../nfse/validate';
import type { NfsRequestRow } from './nfs-scheduler';
import type { TokenSealer } from './secrets';
import type { FileStorage } from './storage';

/** How the server reaches the national system (or its local stand-in). */
export interface NfseDeps {
  /** `NFSE_NACIONAL_URL`, or the stand-in's URL. */
  baseUrl: string;
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
  | { kind: 'invalid'; request: NfsRequestRow; emission: EmissionRow; problem: EmissionProblem };

export type CancelResult = { request: NfsRequestRow; emission: EmissionRow };

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
} as const;

const LEASE_MS = 10 * 60_000;

type Loaded = {
  request: NfsRequestRow;
  companyCnpj: string;
  profile: FiscalProfileRow;
  certificate: CertificateRow;
};

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

  function dpsContext(loaded: Loaded, series: string, number: number, now: Date): DpsContext {
    const { request } = loaded;
    const profile: FiscalProfile = { ...profileOf(loaded.profile), dpsSeries: series };
    return {
      request: {
        emissionType: request.emissionType,
        customerDocument: request.customerDocument,
        customerName: request.customerName,
        customerEmail: request.customerEmail,
        description: request.description,
        serviceItem: request.serviceItem,
        competence: request.competence,
        totalCents: request.totalCents,
        issWithheld: request.issWithheld,
      },
      profile,
      companyCnpj: loaded.companyCnpj,
      number: String(number),
      environment: nfse.environment,
      issuedAt: now,
    };
  }

  /** The request's emission row, made with its DPS number on the first call (the request row locked meanwhile). */
  async function allocate(loaded: Loaded): Promise<EmissionRow> {
    return db.transaction(async (tx) => {
      const [request] = await tx.select().from(nfsRequests).where(eq(nfsRequests.id, loaded.request.id)).for('update');
      if (!request) throw notFound(MESSAGES.requestNotFound);
      const [existing] = await tx.select().from(nfseEmissions).where(eq(nfseEmissions.requestId, request.id));
      if (existing) return existing;
      if (!isEmittableStatus(request.status)) throw conflict(refusalFor(request));
      const series = loaded.profile.dpsSeries;
      const number = await takeDpsNumber(tx, request.companyId, series);
      const id = dpsId({
        cityIbgeCode: loaded.profile.cityIbgeCode,
        inscriptionType: 'cnpj',
        inscription: loaded.companyCnpj,
        series,
        number: String(number),
      });
      const [created] = await tx
        .insert(nfseEmissions)
        .values({ requestId: request.id, companyId: request.companyId, dpsId: id, dpsSeries: series, dpsNumber: number })
        .returning();
      return created;
    });
  }

  function refusalFor(request: NfsRequestRow): string {
    if (request.status === 'cancelled') return MESSAGES.cancelled;
    if (request.status === 'rejected') return MESSAGES.rejected;
    return `Não é possível emitir uma nota na situação "${request.status}".`;
  }

  /** Takes the run: answers the lease token, or null when another run holds it (or nothing is left to run). */
  async function claim(emissionId: string): Promise<string | null> {
    const token = randomUUID();
    const now = new Date();
    const [claimed] = await db
      .update(nfseEmissions)
      .set({ leaseToken: token, leaseUntil: new Date(now.getTime() + LEASE_MS) })
      .where(
        and(
          eq(nfseEmissions.id, emissionId),
          sql`${nfseEmissions.state} in ('ready', 'retrying')`,
          or(isNull(nfseEmissions.leaseUntil), lt(nfseEmissions.leaseUntil, now)),
        ),
      )
      .returning({ id: nfseEmissions.id });
    return claimed ? token : null;
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
      if (!leased) return emission.attempts > 0 ? 'finished' : 'free';
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
    const emission = await allocate(loaded);
    const token = await claim(emission.id);
    if (!token) {
      // Someone else is running it (or just finished): their outcome is this call's too.
      const after = await waitForRun(requestId);
      if (after === 'free' && !options.waited) return emit(requestId, { ...options, waited: true });
      return current(requestId);
    }

    const certificate = openCertificate(loaded.certificate);
    const client = clientFor(certificate);
    const owned = and(eq(nfseEmissions.id, emission.id), eq(nfseEmissions.leaseToken, token));
    let signedKept = emission.signedDpsXml !== null;
    try {
      const output = await emitNfse(
        dpsContext(loaded, emission.dpsSeries, emission.dpsNumber, now),
        { privateKeyPem: certificate.privateKeyPem, certificatePem: certificate.certificatePem },
        {
          // The signed DPS is kept before it first leaves: a run cut short (a restart) resumes from its lookup.
          sendDps: async (dps) => {
            if (!signedKept) {
              await db
                .update(nfseEmissions)
                .set({ signedDpsXml: dps.signedXml, dpsId: dps.id, problem: null, updatedAt: new Date() })
                .where(owned);
              signedKept = true;
            }
            return client.sendDps(dps);
          },
          lookupDps: (id) => client.lookupDps(id),
        },
        {
          signedDps: emission.signedDpsXml
            ? { id: emission.dpsId, signedXml: emission.signedDpsXml, body: emissionRequestBody(emission.signedDpsXml) }
            : null,
          checkDelayMs: nfse.checkDelayMs,
          retryAfterSeconds: nfse.retryAfterSeconds,
        },
      );
      const release = { leaseToken: null, leaseUntil: null, attempts: sql`${nfseEmissions.attempts} + 1`, updatedAt: new Date() };
      const actor = options.actor ?? null;

      if (output.status === 'issued') {
        const { nfse: issued } = output;
        // The files first, under keys of their own; the rows that publish them in one transaction below.
        const pdf = await renderDanfse(issued.xml, 'normal');
        const xml = new TextEncoder().encode(issued.xml);
        const pdfKey = `${found.companyId}/${randomUUID()}.pdf`;
        const xmlKey = `${found.companyId}/${randomUUID()}.xml`;
        await storage.save(pdfKey, pdf);
        await storage.save(xmlKey, xml);
        await db.transaction(async (tx) => {
          const request = await lockRequest(tx, requestId);
          const description = `Nota fiscal nº ${issued.number} (NFS-e nacional).`;
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
          const issuedAt = new Date();
          await moveRequest(tx, request, 'issued', {
            at: issuedAt,
            note: `NFS-e nº ${issued.number} emitida pelo Sistema Nacional.`,
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
          await tx
            .update(nfseEmissions)
            .set({
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
            })
            .where(owned);
        });
      } else if (output.status === 'rejected') {
        const reason = refusalReason(output.errors);
        await db.transaction(async (tx) => {
          await moveRequest(tx, await lockRequest(tx, requestId), 'rejected', {
            note: `Recusada pelo Sistema Nacional. ${reason}`,
            actor,
            set: { reason },
          });
          await tx
            .update(nfseEmissions)
            .set({
              ...release,
              state: 'rejected',
              errors: output.errors,
              lastError: output.errors[0]?.explanation ?? reason,
              nextAttemptAt: null,
              problem: null,
            })
            .where(owned);
        });
      } else if (output.status === 'retryLater') {
        const nextAttemptAt = new Date(Date.now() + output.plan.afterSeconds * 1000);
        await db.transaction(async (tx) => {
          const request = await lockRequest(tx, requestId);
          if (request.status === 'requested') {
            await moveRequest(tx, request, 'processing', {
              note: `Enviada ao Sistema Nacional sem resposta confiável (${output.plan.reason}); nova consulta programada.`,
              actor,
            });
          }
          await tx
            .update(nfseEmissions)
            .set({
              ...release,
              state: 'retrying',
              signedDpsXml: output.signedDps.signedXml,
              dpsId: output.signedDps.id,
              nextAttemptAt,
              lastError: output.plan.reason,
              problem: null,
            })
            .where(owned);
        });
      } else {
        await db
          .update(nfseEmissions)
          .set({ ...release, state: 'ready', problem: output.problem, lastError: output.problem.message })
          .where(owned);
      }
    } catch (error) {
      // Let another run try; what was kept (the signed DPS) stays.
      await db.update(nfseEmissions).set({ leaseToken: null, leaseUntil: null }).where(owned);
      throw error;
    } finally {
      client.close();
    }
    return current(requestId);
  }

  /** What would be sent, checked against the layout, before anything is: no number is taken. */
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
      try {
        const built = buildDpsFromRequest(dpsContext(loaded, series, number, now));
        const validation = validateDpsBeforeSending(built.xml, { environment: nfse.environment, now });
        if (!validation.ok) {
          issues = validation.issues;
          blockers.push(validation.message);
        }
        const profile = profileOf(profileRow);
        dps = {
          id: built.id,
          number: String(number),
          numberAllocated: Boolean(emission),
          series,
          xml: built.xml,
          summary: [
            ['Prestador', `${company?.name ?? ''} (CNPJ ${formatCnpj(cnpj)})`],
            ['Tomador', `${request.customerName} (${request.emissionType.toUpperCase()} ${request.customerDocument})`],
            [
              'Serviço',
              `${formatNationalServiceCode(profile.serviceCode)} — ${nationalService(profile.serviceCode)?.description ?? 'código fora da lista nacional'}`,
            ],
            ['Descrição', request.description],
            ['Competência', `${request.competence.slice(5, 7)}/${request.competence.slice(0, 4)}`],
            ['Valor do serviço', formatMoney(request.totalCents)],
            ['Regime tributário', TAX_REGIME_LABEL[profile.taxRegime]],
            [
              'Alíquota do ISS',
              profile.taxRegime === 'mei'
                ? 'No DAS do MEI'
                : profile.issRate === undefined
                  ? 'Não informada'
                  : `${profile.issRate.toLocaleString('pt-BR')} %`,
            ],
            ['ISS retido', request.issWithheld ? 'Sim' : 'Não'],
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
      .set({ leaseToken: token, leaseUntil: new Date(Date.now() + LEASE_MS) })
      .where(
        and(
          eq(nfseEmissions.id, emission.id),
          eq(nfseEmissions.state, 'issued'),
          or(isNull(nfseEmissions.leaseUntil), lt(nfseEmissions.leaseUntil, new Date())),
        ),
      )
      .returning({ id: nfseEmissions.id });
    if (!claimed) throw conflict('O cancelamento desta nota já está em andamento. Atualize em instantes.');
    const owned = and(eq(nfseEmissions.id, emission.id), eq(nfseEmissions.leaseToken, token));
    const certificate = openCertificate(loaded.certificate);
    const client = clientFor(certificate);
    try {
      // A request sent before without an answer goes again as it was: the national system answers the same event.
      let signedXml = emission.cancellationRequestXml;
      if (!signedXml) {
        try {
          signedXml = prepareSignedCancellation(
            {
              accessKey: emission.accessKey,
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
            throw new HttpError(400, 'bad_request', error.message, { [field]: error.message });
          }
          throw error;
        }
        await db
          .update(nfseEmissions)
          .set({ cancellationRequestXml: signedXml, cancellationReason: input.reason, updatedAt: new Date() })
          .where(owned);
      }
      const outcome = await client.registerEvent(emission.accessKey, { pedidoRegistroEventoXmlGZipB64: packXml(signedXml) });
      if (outcome.outcome === 'uncertain') throw new HttpError(503, 'unavailable', MESSAGES.cancelUncertain);
      if (outcome.outcome === 'rejected') {
        const reason = refusalReason(outcome.errors);
        await db
          .update(nfseEmissions)
          .set({ lastError: outcome.errors[0]?.explanation ?? reason, updatedAt: new Date() })
          .where(owned);
        throw new HttpError(422, 'unprocessable', `O Sistema Nacional recusou o cancelamento. ${reason}`);
      }
      const reason = emission.cancellationReason ?? input.reason;
      await db.transaction(async (tx) => {
        const at = await moveRequest(tx, await lockRequest(tx, requestId), 'cancelled', {
          note: `Cancelada no Sistema Nacional: ${reason}`,
          actor: options.actor ?? null,
          set: { reason },
        });
        await tx
          .update(nfseEmissions)
          .set({
            state: 'cancelled',
            cancellationEventXml: outcome.eventXml,
            cancellationReason: reason,
            cancelledAt: at,
            lastError: null,
            updatedAt: at,
          })
          .where(owned);
      });
    } finally {
      await db.update(nfseEmissions).set({ leaseToken: null, leaseUntil: null }).where(owned);
      client.close();
    }
    const [after, afterEmission] = await Promise.all([findRequest(db, requestId), findEmission(db, requestId)]);
    return { request: after!, emission: afterEmission! };
  }

  /** Runs again the emissions whose retry time came (the schedules runner calls it); answers how many ran. */
  async function runDueRetries(now = new Date(), limit = 20): Promise<number> {
    const due = await db
      .select({ requestId: nfseEmissions.requestId })
      .from(nfseEmissions)
      .where(
        and(
          eq(nfseEmissions.state, 'retrying'),
          lte(nfseEmissions.nextAttemptAt, now),
          or(isNull(nfseEmissions.leaseUntil), lt(nfseEmissions.leaseUntil, now)),
        ),
      )
      .orderBy(asc(nfseEmissions.nextAttemptAt))
      .limit(limit);
    for (const { requestId } of due) {
      try {
        await emit(requestId, { now });
      } catch (error) {
        logger.error(`NFS-e: the retry of request ${requestId} failed`, error);
      }
    }
    return due.length;
  }

  return { emit, preview, cancel, runDueRetries };
}

export type NfseEmissionService = ReturnType<typeof createNfseEmissionService>;
