import type { BankAccount } from '@domain';
import { Badge } from '@/components/ui/Badge';

/** The uncategorised count, or that everything is categorised. */
export function UncategorizedBadge({ account }: { account: Pick<BankAccount, 'uncategorizedCount' | 'transactionCount'> }) {
  if (account.transactionCount === 0) return null;
  return account.uncategorizedCount > 0 ? (
    <Badge tone="yellow">{account.uncategorizedCount} sem categoria</Badge>
  ) : (
    <Badge tone="green">Tudo categorizado</Badge>
  );
}
