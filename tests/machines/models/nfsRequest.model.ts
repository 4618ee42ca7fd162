import type { EventObject } from 'xstate';
import { NFS_REQUEST_STATUSES } from '@domain';
import { nfsRequestMachine } from '@machines/nfsRequest.machine';
import type { MachineModel } from './model';

export const nfsRequestModel: MachineModel = {
  machine: nfsRequestMachine,
  context: { none: 'it has no context: each move reads only the status the event asks for' },
  scenarios: [
    {
      name: 'an invoice request',
      events: NFS_REQUEST_STATUSES.map((to) => ({ type: 'status.change', to })) as EventObject[],
    },
  ],
};
