import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useEffect, useState } from 'react';
import { signInWaitMessage } from '@domain';
import { Button } from '@/components/ui/Button';
import { Alert } from '@/components/ui/Card';
import { TextField } from '@/components/ui/TextField';
import { useSessionActor } from '@/lib/session-handle';

/** Whole seconds left until `until` (epoch ms), ticking every second; 0 once it has passed or without one. */
function useSecondsUntil(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (until === null || until <= Date.now()) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * E-mail and password against Firebase, through the session machine. After a few wrong passwords in a row the
 * machine makes the next attempt wait (domain/signIn.ts); the form counts the wait down and keeps the button off.
 */
export function SignInForm() {
  const session = useSessionActor();
  const busy = useSelector(session, (s) => s.hasTag('busy'));
  const error = useSelector(session, (s) => s.context.error);
  const retryAt = useSelector(session, (s) => s.context.signInRetryAt);
  const waitSeconds = useSecondsUntil(retryAt);
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
      {waitSeconds > 0 ? (
        <Alert>
          {/* Read once as the machine said it; the countdown itself would be read out every second. */}
          <span className="sr-only">{error}</span>
          <span aria-hidden="true" data-testid="sign-in-wait">
            {signInWaitMessage(waitSeconds)}
          </span>
        </Alert>
      ) : (
        // A wait that is over needs no message.
        error && retryAt === null && <Alert>{error}</Alert>
      )}
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
      <Button type="submit" busy={busy} disabled={waitSeconds > 0} className="w-full">
        Entrar
      </Button>
    </form>
  );
}
