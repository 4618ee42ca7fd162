import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { CatchBoundary } from '@tanstack/react-router';
import { Suspense, type ReactNode } from 'react';
import { LoadError } from './ui/Card';
import { PageSpinner } from './ui/Spinner';

const UNKNOWN_FAILURE = 'Algo deu errado. Tente novamente.';

/**
 * The part of a page that reads its data with `useSuspenseQuery`: while the data comes it shows its own loading state,
 * and when the data cannot come, its own pt-BR error with "Tentar de novo" — the rest of the page (heading, filters,
 * forms) stays as it is (docs/decisions/0006-pages-load-their-data-in-loaders.md).
 *
 * `resetKey` is what the data depends on (a page, a filter): when it changes, an error shown for the old one goes away.
 */
export function QueryBoundary({
  children,
  errorTitle,
  loading,
  resetKey,
}: {
  children: ReactNode;
  errorTitle: string;
  loading?: ReactNode;
  resetKey?: unknown;
}) {
  // The queries' side of "Tentar de novo": an errored query read with suspense tries again once reset. The app sets no
  // QueryErrorResetBoundary, so this is React Query's default one (a provider here would add ~0.1 KB to every page).
  const { reset: resetQueries } = useQueryErrorResetBoundary();
  return (
    <CatchBoundary
      getResetKey={() => JSON.stringify(resetKey ?? null)}
      errorComponent={({ error, reset }) => (
        <LoadError
          title={errorTitle}
          error={error instanceof Error ? error : new Error(UNKNOWN_FAILURE)}
          onRetry={() => {
            resetQueries();
            reset();
          }}
        />
      )}
    >
      <Suspense fallback={loading ?? <PageSpinner />}>{children}</Suspense>
    </CatchBoundary>
  );
}
