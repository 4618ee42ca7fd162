import { ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import { Link, useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { companyDisplayName } from '@domain';
import { companyActorOf } from '@/lib/company-actor';
import { useSessionActor } from '@/lib/session-handle';

export const BILLING_PAGE = '/app/user/my-billing';

/**
 * Shown on every app page while the selected company is overdue, leading to the billing page where the open
 * charge is paid. The billing page itself says it in its own words.
 */
export function OverdueBanner() {
  const company = useSelector(companyActorOf(useSessionActor()), (s) => s.context.company ?? null);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  if (company?.status !== 'overdue' || pathname === BILLING_PAGE) return null;
  return (
    <div
      role="alert"
      data-testid="overdue-banner"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center"
    >
      <ExclamationTriangleIcon className="size-6 shrink-0 text-amber-600" aria-hidden="true" />
      <p className="flex-1">
        <strong>Pagamento em atraso.</strong> A mensalidade de {companyDisplayName(company)} está vencida. Regularize para manter
        a contabilidade em dia e evitar a suspensão dos serviços.
      </p>
      <Link
        to={BILLING_PAGE}
        className="inline-flex shrink-0 items-center justify-center rounded-lg bg-amber-600 px-4 py-2 font-semibold text-white hover:bg-amber-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700"
      >
        Ver e pagar
      </Link>
    </div>
  );
}
