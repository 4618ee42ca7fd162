import type { EventObject } from 'xstate';
import { companyMachine } from '@machines/company.machine';
import { loadedCompany } from '../session.harness';
import type { MachineModel } from './model';

export const companyModel: MachineModel = {
  machine: companyMachine,
  // It tells the session machine that invokes it when a load ends: alone, there is no parent to tell.
  walked: companyMachine.provide({ actions: { notifyLoaded: () => {}, notifyFailed: () => {} } }),
  scenarios: [
    {
      name: 'a selected company',
      events: [
        { type: 'company.load', companyId: 'c1' },
        { type: 'company.reload' },
        { type: 'company.clear' },
        { type: 'xstate.done.actor.fetchCompany', output: loadedCompany('c1') },
        { type: 'xstate.error.actor.fetchCompany', error: new Error('x') },
        { type: 'xstate.done.actor.refetchCompany', output: loadedCompany('c1') },
        { type: 'xstate.error.actor.refetchCompany', error: new Error('x') },
      ] as EventObject[],
    },
  ],
};
