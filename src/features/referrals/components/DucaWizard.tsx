import { CheckCircleIcon } from '@heroicons/react/24/outline';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useEffect, useMemo, useRef } from 'react';
import type { TrackId } from '@domain';
import { PARTNERS, TRACK_WIZARD_PATH, companyDisplayName, keepsOwnTrack } from '@domain';
import type { DucaWizardStep } from '@machines/ducaWizard.machine';
import { DUCA_WIZARD_STEPS, ducaWizardStep } from '@machines/ducaWizard.machine';
import { referralQueries } from '../api';
import { ducaWizardInput, ducaWizardMachineFor } from '../duca-wizard';
import { formatDate } from '@/lib/format';
import { inspectAll, machineLog } from '@/lib/machine-log';
import { appInspect, useSessionActor } from '@/lib/session-handle';
import { Button } from '@/components/ui/Button';
import { Alert, Card } from '@/components/ui/Card';
import { CheckboxField, ChoiceCards } from '@/components/ui/choices';

const PARTNER = PARTNERS.duca;
const STEP_LABEL: Record<DucaWizardStep, string> = {
  confirm: 'Confirmação',
  track: 'O que você precisa',
  done: 'Pronto',
};

const NEXT_LABEL: Record<string, string> = {
  [TRACK_WIZARD_PATH['create-company']]: 'Começar a abertura da empresa',
  [TRACK_WIZARD_PATH['migrate-company']]: 'Começar a troca de contador',
  '/app/panel': 'Ir para o painel',
  '/app/user/disabled': 'Ver a situação da empresa',
};

/**
 * The Duca wizard: the screen of `machines/ducaWizard.machine.ts` (confirm the person came through Duca, choose to
 * open a company or move one, record it; then on to that track's wizard), provided with the browser's calls.
 */
export function DucaWizard() {
  const session = useSessionActor();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const attribution = useQuery(referralQueries.attribution('duca'));
  const machine = useMemo(
    () => ducaWizardMachineFor({ session, queryClient, navigate: (to) => navigate({ to }) }),
    [session, queryClient, navigate],
  );
  const actor = useActorRef(machine, {
    input: ducaWizardInput(session),
    // Outside production a browser test may ask for the wizard's transitions, like the session's.
    inspect: inspectAll(machineLog(), appInspect()),
  });
  const step = useSelector(actor, ducaWizardStep);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const { company, confirmed, trackId, fieldErrors, error, result } = useSelector(actor, (s) => s.context);
  const heading = useRef<HTMLHeadingElement>(null);
  const keepsTrack = keepsOwnTrack(company);

  // Each step starts at its title, for keyboard and screen-reader users.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'step.submit' });
  };

  const current = DUCA_WIZARD_STEPS.indexOf(step);

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <header>
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Parceria {PARTNER.name}</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">Bem-vindo ao Contábil pela {PARTNER.name}</h1>
      </header>
      <ol aria-label="Etapas" className="flex gap-2 text-xs font-medium sm:text-sm">
        {DUCA_WIZARD_STEPS.map((id, i) => (
          <li
            key={id}
            aria-current={i === current ? 'step' : undefined}
            className={`flex-1 border-t-4 pt-2 ${i <= current ? 'border-brand-600 text-brand-800' : 'border-slate-200 text-slate-500'}`}
          >
            <span className="sr-only">
              Etapa {i + 1} de {DUCA_WIZARD_STEPS.length}:{' '}
            </span>
            {STEP_LABEL[id]}
          </li>
        ))}
      </ol>

      {step === 'confirm' && (
        <Card>
          <form onSubmit={submit} noValidate className="space-y-5">
            <h2 ref={heading} tabIndex={-1} className="text-lg font-bold text-slate-900 outline-none">
              Você chegou até nós pela {PARTNER.name}?
            </h2>
            <p className="text-sm text-slate-600">
              A {PARTNER.name} é nossa parceira e indica empreendedores que precisam de contabilidade. Confirmando, sua conta fica
              vinculada a ela: a parceria é creditada e a sua abertura ou troca de contador segue normalmente por aqui.
            </p>
            {attribution.data?.partnerId === 'duca' && attribution.data.partnerAttributedAt && (
              <Alert tone="info">
                Sua conta já está vinculada à {PARTNER.name} desde {formatDate(attribution.data.partnerAttributedAt)}. Você pode
                seguir para escolher o próximo passo.
              </Alert>
            )}
            <CheckboxField
              label={`Confirmo que conheci o Contábil por indicação da ${PARTNER.name}.`}
              checked={confirmed}
              onChange={(checked) => actor.send({ type: 'confirmation.change', confirmed: checked })}
              error={fieldErrors.confirmed}
            />
            <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
              <Link to="/app/partners/duca" className="text-center text-sm font-semibold text-slate-600 hover:text-slate-900">
                Voltar para o programa
              </Link>
              <Button type="submit">Continuar</Button>
            </div>
          </form>
        </Card>
      )}

      {step === 'track' && (
        <Card>
          <form onSubmit={submit} noValidate className="space-y-5">
            <h2 ref={heading} tabIndex={-1} className="text-lg font-bold text-slate-900 outline-none">
              {keepsTrack ? 'Vincular sua conta' : 'O que você precisa?'}
            </h2>
            {error && <Alert>{error}</Alert>}
            {keepsTrack && company ? (
              <p className="text-sm text-slate-600">
                {companyDisplayName(company)} já é atendida pela nossa contabilidade. Vamos registrar que você chegou pela{' '}
                {PARTNER.name}; nada muda na sua empresa.
              </p>
            ) : (
              <ChoiceCards<TrackId>
                legend="Escolha o seu caminho"
                name="trackId"
                columns={2}
                value={trackId ?? undefined}
                onChange={(value) => actor.send({ type: 'track.choose', trackId: value })}
                error={fieldErrors.trackId}
                options={[
                  {
                    value: 'create-company',
                    title: 'Abrir minha empresa',
                    description: 'MEI, ME ou EPP: cuidamos do registro, do CNPJ e das inscrições.',
                  },
                  {
                    value: 'migrate-company',
                    title: 'Trocar de contador',
                    description: 'Já tenho CNPJ: vocês assumem a contabilidade e falam com o contador atual.',
                  },
                ]}
              />
            )}
            <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
              <Button variant="ghost" onClick={() => actor.send({ type: 'step.back' })} disabled={busy}>
                Voltar
              </Button>
              <Button type="submit" busy={busy}>
                {keepsTrack ? `Vincular à ${PARTNER.name}` : 'Confirmar'}
              </Button>
            </div>
          </form>
        </Card>
      )}

      {step === 'done' && result && (
        <Card>
          <div className="flex items-start gap-3">
            <CheckCircleIcon className="size-8 shrink-0 text-emerald-600" aria-hidden="true" />
            <div className="space-y-3">
              <h2 ref={heading} tabIndex={-1} className="text-lg font-bold text-slate-900 outline-none">
                Tudo certo!
              </h2>
              <p className="text-sm text-slate-700" role="status">
                Sua conta está vinculada à {result.partnerName} desde {formatDate(result.partnerAttributedAt!)}.
              </p>
              <p className="text-sm text-slate-600">
                {result.next === TRACK_WIZARD_PATH['create-company']
                  ? 'Agora é só contar sobre o seu negócio: sugerimos as atividades, você escolhe o plano e nós cuidamos do resto.'
                  : result.next === TRACK_WIZARD_PATH['migrate-company']
                    ? 'Agora informe o CNPJ e o seu contador atual: nós conferimos os dados na Receita Federal e cuidamos da transição.'
                    : 'Sua empresa segue como está. Você pode voltar ao painel.'}
              </p>
              <Button onClick={() => actor.send({ type: 'step.submit' })}>{NEXT_LABEL[result.next] ?? 'Continuar'}</Button>
            </div>
          </div>
        </Card>
      )}
    </div>
  );
}
