import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Alert } from '@/components/ui/Card';
import { TextField } from '@/components/ui/TextField';

/** Firebase's password-reset e-mail; the answer never says whether the e-mail has an account. */
export function ResetPasswordForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const reset = useMutation({
    mutationFn: async (address: string) => (await import('@/lib/firebase')).sendPasswordReset(address),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return setError('Informe seu e-mail.');
    setError(undefined);
    reset.mutate(email);
  }

  if (reset.isSuccess) {
    return (
      <Alert tone="success">
        Se houver uma conta com {email}, você receberá em instantes um e-mail com o link para criar uma nova senha.
      </Alert>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {reset.error && <Alert>{reset.error.message}</Alert>}
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
      />
      <Button type="submit" busy={reset.isPending} className="w-full">
        Enviar link
      </Button>
    </form>
  );
}
