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
