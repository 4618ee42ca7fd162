import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { NfsRequestStatus } from '@domain';
import { NFS_REQUEST_STATUSES, canDeleteNfsRequest, nextNfsStatuses, nfsStatusChangeRefusal } from '@domain';
import type { NfsRequestEvent } from '@machines/nfsRequest.machine';
import { nfsRequestMachine } from '@machines/nfsRequest.machine';
import { describePath, transitionPaths, unreachedNodes } from './models/model';
import { nfsRequestModel } from './models/nfsRequest.model';

describe('invoice request lifecycle', () => {
  it.each<[NfsRequestStatus, NfsRequestStatus[]]>([
    ['requested', ['processing', 'rejected']],
    ['processing', ['requested', 'issued', 'rejected']],
    ['issued', ['cancelled']],
    ['rejected', []],
    ['cancelled', []],
  ])('from %s allows exactly %j', (status, allowed) => {
    expect(nextNfsStatuses(status)).toEqual(allowed);
  });

  it('moves exactly as the domain table allows, from every status to every status', () => {
    for (const from of NFS_REQUEST_STATUSES)
      for (const to of NFS_REQUEST_STATUSES) {
        const actor = createActor(nfsRequestMachine, {
          snapshot: nfsRequestMachine.resolveState({ value: from, context: undefined }),
        }).start();
        actor.send({ type: 'status.change', to });
        expect(actor.getSnapshot().value, `${from} → ${to}`).toBe(nfsStatusChangeRefusal(from, to) === null ? to : from);
      }
  });

  it('explains refused changes in Portuguese', () => {
    expect(nfsStatusChangeRefusal('requested', 'issued')).toBe('Não é possível mudar a nota de "Solicitada" para "Emitida".');
    expect(nfsStatusChangeRefusal('issued', 'issued')).toBe('A nota já está como "Emitida".');
    expect(nfsStatusChangeRefusal('issued', 'cancelled')).toBeNull();
  });

  it('lets the customer delete only what the team has not started, or refused', () => {
    expect(
      ['requested', 'processing', 'issued', 'rejected', 'cancelled'].filter((s) => canDeleteNfsRequest(s as NfsRequestStatus)),
    ).toEqual(['requested', 'rejected']);
  });

  it('moves as the domain table says on paths that take every transition, replayed on a real actor', () => {
    const paths = transitionPaths(nfsRequestModel);
    expect(unreachedNodes(nfsRequestModel, paths)).toEqual([]);
    for (const plan of paths) {
      const actor = createActor(nfsRequestMachine).start();
      for (const step of plan.path.steps) {
        if (step.event.type !== 'status.change') continue;
        const { to } = step.event as NfsRequestEvent;
        const from = actor.getSnapshot().value as NfsRequestStatus;
        actor.send(step.event as NfsRequestEvent);
        const now = nfsStatusChangeRefusal(from, to) === null ? to : from;
        expect(actor.getSnapshot().value, describePath(plan)).toBe(now);
        // A status with no way out is where the request's life ends.
        expect(actor.getSnapshot().status, describePath(plan)).toBe(nextNfsStatuses(now).length ? 'active' : 'done');
      }
    }
  });
});
