/** The DPS as it would be sent now, shown and checked before anything is sent. */
import { TAX_REGIME_LABEL, certificateStatus, formatNationalServiceCode } from '@domain/fiscalProfile';
import type { FiscalProfile } from '@domain/fiscalProfile';
import type { DpsIssue, NfseEmissionPreview } from '@domain/nfseEmission';
import { formatAccessKey, isEmittableStatus } from '@domain/nfseEmission';
import { formatMoney } from '@domain';
import { takerSummary } from '../../nfse/taker';
import { findCompany } from '../../db/companies';
import { findRequest } from '../../db/invoices';
import {
  FISCAL_MISSING,
  emissionView,
  findCertificate,
  findEmission,
  findFiscalProfile,
  nextDpsNumber,
  profileOf,
} from '../../db/nfse';
import { notFound } from '../errors';
import { formatCnpj } from '../../nfse/certificate';
import type { ApproximateTaxes } from '../../nfse/dps';
import { DpsBuildError, buildDpsFromRequest, serviceProfileOf } from '../../nfse/dps';
import { nationalService } from '../../nfse/national-services';
import { validateDpsBeforeSending } from '../../nfse/validate';
import type { EmissionContext } from './shared';
import { MESSAGES, refusalFor, substitutionReasonText } from './shared';

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

/** What would be sent, checked against the layout, before anything is: no number is taken. */
export async function preview(
  { db, nfse, previewCity, dpsContext, replacingOf }: EmissionContext,
  requestId: string,
  now = new Date(),
): Promise<NfseEmissionPreview> {
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
