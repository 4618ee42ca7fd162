import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { AnyStateMachine, EventObject } from 'xstate';
import { getShortestPaths, getStateNodes } from 'xstate/graph';
import type { CompanyStatus } from '../../domain';
import { COMPANY_STATUSES } from '../../domain';
import type { StatusSubject } from '../../machines/companyStatus.machine';
import { canChangeStatus, companyStatusMachine, nextStatuses, statusChangeRefusal } from '../../machines/companyStatus.machine';

const opening = (status: CompanyStatus, extra: Partial<StatusSubject> = {}): StatusSubject => ({
  status,
  previousStatus: null,
  trackId: 'create-company',
  cnpj: '27494746000155',
  ...extra,
});

describe('company status lifecycle', () => {
  it.each<[CompanyStatus, StatusSubject['trackId'], CompanyStatus[]]>([
    ['pending', 'create-company', ['awaiting_opening', 'disabled']],
    ['pending', 'migrate-company', ['migrating', 'disabled']],
    ['awaiting_opening', 'create-company', ['opening', 'disabled']],
    ['opening', 'create-company', ['active', 'disabled']],
    ['migrating', 'migrate-company', ['active', 'disabled']],
    ['active', 'create-company', ['overdue', 'disabled']],
    ['overdue', 'migrate-company', ['active', 'disabled']],
  ])('from %s (%s) allows exactly %j', (status, trackId, allowed) => {
    expect(nextStatuses(opening(status, { trackId }))).toEqual(allowed);
  });

  it('activates an opening company only once it has a CNPJ', () => {
    expect(canChangeStatus(opening('opening', { cnpj: null }), 'active')).toBe(false);
    expect(statusChangeRefusal(opening('opening', { cnpj: null }), 'active')).toBe(
      'Informe o CNPJ da empresa antes de ativá-la.',
    );
  });

  it('enables a disabled company back to the status it had', () => {
    const disabled = opening('disabled', { previousStatus: 'overdue' });
    expect(nextStatuses(disabled)).toEqual(['overdue']);
    expect(nextStatuses(opening('disabled', { previousStatus: null }))).toEqual([]);
  });

  it('explains refused changes in Portuguese', () => {
    expect(statusChangeRefusal(opening('pending'), 'active')).toBe(
      'Não é possível mudar a situação de "Cadastro pendente" para "Ativa".',
    );
    expect(statusChangeRefusal(opening('active'), 'active')).toBe('A empresa já está como "Ativa".');
    expect(statusChangeRefusal(opening('active'), 'overdue')).toBeNull();
  });

  it('reaches every status and takes every transition of its graph, on a real actor', () => {
    const events = COMPANY_STATUSES.map((to) => ({ type: 'status.change', to })) as EventObject[];
    const reached = new Set<string>();
    const inputs = [
      { trackId: 'create-company' as const, hasCnpj: true, previousStatus: 'active' as const },
      { trackId: 'migrate-company' as const, hasCnpj: false, previousStatus: 'pending' as const },
    ];
    for (const input of inputs) {
      const paths = getShortestPaths(companyStatusMachine as AnyStateMachine, { events, input });
      for (const path of paths) {
        const actor = createActor(companyStatusMachine, { input }).start();
        for (const step of path.steps) {
          actor.send(step.event as never);
          expect(actor.getSnapshot().value).toEqual(step.state.value);
        }
        path.state._nodes.forEach((node) => reached.add(node.id));
      }
    }
    expect(
      getStateNodes(companyStatusMachine.root)
        .map((n) => n.id)
        .filter((id) => !reached.has(id)),
    ).toEqual([]);
  });
});
