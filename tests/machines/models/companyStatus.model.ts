import type { EventObject } from 'xstate';
import { COMPANY_STATUSES } from '@domain';
import { companyStatusMachine } from '@machines/companyStatus.machine';
import type { MachineModel } from './model';

const events = COMPANY_STATUSES.map((to) => ({ type: 'status.change', to })) as EventObject[];

export const companyStatusModel: MachineModel = {
  machine: companyStatusMachine,
  // Both tracks, with and without a CNPJ, and a company disabled from each status it can have.
  scenarios: [
    ...COMPANY_STATUSES.filter((status) => status !== 'disabled').map((previousStatus) => ({
      name: `opening a company with its CNPJ, disabled while ${previousStatus}`,
      input: { trackId: 'create-company', hasCnpj: true, previousStatus },
      events,
    })),
    {
      name: 'opening a company without a CNPJ yet',
      input: { trackId: 'create-company', hasCnpj: false, previousStatus: null },
      events,
    },
    {
      name: 'changing accountant, disabled while pending',
      input: { trackId: 'migrate-company', hasCnpj: false, previousStatus: 'pending' },
      events,
    },
    {
      name: 'changing accountant, disabled while migrating',
      input: { trackId: 'migrate-company', hasCnpj: true, previousStatus: 'migrating' },
      events,
    },
  ],
};
