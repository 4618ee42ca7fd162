/** A tomador's address abroad, as typed in the invoice form and as stored (the fields are the same). */
export const SAN_FRANCISCO_ADDRESS = {
  countryCode: 'US',
  postalCode: '94105',
  city: 'San Francisco',
  region: 'California',
  street: 'Market Street',
  number: '500',
  district: 'SoMa',
} as const;

/** A tomador's address in Brazil as the API takes it: the CEP as typed, the city by its IBGE code. */
export const PRACA_DA_SE_TYPED = {
  postalCode: '01001-000',
  cityIbgeCode: '3550308',
  street: 'Praça da Sé',
  number: '100',
  complement: 'Sala 2',
  district: 'Sé',
} as const;

/** The same address as the API stores and answers it: the CEP's digits, the city's name and UF from its code. */
export const PRACA_DA_SE_STORED = {
  kind: 'national',
  postalCode: '01001000',
  cityIbgeCode: '3550308',
  cityName: 'São Paulo',
  state: 'SP',
  street: 'Praça da Sé',
  number: '100',
  complement: 'Sala 2',
  district: 'Sé',
} as const;
