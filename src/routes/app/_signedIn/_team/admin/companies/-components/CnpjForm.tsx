import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from '@/lib/toast';
import type { Company } from '@domain';
import { CnpjSchema, formatCnpj, validate } from '@domain';
import { updateCompany } from '@/features/companies/api';
import { companyQueries } from '@/lib/api/companies';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { MaskedField } from '@/components/ui/MaskedField';
import { CNPJ_MASK, CNPJ_TOKENS } from '@/lib/masks';

/** The CNPJ the Receita Federal issued, recorded by the team. */
export function CnpjForm({ company }: { company: Company }) {
  const queryClient = useQueryClient();
  const [cnpj, setCnpj] = useState(company.cnpj ? formatCnpj(company.cnpj) : '');
  const [problem, setProblem] = useState<string>();
  const save = useMutation({
    mutationFn: (value: string) => updateCompany(company.id, { cnpj: value }),
    onSuccess: () => {
      toast.success('CNPJ registrado.');
      // The lists too, not only this company's page.
      void queryClient.invalidateQueries({ queryKey: companyQueries.all() });
    },
    onError: (error) => setProblem(error.message),
  });
  return (
    <Card>
      <h2 className="text-base font-semibold text-slate-900">CNPJ</h2>
      <form
        className="mt-3 flex flex-wrap items-start gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          const result = validate(CnpjSchema, cnpj);
          if (!result.ok) return setProblem(result.message);
          setProblem(undefined);
          save.mutate(result.value);
        }}
      >
        <MaskedField
          className="min-w-56 flex-1"
          label="CNPJ emitido"
          mask={CNPJ_MASK}
          tokens={CNPJ_TOKENS}
          value={cnpj}
          onValueChange={setCnpj}
          error={problem}
        />
        <Button type="submit" variant="secondary" className="mt-6" busy={save.isPending}>
          Salvar CNPJ
        </Button>
      </form>
    </Card>
  );
}
