import { LightBulbIcon } from '@heroicons/react/24/outline';
import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import { BANK_MESSAGES } from '@domain';
import type { NewCategoryRule } from '../api';
import { Button } from '@/components/ui/Button';
import { inlineControlClass } from './CategoryOptions';
import { RULE_DIRECTION_LABEL } from '../format';
import { useCreateRule } from './useCreateRule';

/**
 * Offered after a movement is categorised by hand: "Criar regra: sempre que a descrição contiver “…” → categoria?",
 * with the text editable before confirming.
 */
export function RuleSuggestion({
  companyId,
  suggestion,
  categoryLabel,
  onDone,
}: {
  companyId: string;
  suggestion: NewCategoryRule;
  categoryLabel: string;
  onDone: () => void;
}) {
  const id = useId();
  const [contains, setContains] = useState(suggestion.contains);
  const [problem, setProblem] = useState<string>();
  const create = useCreateRule(companyId, onDone);
  const text = contains.trim();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.length < 3 || text.length > 100) return setProblem(BANK_MESSAGES.contains);
    setProblem(undefined);
    create.mutate({ ...suggestion, contains: text });
  }

  const message = problem ?? create.error?.message;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      data-testid="rule-suggestion"
      className="rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm"
    >
      <div className="flex items-start gap-2">
        <LightBulbIcon className="size-5 shrink-0 text-sky-700" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p id={`${id}-title`} className="text-sky-950">
            Criar regra: sempre que a descrição contiver “<strong className="break-words">{text}</strong>” →{' '}
            <strong>{categoryLabel}</strong>?
          </p>
          <p className="text-xs text-sky-800">
            {RULE_DIRECTION_LABEL[suggestion.direction]}. Vale para as próximas importações e para as movimentações que estão sem
            categoria; nunca muda uma escolha manual.
          </p>
          <div className="mt-3 flex flex-wrap items-end gap-2">
            <div className="min-w-56 flex-1">
              <label htmlFor={`${id}-text`} className="block text-xs font-medium text-sky-900">
                Trecho da descrição
              </label>
              <input
                id={`${id}-text`}
                className={`mt-1 w-full ${inlineControlClass}`}
                value={contains}
                maxLength={100}
                onChange={(e) => setContains(e.target.value)}
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? `${id}-error` : undefined}
              />
            </div>
            <Button type="submit" busy={create.isPending}>
              Criar regra
            </Button>
            <Button variant="ghost" onClick={onDone}>
              Agora não
            </Button>
          </div>
          {message && (
            <p id={`${id}-error`} role="alert" className="mt-1 text-xs font-medium text-red-700">
              {message}
            </p>
          )}
        </div>
      </div>
    </form>
  );
}
