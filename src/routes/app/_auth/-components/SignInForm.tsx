import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { Button } from '../../../../components/ui/Button';
import { Alert } from '../../../../components/ui/Card';
import { TextField } from '../../../../components/ui/TextField';
import { useSessionActor } from '../../../../lib/session-handle';

/** E-mail and password against Firebase, through the session machine. */
export function SignInForm() {
  const session = useSessionActor();
  const busy = useSelector(session, (s) => s.hasTag('busy'));
  const error = useSelector(session, (s) => s.context.error);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<{ email?: string; password?: string }>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems = {
      ...(email.trim() ? {} : { email: 'Informe seu e-mail.' }),
      ...(password ? {} : { password: 'Informe sua senha.' }),
    };
    setMissing(problems);
    if (Object.keys(problems).length) return;
    session.send({ type: 'session.signIn', email, password });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {error && <Alert>{error}</Alert>}
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={missing.email}
      />
      <TextField
        label="Senha"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={missing.password}
      />
      <div className="flex justify-end">
        <Link
          to="."
          search={(s: Record<string, unknown>) => ({ ...s, mode: 'reset' as const })}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          Esqueci minha senha
        </Link>
      </div>
      <Button type="submit" busy={busy} className="w-full">
        Entrar
      </Button>
    </form>
  );
}
