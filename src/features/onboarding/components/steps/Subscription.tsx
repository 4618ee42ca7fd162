import { CheckIcon } from '@heroicons/react/20/solid';
import { useEffect } from 'react';
import { formatMoney, plansFor } from '@domain';
import { Button } from '@/components/ui/Button';
import { Alert, Card } from '@/components/ui/Card';
import { Spinner } from '@/components/ui/Spinner';
import { StepCard } from '../StepCard';
import { useStepForm, useWizard, useWizardContext, useWizardMatches } from '../wizard-context';

/** The plan and its first payment, on the payment provider's page. */
export function Subscription() {
  const wizard = useWizard();
  const confirming = useWizardMatches('subscription.confirming');
  const slow = useWizardMatches('subscription.slowConfirmation');
  const choosing = useWizardMatches('subscription.choosing');
  const redirecting = useWizardMatches('subscription.redirecting');
  const stage = confirming ? 'confirming' : slow ? 'slow' : choosing ? 'choosing' : 'opening';
  // Back from the payment page, the browser may show this page from its cache, frozen as it left: the plans again.
  useEffect(() => {
    if (!redirecting) return;
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) wizard.send({ type: 'payment.retry' });
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [redirecting, wizard]);
  // The company's size and nature: chosen in an opening, the CNPJ's record in a migration. Only plans that fit them.
  const size = useWizardContext((c) => c.company?.size ?? null);
  const type = useWizardContext((c) => c.company?.type ?? null);
  const defaults: { planId?: string } = {};
  const { values, set, error } = useStepForm('subscription', defaults);
  const plans = plansFor({ size, type });

  if (stage === 'confirming' || stage === 'slow') {
    return (
      <Card>
        <h2 className="text-lg font-bold text-slate-900">Confirmando seu pagamento</h2>
        {stage === 'confirming' ? (
          <div className="mt-4 text-brand-700">
            <Spinner label="Aguardando a confirmação do pagamento…" />
          </div>
        ) : (
          <div className="mt-4 space-y-4">
            <Alert tone="info">
              Ainda não recebemos a confirmação. Pagamentos por Pix costumam chegar em segundos; boletos podem levar até 3 dias
              úteis. Você pode fechar esta página: avisaremos quando o pagamento for confirmado.
            </Alert>
            <Button variant="secondary" onClick={() => wizard.send({ type: 'payment.retry' })}>
              Pagar de novo
            </Button>
          </div>
        )}
      </Card>
    );
  }

  return (
    <StepCard
      title="Plano e pagamento"
      description="Escolha o plano. O pagamento da primeira mensalidade é feito na página segura do nosso parceiro de pagamentos."
      submitLabel={stage === 'opening' ? null : 'Ir para o pagamento'}
    >
      {stage === 'opening' ? (
        <div className="text-brand-700">
          <Spinner label="Abrindo a página de pagamento…" />
        </div>
      ) : (
        <fieldset>
          <legend className="sr-only">Planos</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {plans.map((plan) => (
              <label
                key={plan.id}
                className="flex cursor-pointer flex-col rounded-xl border border-slate-300 p-4 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-300"
              >
                <span className="flex items-center justify-between">
                  <span id={`plan-${plan.id}`} className="font-semibold text-slate-900">
                    {plan.name}
                  </span>
                  <input
                    type="radio"
                    name="planId"
                    value={plan.id}
                    checked={values.planId === plan.id}
                    onChange={() => set('planId', plan.id)}
                    aria-labelledby={`plan-${plan.id}`}
                    aria-describedby={`plan-${plan.id}-description`}
                    className="accent-brand-700"
                  />
                </span>
                <span className="mt-2 text-2xl font-bold text-slate-900">
                  {formatMoney(plan.priceCents)}
                  <span className="text-sm font-normal text-slate-500">/mês</span>
                </span>
                <span id={`plan-${plan.id}-description`} className="mt-2 flex gap-1.5 text-sm text-slate-600">
                  <CheckIcon className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
                  {plan.description}
                </span>
              </label>
            ))}
          </div>
          {error('planId') && <p className="mt-2 text-xs font-medium text-red-600">{error('planId')}</p>}
        </fieldset>
      )}
    </StepCard>
  );
}
