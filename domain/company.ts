import { formatCnpj as formatCnpjValue } from '@brazilian-utils/brazilian-utils';
import * as v from 'valibot';
import { PAGE_SIZE } from './constants';
import { paginationQuery, searchText } from './pagination';
import type { Uf } from './brazil';
import { ActivityCodeSchema, AddressSchema, CnpjSchema, optionalText } from './brazil';
import { normalizeCnpj } from './digits';

export { foldText, normalizeCnpj, onlyDigits } from './digits';
import type { CompanySize, CompanyStatus, CompanyType, SubscriptionStatus, TrackId } from './enums';
import { COMPANY_SIZES, COMPANY_STATUSES, COMPANY_TYPES, STEP_IDS, TRACK_IDS } from './enums';

export interface Address {
  zipCode: string;
  state: Uf;
  city: string;
  street: string;
  number?: string;
  complement?: string;
  neighborhood: string;
}

export interface Subscription {
  id: string;
  planId: string;
  status: SubscriptionStatus;
}

export interface Company {
  id: string;
  name: string | null;
  alias: string | null;
  cnpj: string | null;
  status: CompanyStatus;
  /** While disabled: the status enabling it again returns to. */
  previousStatus: CompanyStatus | null;
  size: CompanySize | null;
  type: CompanyType | null;
  address: Address | null;
  currentSubscription: Subscription | null;
  trackId: TrackId | null;
  /** CNAE subclass codes: the main activity, then the others. */
  mainActivity: string | null;
  secondaryActivities: string[];
  createdAt: string;
}

/** docs/machines.md: a company has an active subscription when its current subscription status is active. */
export function hasActiveSubscription(company: Pick<Company, 'currentSubscription'> | null | undefined): boolean {
  return company?.currentSubscription?.status === 'active';
}

/** The name a person recognises: the trade name when there is one. */
export function companyDisplayName(company: Pick<Company, 'name' | 'alias' | 'cnpj'>): string {
  return company.alias || company.name || (company.cnpj ? formatCnpj(company.cnpj) : 'Empresa sem nome');
}

/** 12345678000190 → 12.345.678/0001-90 (alphanumeric CNPJs too); anything else is returned as given. */
export function formatCnpj(cnpj: string): string {
  const clean = normalizeCnpj(cnpj);
  return clean.length === 14 ? formatCnpjValue(clean, { version: 2 }) : cnpj;
}

export const CompanyListQuerySchema = v.object({
  query: searchText,
  ...paginationQuery(PAGE_SIZE.companies),
});
export type CompanyListQuery = v.InferOutput<typeof CompanyListQuerySchema>;

export const CompanyCreateSchema = v.object({
  /** A company that already exists (migration); an opening has no CNPJ yet. */
  cnpj: v.optional(CnpjSchema),
  /** The Receita Federal does not know the CNPJ and the customer confirmed it (`CNPJ_NOT_FOUND`). */
  cnpjNotFoundConfirmed: v.optional(v.boolean()),
  /** The owner, when the team creates a company for a customer; a customer always owns what they create. */
  userId: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(128))),
  trackId: v.optional(v.picklist(TRACK_IDS, 'Escolha entre abrir uma empresa ou trocar de contador.')),
});

/** The team's edit of a company (docs/security.md admin company update). */
export const CompanyUpdateSchema = v.pipe(
  v.object({
    name: optionalText(150),
    alias: optionalText(60),
    cnpj: v.optional(CnpjSchema),
    size: v.optional(v.picklist(COMPANY_SIZES, 'Porte inválido.')),
    type: v.optional(v.picklist(COMPANY_TYPES, 'Natureza jurídica inválida.')),
    address: v.optional(AddressSchema),
    mainActivity: v.optional(ActivityCodeSchema),
    secondaryActivities: v.optional(v.array(ActivityCodeSchema)),
  }),
  v.check((value) => Object.values(value).some((field) => field !== undefined), 'Nada para atualizar.'),
);

export type CompanyUpdateInput = v.InferInput<typeof CompanyUpdateSchema>;

export const CompanyStatusChangeSchema = v.object({
  note: optionalText(500),
});

export const OrdersQuerySchema = v.object({
  status: v.optional(v.picklist(COMPANY_STATUSES, 'Situação inválida.')),
  stepId: v.optional(v.picklist(STEP_IDS, 'Etapa inválida.')),
  query: searchText,
  ...paginationQuery(PAGE_SIZE.openingOrders),
});
