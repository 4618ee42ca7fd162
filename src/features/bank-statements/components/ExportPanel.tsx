import { ArrowDownTrayIcon } from '@heroicons/react/24/outline';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import toast from '@/lib/toast';
import type { BankAccount, ExportType, UncategorisedExportChoice } from '@domain';
import { UNCLASSIFIED_LEDGER_ACCOUNT, uncategorisedExportMessage } from '@domain';
import type { ExportResult } from '../api';
import { bankQueries, downloadExport } from '../api';
import { ApiError } from '@/lib/api/errors';
import { isIsoMonth } from '@/lib/dates';
import { Button } from '@/components/ui/Button';
import { Modal, ModalDescription, ModalTitle } from '@/components/ui/Modal';
import { Card } from '@/components/ui/Card';
import { MonthInput } from '@/components/ui/DateField';
import { inlineControlClass } from './CategoryOptions';
import { currentMonth } from '../format';

const movements = (n: number) => `${n} ${n === 1 ? 'movimentação' : 'movimentações'}`;

/** What the download did with the month's movements without category, said after it. */
function exportedNotice({ included, omitted }: ExportResult): string {
  if (omitted > 0) return `Arquivo exportado sem ${movements(omitted)} sem categoria.`;
  if (included > 0)
    return `Arquivo exportado; ${movements(included)} sem categoria ${included === 1 ? 'foi' : 'foram'} para a conta ${UNCLASSIFIED_LEDGER_ACCOUNT} (a classificar).`;
  return 'Arquivo exportado.';
}

/**
 * A month with movements without category is never exported silently: categorise first, export them booked
 * "a classificar", or export without them.
 */
function UncategorisedDialog({
  open,
  message,
  onChoose,
  onCategorise,
  onClose,
}: {
  open: boolean;
  message: string;
  onChoose: (choice: UncategorisedExportChoice) => void;
  onCategorise: () => void;
  onClose: () => void;
}) {
  return (
    <Modal open={open} onClose={onClose} className="max-w-lg p-6" testId="uncategorised-export-dialog">
      <ModalTitle className="text-lg font-bold text-slate-900">Há movimentações sem categoria</ModalTitle>
      <ModalDescription className="mt-2 text-sm text-slate-600">{message}</ModalDescription>
      <p className="mt-2 text-sm text-slate-600">
        Categorize-as antes, exporte mesmo assim marcando-as como “a classificar” (conta {UNCLASSIFIED_LEDGER_ACCOUNT}, para o
        contador reclassificar) ou exporte sem elas.
      </p>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
        <Button variant="secondary" onClick={onCategorise}>
          Categorizar antes
        </Button>
        <Button variant="secondary" onClick={() => onChoose('omit')}>
          Exportar sem elas
        </Button>
        <Button onClick={() => onChoose('include')}>Exportar como “a classificar”</Button>
      </div>
    </Modal>
  );
}

/** A month of the account's movements as files: TXT for the accounting system, CSV for a spreadsheet. */
export function ExportPanel({ account }: { account: BankAccount }) {
  const id = useId();
  const navigate = useNavigate();
  const [month, setMonth] = useState(account.lastTransactionOn?.slice(0, 7) ?? currentMonth());
  const [asking, setAsking] = useState<{ type: ExportType; message: string } | null>(null);
  const valid = isIsoMonth(month);
  const summary = useQuery({ ...bankQueries.exportSummary(account, month), enabled: valid });
  const download = useMutation({
    mutationFn: ({ type, uncategorised }: { type: ExportType; uncategorised?: UncategorisedExportChoice }) =>
      downloadExport(account, type, month, uncategorised),
    onSuccess: (result) => toast.success(exportedNotice(result)),
    onError: (e, { type }) => {
      // Categories changed since the count was read: the server asks the same question.
      if (e instanceof ApiError && e.code === 'confirmation_required') {
        setAsking({ type, message: e.message });
        void summary.refetch();
      } else toast.error(e.message);
    },
  });
  const pending = valid && summary.data ? summary.data.uncategorised : 0;
  const busy = (type: ExportType) => download.isPending && download.variables?.type === type;
  const start = (type: ExportType) => {
    if (pending > 0 && summary.data) setAsking({ type, message: uncategorisedExportMessage(summary.data) });
    else download.mutate({ type });
  };

  return (
    <Card>
      <h2 className="text-base font-semibold text-slate-900">Exportar para a contabilidade</h2>
      <p className="mt-1 text-sm text-slate-600">
        O TXT traz os lançamentos do mês para importar no sistema contábil; o CSV abre em qualquer planilha. Categorize as
        movimentações antes de exportar.
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={`${id}-month`} className="block text-sm font-medium text-slate-700">
            Mês da exportação
          </label>
          <MonthInput
            id={`${id}-month`}
            required
            className={`mt-1 ${inlineControlClass}`}
            value={month}
            onValueChange={setMonth}
          />
        </div>
        <Button variant="secondary" busy={busy('txt')} disabled={!valid || download.isPending} onClick={() => start('txt')}>
          <ArrowDownTrayIcon className="size-4" aria-hidden="true" />
          Exportar TXT (sistema contábil)
        </Button>
        <Button variant="secondary" busy={busy('csv')} disabled={!valid || download.isPending} onClick={() => start('csv')}>
          <ArrowDownTrayIcon className="size-4" aria-hidden="true" />
          Exportar CSV
        </Button>
      </div>
      {pending > 0 && summary.data && (
        <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800" data-testid="export-uncategorised">
          {uncategorisedExportMessage(summary.data)}
        </p>
      )}
      <UncategorisedDialog
        open={asking !== null}
        message={asking?.message ?? ''}
        onClose={() => setAsking(null)}
        onCategorise={() => {
          setAsking(null);
          void navigate({
            to: '/app/bank-statements/accounts/$accountId/transactions',
            params: { accountId: account.id },
            search: { month, semCategoria: true },
          });
        }}
        onChoose={(uncategorised) => {
          if (asking) download.mutate({ type: asking.type, uncategorised });
          setAsking(null);
        }}
      />
    </Card>
  );
}
