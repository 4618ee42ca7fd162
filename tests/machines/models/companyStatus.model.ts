import type { EventObject } from 'xstate';
import { COMPANY_STATUSES } from '@domain';
import { companyStatusMachine } from '@machines/companyStatus.machine';
import type { MachineModel } from './model';

const events = COMPANY_STATUSES.map((to) => ({ type: 'status.change', to })) as EventObject[];

export const companyStatusModel: MachineModel = {
  machine: companyStatusMachine,
  scenarios: [
    {
      name: 'opening a company, disabled while active',
      input: { trackId: 'create-company', hasCnpj: true, previousStatus: 'active' },
      events,
    },
    {
      name: 'changing accountant, disabled while pending',
      input: { trackId: 'migrate-company', hasCnpj: false, previousStatus: 'pending' },
      events,
    },
  ],
};
