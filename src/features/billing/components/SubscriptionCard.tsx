import type { BillingSummary, Company, SubscriptionStatus } from '@domain';
import { SUBSCRIPTION_STATUS_LABEL, companyDisplayName, findPlan, formatMoney } from '@domain';
import { formatDate } from '@/lib/format';
import type { BadgeTone } from '@/components/ui/Badge';
import { Badge } from '@/components/ui/Badge';
import { Card } from '@/components/ui/Card';
import { formatDay } from '../format';

const TONE: Record<SubscriptionStatus, BadgeTone> = { pending: 'yellow', active: 'green', overdue: 'red', cancelled: 'gray' };

/** The company's plan, its price and where the payments stand. */
export function SubscriptionCard({ company, summary }: { company: Company; summary: BillingSummary }) {
  const { subscription } = summary;
  const plan = subscription ? findPlan(subscription.planId) : undefined;
  return (
    <Card>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <p className="text-sm text-slate-600">{companyDisplayName(company)}</p>
          <h2 className="mt-1 text-lg font-bold text-slate-900">
            {subscription ? `Plano ${subscription.planName}` : 'Nenhum plano contratado'}
          </h2>
          {subscription ? (
            <p className="mt-1 text-2xl font-bold text-slate-900">
              {formatMoney(subscription.priceCents)}
              <span className="text-sm font-normal text-slate-500">/mês</span>
            </p>
          ) : (
            <p className="mt-1 text-sm text-slate-600">O plano é escolhido na abertura da empresa ou na troca de contador.</p>
          )}
          {plan && <p className="mt-2 max-w-xl text-sm text-slate-600">{plan.description}</p>}
        </div>
        {subscription && (
          <div className="flex flex-col items-start gap-1 sm:items-end">
            <Badge tone={TONE[subscription.status]}>Assinatura: {SUBSCRIPTION_STATUS_LABEL[subscription.status]}</Badge>
            {subscription.activatedAt && (
              <p className="text-xs text-slate-500">Assinante desde {formatDate(subscription.activatedAt)}</p>
            )}
          </div>
        )}
      </div>
      {subscription && (
        <dl className="mt-5 grid gap-3 border-t border-slate-100 pt-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-500">Em aberto</dt>
            <dd className="font-semibold text-slate-900">
              {summary.openCount === 0
                ? 'Nada a pagar'
                : `${formatMoney(summary.openAmountCents)} (${summary.openCount} ${summary.openCount === 1 ? 'cobrança' : 'cobranças'})`}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Próximo vencimento</dt>
            <dd className="font-semibold text-slate-900">
              {summary.nextDueDate ? formatDay(summary.nextDueDate) : '—'}
              {summary.nextDueDate && summary.nextAmountCents !== null && (
                <span className="block text-xs font-normal text-slate-600">{formatMoney(summary.nextAmountCents)}</span>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Vencidas</dt>
            <dd className={`font-semibold ${summary.overdueCount ? 'text-red-700' : 'text-slate-900'}`}>
              {summary.overdueCount === 0 ? 'Nenhuma' : summary.overdueCount}
            </dd>
          </div>
        </dl>
      )}
    </Card>
  );
}
