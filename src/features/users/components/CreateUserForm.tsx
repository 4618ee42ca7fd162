import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useState } from 'react';
import type { Role, CreatedUser } from '@domain';
import { AdminUserCreateSchema, ROLE_LABEL } from '@domain';
import { ApiError } from '@/lib/api/errors';
import { adminUserQueries, createAdminUser } from '../api';
import { useSchemaForm } from '@/lib/form';
import { Button } from '@/components/ui/Button';
import { Alert } from '@/components/ui/Card';
import { PhoneField } from '@/components/ui/MaskedField';
import { TextField } from '@/components/ui/TextField';
import { ChoiceCards } from '@/components/ui/choices';
import type { PickedCompany } from '@/features/companies/components/CompanyPicker';
import { CompanyPicker } from '@/features/companies/components/CompanyPicker';

const ROLE_CHOICES: { value: Role; title: string; description: string }[] = [
  { value: 'company-admin', title: ROLE_LABEL['company-admin'], description: 'Entra na empresa escolhida e cuida dela.' },
  { value: 'system-admin', title: ROLE_LABEL['system-admin'], description: 'Vê todas as empresas e as filas da equipe.' },
];

/** POST /admin/users: the person, their role and (for a customer) their company; answers the new user once. */
export function CreateUserForm({ onCreated, onCancel }: { onCreated: (user: CreatedUser) => void; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const [company, setCompany] = useState<PickedCompany | null>(null);
  const form = useSchemaForm(AdminUserCreateSchema, {
    name: '',
    email: '',
    phone: '',
    role: 'company-admin' as Role,
  });
  const create = useMutation({
    mutationFn: createAdminUser,
    onSuccess: (user) => {
      void queryClient.invalidateQueries({ queryKey: adminUserQueries.all() });
      onCreated(user);
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fields).length) form.setErrors(error.fields);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const { role, ...values } = form.values;
    const input = {
      ...values,
      roles: [role],
      companyId: role === 'company-admin' ? company?.id : undefined,
    };
    if (form.check(input)) create.mutate(input);
  }

  const failure = create.error instanceof ApiError && !Object.keys(create.error.fields).length ? create.error.message : null;
  const customer = form.values.role === 'company-admin';
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Novo usuário">
      <TextField label="Nome completo" autoComplete="off" {...form.text('name')} />
      <TextField label="E-mail" type="email" autoComplete="off" {...form.text('email')} hint="Será o login da pessoa." />
      <PhoneField label="Telefone (opcional)" hint="Celular ou fixo, com DDD." {...form.masked('phone')} />
      <ChoiceCards
        legend="Perfil"
        name="role"
        columns={2}
        value={form.values.role}
        options={ROLE_CHOICES}
        onChange={form.set('role')}
        error={form.errors.roles ?? form.errors['roles.0']}
      />
      {customer && (
        <CompanyPicker
          label="Empresa"
          value={company}
          onChange={(picked) => {
            setCompany(picked);
            form.setErrors(({ companyId: _removed, ...rest }) => rest);
          }}
          error={form.errors.companyId}
          hint="A pessoa entra direto nesta empresa. Sem empresa, ela começa pelo cadastro de uma."
        />
      )}
      {failure && <Alert>{failure}</Alert>}
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={create.isPending}>
          Cancelar
        </Button>
        <Button type="submit" busy={create.isPending}>
          Criar usuário
        </Button>
      </div>
    </form>
  );
}
