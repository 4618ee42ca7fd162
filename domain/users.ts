import { isValidMobilePhone, isValidPhone } from '@brazilian-utils/brazilian-utils';
import * as v from 'valibot';
import { onlyDigits } from './digits';
import { MIN_ADMIN_PHONE_LENGTH, MIN_PASSWORD_LENGTH, PAGE_SIZE } from './constants';
import { paginationQuery, searchText } from './pagination';
import { DEFAULT_ROLE, ROLES, TRACK_IDS } from './enums';

/** docs/rules.md: letters, digits, dot, underscore or hyphen, then @, then a domain whose ending has 1 to 4 letters. */
export const SIGNUP_EMAIL_PATTERN = /^[A-Za-z0-9._-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{1,4}$/;
/** A standard e-mail pattern (HTML's own), for forms that are not signup. */
export const STANDARD_EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export const MESSAGES = {
  invalidEmail: 'E-mail inválido',
  shortPassword: `A senha deve conter no mínimo ${MIN_PASSWORD_LENGTH} caracteres`,
  invalidPhone: 'Celular inválido',
  invalidLandlineOrMobile: 'Telefone inválido',
  mobileRequired: 'Informe o celular.',
  nameRequired: 'Informe seu nome.',
  invalidTrack: 'Escolha entre abrir uma empresa ou trocar de contador.',
  invalidRole: 'Perfil inválido.',
  noRole: 'Escolha ao menos um perfil.',
  invalidCompany: 'Empresa inválida.',
  companyForCustomersOnly: 'Só clientes são vinculados a uma empresa: deixe a empresa em branco para a equipe contábil.',
} as const;

const name = v.pipe(
  v.string(MESSAGES.nameRequired),
  // One line: line breaks and tabs become spaces (a name goes into e-mail subjects and headers).
  v.transform((value) => value.replace(/\s+/g, ' ').trim()),
  v.check((value) => !/\p{Cc}/u.test(value), 'O nome tem caracteres que não são aceitos.'),
  v.minLength(2, MESSAGES.nameRequired),
  v.maxLength(120, 'O nome pode ter no máximo 120 caracteres.'),
);

/** A new password (sign-up, or a change): docs/rules.md's minimum length. */
const password = v.pipe(
  v.string(MESSAGES.shortPassword),
  v.minLength(MIN_PASSWORD_LENGTH, MESSAGES.shortPassword),
  v.maxLength(128, 'A senha pode ter no máximo 128 caracteres.'),
);

/**
 * A stored phone as people read it: 11987654321 → "(11) 98765-4321", 1133334444 → "(11) 3333-4444", and with the
 * country code a lead keeps, +5511987654321 → "+55 (11) 98765-4321"; anything else as stored.
 */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const international = phone.startsWith('+55');
  const digits = onlyDigits(phone).slice(international ? 2 : 0);
  const split = digits.length === 11 ? 7 : digits.length === 10 ? 6 : 0;
  if (!split) return phone;
  const local = `(${digits.slice(0, 2)}) ${digits.slice(2, split)}-${digits.slice(split)}`;
  return international ? `+55 ${local}` : local;
}

/**
 * Brazilian phones by their digits: an existing area code, then a landline's 8 digits or a mobile's 9 (Anatel: a
 * mobile starts with 9). The area codes and number ranges come from @brazilian-utils.
 */
export const isPhoneNumber = (digits: string) => isValidPhone(digits) && (digits.length === 10 || isMobileNumber(digits));
export const isMobileNumber = (digits: string) => digits.length === 11 && digits[2] === '9' && isValidMobilePhone(digits);

/**
 * A phone that may be a landline or a mobile, typed with or without the mask; blank is `empty` (signup leaves it
 * out, the profile clears it). The signup's and the profile's phone are the same rule, so a phone given at signup
 * never stops the profile from being saved.
 */
const landlineOrMobile = <E>(message: string, empty: E) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.check((value) => value === '' || isPhoneNumber(onlyDigits(value)), message),
    v.transform((value) => (value === '' ? empty : onlyDigits(value))),
  );

const phone = landlineOrMobile(MESSAGES.invalidPhone, undefined);

export const UserSignupSchema = v.object({
  name,
  email: v.pipe(v.string(MESSAGES.invalidEmail), v.trim(), v.regex(SIGNUP_EMAIL_PATTERN, MESSAGES.invalidEmail), v.toLowerCase()),
  password,
  phone: v.optional(phone),
  trackId: v.optional(v.picklist(TRACK_IDS, MESSAGES.invalidTrack)),
  indicatedBy: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(128, 'Código de indicação inválido.'))),
});
export type UserSignupInput = v.InferInput<typeof UserSignupSchema>;
export type UserSignup = v.InferOutput<typeof UserSignupSchema>;

/**
 * PATCH /users/{id}: the person's name and phone ("Telefone": the one given at signup, a landline or a mobile), and
 * whether they get the tax reminders by e-mail. The photo has its own call (PUT /users/{id}/photo) and the e-mail
 * is the sign-in identity, which this product does not change.
 */
export const UserUpdateSchema = v.pipe(
  v.object({
    name: v.optional(name),
    phone: v.optional(v.nullable(landlineOrMobile(MESSAGES.invalidLandlineOrMobile, null))),
    taxReminders: v.optional(v.boolean('Diga se quer receber os lembretes de impostos (sim ou não).')),
  }),
  v.check((value) => Object.values(value).some((field) => field !== undefined), 'Nada para atualizar.'),
);
export type UserUpdateInput = v.InferInput<typeof UserUpdateSchema>;
export type UserUpdate = v.InferOutput<typeof UserUpdateSchema>;

/**
 * docs/rules.md: phone, when given, has at least 11 characters ("Celular inválido"); it must also hold a phone number's
 * 10 or 11 digits, which are what is stored. The default role is company-admin (docs/security.md).
 */
export const AdminUserCreateSchema = v.pipe(
  v.object({
    email: v.pipe(
      v.string(MESSAGES.invalidEmail),
      v.trim(),
      v.maxLength(254, MESSAGES.invalidEmail),
      v.regex(STANDARD_EMAIL_PATTERN, MESSAGES.invalidEmail),
      v.toLowerCase(),
    ),
    roles: v.optional(
      v.pipe(
        v.array(v.picklist(ROLES, MESSAGES.invalidRole), MESSAGES.invalidRole),
        v.minLength(1, MESSAGES.noRole),
        v.transform((roles) => [...new Set(roles)]),
      ),
      [DEFAULT_ROLE],
    ),
    companyId: v.optional(
      v.pipe(
        v.string(MESSAGES.invalidCompany),
        v.trim(),
        v.transform((value) => value || undefined),
        v.optional(v.pipe(v.string(), v.uuid(MESSAGES.invalidCompany))),
      ),
    ),
    name,
    phone: v.optional(
      v.pipe(
        v.string(MESSAGES.invalidPhone),
        v.trim(),
        v.check((value) => value === '' || value.length >= MIN_ADMIN_PHONE_LENGTH, MESSAGES.invalidPhone),
        v.check((value) => value === '' || [10, 11].includes(onlyDigits(value).length), MESSAGES.invalidPhone),
        v.transform((value) => (value === '' ? undefined : onlyDigits(value))),
      ),
    ),
  }),
  v.forward(
    v.partialCheck(
      [['companyId'], ['roles']],
      (value) => !value.companyId || value.roles.includes('company-admin'),
      MESSAGES.companyForCustomersOnly,
    ),
    ['companyId'],
  ),
);
export type AdminUserCreateInput = v.InferInput<typeof AdminUserCreateSchema>;
export type AdminUserCreate = v.InferOutput<typeof AdminUserCreateSchema>;

/**
 * The first partner of a wizard, as the person filling it usually is: their name, e-mail and — when the phone
 * given at signup is a mobile — that mobile, masked as the "Celular" field shows it. A landline stays out: the
 * partner's field must be a mobile.
 */
export function firstPartnerContact(
  user: { name?: string | null; email?: string | null; phone?: string | null } | null | undefined,
): { name: string; email: string; phone: string } {
  const phone = onlyDigits(user?.phone ?? '');
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    phone: isMobileNumber(phone) ? formatPhone(phone) : '',
  };
}

export const AdminUserListQuerySchema = v.object({
  companyId: v.optional(v.pipe(v.string(), v.uuid(MESSAGES.invalidCompany))),
  /** Part of the name or e-mail, accents and case ignored. */
  q: searchText,
  ...paginationQuery(PAGE_SIZE.users),
});
export type AdminUserListQuery = v.InferOutput<typeof AdminUserListQuerySchema>;

/* ---------------------------------------------------------------- password and account */

export const PASSWORD_MESSAGES = {
  currentRequired: 'Informe sua senha atual.',
  wrongCurrent: 'A senha atual está incorreta.',
  sameAsCurrent: 'A nova senha deve ser diferente da atual.',
  mismatch: 'As senhas não conferem.',
  tooManyAttempts: 'Muitas tentativas seguidas. Aguarde alguns minutos e tente novamente.',
  changed: 'Senha alterada.',
} as const;

/** The change-password form: the current password (Firebase asks for it again) and the new one, typed twice. */
export const PasswordChangeSchema = v.pipe(
  v.object({
    currentPassword: v.pipe(v.string(PASSWORD_MESSAGES.currentRequired), v.minLength(1, PASSWORD_MESSAGES.currentRequired)),
    newPassword: password,
    confirmPassword: v.string(PASSWORD_MESSAGES.mismatch),
  }),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['currentPassword']],
      (value) => value.newPassword !== value.currentPassword,
      PASSWORD_MESSAGES.sameAsCurrent,
    ),
    ['newPassword'],
  ),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['confirmPassword']],
      (value) => value.newPassword === value.confirmPassword,
      PASSWORD_MESSAGES.mismatch,
    ),
    ['confirmPassword'],
  ),
);
export type PasswordChange = v.InferOutput<typeof PasswordChangeSchema>;

/**
 * How long the accounting team keeps a company's books and tax documents after its last member leaves: five years,
 * the period in which the tax authorities may still assess or collect (CTN arts. 173 and 174).
 */
export const RECORDS_RETENTION_YEARS = 5;
