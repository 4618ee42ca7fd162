import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from '@/lib/toast';
import { TAX_REMINDER_DAYS_BEFORE } from '@domain';
import type { User } from '@domain';
import { updateProfile, userQueries } from '../api';
import { CheckboxField } from '@/components/ui/choices';

/** The tax reminders by e-mail (docs/taxes.md "Reminders"): saved as soon as the box changes. */
export function TaxRemindersSetting({ user }: { user: User }) {
  const queryClient = useQueryClient();
  // What the person asked for, set in the click itself: a mutation's pending state reaches React a task later, and a
  // controlled box would meanwhile snap back to the saved value (and a second click undo the first).
  const [asked, setAsked] = useState<boolean | null>(null);
  const save = useMutation({
    mutationFn: (taxReminders: boolean) => updateProfile(user.id, { taxReminders }),
    onSuccess: (updated) => {
      queryClient.setQueryData(userQueries.detail(user.id).queryKey, updated);
      toast.success(updated.taxReminders ? 'Lembretes de impostos ligados.' : 'Lembretes de impostos desligados.');
    },
    onError: (error) =>
      toast.error(error instanceof Error && error.message ? error.message : 'Não foi possível salvar. Tente novamente.'),
    onSettled: () => setAsked(null),
  });
  // While saving, the box shows what was asked; if it fails, it goes back to what the server keeps.
  const checked = asked ?? user.taxReminders;
  return (
    <CheckboxField
      label="Lembretes de impostos por e-mail"
      checked={checked}
      onChange={(value) => {
        setAsked(value);
        save.mutate(value);
      }}
      hint={`Um e-mail ${TAX_REMINDER_DAYS_BEFORE} dias antes do vencimento de cada DAS e das declarações anuais, e outro no dia seguinte se o DAS não constar como pago.`}
    />
  );
}
