import { CheckCircleIcon, ExclamationTriangleIcon } from '@heroicons/react/20/solid';
import { useQuery } from '@tanstack/react-query';
import { normalizeCnpj } from '@domain';
import { api } from '@/lib/api/call';
import { MaskedField, PhoneField } from '@/components/ui/MaskedField';
import { TextField } from '@/components/ui/TextField';
import { StepCard } from '../StepCard';
import { TextAreaField } from '@/components/ui/TextAreaField';
import { useStepForm, useWizard, useWizardMatches } from '../wizard-context';
import { Button } from '@/components/ui/Button';
import { useRef } from 'react';
import { CNPJ_MASK, CNPJ_TOKENS } from '@/lib/masks';

interface Values {
  cnpj: string;
  cnpjNotFoundConfirmed?: boolean;
  currentAccountant: { name: string; email: string; phone: string };
  reason: string;
}

/** Whether the Receita Federal knows the CNPJ (docs/api.md /api/cnpj-exists): a hint while typing, not a verdict. */
function CnpjCheck({ cnpj }: { cnpj: string }) {
  const complete = normalizeCnpj(cnpj).length === 14;
  const check = useQuery({
    queryKey: ['cnpj-exists', normalizeCnpj(cnpj)],
    queryFn: () => api('GET /cnpj-exists', { query: { cnpj: normalizeCnpj(cnpj) } }),
    enabled: complete,
    staleTime: 10 * 60_000,
  });
  if (!complete || !check.data) return null;
  return check.data.exists ? (
    <p className="mt-1 flex items-center gap-1 text-xs text-emerald-700">
      <CheckCircleIcon className="size-4" aria-hidden="true" /> CNPJ encontrado na Receita Federal.
    </p>
  ) : (
    <p className="mt-1 flex items-center gap-1 text-xs text-amber-700">
      <ExclamationTriangleIcon className="size-4" aria-hidden="true" /> Não encontramos este CNPJ na Receita Federal. Confira o
      número.
    </p>
  );
}

/** The migration's first step: the company's CNPJ and who its accountant is today. */
export function MigrationPreRegistration() {
  const defaults: Values = {
    cnpj: '',
    currentAccountant: { name: '', email: '', phone: '' },
    reason: '',
  };
  const wizard = useWizard();
  const { values, set, replace, error } = useStepForm('pre-registration', defaults);
  const notFound = useWizardMatches('pre-registration.cnpjNotFound');
  const cnpjField = useRef<HTMLDivElement>(null);

  /** A new CNPJ is checked again: a confirmation was for the number typed before (the machine goes back to the form). */
  function changeCnpj(cnpj: string) {
    if (normalizeCnpj(cnpj) === normalizeCnpj(values.cnpj)) return set('cnpj', cnpj);
    const { cnpjNotFoundConfirmed: _, ...rest } = values;
    replace({ ...rest, cnpj });
  }

  function correct() {
    wizard.send({ type: 'cnpj.correct' });
    cnpjField.current?.querySelector('input')?.focus();
  }

  return (
    <StepCard
      title="Sua empresa e o contador atual"
      description="Com o CNPJ buscamos os dados da empresa na Receita Federal. Nós falamos com o seu contador atual."
      submitLabel={notFound ? null : undefined}
      footer={
        notFound && (
          <>
            <Button variant="secondary" onClick={correct}>
              Corrigir o CNPJ
            </Button>
            <Button onClick={() => wizard.send({ type: 'cnpj.confirm' })}>Continuar com este CNPJ</Button>
          </>
        )
      }
    >
      <div ref={cnpjField}>
        <MaskedField
          label="CNPJ"
          mask={CNPJ_MASK}
          tokens={CNPJ_TOKENS}
          value={values.cnpj}
          onValueChange={changeCnpj}
          error={error('cnpj')}
        />
        {notFound ? (
          <p className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            Confira o número no cartão CNPJ. Se ele estiver certo — uma empresa aberta há poucos dias pode ainda não aparecer na
            consulta —, continue com ele: você mesmo preencherá os dados da empresa mais adiante, e a nossa equipe vai
            conferi-los.
          </p>
        ) : (
          <CnpjCheck cnpj={values.cnpj} />
        )}
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold text-slate-900">Contador ou escritório atual</legend>
        <TextField
          className="sm:col-span-2"
          label="Nome"
          value={values.currentAccountant.name}
          onChange={(e) => set('currentAccountant.name', e.target.value)}
          error={error('currentAccountant.name')}
        />
        <TextField
          label="E-mail (opcional)"
          type="email"
          value={values.currentAccountant.email}
          onChange={(e) => set('currentAccountant.email', e.target.value)}
          error={error('currentAccountant.email')}
        />
        <PhoneField
          label="Telefone (opcional)"
          value={values.currentAccountant.phone}
          onValueChange={(v) => set('currentAccountant.phone', v)}
          error={error('currentAccountant.phone')}
        />
      </fieldset>
      <TextAreaField
        label="Por que quer trocar de contador? (opcional)"
        value={values.reason}
        onChange={(e) => set('reason', e.target.value)}
        error={error('reason')}
        hint="Ajuda a nossa equipe a planejar a transição."
      />
    </StepCard>
  );
}
