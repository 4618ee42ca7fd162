import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import toast from '@/lib/toast';
import type { BankAccount, BankTransaction, Page } from '@domain';
import { PAGE_SIZE, foldText, suggestRuleText, taxCategory } from '@domain';
import type { NewCategoryRule } from '../api';
import { bankQueries, invalidateMovements, setTaxCategory, setTaxCategoryMany } from '../api';
import { EmptyState } from '@/components/ui/Card';
import { Pagination, usePageInRange } from '@/components/ui/Pagination';
import { BulkBar } from './BulkBar';
import { categoryName, formatMonth, plural } from '../format';
import { RuleSuggestion } from './RuleSuggestion';
import type { TransactionFilterValues } from './TransactionFilters';
import { TransactionRow } from './TransactionRow';

export interface TransactionSearch extends TransactionFilterValues {
  page?: number;
}

/** The rule a manual choice suggests: the description without dates and numbers, in the movement's direction. */
function suggestionFor(transaction: BankTransaction, taxCategoryId: string): NewCategoryRule | null {
  const contains = suggestRuleText(transaction.description);
  if (contains.length < 3) return null;
  const kind = taxCategory(taxCategoryId)?.kind;
  const direction = kind === 'transfer' ? 'any' : transaction.amountCents < 0 ? 'out' : 'in';
  return { contains, direction, taxCategoryId };
}

function SelectPage({ ids, selected, onChange }: { ids: string[]; selected: Set<string>; onChange: (all: boolean) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const chosen = ids.filter((id) => selected.has(id)).length;
  useEffect(() => {
    if (input.current) input.current.indeterminate = chosen > 0 && chosen < ids.length;
  }, [chosen, ids.length]);
  return (
    <label className="flex cursor-pointer items-center gap-2 text-sm text-slate-700">
      <input
        ref={input}
        type="checkbox"
        className="size-4 accent-brand-700"
        checked={ids.length > 0 && chosen === ids.length}
        onChange={(e) => onChange(e.target.checked)}
      />
      Selecionar todos desta página
    </label>
  );
}

/**
 * An account's movements, a page at a time: categorise one or many, and turn a choice into a rule. Read inside a
 * QueryBoundary, which shows their loading and error states.
 */
export function TransactionList({ account, search }: { account: BankAccount; search: TransactionSearch }) {
  const queryClient = useQueryClient();
  const companyId = account.companyId;
  const page = search.page ?? 1;
  const list = bankQueries.transactions({
    companyId,
    accountId: account.id,
    page,
    month: search.month,
    withoutTaxCategory: search.semCategoria,
  });
  const transactions = useSuspenseQuery(list);
  usePageInRange({ search, pageSize: PAGE_SIZE.transactions, total: transactions.data.total });
  const categories = useQuery(bankQueries.taxCategories()).data ?? [];
  const rules = useQuery(bankQueries.rules(companyId)).data?.data ?? [];
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [saving, setSaving] = useState<Record<string, string | null>>({});
  const [suggestion, setSuggestion] = useState<NewCategoryRule | null>(null);

  /** The latest change asked for each row: an older answer arriving late must not undo a newer choice. */
  const latest = useRef(new Map<string, number>());

  async function categorise(transaction: BankTransaction, taxCategoryId: string | null) {
    const ticket = (latest.current.get(transaction.id) ?? 0) + 1;
    latest.current.set(transaction.id, ticket);
    const current = () => latest.current.get(transaction.id) === ticket;
    setSaving((state) => ({ ...state, [transaction.id]: taxCategoryId }));
    try {
      const updated = await setTaxCategory(companyId, transaction.id, taxCategoryId);
      if (!current()) return;
      queryClient.setQueryData<Page<BankTransaction>>(list.queryKey, (old) =>
        old ? { ...old, data: old.data.map((t) => (t.id === updated.id ? updated : t)) } : old,
      );
      toast.success(taxCategoryId ? 'Categoria salva.' : 'Categoria removida.');
      const next = taxCategoryId ? suggestionFor(transaction, taxCategoryId) : null;
      const known = next && rules.some((rule) => foldText(rule.contains) === foldText(next.contains));
      setSuggestion(known ? null : next);
      void invalidateMovements(queryClient);
    } catch (error) {
      if (current()) toast.error((error as Error).message);
    } finally {
      if (current()) setSaving(({ [transaction.id]: _, ...rest }) => rest);
    }
  }

  const bulk = useMutation({
    mutationFn: ({ ids, taxCategoryId }: { ids: string[]; taxCategoryId: string | null }) =>
      setTaxCategoryMany(companyId, ids, taxCategoryId),
    onSuccess: (updated, { taxCategoryId }) => {
      toast.success(
        taxCategoryId
          ? `${plural(updated, 'movimentação categorizada', 'movimentações categorizadas')}.`
          : `${plural(updated, 'movimentação ficou', 'movimentações ficaram')} sem categoria.`,
      );
      setSelected(new Set());
      void invalidateMovements(queryClient);
    },
    onError: (e) => toast.error(e.message),
  });

  function select(id: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  const { data: rows, total } = transactions.data;
  const ids = rows.map((t) => t.id);
  const filtered = Boolean(search.month || search.semCategoria);

  return (
    <div className="space-y-4">
      {suggestion && (
        <RuleSuggestion
          key={`${suggestion.contains}|${suggestion.taxCategoryId}`}
          companyId={companyId}
          suggestion={suggestion}
          categoryLabel={categoryName(categories, suggestion.taxCategoryId)}
          onDone={() => setSuggestion(null)}
        />
      )}
      {rows.length === 0 ? (
        <EmptyState title={filtered ? 'Nenhuma movimentação encontrada' : 'Nenhuma movimentação nesta conta'}>
          {search.semCategoria
            ? `Nenhuma movimentação sem categoria${search.month ? ` em ${formatMonth(search.month)}` : ''}: tudo categorizado.`
            : filtered
              ? 'Tente outro mês.'
              : 'Importe um extrato OFX desta conta para ver as movimentações.'}
        </EmptyState>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <SelectPage
              ids={ids}
              selected={selected}
              onChange={(all) =>
                setSelected((current) => {
                  const next = new Set(current);
                  ids.forEach((id) => (all ? next.add(id) : next.delete(id)));
                  return next;
                })
              }
            />
            <p className="text-sm text-slate-600">Mais recentes primeiro.</p>
          </div>
          <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
            <table
              role="table"
              className="block w-full text-sm md:table"
              aria-label={`Movimentações da conta ${account.accountNumber}`}
            >
              <thead
                role="rowgroup"
                className="max-md:sr-only bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500"
              >
                <tr role="row">
                  <th role="columnheader" scope="col" className="px-4 py-3">
                    <span className="sr-only">Seleção</span>
                  </th>
                  <th role="columnheader" scope="col" className="px-4 py-3">
                    Data
                  </th>
                  <th role="columnheader" scope="col" className="px-4 py-3">
                    Descrição
                  </th>
                  <th role="columnheader" scope="col" className="px-4 py-3 text-right">
                    Valor
                  </th>
                  <th role="columnheader" scope="col" className="px-4 py-3">
                    Categoria
                  </th>
                </tr>
              </thead>
              <tbody role="rowgroup" className="block divide-y divide-slate-100 md:table-row-group">
                {rows.map((transaction) => {
                  const pending = transaction.id in saving;
                  return (
                    <TransactionRow
                      key={transaction.id}
                      transaction={transaction}
                      currency={account.currency}
                      categories={categories}
                      selected={selected.has(transaction.id)}
                      onSelect={(on) => select(transaction.id, on)}
                      categoryValue={pending ? saving[transaction.id] : transaction.taxCategoryId}
                      saving={pending}
                      onCategory={(taxCategoryId) => void categorise(transaction, taxCategoryId)}
                    />
                  );
                })}
              </tbody>
            </table>
          </div>
          {selected.size > 0 && (
            <BulkBar
              count={selected.size}
              categories={categories}
              busy={bulk.isPending}
              onApply={(taxCategoryId) => bulk.mutate({ ids: [...selected], taxCategoryId })}
              onClear={() => setSelected(new Set())}
            />
          )}
        </>
      )}
      {total > PAGE_SIZE.transactions && (
        <Pagination page={page} pageSize={PAGE_SIZE.transactions} total={total} searchFor={(p) => ({ ...search, page: p })} />
      )}
    </div>
  );
}
