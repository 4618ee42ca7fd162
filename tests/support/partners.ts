/**
 * Addresses and partners as the wizard's forms take them, shared by the tests of the domain's rules, the machines
 * and the server's onboarding.
 */

/** A company's or a partner's address in São Paulo, the CEP masked as typed. */
export const SAO_PAULO_ADDRESS = {
  zipCode: '01310-100',
  street: 'Avenida Paulista',
  number: '1578',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
} as const;

/** The same in Belo Horizonte. */
export const BELO_HORIZONTE_ADDRESS = {
  zipCode: '30130-010',
  street: 'Avenida Afonso Pena',
  number: '1200',
  neighborhood: 'Centro',
  city: 'Belo Horizonte',
  state: 'MG',
} as const;

/** The only partner of an opening, every field valid and masked as typed. */
export const SOLE_PARTNER = {
  name: 'Ana Souza',
  cpf: '438.944.943-52',
  birthDate: '1990-05-20',
  maritalStatus: 'single' as const,
  share: '100',
  email: 'ana@empresa.com.br',
  phone: '(11) 98765-4321',
  address: SAO_PAULO_ADDRESS,
};

/** A partner of the bakery the onboarding tests open, in Belo Horizonte; the CPF and share as each test needs. */
export const bakeryPartner = (cpf: string, share: number | string) => ({
  name: 'Juliana Rocha',
  cpf,
  birthDate: '1991-03-04',
  maritalStatus: 'single' as const,
  share,
  email: 'juliana@doces.com.br',
  phone: '(31) 98765-4321',
  address: BELO_HORIZONTE_ADDRESS,
});
