import * as v from 'valibot';
import { formatCnpj } from './company';
import { foldText, onlyDigits } from './digits';
import { onFirstUse } from './intl';
import { isIbgeCityCode } from './nfseNacional';

/**
 * The tomador's address and, for one abroad, its tax id (NIF): what the national DPS carries in `toma`
 * (docs/nfse-nacional.md; the rules E0223, E0237, E0242, E0246 of the official sheet).
 */

/** Why a tomador abroad has no NIF (`cNaoNIF`): 1 exempt, 2 not required by its country. */
export const NFS_NO_NIF_REASONS = ['1', '2'] as const;
export type NfsNoNifReason = (typeof NFS_NO_NIF_REASONS)[number];
export const NFS_NO_NIF_REASON_LABEL: Record<NfsNoNifReason, string> = {
  '1': 'Dispensado do NIF',
  '2': 'Não exigência do NIF',
};

/** A tomador in Brazil: the city is its IBGE code (from the CEP), with its name and UF for showing it. */
export type NationalTakerAddress = {
  kind: 'national';
  /** 8 digits. */
  postalCode: string;
  cityIbgeCode: string;
  cityName: string;
  state: string;
  street: string;
  number: string;
  complement?: string;
  district: string;
};

/** A tomador abroad. */
export type ForeignTakerAddress = {
  kind: 'foreign';
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  postalCode: string;
  city: string;
  region: string;
  street: string;
  number: string;
  complement?: string;
  district: string;
};

export type TakerAddress = NationalTakerAddress | ForeignTakerAddress;

/* ---------------------------------------------------------------- countries */

const countryNames = onFirstUse(() => new Intl.DisplayNames(['pt-BR'], { type: 'region', fallback: 'code' }));

/**
 * Region codes ICU names that are not countries of ISO 3166-1 (groupings, reserved or withdrawn codes, aliases): the
 * national system refuses them (E0246), so they are never offered.
 */
const NOT_ISO_COUNTRIES = new Set(
  'AC AN BU CP CQ CS DD DG DY EA EU EZ FX HV IC NH NT QO QU RH SU TA TP UK UN VD XA XB XK YD YU ZR ZZ'.split(' '),
);

let countries: readonly { code: string; name: string }[] | undefined;

/** The countries a tomador abroad may be in (Brazil left out), by their pt-BR name. */
export function foreignCountries(): readonly { code: string; name: string }[] {
  if (!countries) {
    const found: { code: string; name: string }[] = [];
    for (let first = 65; first <= 90; first++) {
      for (let second = 65; second <= 90; second++) {
        const code = String.fromCharCode(first, second);
        const name = countryNames().of(code);
        if (name && name !== code && code !== 'BR' && !NOT_ISO_COUNTRIES.has(code)) found.push({ code, name });
      }
    }
    countries = found.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  }
  return countries;
}

export const isForeignCountryCode = (code: string) => foreignCountries().some((country) => country.code === code);

/** "US" → "Estados Unidos"; an unknown code is shown as it is. */
export const countryName = (code: string) => countryNames().of(code) ?? code;

/* ---------------------------------------------------------------- input */

export const TAKER_MESSAGES = {
  emissionType: 'Escolha se o tomador é uma empresa (CNPJ), uma pessoa (CPF) ou está no exterior.',
  nifOrReason: 'Informe o NIF do tomador ou por que ele não tem um.',
  foreignWithheld: 'Tomador no exterior não retém o ISS: desmarque “O tomador retém o ISS”.',
  withheldNeedsAddress: 'Com o ISS retido pelo tomador, o endereço dele é obrigatório: informe o CEP.',
  postalCode: 'Informe o CEP do tomador.',
  postalCodeInvalid: 'CEP inválido: use 8 dígitos.',
  cityIbgeCode: 'Cidade não encontrada: confira o CEP.',
  foreignPostalCode: 'Informe o código postal do tomador.',
  countryCode: 'Escolha o país do tomador.',
  city: 'Informe a cidade do tomador.',
  region: 'Informe o estado, a província ou a região do tomador.',
  street: 'Informe o logradouro do tomador.',
  number: 'Informe o número (ou S/N).',
  district: 'Informe o bairro do tomador.',
} as const;

/** A text of the address, as the DPS takes it: at most `max` characters (the XSD's). */
const addressText = (max: number) =>
  v.optional(v.pipe(v.string('Valor inválido.'), v.trim(), v.maxLength(max, `Use no máximo ${max} caracteres.`)), '');

/** What the form sends: one shape for both kinds, read by the tomador's kind. */
export const TakerAddressInputSchema = v.object({
  /** The CEP in Brazil, the postal code abroad. */
  postalCode: addressText(11),
  cityIbgeCode: addressText(7),
  countryCode: addressText(2),
  city: addressText(60),
  region: addressText(60),
  street: addressText(255),
  number: addressText(60),
  complement: addressText(156),
  district: addressText(60),
});
export type TakerAddressInput = v.InferInput<typeof TakerAddressInputSchema>;
type TakerAddressFields = v.InferOutput<typeof TakerAddressInputSchema>;

export const NifSchema = v.optional(
  v.pipe(v.string('Valor inválido.'), v.trim(), v.maxLength(40, 'O NIF tem no máximo 40 caracteres.')),
);
export const NoNifReasonSchema = v.optional(
  v.union([v.picklist(NFS_NO_NIF_REASONS), v.literal('')], 'Escolha por que o tomador não tem NIF.'),
);

type TakerKind = 'cnpj' | 'cpf' | 'foreign';
export type TakerFields = {
  emissionType: TakerKind;
  issWithheld: boolean;
  nif?: string;
  noNifReason?: NfsNoNifReason | '';
  customerAddress?: TakerAddressFields;
};

const NATIONAL_REQUIRED = ['postalCode', 'street', 'number', 'district'] as const;
const FOREIGN_REQUIRED = ['countryCode', 'postalCode', 'city', 'region', 'street', 'number', 'district'] as const;
type AddressField = keyof TakerAddressFields;

/** Whether any field of the address was given (the complement too). */
export function hasAnyAddressField(address: Partial<Record<AddressField, string>> | undefined): boolean {
  if (!address) return false;
  const { countryCode: _country, ...rest } = address;
  return Object.values(rest).some((value) => typeof value === 'string' && value.trim() !== '');
}

/**
 * Whether the address must be complete: always abroad (E0242); in Brazil when the tomador withholds the ISS (E0237)
 * or when any of its fields was given (a half address would make a DPS the national system refuses).
 */
export function takerAddressRequired(input: Pick<TakerFields, 'emissionType' | 'issWithheld' | 'customerAddress'>): boolean {
  return input.emissionType === 'foreign' || input.issWithheld || hasAnyAddressField(input.customerAddress);
}

/** The first problem with one field of the address, or null. */
function addressFieldProblem(input: TakerFields, field: AddressField): string | null {
  const address = input.customerAddress;
  const value = address?.[field] ?? '';
  const foreign = input.emissionType === 'foreign';
  if (!takerAddressRequired(input)) return null;
  if (foreign) {
    if ((FOREIGN_REQUIRED as readonly string[]).includes(field) && !value) {
      return field === 'postalCode' ? TAKER_MESSAGES.foreignPostalCode : TAKER_MESSAGES[field as keyof typeof TAKER_MESSAGES];
    }
    if (field === 'countryCode' && !isForeignCountryCode(value)) return TAKER_MESSAGES.countryCode;
    return null;
  }
  if (field === 'postalCode') {
    if (!value)
      return input.issWithheld && !hasAnyAddressField(address) ? TAKER_MESSAGES.withheldNeedsAddress : TAKER_MESSAGES.postalCode;
    return onlyDigits(value).length === 8 && /^[\d.\s-]+$/.test(value) ? null : TAKER_MESSAGES.postalCodeInvalid;
  }
  if (field === 'cityIbgeCode') {
    // The city comes from the CEP: asked for only once a CEP was typed.
    return address?.postalCode && !isIbgeCityCode(value) ? TAKER_MESSAGES.cityIbgeCode : null;
  }
  if ((NATIONAL_REQUIRED as readonly string[]).includes(field) && !value) {
    return TAKER_MESSAGES[field as keyof typeof TAKER_MESSAGES];
  }
  return null;
}

const ADDRESS_CHECKED_FIELDS = [
  'postalCode',
  'cityIbgeCode',
  'countryCode',
  'city',
  'region',
  'street',
  'number',
  'district',
] as const;
const TAKER_KEYS = ['emissionType', 'issWithheld', 'nif', 'noNifReason', 'customerAddress'];

/** The problems of the tomador's fields, by dot path: at most one per field. */
export function takerProblems(input: TakerFields): Record<string, string> {
  const problems: Record<string, string> = {};
  if (input.emissionType === 'foreign' && !input.nif && !input.noNifReason) problems.noNifReason = TAKER_MESSAGES.nifOrReason;
  if (input.emissionType === 'foreign' && input.issWithheld) problems.issWithheld = TAKER_MESSAGES.foreignWithheld;
  for (const field of ADDRESS_CHECKED_FIELDS) {
    const problem = addressFieldProblem(input, field);
    if (problem) problems[`customerAddress.${field}`] = problem;
  }
  return problems;
}

/**
 * The tomador's rules as one action of an invoice schema's pipe, each message on its field. It runs while another
 * field of the form is wrong too (as valibot's partial checks do), so every message shows at once; not when one of
 * the tomador's own fields already failed its type.
 */
export function takerCheck<T extends TakerFields>() {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    // Not an object at all (a body of `null`, a number): the object schema already said so.
    if (typeof dataset.value !== 'object' || dataset.value === null) return;
    const failed = dataset.issues?.some((issue) => TAKER_KEYS.includes(String(issue.path?.[0]?.key)));
    if (failed) return;
    const input = dataset.value as TakerFields;
    for (const [path, message] of Object.entries(takerProblems(input))) {
      let parent: unknown = input;
      const items = path.split('.').map((key) => {
        const container = parent as Record<string, unknown>;
        parent = container?.[key];
        return { type: 'object' as const, origin: 'value' as const, input: container, key, value: parent };
      });
      addIssue({ message, path: items as never });
    }
  });
}

/** The tomador's stored fields of a valid input: its address in the shape of its kind, the reason only without a NIF. */
export function takerOf(input: TakerFields): {
  nif?: string;
  noNifReason?: NfsNoNifReason;
  address?: Omit<NationalTakerAddress, 'cityName' | 'state'> | ForeignTakerAddress;
} {
  const a = input.customerAddress;
  const complement = a?.complement ? { complement: a.complement } : {};
  if (input.emissionType === 'foreign') {
    const nif = input.nif || undefined;
    return {
      nif,
      noNifReason: nif ? undefined : input.noNifReason || undefined,
      address: {
        kind: 'foreign',
        countryCode: a!.countryCode,
        postalCode: a!.postalCode,
        city: a!.city,
        region: a!.region,
        street: a!.street,
        number: a!.number,
        ...complement,
        district: a!.district,
      },
    };
  }
  if (!takerAddressRequired(input) || !a) return {};
  return {
    address: {
      kind: 'national',
      postalCode: onlyDigits(a.postalCode),
      cityIbgeCode: a.cityIbgeCode,
      street: a.street,
      number: a.number,
      ...complement,
      district: a.district,
    },
  };
}

/* ---------------------------------------------------------------- showing it */

/** "01001-000". */
export const formatCep = (digits: string) => (/^\d{8}$/.test(digits) ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits);

/**
 * The address in pt-BR, as lines: street, number and complement; district; city/UF and CEP (or city, region and postal
 * code, then the country's name). Never a bare code.
 */
export function formatTakerAddress(address: TakerAddress): string[] {
  const street = [address.street, address.number, address.complement].filter(Boolean).join(', ');
  if (address.kind === 'national') {
    return [`${street} — ${address.district}`, `${address.cityName}/${address.state} · CEP ${formatCep(address.postalCode)}`];
  }
  return [
    `${street} — ${address.district}`,
    `${address.city}, ${address.region} · Código postal ${address.postalCode}`,
    countryName(address.countryCode),
  ];
}

/** The key a tomador abroad without NIF is remembered by (the known tomadores are keyed by document). */
export const NO_NIF_KEY_PREFIX = 'sem-nif:';
export const foreignCustomerKey = (nif: string | undefined, name: string) => nif || `${NO_NIF_KEY_PREFIX}${foldText(name)}`;

const formatCpfDigits = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');

/** The tomador's document as shown: "CNPJ 11.222.333/0001-81", "CPF …", "NIF 98-7654321", or why there is no NIF. */
export function formatTakerDocument(taker: {
  emissionType: 'cnpj' | 'cpf' | 'foreign';
  cnpj: string | null;
  cpf: string | null;
  nif: string | null;
  customerNoNifReason: NfsNoNifReason | null;
}): { label: string; value: string } {
  if (taker.emissionType === 'cnpj') return { label: 'CNPJ', value: formatCnpj(taker.cnpj ?? '') };
  if (taker.emissionType === 'cpf') return { label: 'CPF', value: formatCpfDigits(taker.cpf ?? '') };
  if (taker.nif) return { label: 'NIF', value: taker.nif };
  return { label: 'NIF', value: NFS_NO_NIF_REASON_LABEL[taker.customerNoNifReason ?? '1'] };
}
