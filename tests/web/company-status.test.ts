import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { followCompanyStatus, statusHistoryKey } from '@/lib/api/company-status';

const company = (status: string) => ({ id: 'c1', name: 'Salão da Marina', status });

describe('a company’s status history follows its status', () => {
  it('is asked again when a fresh copy of the company shows another status, not on every copy', () => {
    const queryClient = new QueryClient();
    followCompanyStatus(queryClient);
    queryClient.setQueryData(statusHistoryKey('c1'), [{ toStatus: 'awaiting_opening' }]);
    queryClient.setQueryData(['companies', 'c1'], company('awaiting_opening'));
    queryClient.setQueryData(['companies', 'c1'], company('awaiting_opening'));
    expect(queryClient.getQueryState(statusHistoryKey('c1'))?.isInvalidated).toBe(false);

    // The team moved the company: the wizard's next poll brings the new status.
    queryClient.setQueryData(['companies', 'c1'], company('opening'));
    expect(queryClient.getQueryState(statusHistoryKey('c1'))?.isInvalidated).toBe(true);
  });

  it('leaves other companies’ histories and other lists alone', () => {
    const queryClient = new QueryClient();
    followCompanyStatus(queryClient);
    queryClient.setQueryData(statusHistoryKey('c2'), []);
    queryClient.setQueryData(['companies', 'c1'], company('awaiting_opening'));
    queryClient.setQueryData(['companies', 'c1'], company('opening'));
    queryClient.setQueryData(['companies', 'c2', 'steps'], { status: 'active' });
    expect(queryClient.getQueryState(statusHistoryKey('c2'))?.isInvalidated).toBe(false);
  });
});
