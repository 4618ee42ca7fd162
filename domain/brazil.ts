import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';
import * as v from 'valibot';
import { normalizeCnpj, onlyDigits } from './digits';
import type { FormDraft } from './validation';
import { STANDARD_EMAIL_PATTERN, isMobileNumber, isPhoneNumber } from './users';

/** The 27 federative units. */
export const UFS = [
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MG',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
] as const;
export type Uf = (typeof UFS)[number];

/** A CNPJ as typed (masked or not, numeric or the 2026 alphanumeric format) → its 14 characters, checked. */
export const CnpjSchema = v.pipe(
  v.string('CNPJ inválido.'),
  v.transform(normalizeCnpj),
  v.check((cnpj) => cnpj.length === 14 && isValidCnpj(cnpj, { version: 2 }), 'CNPJ inválido.'),
);

/** A CPF as typed → its 11 digits, checked. */
export const CpfSchema = v.pipe(
  v.string('CPF inválido.'),
  v.transform(onlyDigits),
  v.check((cpf) => cpf.length === 11 && isValidCpf(cpf), 'CPF inválido.'),
);

export const CepSchema = v.pipe(
  v.string('CEP inválido.'),
  v.transform(onlyDigits),
  v.check((cep) => cep.length === 8, 'CEP inválido.'),
);

export const EmailSchema = v.pipe(
  v.string('E-mail inválido'),
  v.trim(),
  v.regex(STANDARD_EMAIL_PATTERN, 'E-mail inválido'),
  v.toLowerCase(),
);

/**
 * A partner's mobile ("Celular"): required — blank (or only the mask) asks for it, "Informe o celular." — and a
 * mobile, not a landline ("Celular inválido"). Kept as its digits.
 */
export const MobilePhoneSchema = v.pipe(
  v.string('Informe o celular.'),
  v.transform(onlyDigits),
  v.check((phone) => phone !== '', 'Informe o celular.'),
  v.check(isMobileNumber, 'Celular inválido'),
);

/** A phone where a landline will do ("Telefone"): required, a landline or a mobile. Kept as its digits. */
export const PhoneSchema = v.pipe(
  v.string('Informe o telefone.'),
  v.transform(onlyDigits),
  v.check((phone) => phone !== '', 'Informe o telefone.'),
  v.check(isPhoneNumber, 'Telefone inválido'),
);

const requiredText = (message: string, max = 120) =>
  v.pipe(v.string(message), v.trim(), v.minLength(1, message), v.maxLength(max, `Use no máximo ${max} caracteres.`));

export const AddressSchema = v.object({
  zipCode: CepSchema,
  street: requiredText('Informe o logradouro.'),
  number: requiredText('Informe o número (ou S/N).', 20),
  complement: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(80, 'Use no máximo 80 caracteres.'))),
  neighborhood: requiredText('Informe o bairro.'),
  city: requiredText('Informe a cidade.'),
  state: v.picklist(UFS, 'Escolha a UF.'),
});

/** An address as its form holds it while it is typed. */
export type AddressDraft = FormDraft<v.InferInput<typeof AddressSchema>>;

export { requiredText };

/** A CNAE subclass code: 7 digits, typed with or without punctuation. */
export const ActivityCodeSchema = v.pipe(
  v.string('Escolha uma atividade.'),
  v.transform(onlyDigits),
  v.check((code) => code.length === 7, 'Escolha uma atividade.'),
);

/** An e-mail that may be left blank: blank becomes undefined. */
export const OptionalEmailSchema = v.optional(
  v.pipe(
    v.string('E-mail inválido'),
    v.trim(),
    v.check((value) => value === '' || STANDARD_EMAIL_PATTERN.test(value), 'E-mail inválido'),
    v.transform((value) => (value === '' ? undefined : value.toLowerCase())),
  ),
);

/** A phone that may be left blank, a landline or a mobile ("Telefone (opcional)"): blank becomes undefined. */
export const OptionalPhoneSchema = v.optional(
  v.pipe(
    v.string('Telefone inválido'),
    v.transform(onlyDigits),
    v.check((phone) => phone === '' || isPhoneNumber(phone), 'Telefone inválido'),
    v.transform((phone) => (phone === '' ? undefined : phone)),
  ),
);

/** Free text that may be left blank, up to `max` characters. */
export const optionalText = (max: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(max, `Use no máximo ${max} caracteres.`),
      v.transform((value) => (value === '' ? undefined : value)),
    ),
  );
