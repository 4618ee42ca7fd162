import { describe, expect, it } from 'vitest';
import {
  MigrateAccountantSchema,
  MigrationPreRegistrationSchema,
  OpeningPreRegistrationSchema,
  partnerRegistrationSchema,
  findPlan,
  meiActivityProblem,
  newTrack,
  partnerCountProblem,
  planFitProblem,
  planSizeProblem,
  plansFor,
  stepSubmissionRefusal,
  trackAfterCompletion,
  trackAfterRevision,
  trackAfterSubmission,
  revisableSteps,
  HANDOVER_ITEMS,
  HANDOVER_DOCUMENT_TYPE,
  DOCUMENT_TYPE_LABEL,
  validate,
} from '@domain';
import { SAO_PAULO_ADDRESS, SOLE_PARTNER } from '../support/partners';

const address = SAO_PAULO_ADDRESS;
const partner = SOLE_PARTNER;

describe('pre-registration of an opening', () => {
  const valid = {
    type: 'on_person',
    size: 'MEI',
    mainActivity: '9602-5/01',
    secondaryActivities: [],
    alias: 'Salão da Ana',
    address,
  };

  it('accepts a complete MEI and cleans the typed masks', () => {
    const result = validate(OpeningPreRegistrationSchema, valid);
    expect(result.ok && result.value).toMatchObject({
      mainActivity: '9602501',
      address: { zipCode: '01310100' },
      branchType: 'matriz',
    });
  });

  it('keeps the MEI an individual entrepreneur and activities unique', () => {
    const mei = validate(OpeningPreRegistrationSchema, { ...valid, type: 'limited_liability' });
    expect(!mei.ok && mei.fields.type).toBe('O MEI é sempre um empresário individual.');
    const repeated = validate(OpeningPreRegistrationSchema, { ...valid, size: 'ME', secondaryActivities: ['9602501'] });
    expect(!repeated.ok && repeated.fields.secondaryActivities).toBe(
      'A atividade principal não pode se repetir nas secundárias.',
    );
  });

  it('names every missing field in Portuguese', () => {
    const result = validate(OpeningPreRegistrationSchema, {});
    expect(!result.ok && result.fields).toMatchObject({
      type: 'Escolha a natureza jurídica.',
      size: 'Escolha o porte da empresa.',
      mainActivity: 'Escolha uma atividade.',
      alias: 'Informe o nome fantasia.',
    });
  });
});

describe('partners', () => {
  const TODAY = new Date('2026-11-25T12:00:00Z');
  const PartnerRegistrationSchema = partnerRegistrationSchema(TODAY);

  it('reckons ages on the day it is given, not on the clock', () => {
    const turningEighteen = { partners: [{ ...partner, birthDate: '2008-11-26' }] };
    expect(validate(partnerRegistrationSchema(TODAY), turningEighteen).ok).toBe(false);
    expect(validate(partnerRegistrationSchema(new Date('2026-11-26T12:00:00Z')), turningEighteen).ok).toBe(true);
  });

  it('accepts one partner with 100 % and normalizes CPF, phone and share', () => {
    const result = validate(PartnerRegistrationSchema, { partners: [partner] });
    expect(result.ok && result.value.partners[0]).toMatchObject({ cpf: '43894494352', phone: '11987654321', share: 100 });
  });

  it('checks CPF, age, the property regime of married partners, shares and repeated CPFs', () => {
    const bad = validate(PartnerRegistrationSchema, {
      partners: [{ ...partner, cpf: '111.111.111-11', birthDate: '2015-01-01', maritalStatus: 'married', share: '50' }],
    });
    expect(!bad.ok && bad.fields).toMatchObject({
      'partners.0.cpf': 'CPF inválido.',
      'partners.0.birthDate': 'O sócio precisa ter pelo menos 18 anos.',
    });
    const regime = validate(PartnerRegistrationSchema, { partners: [{ ...partner, maritalStatus: 'married' }] });
    expect(!regime.ok && regime.fields['partners.0.propertyRegime']).toBe('Informe o regime de bens.');
    const shares = validate(PartnerRegistrationSchema, {
      partners: [
        { ...partner, share: '60' },
        { ...partner, cpf: '57291053714', share: '30' },
      ],
    });
    expect(!shares.ok && shares.fields.partners).toBe('A soma das participações deve ser 100%.');
    const twice = validate(PartnerRegistrationSchema, {
      partners: [
        { ...partner, share: 50 },
        { ...partner, share: 50 },
      ],
    });
    expect(!twice.ok && twice.fields.partners).toBe('Há CPFs repetidos entre os sócios.');
  });

  it('accepts three partners of 33,33 %', () => {
    const cpfs = ['43894494352', '57291053714', '70679117610'];
    const result = validate(PartnerRegistrationSchema, { partners: cpfs.map((cpf) => ({ ...partner, cpf, share: '33,33' })) });
    expect(result.ok).toBe(true);
  });

  it('matches the number of partners to the legal nature', () => {
    expect(partnerCountProblem('on_person', 2)).toBe('Empresário individual e SLU têm um único titular: cadastre só uma pessoa.');
    expect(partnerCountProblem('limited_liability', 1)).toBe('Uma sociedade limitada (LTDA) precisa de pelo menos dois sócios.');
    expect(partnerCountProblem('limited_liability', 3)).toBeNull();
    expect(partnerCountProblem('private_limited', 1)).toBeNull();
  });
});

describe('migration steps', () => {
  it('checks the CNPJ, including the 2026 alphanumeric format', () => {
    const accountant = { name: 'Contabilidade Silva' };
    expect(validate(MigrationPreRegistrationSchema, { cnpj: '11.222.333/0001-81', currentAccountant: accountant }).ok).toBe(true);
    expect(validate(MigrationPreRegistrationSchema, { cnpj: '12.ABC.345/01DE-35', currentAccountant: accountant }).ok).toBe(true);
    const bad = validate(MigrationPreRegistrationSchema, {
      cnpj: '11.222.333/0001-82',
      currentAccountant: { name: '', email: 'x' },
    });
    expect(!bad.ok && bad.fields).toEqual({
      cnpj: 'CNPJ inválido.',
      'currentAccountant.name': 'Informe o nome do contador ou do escritório atual.',
      'currentAccountant.email': 'E-mail inválido',
    });
  });

  it('wants every handover item uploaded or its delivery explained', () => {
    const items = {
      'digital-certificate': { delivery: 'will-send' },
      'city-portal-access': { delivery: 'with-previous-accountant' },
      distrato: { documentId: '0b9f3c9e-5d0a-4f8e-9a53-2f1d8a6b7c10' },
      'balance-sheet': { delivery: 'with-previous-accountant' },
      payroll: {},
    };
    const result = validate(MigrateAccountantSchema, {
      certificateKind: 'A1',
      lastResponsibleMonth: '2026-10',
      items,
      previousAccountant: { name: 'Contabilidade Silva' },
    });
    expect(!result.ok && result.fields).toEqual({ 'items.payroll': 'Envie o arquivo ou diga como ele será entregue.' });
  });
});

describe('moving along a track', () => {
  it('takes steps in order and refuses team steps to customers', () => {
    const track = newTrack('create-company');
    expect(stepSubmissionRefusal(track, 'partner-registration', 'customer')).toEqual({
      status: 409,
      message: 'Conclua a etapa "Dados da empresa" antes desta.',
    });
    expect(stepSubmissionRefusal(track, 'pre-registration', 'customer')).toBeNull();
    expect(stepSubmissionRefusal(track, 'awaiting-guide', 'customer')).toEqual({
      status: 403,
      message: 'Esta etapa é feita pela nossa equipe.',
    });
    expect(stepSubmissionRefusal(track, 'download-company-info', 'customer')?.status).toBe(404);
  });

  it('completes submitted steps, keeps the subscription waiting for its payment, and finishes the track', () => {
    let track = newTrack('create-company');
    track = trackAfterSubmission(track, 'pre-registration', { alias: 'X' }, true);
    expect(track.status).toBe('in_progress');
    expect(track.steps.map((s) => s.status)).toEqual(['done', 'in_progress', 'pending', 'pending', 'pending']);
    // Done, and still revisable before the payment.
    expect(stepSubmissionRefusal(track, 'pre-registration', 'customer')).toBeNull();
    track = trackAfterSubmission(track, 'partner-registration', { partners: [] }, true);
    track = trackAfterSubmission(track, 'subscription', { planId: 'mei' }, false);
    expect(track.steps[2]).toEqual({ stepId: 'subscription', status: 'in_progress', payload: { planId: 'mei' } });
    track = trackAfterCompletion(track, 'subscription');
    track = trackAfterSubmission(track, 'awaiting-guide', {}, true);
    track = trackAfterSubmission(track, 'upload-guide-receipt', {}, true);
    expect(track.status).toBe('done');
    expect(stepSubmissionRefusal(track, 'upload-guide-receipt', 'customer')?.message).toBe(
      'A jornada desta empresa já foi concluída.',
    );
  });

  it('lets the customer change a done step before the payment, then only what no longer affects the charge', () => {
    let track = newTrack('create-company');
    track = trackAfterSubmission(track, 'pre-registration', { size: 'ME' }, true);
    track = trackAfterSubmission(track, 'partner-registration', { partners: [1, 2] }, true);
    track = trackAfterSubmission(track, 'subscription', { planId: 'essencial' }, false);
    expect(revisableSteps(track)).toEqual(['pre-registration', 'partner-registration']);
    // Changing the company's data before paying: the steps after it are to be confirmed again, their data kept.
    const revised = trackAfterRevision(track, 'pre-registration', { size: 'MEI' });
    expect(revised.steps.map((s) => [s.stepId, s.status, s.payload])).toEqual([
      ['pre-registration', 'done', { size: 'MEI' }],
      ['partner-registration', 'in_progress', { partners: [1, 2] }],
      ['subscription', 'pending', { planId: 'essencial' }],
      ['awaiting-guide', 'pending', null],
      ['upload-guide-receipt', 'pending', null],
    ]);
    expect(stepSubmissionRefusal(revised, 'subscription', 'customer')?.message).toBe('Conclua a etapa "Sócios" antes desta.');

    // Paid: the company's data and the plan are fixed; the partners may still change, and nothing else moves.
    track = trackAfterCompletion(track, 'subscription');
    expect(revisableSteps(track)).toEqual(['partner-registration']);
    expect(stepSubmissionRefusal(track, 'pre-registration', 'customer')?.message).toBe(
      'Esta etapa já foi paga e não pode mais ser alterada. Fale com a nossa equipe para mudar.',
    );
    expect(stepSubmissionRefusal(track, 'partner-registration', 'customer')).toBeNull();
    expect(stepSubmissionRefusal(track, 'partner-registration', 'team')?.status).toBe(409);
    const partners = trackAfterRevision(track, 'partner-registration', { partners: [1] });
    expect(partners.steps.map((s) => s.status)).toEqual(track.steps.map((s) => s.status));
    expect(partners.steps[1].payload).toEqual({ partners: [1] });

    // The track done: nothing changes any more.
    track = trackAfterSubmission(track, 'awaiting-guide', {}, true);
    track = trackAfterSubmission(track, 'upload-guide-receipt', {}, true);
    expect(revisableSteps(track)).toEqual([]);
  });

  it('checks plans against the size and activities against the MEI list', () => {
    expect(planSizeProblem(findPlan('mei')!, 'ME')).toBe('O plano MEI não atende Microempresa (ME).');
    expect(planSizeProblem(findPlan('essencial')!, 'ME')).toBeNull();
    expect(meiActivityProblem('MEI', [{ code: '6201501', formatted: '6201-5/01', isAllowedMei: false }])).toBe(
      'A atividade 6201-5/01 não é permitida para o MEI.',
    );
    expect(meiActivityProblem('ME', [{ code: '6201501', isAllowedMei: false }])).toBeNull();
  });
});

describe('a plan that fits the company', () => {
  it.each([
    // size, legal nature, plan → problem (or null)
    ['ME', 'limited_liability', 'mei', 'O plano MEI não atende Microempresa (ME).'],
    [null, 'limited_liability', 'mei', 'O plano MEI não atende Sociedade limitada (LTDA).'],
    [null, 'private_limited', 'mei', 'O plano MEI não atende Sociedade limitada unipessoal (SLU).'],
    ['EPP', null, 'mei', 'O plano MEI não atende Empresa de Pequeno Porte (EPP).'],
    ['MEI', 'on_person', 'mei', null],
    [null, 'on_person', 'mei', null],
    [null, null, 'mei', null],
    ['MEI', 'on_person', 'essencial', 'O plano Essencial não atende Microempreendedor Individual (MEI).'],
    ['ME', 'limited_liability', 'essencial', null],
    [null, 'limited_liability', 'completo', null],
  ] as const)('%s · %s · plano %s → %s', (size, type, planId, problem) => {
    expect(planFitProblem(findPlan(planId)!, { size, type })).toBe(problem);
  });

  it('offers an LTDA without a known size only the plans of ME and EPP', () => {
    expect(plansFor({ size: null, type: 'limited_liability' }).map((plan) => plan.id)).toEqual(['essencial', 'completo']);
    expect(plansFor({ size: 'MEI', type: 'on_person' }).map((plan) => plan.id)).toEqual(['mei']);
    expect(plansFor({}).map((plan) => plan.id)).toEqual(['mei', 'essencial', 'completo']);
  });
});

describe('the migration handover', () => {
  it('stores each item under its own kind of document', () => {
    const kinds = HANDOVER_ITEMS.map((item) => HANDOVER_DOCUMENT_TYPE[item]);
    expect(new Set(kinds).size).toBe(HANDOVER_ITEMS.length);
    expect(HANDOVER_ITEMS.map((item) => DOCUMENT_TYPE_LABEL[HANDOVER_DOCUMENT_TYPE[item]])).toEqual([
      'Certificado digital',
      'Acesso ao portal da prefeitura',
      'Distrato',
      'Balanço e ECD',
      'Folha de pagamento',
    ]);
  });
});
