import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from '@/lib/toast';
import type { Company, CompanySize, CompanyType, FieldErrors } from '@domain';
import {
  COMPANY_SIZES,
  COMPANY_SIZE_LABEL,
  COMPANY_TYPES,
  COMPANY_TYPE_LABEL,
  CompanyUpdateSchema,
  companyNatureProblem,
  validate,
} from '@domain';
import { ApiError } from '@/lib/api/errors';
import { updateCompany } from '@/features/companies/api';
import { companyQueries } from '@/lib/api/companies';
import { Button } from '@/components/ui/Button';
import { SelectField } from '@/components/ui/SelectField';
import { TextField } from '@/components/ui/TextField';

/**
 * The team completes the company's record: razão social, nome fantasia, porte and natureza jurídica — with the
 * wizard's rules (an MEI is always an individual entrepreneur), checked here and again by the server.
 */
export function CompanyDataForm({ company, onDone }: { company: Company; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(company.name ?? '');
  const [alias, setAlias] = useState(company.alias ?? '');
  const [size, setSize] = useState<CompanySize | ''>(company.size ?? '');
  const [type, setType] = useState<CompanyType | ''>(company.type ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation({
    mutationFn: (changes: Record<string, unknown>) => updateCompany(company.id, changes),
    onSuccess: () => {
      toast.success('Dados da empresa salvos.');
      void queryClient.invalidateQueries({ queryKey: companyQueries.all() });
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fields).length) setErrors(error.fields);
      else toast.error(error.message);
    },
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const changes = {
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(alias.trim() ? { alias: alias.trim() } : {}),
      ...(size ? { size } : {}),
      ...(type ? { type } : {}),
    };
    const checked = validate(CompanyUpdateSchema, changes);
    const nature = companyNatureProblem(size || null, type || null);
    const found: FieldErrors = { ...(checked.ok ? {} : checked.fields), ...(nature ? { type: nature } : {}) };
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(changes);
  }

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4" aria-label="Editar dados da empresa">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Razão social"
          value={name}
          maxLength={150}
          error={errors.name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label="Nome fantasia"
          value={alias}
          maxLength={60}
          error={errors.alias}
          onChange={(e) => setAlias(e.target.value)}
        />
        <SelectField label="Porte" value={size} error={errors.size} onChange={(e) => setSize(e.target.value as CompanySize | '')}>
          <option value="">Não informado</option>
          {COMPANY_SIZES.map((option) => (
            <option key={option} value={option}>
              {COMPANY_SIZE_LABEL[option]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Natureza jurídica"
          value={type}
          error={errors.type}
          onChange={(e) => setType(e.target.value as CompanyType | '')}
        >
          <option value="">Não informada</option>
          {COMPANY_TYPES.map((option) => (
            <option key={option} value={option}>
              {COMPANY_TYPE_LABEL[option]}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onDone} disabled={save.isPending}>
          Cancelar
        </Button>
        <Button type="submit" busy={save.isPending}>
          Salvar dados
        </Button>
      </div>
    </form>
  );
}
