import { useSelector } from '@xstate/react';
import type { CompanyContext } from '@machines/company.machine';
import { companyActorOf } from './company-actor';
import { useSessionActor } from './session-handle';

/** The selected company and its track, from the company actor the session runs. */
export function useCompanyState(): CompanyContext {
  return useSelector(companyActorOf(useSessionActor()), (s) => s.context);
}
