import { ExclamationTriangleIcon, ShieldCheckIcon } from '@heroicons/react/20/solid';
import { formatCnpj } from '@domain';
import {
  SIMPLES_APPORTIONMENT_LABEL,
  SPECIAL_REGIME_LABEL,
  TAX_REGIME_LABEL,
  formatNationalServiceCode,
} from '@domain/fiscalProfile';
import type { CertificateView, FiscalProfileView } from '@domain/nfseEmission';
import { formatDate } from '@/lib/format';
import { formatIssRate, formatNbsCode } from '../nfse';

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm text-slate-800 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** The saved fiscal profile in words (the team's page and the customer's read-only view). */
export function FiscalProfileSummary({ profile }: { profile: NonNullable<FiscalProfileView['profile']> }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <Item label="Regime tributário">{TAX_REGIME_LABEL[profile.taxRegime]}</Item>
      {profile.taxRegime === 'simples' && profile.simplesApportionment && (
        <Item label="Apuração no Simples Nacional">{SIMPLES_APPORTIONMENT_LABEL[profile.simplesApportionment]}</Item>
      )}
      <Item label="Regime especial">{SPECIAL_REGIME_LABEL[profile.specialRegime]}</Item>
      <Item label="Município (IBGE)">
        {profile.cityName ? `${profile.cityName} · ${profile.cityIbgeCode}` : profile.cityIbgeCode}
      </Item>
      <Item label="Inscrição municipal">{profile.municipalRegistration ?? 'Não informada'}</Item>
      <Item label="Serviço padrão (cTribNac)">
        {formatNationalServiceCode(profile.serviceCode)}
        {profile.serviceDescription && <span className="block text-slate-600">{profile.serviceDescription}</span>}
      </Item>
      <Item label="Outros serviços">
        {profile.services.length > 1 ? (
          <ul>
            {profile.services.slice(1).map((service) => (
              <li key={service.code}>
                {formatNationalServiceCode(service.code)}
                {service.description && <span className="block text-slate-600">{service.description}</span>}
              </li>
            ))}
          </ul>
        ) : (
          'Nenhum'
        )}
      </Item>
      <Item label="Código NBS">{profile.nbsCode ? formatNbsCode(profile.nbsCode) : 'Não informado'}</Item>
      <Item label="Código municipal">{profile.municipalServiceCode ?? 'Não informado'}</Item>
      <Item label="Alíquota do ISS">
        {profile.issRate !== undefined
          ? `${formatIssRate(profile.issRate)}%`
          : profile.taxRegime === 'mei'
            ? 'Recolhido no DAS do MEI'
            : 'Não informada'}
      </Item>
      {profile.taxRegime !== 'mei' && (
        <Item label="Tributos aproximados (Lei 12.741)">
          {profile.taxRegime === 'simples'
            ? profile.simplesTaxRate !== undefined
              ? `${formatIssRate(profile.simplesTaxRate)}% (Simples Nacional)`
              : 'Não informados: a nota não pode ser emitida'
            : profile.federalTaxRate !== undefined
              ? `Federais ${formatIssRate(profile.federalTaxRate)}%`
              : 'Não informados: a nota não pode ser emitida'}
        </Item>
      )}
      <Item label="Série da DPS">{profile.dpsSeries}</Item>
    </dl>
  );
}

/** The A1 certificate: whose, until when, and a visible warning when it is about to expire or has. */
export function CertificateSummary({ certificate }: { certificate: CertificateView }) {
  const warn = certificate.status !== 'valid';
  return (
    <div
      className={`rounded-lg border p-4 ${
        certificate.status === 'expired'
          ? 'border-red-200 bg-red-50'
          : certificate.status === 'expiring'
            ? 'border-amber-200 bg-amber-50'
            : 'border-slate-200 bg-slate-50'
      }`}
      data-testid="certificate-summary"
    >
      <p
        role={warn ? 'alert' : undefined}
        className={`flex items-start gap-2 text-sm font-semibold ${
          certificate.status === 'expired'
            ? 'text-red-800'
            : certificate.status === 'expiring'
              ? 'text-amber-900'
              : 'text-emerald-800'
        }`}
      >
        {warn ? (
          <ExclamationTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        ) : (
          <ShieldCheckIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        )}
        {certificate.message}
      </p>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        <Item label="Titular">{certificate.commonName}</Item>
        <Item label="CNPJ do certificado">{formatCnpj(certificate.cnpj)}</Item>
        <Item label="Validade">
          {formatDate(certificate.notBefore)} a {formatDate(certificate.notAfter)}
        </Item>
        <Item label="Enviado em">{formatDate(certificate.uploadedAt)}</Item>
      </dl>
    </div>
  );
}
