import { CheckCircleIcon } from '@heroicons/react/24/outline';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import { waitFor } from 'xstate';
import type { PartnerAttributionResult, TrackId } from '@domain';
import { MESSAGES, PARTNERS, TRACK_WIZARD_PATH, companyDisplayName, isOperating } from '@domain';
import { referralQueries, attributePartner } from '../../api/referrals';
import { companyActorOf } from '../../lib/company-actor';
import { formatDate } from '../../lib/format';
import { useSessionActor } from '../../lib/session-handle';
import { Button } from '../ui/Button';
import { Alert, Card } from '../ui/Card';
import { CheckboxField, ChoiceCards } from '../ui/choices';

const PARTNER = PARTNERS.duca;
const STEPS = [
  { id: 'confirm', label: 'Confirmação' },
  { id: 'track', label: 'O que você precisa' },
  { id: 'done', label: 'Pronto' },
] as const;
type StepId = (typeof STEPS)[number]['id'];

const NEXT_LABEL: Record<string, string> = {
  [TRACK_WIZARD_PATH['create-company']]: 'Começar a abertura da empresa',
  [TRACK_WIZARD_PATH['migrate-company']]: 'Começar a troca de contador',
  '/app/panel': 'Ir para o painel',
  '/app/user/disabled': 'Ver a situação da empresa',
};

/**
 * The Duca wizard: confirm the person came through Duca, choose to open a company or move one, and record it; then
 * on to that track's wizard. After the call the session learns of the change (fresh claims or the company again),
 * so the guards agree with where the person goes.
 */
export function DucaWizard() {
  const session = useSessionActor();
  const companyActor = companyActorOf(session);
  const company = useSelector(companyActor, (s) => s.context.company ?? null);
  const track = useSelector(companyActor, (s) => s.context.track ?? null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const attribution = useQuery(referralQueries.attribution('duca'));

  const [step, setStep] = useState<StepId>('confirm');
  const [confirmed, setConfirmed] = useState(false);
  const [confirmError, setConfirmError] = useState<string>();
  const [trackId, setTrackId] = useState<TrackId | undefined>(track?.trackId ?? company?.trackId ?? undefined);
  const [trackError, setTrackError] = useState<string>();
  const [result, setResult] = useState<PartnerAttributionResult | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const operating = company ? isOperating(company) || company.status === 'disabled' : false;

  // Each step starts at its title, for keyboard and screen-reader users.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const attribute = useMutation({
    mutationFn: async (chosen: TrackId) => {
      const answer = await attributePartner('duca', chosen);
      if (answer.companyId) {
        companyActor.send({ type: 'company.reload' });
        await waitFor(companyActor, (s) => s.matches('loaded') || s.matches('failed'), { timeout: 15_000 });
      } else {
        // The chosen track lives in the claims until there is a company: take a token that carries it.
        session.send({ type: 'session.refresh' });
        await waitFor(session, (s) => !s.hasTag('busy'), { timeout: 20_000 });
      }
      return answer;
    },
    onSuccess: (answer) => {
      setResult(answer);
      setStep('done');
      void queryClient.invalidateQueries({ queryKey: ['partners'] });
    },
  });

  function submitConfirm(event: FormEvent) {
    event.preventDefault();
    if (!confirmed) return setConfirmError(`Confirme que você chegou até nós pela ${PARTNER.name} para continuar.`);
    setStep('track');
  }

  function submitTrack(event: FormEvent) {
    event.preventDefault();
    const chosen = operating ? (track?.trackId ?? company?.trackId ?? 'create-company') : trackId;
    if (!chosen) return setTrackError(MESSAGES.invalidTrack);
    attribute.mutate(chosen);
  }

  const current = STEPS.findIndex((s) => s.id === step);

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <header>
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Parceria {PARTNER.name}</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">Bem-vindo ao Contábil pela {PARTNER.name}</h1>
      </header>
      <ol aria-label="Etapas" className="flex gap-2 text-xs font-medium sm:text-sm">
        {STEPS.map((s, i) => (
          <li
            key={s.id}
            aria-current={i === current ? 'step' : undefined}
            className={`flex-1 border-t-4 pt-2 ${i <= current ? 'border-brand-600 text-brand-800' : 'border-slate-200 text-slate-500'}`}
          >
            <span className="sr-only">
              Etapa {i + 1} de {STEPS.length}:{' '}
            </span>
            {s.label}
          </li>
        ))}
      </ol>

      {step === 'confirm' && (
        <Card>
          <form onSubmit={submitConfirm} noValidate className="space-y-5">
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
              onChange={(checked) => {
                setConfirmed(checked);
                setConfirmError(undefined);
              }}
              error={confirmError}
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
          <form onSubmit={submitTrack} noValidate className="space-y-5">
            <h2 ref={heading} tabIndex={-1} className="text-lg font-bold text-slate-900 outline-none">
              {operating ? 'Vincular sua conta' : 'O que você precisa?'}
            </h2>
            {attribute.error && <Alert>{attribute.error.message}</Alert>}
            {operating && company ? (
              <p className="text-sm text-slate-600">
                {companyDisplayName(company)} já é atendida pela nossa contabilidade. Vamos registrar que você chegou pela{' '}
                {PARTNER.name}; nada muda na sua empresa.
              </p>
            ) : (
              <ChoiceCards<TrackId>
                legend="Escolha o seu caminho"
                name="trackId"
                columns={2}
                value={trackId}
                onChange={(value) => {
                  setTrackId(value);
                  setTrackError(undefined);
                }}
                error={trackError}
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
              <Button variant="ghost" onClick={() => setStep('confirm')} disabled={attribute.isPending}>
                Voltar
              </Button>
              <Button type="submit" busy={attribute.isPending}>
                {operating ? `Vincular à ${PARTNER.name}` : 'Confirmar'}
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
              <Button onClick={() => navigate({ to: result.next })}>{NEXT_LABEL[result.next] ?? 'Continuar'}</Button>
            </div>
          </div>
        </Card>
      )}
    </div>
  );
}
