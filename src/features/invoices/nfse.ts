import type { BodyOf, NfsRequestStatus } from '@domain';
import { formatNationalServiceCode } from '@domain/fiscalProfile';
import type { FiscalProfileView, NfseEmissionView } from '@domain/nfseEmission';
import { isEmittableStatus } from '@domain/nfseEmission';
import type { BulkOutcome, BulkResult } from '@machines/nfseBulkEmission.machine';
import { saoPauloMoment } from '@/lib/format';

export type { BulkOutcome, BulkResult };

/*
 * What the team's national NFS-e screens decide, apart from React so the unit tests read it (tests/web/nfse.test.ts).
 */

/** ISO → "dd/mm/aaaa às hh:mm" in São Paulo time. */
export function formatWhen(iso: string): string {
  const { day, time } = saoPauloMoment(iso);
  return `${day} às ${time}`;
}

/** A request the team can still send to the national system: not issued, refused or cancelled. */
export function canEmitNationally(request: { status: NfsRequestStatus; emission?: NfseEmissionView | null }): boolean {
  if (!isEmittableStatus(request.status)) return false;
  const state = request.emission?.state;
  return state !== 'issued' && state !== 'cancelled';
}

/** An issued invoice that came from the national system (its cancellation is a national event, not a status change). */
export function isNationalInvoice(request: { status: NfsRequestStatus; emission?: NfseEmissionView | null }): boolean {
  return request.status === 'issued' && request.emission?.state === 'issued';
}

/**
 * What a request waiting on the national system will do next, in Portuguese: "Nova consulta em 27/11/2026 às 14:05 —
 * o Sistema Nacional não respondeu." Null when no retry is planned.
 */
export function retryPlanText(emission: NfseEmissionView | null | undefined): string | null {
  if (!emission || emission.state !== 'retrying') return null;
  const when = emission.nextAttemptAt ? `Nova consulta em ${formatWhen(emission.nextAttemptAt)}` : 'Nova consulta em breve';
  const tries = emission.attempts > 1 ? ` (${emission.attempts} tentativas até agora)` : '';
  return `${when}${tries}${emission.lastError ? ` — ${emission.lastError}` : '.'}`;
}

/** The line under a queue row's status: why it was refused, what the national system is waiting for, what went wrong. */
export function queueRowNote(request: {
  status: NfsRequestStatus;
  reason: string | null;
  emission?: NfseEmissionView | null;
}): { tone: 'error' | 'warning'; text: string } | null {
  if (request.status === 'rejected') {
    const text = request.reason ?? request.emission?.lastError;
    return text ? { tone: 'error', text } : null;
  }
  if (request.status === 'processing' || request.status === 'requested') {
    const plan = retryPlanText(request.emission);
    if (plan) return { tone: 'warning', text: plan };
    if (request.emission?.problem) return { tone: 'error', text: request.emission.problem.message };
  }
  return null;
}

/** The fiscal profile form's text values (what the inputs hold), from the saved profile or empty. */
export type FiscalProfileFormValues = {
  municipalRegistration: string;
  cityIbgeCode: string;
  taxRegime: string;
  simplesApportionment: string;
  specialRegime: string;
  serviceCode: string;
  /** The company's other services, "01.07.01, 01.08.01". */
  otherServiceCodes: string;
  nbsCode: string;
  municipalServiceCode: string;
  issRate: string;
  dpsSeries: string;
  simplesTaxRate: string;
  federalTaxRate: string;
};

/** 2.5 → "2,5"; the form shows a rate as a person types it. */
export const formatIssRate = (rate: number | undefined | null) =>
  rate === undefined || rate === null ? '' : String(rate).replace('.', ',');

/** "115021000" → "1.1502.10.00". */
export const formatNbsCode = (code: string) => code.replace(/^(\d)(\d{4})(\d{2})(\d{2})$/, '$1.$2.$3.$4');

export function fiscalProfileFormValues(profile: FiscalProfileView['profile']): FiscalProfileFormValues {
  return {
    municipalRegistration: profile?.municipalRegistration ?? '',
    cityIbgeCode: profile?.cityIbgeCode ?? '',
    taxRegime: profile?.taxRegime ?? '',
    simplesApportionment: profile?.simplesApportionment ?? '1',
    specialRegime: profile?.specialRegime ?? '0',
    serviceCode: profile?.serviceCode ? formatNationalServiceCode(profile.serviceCode) : '',
    otherServiceCodes: (profile?.otherServiceCodes ?? []).map(formatNationalServiceCode).join(', '),
    nbsCode: profile?.nbsCode ? formatNbsCode(profile.nbsCode) : '',
    municipalServiceCode: profile?.municipalServiceCode ?? '',
    issRate: formatIssRate(profile?.issRate),
    dpsSeries: profile?.dpsSeries ?? '1',
    simplesTaxRate: formatIssRate(profile?.simplesTaxRate),
    federalTaxRate: formatIssRate(profile?.federalTaxRate),
  };
}

/** What the form sends (`FiscalProfileSchema`'s input): blanks left out, the apportionment only for the Simples. */
export function fiscalProfileBody(values: FiscalProfileFormValues): BodyOf<'PUT /companies/:companyId/fiscal-profile'> {
  const body: BodyOf<'PUT /companies/:companyId/fiscal-profile'> = {};
  for (const [field, value] of Object.entries(values) as [keyof FiscalProfileFormValues, string][]) {
    if ((field === 'simplesApportionment' || field === 'simplesTaxRate') && values.taxRegime !== 'simples') continue;
    if (field === 'federalTaxRate' && values.taxRegime !== 'other') continue;
    if (value.trim() !== '') body[field] = value.trim();
  }
  return body;
}

// ------------------------------------------------------------------------------------------------------------------
// Bulk emission (machines/nfseBulkEmission.machine.ts runs it): what each request's answer reads as, and the summary.
// ------------------------------------------------------------------------------------------------------------------

/** What the national system answered for one request, as the bulk list shows it. */
export function bulkResultOf(
  id: string,
  request: { status: NfsRequestStatus; invoiceNumber: string | null; reason: string | null; emission?: NfseEmissionView | null },
): BulkResult {
  if (request.status === 'issued') return { id, outcome: 'issued', detail: `Nota nº ${request.invoiceNumber ?? '—'}` };
  if (request.status === 'rejected') {
    const errors = request.emission?.errors ?? [];
    const detail = errors.length
      ? errors.map((error) => `${error.code}: ${error.explanation}`).join(' ')
      : (request.reason ?? request.emission?.lastError ?? 'Recusada pelo Sistema Nacional.');
    return { id, outcome: 'rejected', detail };
  }
  return { id, outcome: 'processing', detail: retryPlanText(request.emission) ?? 'Aguardando resposta do Sistema Nacional.' };
}

/** "3 emitidas, 1 recusada, 1 aguardando o Sistema Nacional, 1 com erro" (only what happened). */
export function bulkSummary(results: BulkResult[]): string {
  const count = (outcome: BulkOutcome) => results.filter((result) => result.outcome === outcome).length;
  const parts = [
    [count('issued'), 'emitida', 'emitidas'],
    [count('rejected'), 'recusada', 'recusadas'],
    [count('processing'), 'aguardando o Sistema Nacional', 'aguardando o Sistema Nacional'],
    [count('failed'), 'não enviada', 'não enviadas'],
  ] as const;
  const said = parts.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  return said.length ? said.join(', ') : 'Nenhuma nota enviada';
}
