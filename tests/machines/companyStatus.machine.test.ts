import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { CompanyStatus } from '../../domain';
import type { CompanyStatusContext, StatusSubject } from '../../machines/companyStatus.machine';
import { canChangeStatus, companyStatusMachine, nextStatuses, statusChangeRefusal } from '../../machines/companyStatus.machine';
import { companyStatusModel } from './models/companyStatus.model';
import { describePath, modelPaths, unreachedNodes } from './models/model';

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

  it('passes through every status on paths from its graph, replayed on a real actor', () => {
    const paths = modelPaths(companyStatusModel);
    expect(unreachedNodes(companyStatusModel, paths)).toEqual([]);
    for (const plan of paths) {
      const actor = createActor(companyStatusMachine, { input: plan.scenario.input as CompanyStatusContext }).start();
      for (const step of plan.path.steps) {
        actor.send(step.event as never);
        expect(actor.getSnapshot().value, describePath(plan)).toEqual(step.state.value);
      }
    }
  });
});
