import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from '@/lib/toast';
import type { NewCategoryRule } from '../api';
import { bankQueries, createRule, invalidateMovements } from '../api';
import { plural } from '../format';

/** Creates a rule, applies it at once to the movements without a category, and says how many it categorised. */
export function useCreateRule(companyId: string, onCreated?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: NewCategoryRule) => createRule(companyId, rule),
    onSuccess: ({ applied }) => {
      toast.success(`Regra criada; ${plural(applied, 'movimentação categorizada', 'movimentações categorizadas')}.`);
      void queryClient.invalidateQueries({ queryKey: bankQueries.rules(companyId).queryKey });
      void invalidateMovements(queryClient);
      onCreated?.();
    },
  });
}
