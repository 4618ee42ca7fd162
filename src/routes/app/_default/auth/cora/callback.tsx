import { CheckCircleIcon, ExclamationCircleIcon } from '@heroicons/react/24/outline';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import * as v from 'valibot';
import type { BankSyncResult } from '@domain';
import { bankQueries, connectCora } from '@/features/bank-statements/api';
import { OfxImportSummary } from '@/features/bank-statements/components/OfxImportSummary';
import { useStartCoraConnection } from '@/features/bank-statements/components/useStartCoraConnection';
import { Button, buttonClass } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { titledHead } from '@/lib/document-title';
import { requireCompany } from '@/lib/guards';
import { useCompanyState } from '@/lib/company-state';

/**
 * The router JSON-parses search values that look like JSON (`?code=123` arrives as a number), so each parameter takes
 * a string, number or boolean and keeps it as text; anything else is dropped.
 */
const Param = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.string(), v.number(), v.boolean()]),
      v.transform((value) => String(value)),
      v.maxLength(2048),
    ),
  ),
  undefined,
);

const CoraCallbackSearch = v.object({ code: Param, state: Param, error: Param });

const MESSAGES = {
  denied: 'Você não autorizou o acesso à conta Cora.',
  refused: 'A Cora não concluiu a autorização. Tente conectar de novo.',
  missing: 'O banco não devolveu a autorização. Tente conectar de novo.',
} as const;

/** Where the Cora bank sends the customer back after signing in (docs/features.md; auth plus company-requirements). */
export const Route = createFileRoute('/app/_default/auth/cora/callback')({
  validateSearch: CoraCallbackSearch,
  beforeLoad: async (args) => {
    await requireCompany(args);
  },
  head: () => titledHead('Conectando sua conta Cora'),
  component: CoraCallbackPage,
});

const LINK_CLASS =
  'rounded-sm text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

function BackToStatements() {
  return (
    <Link to="/app/bank-statements/accounts" className={LINK_CLASS}>
      Voltar para os extratos
    </Link>
  );
}

/** A heading that takes focus when it appears, so a screen reader reads the outcome that replaced the progress. */
function OutcomeHeading({ children }: { children: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <h1 ref={heading} tabIndex={-1} className="text-xl font-bold tracking-tight text-slate-900 focus:outline-none">
      {children}
    </h1>
  );
}

function Connecting() {
  return (
    <div role="status" aria-live="polite" className="flex flex-col items-center py-6 text-center" data-testid="cora-connecting">
      <Spinner className="size-8 text-brand-700" />
      <h1 className="mt-4 text-xl font-bold tracking-tight text-slate-900">Conectando sua conta Cora…</h1>
      <p className="mt-1 text-sm text-slate-600">Buscando seu extrato dos últimos 90 dias</p>
    </div>
  );
}

function Connected({ result }: { result: BankSyncResult }) {
  const accountId = result.connection.accountId ?? result.import.accounts[0]?.id ?? null;
  return (
    <div data-testid="cora-connected">
      <div className="flex items-center gap-2">
        <CheckCircleIcon className="size-7 shrink-0 text-emerald-600" aria-hidden="true" />
        <OutcomeHeading>Conta Cora conectada</OutcomeHeading>
      </div>
      <p className="mt-2 text-sm text-slate-600">
        A partir de agora suas movimentações da Cora chegam sozinhas. Você também pode sincronizar quando quiser na página de
        extratos.
      </p>
      {result.import.accounts.length > 0 ? (
        <OfxImportSummary title="Extrato dos últimos 90 dias" summary={result.import} />
      ) : (
        <p role="status" className="mt-4 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
          Nenhuma movimentação nos últimos 90 dias.
        </p>
      )}
      <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-center">
        {accountId ? (
          <Link
            to="/app/bank-statements/accounts/$accountId/transactions"
            params={{ accountId }}
            className={buttonClass('primary')}
          >
            Ver movimentações
          </Link>
        ) : (
          <Link to="/app/bank-statements/accounts" className={buttonClass('primary')}>
            Ver movimentações
          </Link>
        )}
        <BackToStatements />
      </div>
    </div>
  );
}

function Failed({ message, companyId }: { message: string; companyId: string | null }) {
  const { start, leaving } = useStartCoraConnection(companyId);
  return (
    <div data-testid="cora-failed">
      <div className="flex items-center gap-2">
        <ExclamationCircleIcon className="size-7 shrink-0 text-red-600" aria-hidden="true" />
        <OutcomeHeading>Não foi possível conectar a Cora</OutcomeHeading>
      </div>
      <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
        {message}
      </p>
      <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-center">
        <Button busy={leaving} onClick={start} disabled={!companyId}>
          Tentar de novo
        </Button>
        <BackToStatements />
      </div>
    </div>
  );
}

/**
 * Exchanges the code Cora sent back for a connection and shows what the first pull brought. Cora accepts a code only
 * once, so the exchange is a mutation started by a ref-guarded effect: React StrictMode's second effect run (and any
 * re-render) cannot send it twice.
 */
function CoraCallbackPage() {
  const { code, state, error } = Route.useSearch();
  const companyId = useCompanyState().company?.id ?? null;
  const queryClient = useQueryClient();
  const connect = useMutation({
    mutationFn: connectCora,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankQueries.all() }),
  });
  const { mutate } = connect;
  const exchanged = useRef(false);
  const refusal = error
    ? error === 'access_denied'
      ? MESSAGES.denied
      : MESSAGES.refused
    : !code || !state
      ? MESSAGES.missing
      : null;

  useEffect(() => {
    if (exchanged.current || refusal || !companyId || !code || !state) return;
    exchanged.current = true;
    mutate({ companyId, code, state });
  }, [refusal, companyId, code, state, mutate]);

  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs sm:p-8">
      {refusal ? (
        <Failed message={refusal} companyId={companyId} />
      ) : connect.isError ? (
        <Failed message={connect.error.message} companyId={companyId} />
      ) : connect.isSuccess ? (
        <Connected result={connect.data} />
      ) : (
        <Connecting />
      )}
    </div>
  );
}
