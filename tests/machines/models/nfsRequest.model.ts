import type { EventObject } from 'xstate';
import { NFS_REQUEST_STATUSES } from '@domain';
import { nfsRequestMachine } from '@machines/nfsRequest.machine';
import type { MachineModel } from './model';

export const nfsRequestModel: MachineModel = {
  machine: nfsRequestMachine,
  scenarios: [
    {
      name: 'an invoice request',
      events: NFS_REQUEST_STATUSES.map((to) => ({ type: 'status.change', to })) as EventObject[],
    },
  ],
};
