import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import toast from '@/lib/toast';
import { InvitationSchema } from '@domain';
import { ApiError } from '@/lib/api/errors';
import { referralQueries, sendInvitation } from '../api';
import { useSchemaForm } from '@/lib/form';
import { Button } from '@/components/ui/Button';
import { Alert, Card } from '@/components/ui/Card';
import { TextField } from '@/components/ui/TextField';

/** Invite someone by e-mail: the message carries the person's referral link. */
export function InvitationForm() {
  const queryClient = useQueryClient();
  const form = useSchemaForm(InvitationSchema, { name: '', email: '' });
  const send = useMutation({
    mutationFn: sendInvitation,
    onSuccess: (invitation) => {
      toast.success(`Convite enviado para ${invitation.email}.`);
      form.set('name')('');
      form.set('email')('');
      void queryClient.invalidateQueries({ queryKey: referralQueries.all() });
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fields).length) form.setErrors(error.fields);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = form.check();
    if (value) send.mutate(value);
  }

  const serverError = send.error instanceof ApiError && !Object.keys(send.error.fields).length ? send.error.message : null;

  return (
    <Card>
      <h2 className="text-lg font-bold text-slate-900">Convidar alguém</h2>
      <p className="mt-1 text-sm text-slate-600">
        Enviamos um e-mail em seu nome com o seu link de indicação. Quem se cadastrar por ele conta como sua indicação.
      </p>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        {serverError && <Alert>{serverError}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Nome (opcional)" autoComplete="off" {...form.text('name')} />
          <TextField label="E-mail de quem você quer convidar" type="email" autoComplete="off" {...form.text('email')} />
        </div>
        <Button type="submit" busy={send.isPending}>
          Enviar convite
        </Button>
      </form>
    </Card>
  );
}
