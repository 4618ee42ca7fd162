import { describe, expect, it } from 'vitest';
import { chosenActivities, stepProblems } from '@domain';

// A step read back from the server holds its activities' codes only (docs/features.md, "Going back").
const salon = { code: '9602501', formatted: '9602-5/01', text: 'Cabeleireiros, manicure e pedicure', isAllowedMei: true };
const makeup = {
  code: '9602502',
  formatted: '9602-5/02',
  text: 'Atividades de estética e outros serviços de cuidados com a beleza',
  isAllowedMei: true,
};
const software = {
  code: '6201501',
  formatted: '6201-5/01',
  text: 'Desenvolvimento de programas de computador sob encomenda',
  isAllowedMei: false,
};

describe('the activities a company’s data hold', () => {
  it('are the step’s codes, main first, even when the form kept no details (a payload read back)', () => {
    expect(chosenActivities({ mainActivity: '9602501', secondaryActivities: ['9602502'] })).toEqual({
      chosen: [],
      missing: ['9602501', '9602502'],
    });
    expect(chosenActivities({ mainActivity: '9602501', secondaryActivities: ['9602502'] }, [makeup, salon])).toEqual({
      chosen: [salon, makeup],
      missing: [],
    });
  });

  it('follow the codes, not stale details, and read punctuated codes', () => {
    expect(chosenActivities({ mainActivity: '9602-5/02', secondaryActivities: [], activities: [salon, makeup] })).toEqual({
      chosen: [makeup],
      missing: [],
    });
    expect(chosenActivities(undefined)).toEqual({ chosen: [], missing: [] });
  });

  it('keep the MEI rule once the details arrive', () => {
    const draft = {
      type: 'on_person' as const,
      size: 'MEI' as const,
      mainActivity: '6201501',
      secondaryActivities: [],
      alias: 'Código Certo',
      address: {
        zipCode: '30130-010',
        street: 'Avenida Afonso Pena',
        number: '1200',
        neighborhood: 'Centro',
        city: 'Belo Horizonte',
        state: 'MG' as const,
      },
    };
    expect(
      stepProblems(
        'create-company',
        'pre-registration',
        { ...draft, activities: [software] } as never,
        null,
        new Date('2026-11-28T12:00:00Z'),
      ),
    ).toEqual({ mainActivity: 'A atividade 6201-5/01 não é permitida para o MEI.' });
  });
});
