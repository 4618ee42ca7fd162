import type { ActorRefFrom } from 'xstate';
import type { companyMachine } from '@machines/company.machine';
import type { SessionActor } from './session';

export type CompanyActor = ActorRefFrom<typeof companyMachine>;

/** The company actor the session runs (invoked with systemId "company"). */
export function companyActorOf(session: SessionActor): CompanyActor {
  return session.system.get('company') as CompanyActor;
}
