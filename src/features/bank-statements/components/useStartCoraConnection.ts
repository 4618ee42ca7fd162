import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import toast from '@/lib/toast';
import { coraAuthorizeUrl } from '../api';
import { ApiError } from '@/lib/api/errors';
import { navigateExternal } from '@/lib/external';

export const CORA_PAGE_BLOCKED = 'Não foi possível abrir a página da Cora. Fale com a nossa equipe.';

/**
 * Starts connecting a Cora account: asks the server for Cora's sign-in page (with the `state` it will check) and
 * leaves for it. `navigateExternal` follows same-origin addresses (the local fake in development) and the hosts the
 * configuration allows, so a stray address from anywhere else is never followed.
 *
 * `leaving` stays true once the browser is on its way, so the button doesn't come back to life before the page goes.
 */
export function useStartCoraConnection(companyId: string | null | undefined) {
  const start = useMutation({
    mutationFn: async () => {
      if (!companyId) throw new ApiError('Selecione uma empresa para conectar a conta Cora.', 0, 'no-company');
      const url = await coraAuthorizeUrl(companyId);
      if (!navigateExternal(url)) throw new ApiError(CORA_PAGE_BLOCKED, 0, 'blocked');
    },
    onError: (error) => toast.error(error.message),
  });
  const { reset } = start;
  // Coming back with the browser's back button may restore this page as it was (bfcache): make the button usable again.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => event.persisted && reset();
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [reset]);
  return { start: () => start.mutate(), leaving: start.isPending || start.isSuccess };
}
