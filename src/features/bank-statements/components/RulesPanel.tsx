import { TrashIcon } from '@heroicons/react/24/outline';
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useState } from 'react';
import toast from '@/lib/toast';
import type { CategoryRule } from '@domain';
import { BANK_MESSAGES } from '@domain';
import type { RuleDirection } from '../api';
import { applyRules, bankQueries, deleteRule, invalidateMovements } from '../api';
import { ApiError } from '@/lib/api/errors';
import { Button } from '@/components/ui/Button';
import { QueryBoundary } from '@/components/QueryBoundary';
import { Alert, Card } from '@/components/ui/Card';
import { SelectField } from '@/components/ui/SelectField';
import { Spinner } from '@/components/ui/Spinner';
import { TextField } from '@/components/ui/TextField';
import { CategoryOptions } from './CategoryOptions';
import { RULE_DIRECTION_LABEL, categoryName, plural } from '../format';
import { useCreateRule } from './useCreateRule';

function RuleItem({ rule, categoryLabel }: { rule: CategoryRule; categoryLabel: string }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: deleteRule,
    onSuccess: () => {
      toast.success('Regra excluída.');
      void queryClient.invalidateQueries({ queryKey: bankQueries.rules(rule.companyId).queryKey });
    },
    onError: (e) => toast.error(e.message),
  });
  return (
    <li data-testid="category-rule" className="flex items-start gap-3 py-3 text-sm">
      <div className="min-w-0 flex-1">
        <p className="text-slate-800">
          Descrição contém <strong className="break-words">“{rule.contains}”</strong> → <strong>{categoryLabel}</strong>
        </p>
        <p className="text-xs text-slate-500">{RULE_DIRECTION_LABEL[rule.direction]}</p>
      </div>
      <Button
        variant="ghost"
        className="px-2 py-1.5 text-red-700 hover:bg-red-50"
        busy={remove.isPending}
        aria-label={`Excluir regra “${rule.contains}”`}
        onClick={() => remove.mutate(rule)}
      >
        <TrashIcon className="size-4" aria-hidden="true" />
      </Button>
    </li>
  );
}

function NewRuleForm({ companyId }: { companyId: string }) {
  const categories = useQuery(bankQueries.taxCategories()).data ?? [];
  const [contains, setContains] = useState('');
  const [direction, setDirection] = useState<RuleDirection>('any');
  const [taxCategoryId, setTaxCategoryId] = useState('');
  const [errors, setErrors] = useState<{ contains?: string; taxCategoryId?: string }>({});
  const create = useCreateRule(companyId, () => {
    setContains('');
    setTaxCategoryId('');
    setErrors({});
  });
  const apiError = create.error instanceof ApiError ? create.error : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = contains.trim();
    const problems = {
      contains: text.length < 3 || text.length > 100 ? BANK_MESSAGES.contains : undefined,
      taxCategoryId: taxCategoryId ? undefined : BANK_MESSAGES.category,
    };
    setErrors(problems);
    if (problems.contains || problems.taxCategoryId) return;
    create.mutate({ contains: text, direction, taxCategoryId });
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="new-rule-title" className="mt-4 space-y-3 border-t border-slate-100 pt-4">
      <h3 id="new-rule-title" className="text-sm font-semibold text-slate-900">
        Nova regra
      </h3>
      <TextField
        label="A descrição contém"
        placeholder="Ex.: TARIFA PACOTE"
        value={contains}
        maxLength={100}
        onChange={(e) => setContains(e.target.value)}
        error={errors.contains ?? apiError?.fields.contains}
        hint="Maiúsculas e acentos não fazem diferença."
      />
      <SelectField label="Vale para" value={direction} onChange={(e) => setDirection(e.target.value as RuleDirection)}>
        {(Object.keys(RULE_DIRECTION_LABEL) as RuleDirection[]).map((value) => (
          <option key={value} value={value}>
            {RULE_DIRECTION_LABEL[value]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Categoria"
        value={taxCategoryId}
        onChange={(e) => setTaxCategoryId(e.target.value)}
        error={errors.taxCategoryId ?? apiError?.fields.taxCategoryId}
      >
        <CategoryOptions categories={categories} empty="Escolha a categoria" />
      </SelectField>
      {apiError && Object.keys(apiError.fields).length === 0 && <Alert>{apiError.message}</Alert>}
      <Button type="submit" busy={create.isPending}>
        Adicionar regra
      </Button>
    </form>
  );
}

/** The company's category rules: what they look for, and the category they give. */
export function RulesPanel({ companyId }: { companyId: string }) {
  return (
    <Card>
      <h2 id="rules-title" className="text-base font-semibold text-slate-900">
        Regras de categorização
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Uma regra dá a categoria às movimentações cuja descrição contém um trecho — nas próximas importações e, se você quiser,
        nas que já estão aqui sem categoria. As regras valem para todas as contas da empresa e{' '}
        <strong>nunca mudam uma categoria escolhida manualmente</strong>.
      </p>
      <QueryBoundary
        errorTitle="Não foi possível carregar as regras"
        loading={
          <div className="py-6 text-brand-700">
            <Spinner label="Carregando as regras…" />
          </div>
        }
      >
        <RuleList companyId={companyId} />
      </QueryBoundary>
      <NewRuleForm companyId={companyId} />
    </Card>
  );
}

function RuleList({ companyId }: { companyId: string }) {
  const queryClient = useQueryClient();
  const rules = useSuspenseQuery(bankQueries.rules(companyId)).data.data;
  const categories = useQuery(bankQueries.taxCategories()).data ?? [];
  const apply = useMutation({
    mutationFn: () => applyRules(companyId),
    onSuccess: (categorized) => {
      toast.success(
        categorized === 0
          ? 'Nenhuma movimentação sem categoria corresponde às regras.'
          : `${plural(categorized, 'movimentação categorizada', 'movimentações categorizadas')}.`,
      );
      void invalidateMovements(queryClient);
    },
    onError: (e) => toast.error(e.message),
  });
  if (rules.length === 0)
    return (
      <p className="mt-3 rounded-lg bg-slate-50 px-3 py-3 text-sm text-slate-600">
        Nenhuma regra ainda. Crie uma abaixo ou categorize uma movimentação e aceite a regra sugerida.
      </p>
    );
  return (
    <>
      <ul aria-labelledby="rules-title" className="mt-3 divide-y divide-slate-100">
        {rules.map((rule) => (
          <RuleItem key={rule.id} rule={rule} categoryLabel={categoryName(categories, rule.taxCategoryId)} />
        ))}
      </ul>
      <Button variant="secondary" className="mt-3" busy={apply.isPending} onClick={() => apply.mutate()}>
        Aplicar regras às movimentações sem categoria
      </Button>
    </>
  );
}
