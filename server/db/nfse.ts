/**
 * The national NFS-e's rows (migration 0017): a company's fiscal profile and certificate as the API shows them, a
 * request's emission as the team sees it, and the DPS number taken once per request under the counter's lock.
 */
import { X509Certificate } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FiscalProfile } from '@domain/fiscalProfile';
import { certificateStatus, companyServiceCodes } from '@domain/fiscalProfile';
import type { CertificateView, FiscalProfileView, NfseEmissionView, SubstitutionLink } from '@domain/nfseEmission';
import type { A1Certificate } from '../nfse/certificate';
import { nationalService } from '../nfse/national-services';
import type { DbExecutor } from './executor';
import { readTogether } from './executor';
import { isoTimestamp } from './json';
import { companyCertificates, companyFiscalProfiles, municipalities, nfseDpsCounters, nfseEmissions } from './schema';

export type FiscalProfileRow = typeof companyFiscalProfiles.$inferSelect;
export type CertificateRow = typeof companyCertificates.$inferSelect;
export type EmissionRow = typeof nfseEmissions.$inferSelect;

export const FISCAL_MISSING = {
  profile: 'Cadastre o perfil fiscal.',
  certificate: 'Envie o certificado digital A1 da empresa.',
} as const;

/** The profile as the domain reads it (the rate back in percent). */
export function profileOf(row: FiscalProfileRow): FiscalProfile {
  return {
    municipalRegistration: row.municipalRegistration ?? undefined,
    cityIbgeCode: row.cityIbgeCode,
    taxRegime: row.taxRegime,
    simplesApportionment: row.simplesApportionment ?? undefined,
    specialRegime: row.specialRegime,
    serviceCode: row.serviceCode,
    otherServiceCodes: row.otherServiceCodes,
    nbsCode: row.nbsCode ?? undefined,
    municipalServiceCode: row.municipalServiceCode ?? undefined,
    issRate: row.issRateHundredths === null ? undefined : row.issRateHundredths / 100,
    dpsSeries: row.dpsSeries,
    simplesTaxRate: row.simplesTaxRateHundredths === null ? undefined : row.simplesTaxRateHundredths / 100,
    federalTaxRate: row.federalTaxRateHundredths === null ? undefined : row.federalTaxRateHundredths / 100,
  };
}

/** The columns of a validated profile. */
export function profileColumns(profile: FiscalProfile) {
  return {
    municipalRegistration: profile.municipalRegistration ?? null,
    cityIbgeCode: profile.cityIbgeCode,
    taxRegime: profile.taxRegime,
    simplesApportionment: profile.simplesApportionment ?? null,
    specialRegime: profile.specialRegime,
    serviceCode: profile.serviceCode,
    otherServiceCodes: profile.otherServiceCodes,
    nbsCode: profile.nbsCode ?? null,
    municipalServiceCode: profile.municipalServiceCode ?? null,
    issRateHundredths: profile.issRate === undefined ? null : Math.round(profile.issRate * 100),
    dpsSeries: profile.dpsSeries,
    simplesTaxRateHundredths: profile.simplesTaxRate === undefined ? null : Math.round(profile.simplesTaxRate * 100),
    federalTaxRateHundredths: profile.federalTaxRate === undefined ? null : Math.round(profile.federalTaxRate * 100),
  };
}

/**
 * Keeps a company's A1 certificate (the one it has is replaced): the file and its password sealed, what the screens
 * show in the clear. The file must have been read and checked for the company first (`readCompanyCertificate`).
 */
export async function saveCertificate(
  db: DbExecutor,
  companyId: string,
  upload: { file: Uint8Array; password: string; certificate: A1Certificate; uploadedBy: string | null },
  /** What seals secrets at rest (services/secrets.ts's `TokenSealer`): the database layer only stores its output. */
  sealer: { seal(plain: string): string },
): Promise<void> {
  const { certificate } = upload;
  const columns = {
    pfxSealed: sealer.seal(Buffer.from(upload.file).toString('base64')),
    passwordSealed: sealer.seal(upload.password),
    commonName: certificate.commonName,
    issuerCommonName: certificate.issuerCommonName,
    cnpj: certificate.cnpj!,
    notBefore: certificate.notBefore,
    notAfter: certificate.notAfter,
    fingerprint: new X509Certificate(certificate.certificatePem).fingerprint256,
    uploadedBy: upload.uploadedBy,
    uploadedAt: new Date(),
  };
  await db
    .insert(companyCertificates)
    .values({ companyId, ...columns })
    .onConflictDoUpdate({ target: companyCertificates.companyId, set: columns });
}

export function certificateView(row: CertificateRow, now = new Date()): CertificateView {
  const status = certificateStatus(row.notAfter, now);
  return {
    commonName: row.commonName,
    cnpj: row.cnpj,
    notBefore: row.notBefore.toISOString(),
    notAfter: row.notAfter.toISOString(),
    status: status.status,
    daysLeft: status.daysLeft,
    message: status.message,
    uploadedAt: row.uploadedAt.toISOString(),
  };
}

export async function findFiscalProfile(db: DbExecutor, companyId: string): Promise<FiscalProfileRow | undefined> {
  const [row] = await db.select().from(companyFiscalProfiles).where(eq(companyFiscalProfiles.companyId, companyId));
  return row;
}

export async function findCertificate(db: DbExecutor, companyId: string): Promise<CertificateRow | undefined> {
  const [row] = await db.select().from(companyCertificates).where(eq(companyCertificates.companyId, companyId));
  return row;
}

/** `GET /companies/{id}/fiscal-profile`: the profile with names for its codes, the certificate, what is missing. */
export async function fiscalProfileView(db: DbExecutor, companyId: string, now = new Date()): Promise<FiscalProfileView> {
  const [row, certificate] = await readTogether(db, [
    () => findFiscalProfile(db, companyId),
    () => findCertificate(db, companyId),
  ]);
  let profile: FiscalProfileView['profile'] = null;
  if (row) {
    const [city] = await db
      .select({ name: municipalities.name, state: municipalities.state })
      .from(municipalities)
      .where(eq(municipalities.ibgeCode, row.cityIbgeCode));
    const read = profileOf(row);
    profile = {
      ...read,
      serviceDescription: nationalService(row.serviceCode)?.description ?? null,
      services: companyServiceCodes(read).map((code) => ({ code, description: nationalService(code)?.description ?? null })),
      cityName: city ? `${city.name}/${city.state}` : null,
      updatedAt: row.updatedAt.toISOString(),
    };
  }
  const view = certificate ? certificateView(certificate, now) : null;
  const missing = [
    ...(profile ? [] : [FISCAL_MISSING.profile]),
    ...(view ? (view.status === 'expired' ? [view.message] : []) : [FISCAL_MISSING.certificate]),
  ];
  return { profile, certificate: view, ready: missing.length === 0, missing };
}

/** Both sides of an emission's substitution, when it has any (`findSubstitutionLinks`). */
export type SubstitutionLinks = { substitutes: SubstitutionLink | null; substitutedBy: SubstitutionLink | null };
const NO_LINKS: SubstitutionLinks = { substitutes: null, substitutedBy: null };

/** The emission this one replaces, and the live one (not refused) that replaces it. */
export async function findSubstitutionLinks(db: DbExecutor, row: EmissionRow): Promise<SubstitutionLinks> {
  const link = { requestId: nfseEmissions.requestId, nfseNumber: nfseEmissions.nfseNumber };
  const [substitutes] = row.replacesEmissionId
    ? await db.select(link).from(nfseEmissions).where(eq(nfseEmissions.id, row.replacesEmissionId))
    : [];
  const [substitutedBy] = await db
    .select(link)
    .from(nfseEmissions)
    .where(and(eq(nfseEmissions.replacesEmissionId, row.id), ne(nfseEmissions.state, 'rejected')));
  return { substitutes: substitutes ?? null, substitutedBy: substitutedBy ?? null };
}

/** An emission as the team sees it (the lists' JSON writes the same: `emissionJson`). */
export function emissionView(row: EmissionRow, links: SubstitutionLinks = NO_LINKS): NfseEmissionView {
  return {
    state: row.state,
    dpsId: row.dpsId,
    dpsNumber: String(row.dpsNumber),
    dpsSeries: row.dpsSeries,
    attempts: row.attempts,
    nextAttemptAt: row.state === 'retrying' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    lastError: row.lastError,
    errors: row.errors,
    problem: row.problem ?? null,
    accessKey: row.accessKey,
    nfseNumber: row.nfseNumber,
    issuedAt: row.issuedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancellationReason: row.cancellationReason,
    hasSignedDps: row.signedDpsXml !== null,
    hasCancellationRequest: row.cancellationRequestXml !== null,
    substitutes: links.substitutes,
    substitutedBy: links.substitutedBy,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * `emissionView` written by PostgreSQL (for the lists whose JSON it builds): the same fields, the same rules — the DPS
 * number as text, the next attempt only while retrying — or null for a request without an emission (the left join's
 * empty side). `tests/server/invoices.test.ts` holds the two to the same answer.
 */
export function emissionJson(): SQL {
  const e = nfseEmissions;
  return sql`case when ${e.requestId} is null then null else json_build_object(
    'state', ${e.state}, 'dpsId', ${e.dpsId}, 'dpsNumber', ${e.dpsNumber}::text, 'dpsSeries', ${e.dpsSeries},
    'attempts', ${e.attempts},
    'nextAttemptAt', case when ${e.state} = 'retrying' then ${isoTimestamp(e.nextAttemptAt)} end,
    'lastError', ${e.lastError}, 'errors', ${e.errors}, 'problem', ${e.problem}, 'accessKey', ${e.accessKey},
    'nfseNumber', ${e.nfseNumber}, 'issuedAt', ${isoTimestamp(e.issuedAt)}, 'cancelledAt', ${isoTimestamp(e.cancelledAt)},
    'cancellationReason', ${e.cancellationReason}, 'hasSignedDps', ${e.signedDpsXml} is not null,
    'hasCancellationRequest', ${e.cancellationRequestXml} is not null,
    'substitutes', (select json_build_object('requestId', r.request_id, 'nfseNumber', r.nfse_number)
      from nfse_emissions r where r.id = ${e.replacesEmissionId}),
    'substitutedBy', (select json_build_object('requestId', s.request_id, 'nfseNumber', s.nfse_number)
      from nfse_emissions s where s.replaces_emission_id = ${e.id} and s.state <> 'rejected'),
    'updatedAt', ${isoTimestamp(e.updatedAt)}
  ) end`;
}

export async function findEmission(db: DbExecutor, requestId: string): Promise<EmissionRow | undefined> {
  const [row] = await db.select().from(nfseEmissions).where(eq(nfseEmissions.requestId, requestId));
  return row;
}

/** The number the next DPS of this company and series would take (nothing is taken). */
export async function nextDpsNumber(db: DbExecutor, companyId: string, series: string): Promise<number> {
  const [row] = await db
    .select({ last: nfseDpsCounters.lastNumber })
    .from(nfseDpsCounters)
    .where(and(eq(nfseDpsCounters.companyId, companyId), eq(nfseDpsCounters.series, series)));
  return (row?.last ?? 0) + 1;
}

/**
 * Takes the next DPS number of the company's series, under the counter row's lock (`SELECT … FOR UPDATE`): run it
 * in the transaction that inserts the emission row, so a number is never taken twice nor lost to a rollback.
 */
export async function takeDpsNumber(tx: DbExecutor, companyId: string, series: string): Promise<number> {
  await tx.insert(nfseDpsCounters).values({ companyId, series, lastNumber: 0 }).onConflictDoNothing();
  const [counter] = await tx
    .select({ last: nfseDpsCounters.lastNumber })
    .from(nfseDpsCounters)
    .where(and(eq(nfseDpsCounters.companyId, companyId), eq(nfseDpsCounters.series, series)))
    .for('update');
  const number = counter.last + 1;
  await tx
    .update(nfseDpsCounters)
    .set({ lastNumber: sql`${nfseDpsCounters.lastNumber} + 1` })
    .where(and(eq(nfseDpsCounters.companyId, companyId), eq(nfseDpsCounters.series, series)));
  return number;
}
