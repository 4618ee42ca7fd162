import { ArrowDownTrayIcon } from '@heroicons/react/24/outline';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import type { BankAccount, ExportType } from '@domain';
import { downloadExport } from '../../api/bankStatements';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { inlineControlClass } from './CategoryOptions';
import { currentMonth } from './format';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A month of the account's movements as files: TXT for the accounting system, CSV for a spreadsheet. */
export function ExportPanel({ account }: { account: BankAccount }) {
  const id = useId();
  const [month, setMonth] = useState(account.lastTransactionOn?.slice(0, 7) ?? currentMonth());
  const download = useMutation({
    mutationFn: (type: ExportType) => downloadExport(account, type, month),
    onError: (e) => toast.error(e.message),
  });
  const valid = MONTH.test(month);
  const busy = (type: ExportType) => download.isPending && download.variables === type;

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
          <input
            id={`${id}-month`}
            type="month"
            required
            className={`mt-1 ${inlineControlClass}`}
            value={month}
            onChange={(e) => setMonth(e.target.value)}
          />
        </div>
        <Button
          variant="secondary"
          busy={busy('txt')}
          disabled={!valid || download.isPending}
          onClick={() => download.mutate('txt')}
        >
          <ArrowDownTrayIcon className="size-4" aria-hidden="true" />
          Exportar TXT (sistema contábil)
        </Button>
        <Button
          variant="secondary"
          busy={busy('csv')}
          disabled={!valid || download.isPending}
          onClick={() => download.mutate('csv')}
        >
          <ArrowDownTrayIcon className="size-4" aria-hidden="true" />
          Exportar CSV
        </Button>
      </div>
    </Card>
  );
}
