import * as v from 'valibot';
import { onlyDigits } from './digits';
import { MIN_ADMIN_PHONE_LENGTH, MIN_PASSWORD_LENGTH, PAGE_SIZE } from './constants';
import { paginationQuery } from './pagination';
import { DEFAULT_ROLE, ROLES, TRACK_IDS } from './enums';

/** Spec §5: letters, digits, dot, underscore or hyphen, then @, then a domain whose ending has 1 to 4 letters. */
export const SIGNUP_EMAIL_PATTERN = /^[A-Za-z0-9._-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{1,4}$/;
/** A standard e-mail pattern (HTML's own), for forms that are not signup. */
export const STANDARD_EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export const MESSAGES = {
  invalidEmail: 'E-mail inválido',
  shortPassword: `A senha deve conter no mínimo ${MIN_PASSWORD_LENGTH} caracteres`,
  invalidPhone: 'Celular inválido',
  nameRequired: 'Informe seu nome.',
  invalidTrack: 'Escolha entre abrir uma empresa ou trocar de contador.',
  invalidRole: 'Perfil inválido.',
} as const;

const name = v.pipe(
  v.string(MESSAGES.nameRequired),
  v.trim(),
  v.minLength(2, MESSAGES.nameRequired),
  v.maxLength(120, 'O nome pode ter no máximo 120 caracteres.'),
);

/** A Brazilian mobile or landline with area code: 10 or 11 digits, typed with or without the mask. */
const phone = v.pipe(
  v.string(MESSAGES.invalidPhone),
  v.trim(),
  v.check((value) => value === '' || [10, 11].includes(onlyDigits(value).length), MESSAGES.invalidPhone),
  v.transform((value) => (value === '' ? undefined : onlyDigits(value))),
);

export const UserSignupSchema = v.object({
  name,
  email: v.pipe(v.string(MESSAGES.invalidEmail), v.trim(), v.regex(SIGNUP_EMAIL_PATTERN, MESSAGES.invalidEmail), v.toLowerCase()),
  password: v.pipe(
    v.string(MESSAGES.shortPassword),
    v.minLength(MIN_PASSWORD_LENGTH, MESSAGES.shortPassword),
    v.maxLength(128, 'A senha pode ter no máximo 128 caracteres.'),
  ),
  phone: v.optional(phone),
  trackId: v.optional(v.picklist(TRACK_IDS, MESSAGES.invalidTrack)),
  indicatedBy: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(128, 'Código de indicação inválido.'))),
});
export type UserSignupInput = v.InferInput<typeof UserSignupSchema>;
export type UserSignup = v.InferOutput<typeof UserSignupSchema>;

export const UserUpdateSchema = v.pipe(
  v.object({
    name: v.optional(name),
    phone: v.optional(phone),
    photoUrl: v.optional(v.nullable(v.pipe(v.string(), v.url('Endereço da foto inválido.'), v.maxLength(2048)))),
  }),
  v.check((value) => Object.values(value).some((field) => field !== undefined), 'Nada para atualizar.'),
);
export type UserUpdate = v.InferOutput<typeof UserUpdateSchema>;

/** Spec §5: phone, when given, has at least 11 characters. */
export const AdminUserCreateSchema = v.object({
  email: v.pipe(
    v.string(MESSAGES.invalidEmail),
    v.trim(),
    v.regex(STANDARD_EMAIL_PATTERN, MESSAGES.invalidEmail),
    v.toLowerCase(),
  ),
  roles: v.optional(v.array(v.picklist(ROLES, MESSAGES.invalidRole)), [DEFAULT_ROLE]),
  companyId: v.optional(v.pipe(v.string(), v.uuid('Empresa inválida.'))),
  name,
  phone: v.optional(
    v.pipe(v.string(MESSAGES.invalidPhone), v.trim(), v.minLength(MIN_ADMIN_PHONE_LENGTH, MESSAGES.invalidPhone)),
  ),
});
export type AdminUserCreate = v.InferOutput<typeof AdminUserCreateSchema>;

export const AdminUserListQuerySchema = v.object({
  companyId: v.optional(v.pipe(v.string(), v.uuid('Empresa inválida.'))),
  ...paginationQuery(PAGE_SIZE.users),
});
export type AdminUserListQuery = v.InferOutput<typeof AdminUserListQuerySchema>;
