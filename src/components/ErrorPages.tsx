import { Link, useLocation, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { documentTitle } from '@/lib/document-title';
import { buttonClass } from './ui/Button';

function ErrorLayout({ status, title, children }: { status: number; title: string; children: React.ReactNode }) {
  // An error page has no route of its own to name it: without this the tab keeps the root's title (the home's).
  // Set after HeadContent wrote the matched routes' title, and written again by it on the next navigation.
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  return (
    <main className="flex min-h-[70vh] flex-col items-center justify-center px-6 py-16 text-center">
      <p className="text-sm font-semibold text-brand-700">{status}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <div className="mt-4 max-w-lg text-slate-600">{children}</div>
    </main>
  );
}

/** 404 "Page Not Found" (docs/features.md, docs/rules.md), with the path that was asked for. */
export function NotFoundPage({ path }: { path?: string }) {
  const location = useLocation();
  return (
    <ErrorLayout status={404} title="Página não encontrada">
      <p>
        Não encontramos{' '}
        <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm text-slate-800">{path ?? location.pathname}</code>. Confira o
        endereço ou volte para o início.
      </p>
      <div className="mt-8 flex justify-center gap-3">
        {/* The site's pages are served by the server, outside this app: a full page load. */}
        <a href="/" className={buttonClass('primary')}>
          Ir para o início
        </a>
        <Link to="/app/panel" className={buttonClass('secondary')}>
          Acessar minha conta
        </Link>
      </div>
    </ErrorLayout>
  );
}

/**
 * 403: what the person asked for is not theirs (a company they no longer belong to, a page of the team's). Their own
 * pages are a click away; another account may have access.
 */
export function ForbiddenPage({ error }: { error: unknown }) {
  const message = error instanceof Error && error.message ? error.message : null;
  return (
    <ErrorLayout status={403} title="Sem acesso">
      <p>Você não tem acesso a esta página com a conta em uso.</p>
      {message && <p className="mt-2 text-sm text-slate-500">{message}</p>}
      <div className="mt-8 flex justify-center gap-3">
        <Link to="/app/panel" className={buttonClass('primary')}>
          Ir para minha conta
        </Link>
        <a href="/" className={buttonClass('secondary')}>
          Ir para o início
        </a>
      </div>
    </ErrorLayout>
  );
}

/** The generic 500 page (docs/rules.md: "Internal Server Error", status defaulting to 500). */
export function ServerErrorPage({ error, status = 500 }: { error: unknown; status?: number }) {
  const router = useRouter();
  const message = error instanceof Error && error.message ? error.message : null;
  return (
    <ErrorLayout status={status} title="Erro interno do servidor">
      <p>Algo deu errado do nosso lado. Tente de novo em instantes; se continuar, fale com a nossa equipe.</p>
      {message && <p className="mt-2 text-sm text-slate-500">{message}</p>}
      <div className="mt-8 flex justify-center gap-3">
        <button type="button" className={buttonClass('primary')} onClick={() => router.invalidate()}>
          Tentar novamente
        </button>
        <a href="/" className={buttonClass('secondary')}>
          Ir para o início
        </a>
      </div>
    </ErrorLayout>
  );
}

/** Chooses the page from the error's status: 404, 403 or the generic 500. */
export function statusOf(error: unknown): number {
  const status =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ??
    (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 ? status : 500;
}
