import { useMutation, useQuery } from '@tanstack/react-query';
import toast from '@/lib/toast';
import type { Payment } from '@domain';
import { PAYMENTS_PAGE_SIZE, PAYMENT_METHOD_LABEL, chargeMonthLabel, formatMoney } from '@domain';
import { billingQueries, downloadReceipt, payCharge } from '../api';
import { PAYMENT_PAGE_BLOCKED, navigateExternal } from '@/lib/external';
import { formatDate } from '@/lib/format';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/Card';
import { Pagination } from '@/components/ui/Pagination';
import { PageSpinner } from '@/components/ui/Spinner';
import { Table } from '@/components/ui/Table';
import { formatDay } from '../format';
import { PaymentStatusBadge } from './PaymentStatusBadge';

function PayButton({ payment }: { payment: Payment }) {
  const pay = useMutation({
    mutationFn: () => payCharge(payment),
    onSuccess: ({ paymentUrl }) => {
      if (!navigateExternal(paymentUrl)) {
        toast.error(PAYMENT_PAGE_BLOCKED);
        // Not leaving after all: the button works again.
        pay.reset();
      }
    },
    onError: (error) => toast.error(error.message),
  });
  const month = chargeMonthLabel(payment.dueDate);
  return (
    <Button
      className="px-3 py-1.5"
      busy={pay.isPending || pay.isSuccess}
      onClick={() => pay.mutate()}
      aria-label={`Pagar ${month ? `a mensalidade de ${month}` : 'esta cobrança'}`}
    >
      Pagar
    </Button>
  );
}

function ReceiptButton({ payment }: { payment: Payment }) {
  const download = useMutation({
    mutationFn: () => downloadReceipt(payment),
    onError: (error) => toast.error(error.message),
  });
  const month = chargeMonthLabel(payment.dueDate);
  return (
    <Button
      variant="secondary"
      className="px-3 py-1.5"
      busy={download.isPending}
      onClick={() => download.mutate()}
      aria-label={`Baixar o recibo ${month ? `da mensalidade de ${month}` : 'deste pagamento'}`}
    >
      Recibo
    </Button>
  );
}

/** The company's charges: the open ones can be paid, the paid ones have a receipt. */
export function PaymentList({
  companyId,
  page,
  searchFor,
  watch = false,
}: {
  companyId: string;
  page: number;
  searchFor: (page: number) => Record<string, unknown>;
  /** Checks again every few seconds (just back from the payment page, the confirmation may still be on its way). */
  watch?: boolean;
}) {
  const list = useQuery({ ...billingQueries.payments(companyId, page), refetchInterval: watch ? 3000 : false });
  if (list.isPending) return <PageSpinner label="Carregando pagamentos…" />;
  if (list.isError) {
    return (
      <EmptyState
        title="Não foi possível carregar os pagamentos"
        action={<Button onClick={() => list.refetch()}>Tentar de novo</Button>}
      >
        {list.error.message}
      </EmptyState>
    );
  }
  if (list.data.total === 0) {
    return (
      <EmptyState title="Nenhuma cobrança ainda">
        As mensalidades aparecem aqui a partir da contratação do plano, com o recibo de cada uma depois de paga.
      </EmptyState>
    );
  }
  return (
    <>
      <Table label="Cobranças da assinatura" columns={['Referência', 'Vencimento', 'Valor', 'Situação', 'Pagamento', '']}>
        {list.data.data.map((payment) => {
          const month = chargeMonthLabel(payment.dueDate);
          return (
            <tr key={payment.id} data-testid="payment-row">
              <td className="whitespace-nowrap px-4 py-3 font-medium text-slate-900">
                {month ? `Mensalidade de ${month}` : `Plano ${payment.planName} — primeira mensalidade`}
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">{payment.dueDate ? formatDay(payment.dueDate) : '—'}</td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-900">{formatMoney(payment.amountCents)}</td>
              <td className="whitespace-nowrap px-4 py-3">
                <PaymentStatusBadge payment={payment} />
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                {payment.paidAt
                  ? `${formatDate(payment.paidAt)}${payment.method ? ` · ${PAYMENT_METHOD_LABEL[payment.method]}` : ''}`
                  : '—'}
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-right">
                {payment.status === 'pending' && <PayButton payment={payment} />}
                {payment.receiptPath && <ReceiptButton payment={payment} />}
              </td>
            </tr>
          );
        })}
      </Table>
      <Pagination page={page} pageSize={PAYMENTS_PAGE_SIZE} total={list.data.total} searchFor={searchFor} />
    </>
  );
}
