import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Company, CompanyStatus } from '@domain';
import { COMPANY_STATUS_LABEL, nextStatuses } from '@domain';
import { changeCompanyStatus, companyQueries } from '@/api/companies';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { TextField } from '@/components/ui/TextField';

/** The status lifecycle control: only the changes the lifecycle allows now (`COMPANY_STATUS_TRANSITIONS`, drawn as the company-status machine). */
export function StatusControl({ company, previousStatus }: { company: Company; previousStatus: CompanyStatus | null }) {
  const queryClient = useQueryClient();
  const options = nextStatuses({ status: company.status, previousStatus, trackId: company.trackId, cnpj: company.cnpj });
  const [to, setTo] = useState<CompanyStatus | ''>('');
  const [note, setNote] = useState('');
  const change = useMutation({
    mutationFn: () => changeCompanyStatus(company.id, to as CompanyStatus, note),
    onSuccess: (updated) => {
      toast.success(`Situação alterada para "${COMPANY_STATUS_LABEL[updated.status]}".`);
      setTo('');
      setNote('');
      // The lists too, not only this company's page.
      void queryClient.invalidateQueries({ queryKey: companyQueries.all() });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
  const blockedByCnpj = company.status === 'opening' && !company.cnpj;

  return (
    <Card>
      <h2 className="text-base font-semibold text-slate-900">Mudar a situação</h2>
      {options.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          Nenhuma mudança possível a partir de “{COMPANY_STATUS_LABEL[company.status]}”.
        </p>
      ) : (
        <form
          className="mt-3 space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (to) change.mutate();
          }}
        >
          <fieldset>
            <legend className="sr-only">Nova situação</legend>
            <div className="flex flex-wrap gap-2">
              {options.map((status) => (
                <label
                  key={status}
                  className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-checked:border-brand-600 has-checked:bg-brand-50"
                >
                  <input
                    type="radio"
                    name="status"
                    value={status}
                    checked={to === status}
                    onChange={() => setTo(status)}
                    className="accent-brand-700"
                  />
                  {COMPANY_STATUS_LABEL[status]}
                </label>
              ))}
            </div>
          </fieldset>
          <TextField
            label="Observação (opcional)"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            hint="Fica no histórico da empresa."
          />
          {change.error && <p className="text-sm font-medium text-red-600">{change.error.message}</p>}
          <Button type="submit" busy={change.isPending} disabled={!to}>
            Alterar situação
          </Button>
        </form>
      )}
      {blockedByCnpj && <p className="mt-3 text-xs text-amber-700">Para ativar, informe antes o CNPJ emitido.</p>}
    </Card>
  );
}
