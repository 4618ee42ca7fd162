import { SparklesIcon, XMarkIcon } from '@heroicons/react/20/solid';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import type { ActivityChoice, CnaeRow } from '@domain';
import { onboardingQueries } from '../api';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { SearchInput } from '@/components/ui/SearchInput';
import { Spinner } from '@/components/ui/Spinner';
import { TextAreaField } from '@/components/ui/TextAreaField';

const choiceOf = (row: CnaeRow): ActivityChoice => ({
  code: row.code,
  formatted: row.formatted,
  text: row.text,
  isAllowedMei: row.is_allowed_mei,
});

function CnaeOption({ row, onAdd, mei, action }: { row: CnaeRow; onAdd: (row: CnaeRow) => void; mei: boolean; action: string }) {
  return (
    <li className="flex items-start justify-between gap-3 py-2">
      <span className="text-sm">
        <span className="font-mono text-xs text-slate-500">{row.formatted}</span>{' '}
        <span className="text-slate-800">{row.text}</span>{' '}
        {mei && !row.is_allowed_mei && <Badge tone="yellow">Não permitida ao MEI</Badge>}
      </span>
      <Button variant="secondary" className="shrink-0 px-3 py-1.5 text-xs" onClick={() => onAdd(row)}>
        {action}
      </Button>
    </li>
  );
}

/**
 * Choosing the company's activities: described in the customer's words (luca suggests subclasses) or searched in
 * the CNAE table; the first chosen is the main activity.
 */
export function ActivityPicker({
  intent,
  onIntent,
  chosen,
  onChange,
  mei,
  error,
}: {
  intent: string;
  onIntent: (intent: string) => void;
  /** Main activity first. */
  chosen: ActivityChoice[];
  onChange: (chosen: ActivityChoice[]) => void;
  mei: boolean;
  error?: string;
}) {
  const [asked, setAsked] = useState('');
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const suggestions = useQuery({ ...onboardingQueries.cnaeMatch(asked), enabled: asked.length >= 2 });
  const results = useQuery({ ...onboardingQueries.cnaeSearch(deferredSearch), enabled: deferredSearch.length >= 2 });

  const add = (row: CnaeRow) => {
    if (!chosen.some((c) => c.code === row.code)) onChange([...chosen, choiceOf(row)]);
  };
  const remove = (code: string) => onChange(chosen.filter((c) => c.code !== code));
  const makeMain = (code: string) =>
    onChange([...chosen.filter((c) => c.code === code), ...chosen.filter((c) => c.code !== code)]);

  return (
    <div className="space-y-4">
      <div>
        <TextAreaField
          label="O que a sua empresa vai fazer?"
          placeholder="Ex.: salão de beleza com manicure; desenvolvo software sob encomenda; vendo doces para festas"
          value={intent}
          onChange={(e) => onIntent(e.target.value)}
          hint="Descreva com suas palavras: sugerimos as atividades (CNAE) certas."
        />
        <Button variant="secondary" className="mt-2" onClick={() => setAsked(intent.trim())} disabled={intent.trim().length < 2}>
          <SparklesIcon className="size-4" aria-hidden="true" /> Sugerir atividades
        </Button>
      </div>

      {asked && (
        <section aria-label="Atividades sugeridas" className="rounded-lg border border-slate-200 p-3">
          <p className="text-sm font-semibold text-slate-800">Sugestões para “{asked}”</p>
          {suggestions.isPending ? (
            <Spinner className="size-4" label="Procurando…" />
          ) : suggestions.isError ? (
            <p className="text-sm text-red-600">{suggestions.error.message}</p>
          ) : suggestions.data?.length ? (
            <ul className="divide-y divide-slate-100">
              {suggestions.data.slice(0, 6).map((row) => (
                <CnaeOption key={row.code} row={row} onAdd={add} mei={mei} action="Escolher" />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">Nenhuma sugestão. Tente outras palavras ou busque abaixo.</p>
          )}
        </section>
      )}

      <div>
        <SearchInput
          label="Ou busque pelo nome ou código da atividade"
          visibleLabel
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Ex.: cabeleireiro, 9602-5/01"
        />
        {deferredSearch.length >= 2 && (
          <div className="mt-2 max-h-72 overflow-y-auto rounded-lg border border-slate-200 px-3">
            {results.isPending ? (
              <Spinner className="size-4" label="Buscando…" />
            ) : results.data?.data.length ? (
              <ul className="divide-y divide-slate-100">
                {results.data.data.map((row) => (
                  <CnaeOption key={row.code} row={row} onAdd={add} mei={mei} action="Adicionar" />
                ))}
              </ul>
            ) : (
              <p className="py-3 text-sm text-slate-600">Nenhuma atividade encontrada.</p>
            )}
          </div>
        )}
      </div>

      <section aria-label="Atividades escolhidas">
        <p className="text-sm font-medium text-slate-700">Atividades escolhidas</p>
        {chosen.length === 0 ? (
          <p className="mt-1 text-sm text-slate-500">Nenhuma ainda. A primeira escolhida será a atividade principal.</p>
        ) : (
          <ol className="mt-2 space-y-2">
            {chosen.map((choice, i) => (
              <li key={choice.code} className="flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm">
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap items-center gap-2">
                    <Badge tone={i === 0 ? 'teal' : 'gray'}>{i === 0 ? 'Principal' : 'Secundária'}</Badge>
                    <span className="font-mono text-xs text-slate-500">{choice.formatted}</span>
                    {mei && !choice.isAllowedMei && <Badge tone="yellow">Não permitida ao MEI</Badge>}
                  </span>
                  <span className="mt-1 block text-slate-800">{choice.text}</span>
                </span>
                {i > 0 && (
                  <button
                    type="button"
                    className="text-xs font-semibold text-brand-700 hover:underline"
                    onClick={() => makeMain(choice.code)}
                  >
                    Tornar principal
                  </button>
                )}
                <button
                  type="button"
                  onClick={() => remove(choice.code)}
                  className="rounded p-1 text-slate-500 hover:bg-slate-100"
                  aria-label={`Remover ${choice.formatted}`}
                >
                  <XMarkIcon className="size-4" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ol>
        )}
        {error && <p className="mt-1 text-xs font-medium text-red-600">{error}</p>}
      </section>
    </div>
  );
}
