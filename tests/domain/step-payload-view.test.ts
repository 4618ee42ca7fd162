import { describe, expect, it } from 'vitest';
import { describePayload } from '@domain';

// The team reads a company's steps ("ver dados") as the customer's screens show them: Portuguese labels, formatted
// values, never a code of the program (docs/features.md, "The team's side").
const texts = (fields: ReturnType<typeof describePayload>) =>
  Object.fromEntries(fields.map((field) => [field.label, 'text' in field ? field.text : field]));

describe('a step’s data as the team reads them', () => {
  it('shows a married partner with labels, dd/mm/aaaa, and CPF, CEP and phone punctuated', () => {
    const [partners] = describePayload({
      partners: [
        {
          name: 'Ana Paula Souza',
          cpf: '52998224725',
          birthDate: '1988-07-22',
          maritalStatus: 'married',
          propertyRegime: 'community_property',
          share: 33.33,
          email: 'ana.souza@exemplo.com.br',
          phone: '11987654321',
          address: {
            zipCode: '30130010',
            street: 'Avenida Afonso Pena',
            number: '1200',
            neighborhood: 'Centro',
            city: 'Belo Horizonte',
            state: 'MG',
          },
        },
      ],
    });
    expect(partners.label).toBe('Sócios');
    const [partner] = 'items' in partners ? partners.items : [];
    expect(texts(partner)).toMatchObject({
      Nome: 'Ana Paula Souza',
      CPF: '529.982.247-25',
      Nascimento: '22/07/1988',
      'Estado civil': 'Casado(a)',
      'Regime de bens': 'Comunhão parcial de bens',
      'Participação no capital': '33,33%',
      Telefone: '(11) 98765-4321',
    });
    const address = partner.find((field) => field.key === 'address');
    expect(address && 'fields' in address && texts(address.fields)).toMatchObject({ CEP: '30130-010', UF: 'MG' });
  });

  it('shows the company’s data and the other steps in words, not codes', () => {
    expect(
      texts(
        describePayload({
          type: 'limited_liability',
          size: 'ME',
          mainActivity: '6201501',
          secondaryActivities: ['6204000', '6311900'],
          branchType: 'matriz',
          activities: [{ code: '6201501' }],
        }),
      ),
    ).toEqual({
      'Natureza jurídica': 'Sociedade limitada (LTDA)',
      Porte: 'Microempresa (ME)',
      'Atividade principal': '6201-5/01',
      'Atividades secundárias': '6204-0/00, 6311-9/00',
      'Tipo de estabelecimento': 'Matriz',
    });
    expect(texts(describePayload({ planId: 'essencial' }))).toEqual({ Plano: 'Essencial' });
    expect(
      texts(describePayload({ documentId: 'f3b1c1de-0000-4000-8000-000000000000', dueDate: '2026-12-10', amountCents: 9870 })),
    ).toEqual({ Documento: 'Anexado', Vencimento: '10/12/2026', Valor: 'R$\u00a098,70' });
    expect(
      texts(describePayload({ cnpj: '27494746000155', certificateKind: 'A3', lastResponsibleMonth: '2026-10', confirmed: true })),
    ).toEqual({
      CNPJ: '27.494.746/0001-55',
      'Certificado digital': 'A3 (token ou cartão)',
      'Última competência do contador anterior': '10/2026',
      Confirmado: 'Sim',
    });
  });

  it('names each handover item and how it will be delivered', () => {
    const [items] = describePayload({ items: { distrato: { delivery: 'with-previous-accountant' } } });
    expect(items.label).toBe('Documentos da transferência');
    const [distrato] = 'fields' in items ? items.fields : [];
    expect(distrato.label).toBe('Distrato com o contador anterior');
    expect('fields' in distrato && texts(distrato.fields)).toEqual({ Entrega: 'O contador anterior vai entregar' });
  });
});
