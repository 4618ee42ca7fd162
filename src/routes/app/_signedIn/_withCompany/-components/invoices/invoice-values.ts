import type {
  FieldErrors,
  ForeignTakerAddress,
  NfsCustomer,
  NfsEmissionType,
  NfsNoNifReason,
  TakerAddress,
  TakerAddressInput,
} from '@domain';
import { formatCep, hasAnyAddressField } from '@domain';
import type { AddressValue } from '@/components/AddressFields';

/** A tomador abroad's address as the form holds it. */
export type ForeignAddressValue = Required<Omit<ForeignTakerAddress, 'kind'>>;

/** What the invoice form edits, apart from the form (which loads when it opens). */
export type InvoiceFormValues = {
  emissionType: NfsEmissionType;
  cnpj: string;
  cpf: string;
  nif: string;
  noNifReason: NfsNoNifReason | '';
  /** A tomador in Brazil (the company wizard's address, its city from the CEP). */
  address: AddressValue;
  foreignAddress: ForeignAddressValue;
  totalCents: number | undefined;
  customerName: string;
  customerEmail: string;
  description: string;
  activity: string;
  /** An older request's typed LC 116/2003 subitem, kept as it was. */
  serviceItem: string;
  /** One of the company's services (national code); '' for its main one. */
  serviceCode: string;
  issWithheld: boolean;
  competence: string;
  dayOfMonth: string;
  active: boolean;
  /** A schedule's requests go to the national system by themselves (docs/nfse.md). */
  autoEmit: boolean;
};

export const emptyForeignAddress = (): ForeignAddressValue => ({
  countryCode: '',
  postalCode: '',
  city: '',
  region: '',
  street: '',
  number: '',
  complement: '',
  district: '',
});

export const emptyInvoice = (competence: string): InvoiceFormValues => ({
  emissionType: 'cnpj',
  cnpj: '',
  cpf: '',
  nif: '',
  noNifReason: '',
  address: {},
  foreignAddress: emptyForeignAddress(),
  totalCents: undefined,
  customerName: '',
  customerEmail: '',
  description: '',
  activity: '',
  serviceItem: '',
  serviceCode: '',
  issWithheld: false,
  competence,
  dayOfMonth: '5',
  active: true,
  autoEmit: false,
});

/**
 * The address the API takes (`customerAddress`), from the fields of the tomador's kind; undefined when nothing of an
 * optional national address was typed.
 */
export function takerAddressBody(values: InvoiceFormValues): TakerAddressInput | undefined {
  if (values.emissionType === 'foreign') return { ...values.foreignAddress };
  const a = values.address;
  const body = {
    postalCode: a.zipCode ?? '',
    cityIbgeCode: a.cityIbgeCode ?? '',
    street: a.street ?? '',
    number: a.number ?? '',
    complement: a.complement ?? '',
    district: a.neighborhood ?? '',
  };
  return hasAnyAddressField(body) ? body : undefined;
}

/** The form's address fields of a stored address, to edit or to prefill. */
export function addressValues(address: TakerAddress | null): Pick<InvoiceFormValues, 'address' | 'foreignAddress'> {
  if (address?.kind === 'foreign') {
    const { kind: _kind, ...fields } = address;
    return { address: {}, foreignAddress: { ...emptyForeignAddress(), ...fields, complement: fields.complement ?? '' } };
  }
  if (address?.kind === 'national') {
    return {
      address: {
        zipCode: formatCep(address.postalCode),
        cityIbgeCode: address.cityIbgeCode,
        city: address.cityName,
        state: address.state as AddressValue['state'],
        street: address.street,
        number: address.number,
        complement: address.complement ?? '',
        neighborhood: address.district,
      },
      foreignAddress: emptyForeignAddress(),
    };
  }
  return { address: {}, foreignAddress: emptyForeignAddress() };
}

/** What a known tomador fills in: its name and e-mail, and its address and NIF reason when it has them. */
export function customerValues(customer: NfsCustomer): Partial<InvoiceFormValues> {
  return {
    customerName: customer.name,
    customerEmail: customer.email ?? '',
    ...(customer.address ? addressValues(customer.address) : {}),
    ...(customer.emissionType === 'foreign'
      ? { nif: customer.document, noNifReason: customer.document ? '' : (customer.noNifReason ?? '') }
      : {}),
  };
}

/** The server's and the schema's messages of the national address, by the wizard's field names. */
export function nationalAddressError(errors: FieldErrors, path: string): string | undefined {
  const field = path.slice(path.lastIndexOf('.') + 1);
  const at = (name: string) => errors[`customerAddress.${name}`];
  switch (field) {
    case 'zipCode':
      return at('postalCode');
    case 'neighborhood':
      return at('district');
    case 'city':
      // The city comes from the CEP: its message shows there, unless the CEP has its own.
      return at('postalCode') ? undefined : at('cityIbgeCode');
    default:
      return at(field);
  }
}
