import type { CnpjRegistration } from '@domain';
import { formatCnaeCode, formatCnpj } from '@domain';
import { Button } from '@/components/ui/Button';
import { Alert, Card } from '@/components/ui/Card';
import { Spinner } from '@/components/ui/Spinner';
import { TextField } from '@/components/ui/TextField';
import { formatDate } from '@/lib/format';
import type { AddressValue } from '@/components/AddressFields';
import { AddressFields } from '@/components/AddressFields';
import { BackButton, StepCard } from '../StepCard';
import { CheckboxField } from '@/components/ui/choices';
import { TextAreaField } from '@/components/ui/TextAreaField';
import { useStepForm, useWizard, useWizardContext, useWizardMatches } from '../wizard-context';

interface Values {
  confirmed: boolean;
  name: string;
  alias: string;
  mainActivity: string;
  secondaryActivities: string[];
  address?: AddressValue;
  corrections: string;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-800">{children}</dd>
    </div>
  );
}

/** What the Receita Federal has on the company, for the customer to confirm or correct. */
export function DownloadCompanyInfo() {
  const wizard = useWizard();
  const loading = useWizardMatches('download-company-info.loading');
  const unavailable = useWizardMatches('download-company-info.unavailable');
  const stage = loading ? 'loading' : unavailable ? 'unavailable' : 'form';
  const error = useWizardContext((c) => c.error);
  const registration = useWizardContext((c) => c.registration);

  if (stage === 'loading') {
    return (
      <Card>
        <div className="text-brand-700">
          <Spinner label="Consultando a Receita Federal…" />
        </div>
      </Card>
    );
  }
  if (stage === 'unavailable') {
    return (
      <Card>
        <h2 className="text-lg font-bold text-slate-900">Dados na Receita Federal</h2>
        <div className="mt-4">
          <Alert>{error ?? 'Não foi possível consultar a Receita Federal.'}</Alert>
        </div>
        <div className="mt-4 flex flex-wrap gap-3">
          <BackButton />
          <Button onClick={() => wizard.send({ type: 'step.retry' })}>Tentar de novo</Button>
          <Button variant="secondary" onClick={() => wizard.send({ type: 'registration.skip' })}>
            Preencher os dados eu mesmo
          </Button>
        </div>
      </Card>
    );
  }
  return <RegistrationForm registration={registration} />;
}

function RegistrationForm({ registration }: { registration: CnpjRegistration | null }) {
  const defaults: Values = {
    confirmed: false,
    name: registration?.name ?? '',
    alias: registration?.alias ?? '',
    // In the form the hint shows (7410-2/02): the schema reads the digits either way.
    mainActivity: registration?.mainActivity ? formatCnaeCode(registration.mainActivity.code) : '',
    secondaryActivities: registration?.secondaryActivities.map((a) => a.code) ?? [],
    address: registration?.address ?? undefined,
    corrections: '',
  };
  const { values, set, error } = useStepForm('download-company-info', defaults);

  return (
    <StepCard
      title="Confira os dados da empresa"
      description={
        registration
          ? 'Buscamos o cadastro na Receita Federal. Corrija o que estiver diferente e confirme.'
          : 'Preencha os dados da empresa como estão no cartão CNPJ. A nossa equipe vai conferi-los.'
      }
      submitLabel="Confirmar dados"
    >
      {!registration && (
        <Alert tone="info">Não temos o cadastro deste CNPJ na Receita Federal: os dados serão os que você informar.</Alert>
      )}
      {registration && (
        <dl className="grid gap-4 rounded-lg bg-slate-50 p-4 sm:grid-cols-2">
          <Fact label="CNPJ">{formatCnpj(registration.cnpj)}</Fact>
          <Fact label="Situação cadastral">{registration.situationText ?? '—'}</Fact>
          <Fact label="Abertura">{registration.openedAt ? formatDate(`${registration.openedAt}T12:00:00Z`) : '—'}</Fact>
          <Fact label="Natureza jurídica">{registration.legalNature ?? '—'}</Fact>
          <div className="sm:col-span-2">
            <Fact label="Atividades">
              <ul className="space-y-1">
                {[registration.mainActivity, ...registration.secondaryActivities].filter(Boolean).map((a, i) => (
                  <li key={a!.code}>
                    <span className="font-mono text-xs text-slate-500">{formatCnaeCode(a!.code)}</span> {a!.text}
                    {i === 0 && <span className="text-xs text-slate-500"> (principal)</span>}
                  </li>
                ))}
              </ul>
            </Fact>
          </div>
          {registration.partners.length > 0 && (
            <div className="sm:col-span-2">
              <Fact label="Quadro de sócios (QSA)">
                <ul>
                  {registration.partners.map((p) => (
                    <li key={p.name}>
                      {p.name}
                      {p.qualification && <span className="text-slate-500"> — {p.qualification}</span>}
                    </li>
                  ))}
                </ul>
              </Fact>
            </div>
          )}
        </dl>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Razão social" value={values.name} onChange={(e) => set('name', e.target.value)} error={error('name')} />
        <TextField
          label="Nome fantasia"
          value={values.alias}
          onChange={(e) => set('alias', e.target.value)}
          error={error('alias')}
        />
        <TextField
          label="Atividade principal (CNAE)"
          inputMode="numeric"
          value={values.mainActivity}
          onChange={(e) => set('mainActivity', e.target.value)}
          error={error('mainActivity')}
          hint="Código de 7 dígitos, ex.: 7410-2/02."
        />
      </div>
      <fieldset>
        <legend className="mb-3 text-sm font-semibold text-slate-900">Endereço</legend>
        <AddressFields prefix="address" value={values.address} onChange={(address) => set('address', address)} error={error} />
      </fieldset>
      <TextAreaField
        label="Algo mais está diferente? (opcional)"
        value={values.corrections}
        onChange={(e) => set('corrections', e.target.value)}
        error={error('corrections')}
        hint="Ex.: um sócio saiu, o endereço mudou e ainda não foi registrado."
      />
      <CheckboxField
        label="Confirmo que os dados acima estão corretos."
        checked={values.confirmed}
        onChange={(checked) => set('confirmed', checked)}
        error={error('confirmed')}
      />
    </StepCard>
  );
}
