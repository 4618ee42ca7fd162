import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import toast from '@/lib/toast';
import type { TrackId } from '@domain';
import { MIN_PASSWORD_LENGTH, TRACK_LABEL, UserSignupSchema } from '@domain';
import { ApiError } from '@/lib/api/errors';
import { signUp } from '@/features/users/api';
import { Button } from '@/components/ui/Button';
import { Alert } from '@/components/ui/Card';
import { PhoneField } from '@/components/ui/MaskedField';
import { TextField } from '@/components/ui/TextField';
import { useSchemaForm } from '@/lib/form';
import { referralCode } from '@/features/referrals/referral-code';
import { useSessionActor } from '@/lib/session-handle';

/** POST /users with the rules of docs/rules.md, then sign-in with the new account. */
export function SignUpForm({ track, referral }: { track: TrackId; referral?: string }) {
  const session = useSessionActor();
  const form = useSchemaForm(UserSignupSchema, { name: '', email: '', phone: '', password: '', trackId: track as TrackId });
  const create = useMutation({
    mutationFn: signUp,
    onSuccess: (user, input) => {
      toast.success(`Conta criada! Boas-vindas, ${user.name.split(' ')[0]}.`);
      session.send({ type: 'session.signIn', email: input.email, password: input.password });
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fields).length) form.setErrors(error.fields);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    const indicatedBy = referral || referralCode();
    create.mutate({ ...form.values, phone: form.values.phone || undefined, ...(indicatedBy ? { indicatedBy } : {}) });
  }

  const serverError = create.error instanceof ApiError && !Object.keys(create.error.fields).length ? create.error.message : null;
  // The account exists once created: the sign-in after it is the session's, and so is its error.
  const signingIn = useSelector(session, (s) => s.hasTag('busy'));
  const signInError = useSelector(session, (s) => s.context.error);
  const created = create.isSuccess;

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {serverError && <Alert>{serverError}</Alert>}
      {created && !signingIn && signInError && (
        <Alert>
          Sua conta foi criada, mas não conseguimos entrar agora: {signInError}{' '}
          <Link to="/app/login" className="font-semibold underline">
            Entrar com e-mail e senha
          </Link>
        </Alert>
      )}
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">O que você precisa?</legend>
        <div className="mt-2 grid grid-cols-2 gap-2">
          {(['create-company', 'migrate-company'] as const).map((id) => (
            <label
              key={id}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2.5 text-sm has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:font-semibold"
            >
              <input
                type="radio"
                name="trackId"
                value={id}
                checked={form.values.trackId === id}
                onChange={() => form.set('trackId')(id)}
                className="accent-brand-700"
              />
              {TRACK_LABEL[id]}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField label="Nome completo" autoComplete="name" {...form.text('name')} />
      <TextField label="E-mail" type="email" autoComplete="email" {...form.text('email')} />
      <PhoneField
        label="Telefone"
        autoComplete="tel-national"
        {...form.masked('phone')}
        hint="Opcional. Celular ou fixo, com DDD: usamos para falar sobre o andamento da sua empresa."
      />
      <TextField
        label="Senha"
        type="password"
        autoComplete="new-password"
        {...form.text('password')}
        hint={`No mínimo ${MIN_PASSWORD_LENGTH} caracteres.`}
      />
      <Button type="submit" busy={create.isPending || (created && signingIn)} disabled={created} className="w-full">
        Criar conta
      </Button>
    </form>
  );
}
