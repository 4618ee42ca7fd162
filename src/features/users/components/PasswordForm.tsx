import type { FormEvent } from 'react';
import { useState } from 'react';
import toast from '@/lib/toast';
import { MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES, PasswordChangeSchema } from '@domain';
import { useSchemaForm } from '@/lib/form';
import { Button } from '@/components/ui/Button';
import { Alert } from '@/components/ui/Card';
import { TextField } from '@/components/ui/TextField';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Changes the password at Firebase, in the browser: the current one first (a recent sign-in), then the new one. */
export function PasswordForm() {
  const form = useSchemaForm(PasswordChangeSchema, EMPTY);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setChanged(false);
    const value = form.check();
    if (!value) return;
    setBusy(true);
    try {
      const account = await import('../firebase-account');
      try {
        await account.changePassword(value.currentPassword, value.newPassword);
      } catch (error) {
        if (error instanceof account.AccountError && error.field) form.setErrors({ [error.field]: error.message });
        else setFailure(error instanceof Error ? error.message : 'Não foi possível alterar a senha. Tente novamente.');
        return;
      }
      for (const field of Object.keys(EMPTY) as (keyof typeof EMPTY)[]) form.set(field)('');
      setChanged(true);
      toast.success(PASSWORD_MESSAGES.changed);
    } catch {
      setFailure('Não foi possível carregar o login. Verifique sua internet e tente novamente.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Alterar senha">
      <TextField
        label="Senha atual"
        type="password"
        autoComplete="current-password"
        {...form.text('currentPassword')}
        className="sm:col-span-2"
      />
      <TextField
        label="Nova senha"
        type="password"
        autoComplete="new-password"
        {...form.text('newPassword')}
        hint={`No mínimo ${MIN_PASSWORD_LENGTH} caracteres.`}
      />
      <TextField
        label="Confirme a nova senha"
        type="password"
        autoComplete="new-password"
        value={form.values.confirmPassword}
        onChange={(e) => form.set('confirmPassword')(e.target.value)}
        error={form.errors.confirmPassword}
      />
      {failure && (
        <div className="sm:col-span-2">
          <Alert>{failure}</Alert>
        </div>
      )}
      {changed && (
        <div className="sm:col-span-2">
          <Alert tone="success">{PASSWORD_MESSAGES.changed}</Alert>
        </div>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" variant="secondary" busy={busy}>
          Alterar senha
        </Button>
      </div>
    </form>
  );
}
