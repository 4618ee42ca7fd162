import { Link, createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { TRACK_IDS, homeFor, safeNextPath } from '@domain';
import { useSelector } from '@xstate/react';
import { Suspense, lazy } from 'react';
import { Alert, Card } from '@/components/ui/Card';
import { Spinner } from '@/components/ui/Spinner';
import { referralInSearch } from '@/features/referrals/referral-code';
import { titledHead } from '@/lib/document-title';
import { useSessionActor } from '@/lib/session-handle';
import { SignInForm } from './-components/SignInForm';

// Signing in is what most visits here do: the other two forms (and the masks and rules they bring) load when asked.
const SignUpForm = lazy(() => import('./-components/SignUpForm').then((m) => ({ default: m.SignUpForm })));
const ResetPasswordForm = lazy(() => import('./-components/ResetPasswordForm').then((m) => ({ default: m.ResetPasswordForm })));

const LoginSearch = v.object({
  next: v.optional(v.fallback(v.string(), '')),
  mode: v.optional(v.fallback(v.picklist(['signin', 'signup', 'reset']), 'signin')),
  track: v.optional(v.fallback(v.picklist(TRACK_IDS), 'create-company')),
  ref: v.optional(v.fallback(v.string(), '')),
});
export type LoginSearch = v.InferOutput<typeof LoginSearch>;

export const Route = createFileRoute('/app/_auth/login')({
  validateSearch: LoginSearch,
  head: () => titledHead('Entrar', { name: 'robots', content: 'noindex' }),
  beforeLoad: async ({ context, search }) => {
    // Signed in already (or just now): go where the user was headed.
    const session = await context.session.ready();
    const { user, claims } = session.getSnapshot().context;
    if (user) throw redirect({ href: safeNextPath(search.next) ?? homeFor(claims), replace: true });
  },
  component: LoginPage,
});

const TITLES = {
  signin: { title: 'Entre na sua conta', subtitle: 'Acompanhe sua empresa, notas fiscais e documentos.' },
  signup: { title: 'Crie sua conta', subtitle: 'Abra sua empresa ou traga a sua para a nossa contabilidade.' },
  reset: { title: 'Recuperar acesso', subtitle: 'Enviaremos um link para você criar uma nova senha.' },
} as const;

function LoginPage() {
  const search = Route.useSearch();
  const mode = search.mode ?? 'signin';
  // A session that ended by itself says so (the session machine knows why it ended).
  const expired = useSelector(useSessionActor(), (s) => s.context.sessionExpired);
  return (
    <Card>
      <h1 className="text-xl font-bold text-slate-900">{TITLES[mode].title}</h1>
      <p className="mt-1 text-sm text-slate-600">{TITLES[mode].subtitle}</p>
      {expired && mode === 'signin' && (
        <div className="mt-4">
          <Alert tone="info">Sua sessão expirou. Entre novamente.</Alert>
        </div>
      )}
      <div className="mt-6">
        {mode === 'signin' && <SignInForm />}
        <Suspense fallback={<Spinner label="Carregando…" />}>
          {mode === 'signup' && (
            <SignUpForm track={search.track ?? 'create-company'} referral={referralInSearch(window.location.search)} />
          )}
          {mode === 'reset' && <ResetPasswordForm />}
        </Suspense>
      </div>
      <div className="mt-6 border-t border-slate-100 pt-4 text-center text-sm text-slate-600">
        {mode === 'signin' ? (
          <>
            Ainda não tem conta?{' '}
            <Link
              to="."
              search={(s: LoginSearch) => ({ ...s, mode: 'signup' as const })}
              className="font-semibold text-brand-700 hover:underline"
            >
              Criar conta
            </Link>
          </>
        ) : (
          <>
            Já tem conta?{' '}
            <Link
              to="."
              search={(s: LoginSearch) => ({ ...s, mode: 'signin' as const })}
              className="font-semibold text-brand-700 hover:underline"
            >
              Entrar
            </Link>
          </>
        )}
      </div>
    </Card>
  );
}
