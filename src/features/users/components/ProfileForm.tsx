import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import toast from '@/lib/toast';
import { UserUpdateSchema, formatPhone } from '@domain';
import { ApiError } from '@/lib/api/errors';
import type { User } from '@domain';
import { updateProfile, userQueries } from '../api';
import { useSchemaForm } from '@/lib/form';
import { Button } from '@/components/ui/Button';
import { Alert } from '@/components/ui/Card';
import { PhoneField } from '@/components/ui/MaskedField';
import { TextField } from '@/components/ui/TextField';
import { useSessionProfile } from './useSessionProfile';

/** Name and phone (a landline or a mobile), checked by the same schema as the server; the e-mail is shown, not edited. */
export function ProfileForm({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const syncSession = useSessionProfile();
  const form = useSchemaForm(UserUpdateSchema, { name: user.name, phone: formatPhone(user.phone) });
  const save = useMutation({
    mutationFn: (changes: { name: string; phone: string }) => updateProfile(user.id, changes),
    onSuccess: (updated) => {
      queryClient.setQueryData(userQueries.detail(user.id).queryKey, updated);
      syncSession(updated);
      toast.success('Perfil atualizado.');
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fields).length) form.setErrors(error.fields);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (form.check()) save.mutate({ name: form.values.name, phone: form.values.phone });
  }

  const failure = save.error instanceof ApiError && !Object.keys(save.error.fields).length ? save.error.message : null;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Dados pessoais">
      <TextField label="Nome completo" autoComplete="name" {...form.text('name')} className="sm:col-span-2" />
      <PhoneField
        label="Telefone"
        autoComplete="tel-national"
        placeholder="(11) 98765-4321"
        {...form.masked('phone')}
        hint="Celular ou fixo, com DDD. Deixe em branco para remover."
      />
      <TextField
        label="E-mail"
        type="email"
        value={user.email}
        readOnly
        aria-readonly="true"
        hint="É o seu login e não pode ser alterado por aqui. Para trocar, fale com a nossa equipe."
      />
      {failure && (
        <div className="sm:col-span-2">
          <Alert>{failure}</Alert>
        </div>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" busy={save.isPending}>
          Salvar alterações
        </Button>
      </div>
    </form>
  );
}
