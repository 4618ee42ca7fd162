import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { CompanyStatus, StatusSubject, TrackId } from '@domain';
import { COMPANY_STATUSES, canChangeStatus, nextStatuses, statusChangeRefusal } from '@domain';
import type { CompanyStatusContext, CompanyStatusEvent } from '@machines/companyStatus.machine';
import { companyStatusMachine } from '@machines/companyStatus.machine';
import { companyStatusModel } from './models/companyStatus.model';
import { lifecycleMoves } from '../support/lifecycle';
import { describePath, transitionPaths, unreachedNodes } from './models/model';

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

  // The machine itself, not only `can()`: each remembered status is its own target (it once went to the first
  // candidate, `pending`, whatever the company had been).
  it.each<CompanyStatus>(['pending', 'awaiting_opening', 'opening', 'migrating', 'active', 'overdue'])(
    'takes a company disabled while %s back to that status',
    (previousStatus) => {
      const context: CompanyStatusContext = { trackId: 'create-company', hasCnpj: true, previousStatus };
      const snapshot = companyStatusMachine.resolveState({ value: 'disabled', context });
      const actor = createActor(companyStatusMachine, { snapshot, input: context }).start();
      actor.send({ type: 'status.change', to: previousStatus });
      expect(actor.getSnapshot().value).toBe(previousStatus);
    },
  );

  it('moves exactly as the domain table allows, from every status with every track, CNPJ and previous status', () => {
    const tracks: (TrackId | null)[] = ['create-company', 'migrate-company', null];
    for (const status of COMPANY_STATUSES)
      for (const trackId of tracks)
        for (const cnpj of ['27494746000155', null])
          for (const previousStatus of [null, ...COMPANY_STATUSES.filter((s) => s !== 'disabled')])
            for (const to of COMPANY_STATUSES) {
              const subject: StatusSubject = { status, trackId, cnpj, previousStatus };
              const context: CompanyStatusContext = { trackId, hasCnpj: cnpj !== null, previousStatus };
              const actor = createActor(companyStatusMachine, {
                snapshot: companyStatusMachine.resolveState({ value: status, context }),
                input: context,
              }).start();
              actor.send({ type: 'status.change', to });
              const expected = canChangeStatus(subject, to) ? to : status;
              expect(actor.getSnapshot().value, JSON.stringify({ subject, to })).toBe(expected);
            }
  });

  it('explains refused changes in Portuguese', () => {
    expect(statusChangeRefusal(opening('pending'), 'active')).toBe(
      'Não é possível mudar a situação de "Cadastro pendente" para "Ativa".',
    );
    expect(statusChangeRefusal(opening('active'), 'active')).toBe('A empresa já está como "Ativa".');
    expect(statusChangeRefusal(opening('active'), 'overdue')).toBeNull();
  });

  it('moves as the lifecycle table says on paths that take every transition, replayed on a real actor', () => {
    const model = companyStatusModel;
    const paths = transitionPaths(model);
    expect(unreachedNodes(model, paths)).toEqual([]);
    for (const plan of paths) {
      const input = plan.scenario.input as CompanyStatusContext;
      const actor = createActor(companyStatusMachine, { input }).start();
      for (const step of plan.path.steps) {
        if (step.event.type !== 'status.change') continue;
        const { to } = step.event as { type: 'status.change'; to: CompanyStatus };
        const { value: from, context } = actor.getSnapshot();
        const subject: StatusSubject = {
          status: from as CompanyStatus,
          previousStatus: context.previousStatus,
          trackId: context.trackId,
          cnpj: context.hasCnpj ? '27494746000155' : null,
        };
        actor.send(step.event as CompanyStatusEvent);
        // The meaning of the state: the status the lifecycle table gives, whatever the machine's graph says.
        expect(actor.getSnapshot().value, describePath(plan)).toBe(lifecycleMoves(subject).includes(to) ? to : from);
      }
    }
  });
});
