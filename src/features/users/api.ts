import { queryOptions } from '@tanstack/react-query';
import type { AdminUserCreateInput, CompanyStatus, Page, Role, UserSignupInput, UserUpdateInput } from '@domain';
import { PAGE_SIZE } from '@domain';
import { mainApi } from '@/lib/api/clients';

export interface User {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  photoUrl: string | null;
  roles: Role[];
  indicatedBy: string | null;
  trackId: string | null;
  /** E-mails before and after each tax guide's due date. */
  taxReminders: boolean;
  createdAt: string;
}

/** A company a person acts on, as the team's screens show it. */
export interface UserCompany {
  id: string;
  name: string | null;
  alias: string | null;
  cnpj: string | null;
  status: CompanyStatus;
}

export interface AdminUser extends User {
  companyIds: string[];
  companies: UserCompany[];
}

export interface AdminUserDetail extends AdminUser {
  /** The sign-in account: null when the person has none (recorded without a login); absent when unknown. */
  account?: { disabled: boolean; lastSignInAt: string | null } | null;
}

/** What the team gets back once: the new person and the link with which they choose a password. */
export interface CreatedUser extends AdminUser {
  passwordLink: string | null;
}

export interface AdminUserListParams {
  page: number;
  q?: string;
  companyId?: string;
}

/** POST /users: creates the account; the person signs in right after. */
export function signUp(input: UserSignupInput) {
  return mainApi<{ data: User }>('/users', { method: 'POST', body: input }).then((r) => r.data);
}

export const userQueries = {
  all: () => ['users'] as const,
  /** GET /users/{id}: the person's own profile. */
  detail: (id: string) =>
    queryOptions({
      queryKey: ['users', id],
      queryFn: () => mainApi<{ data: User }>(`/users/${encodeURIComponent(id)}`).then((r) => r.data),
    }),
};

/** PATCH /users/{id}: name, phone, the tax reminders. */
export function updateProfile(id: string, changes: UserUpdateInput) {
  return mainApi<{ data: User }>(`/users/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes }).then((r) => r.data);
}

/** PUT /users/{id}/photo (multipart `file`). */
export function uploadPhoto(id: string, file: File) {
  const form = new FormData();
  form.set('file', file);
  return mainApi<{ data: User }>(`/users/${encodeURIComponent(id)}/photo`, { method: 'PUT', body: form }).then((r) => r.data);
}

export function removePhoto(id: string) {
  return mainApi<{ data: User }>(`/users/${encodeURIComponent(id)}/photo`, { method: 'DELETE' }).then((r) => r.data);
}

/** DELETE /users/{id}: the login and personal documents go; companies stay (see the server). */
export function deleteAccount(id: string) {
  return mainApi<{ data: { id: string; keptCompanyIds: string[] } }>(`/users/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  }).then((r) => r.data);
}

/** The team's user calls (docs/api.md, admin-only). */
export const adminUserQueries = {
  all: () => ['admin-users'] as const,
  list: ({ page, q, companyId }: AdminUserListParams) =>
    queryOptions({
      queryKey: ['admin-users', 'list', { page, q: q ?? '', companyId: companyId ?? null }],
      queryFn: () =>
        mainApi<Page<AdminUser>>('/admin/users', {
          query: {
            q: q || undefined,
            companyId: companyId || undefined,
            limit: PAGE_SIZE.users,
            offset: (page - 1) * PAGE_SIZE.users,
          },
        }),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: ['admin-users', id],
      queryFn: () => mainApi<{ data: AdminUserDetail }>(`/admin/users/${encodeURIComponent(id)}`).then((r) => r.data),
    }),
};

export function createAdminUser(input: AdminUserCreateInput) {
  return mainApi<{ data: CreatedUser }>('/admin/users', { method: 'POST', body: input }).then((r) => r.data);
}
