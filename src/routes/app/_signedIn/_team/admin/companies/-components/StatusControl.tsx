import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import toast from '@/lib/toast';
import type { Company, CompanyStatus } from '@domain';
import { COMPANY_STATUSES, COMPANY_STATUS_LABEL } from '@domain';
import { companyStatusMachine } from '@machines/companyStatus.machine';
import { appInspect } from '@/lib/session-handle';
import { changeCompanyStatus } from '@/features/companies/api';
import { companyQueries } from '@/lib/api/companies';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { TextField } from '@/components/ui/TextField';

type StatusControlProps = { company: Company; previousStatus: CompanyStatus | null };

/**
 * The status lifecycle control, run by the company-status machine (drawn from `COMPANY_STATUS_TRANSITIONS`): it
 * offers only the changes the machine takes from the status the server reports. A status or fact the server reports
 * anew (this change, another person's, a CNPJ registered) starts the machine again from there.
 */
export function StatusControl(props: StatusControlProps) {
  const { company, previousStatus } = props;
  // What the machine starts from: the status and the facts its guards read (a CNPJ registered enables "Ativa").
  const facts = [company.id, company.status, previousStatus, company.trackId, !!company.cnpj].join(':');
  return <StatusMachineControl key={facts} {...props} />;
}

function StatusMachineControl({ company, previousStatus }: StatusControlProps) {
  const queryClient = useQueryClient();
  const context = { previousStatus, trackId: company.trackId, hasCnpj: !!company.cnpj };
  const status = useActorRef(companyStatusMachine, {
    input: context,
    snapshot: companyStatusMachine.resolveState({ value: company.status, context }),
    inspect: appInspect(),
  });
  const options = useSelector(
    status,
    (snapshot) => COMPANY_STATUSES.filter((to) => snapshot.can({ type: 'status.change', to })),
    (a, b) => a.join() === b.join(),
  );
  const [to, setTo] = useState<CompanyStatus | ''>('');
  const [note, setNote] = useState('');
  const change = useMutation({
    mutationFn: () => changeCompanyStatus(company.id, to as CompanyStatus, note),
    onSuccess: (updated) => {
      status.send({ type: 'status.change', to: updated.status });
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
