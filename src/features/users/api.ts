import { queryOptions } from '@tanstack/react-query';
import type { AdminUserCreateInput, UserSignupInput, UserUpdateInput } from '@domain';
import { PAGE_SIZE } from '@domain';
import { api } from '@/lib/api/call';

export interface AdminUserListParams {
  page: number;
  q?: string;
  companyId?: string;
}

/** POST /users: creates the account; the person signs in right after. */
export function signUp(input: UserSignupInput) {
  return api('POST /users', { body: input }).then((r) => r.data);
}

export const userQueries = {
  all: () => ['users'] as const,
  /** GET /users/{id}: the person's own profile. */
  detail: (id: string) =>
    queryOptions({
      queryKey: ['users', id],
      queryFn: () => api('GET /users/:id', { params: { id } }).then((r) => r.data),
    }),
};

/** PATCH /users/{id}: name, phone, the tax reminders. */
export function updateProfile(id: string, changes: UserUpdateInput) {
  return api('PATCH /users/:id', { params: { id }, body: changes }).then((r) => r.data);
}

/** PUT /users/{id}/photo (multipart `file`). */
export function uploadPhoto(id: string, file: File) {
  const form = new FormData();
  form.set('file', file);
  return api('PUT /users/:id/photo', { params: { id }, body: form }).then((r) => r.data);
}

export function removePhoto(id: string) {
  return api('DELETE /users/:id/photo', { params: { id } }).then((r) => r.data);
}

/** DELETE /users/{id}: the login and personal documents go; companies stay (see the server). */
export function deleteAccount(id: string) {
  return api('DELETE /users/:id', { params: { id } }).then((r) => r.data);
}

/** The team's user calls (docs/api.md, admin-only). */
export const adminUserQueries = {
  all: () => ['admin-users'] as const,
  list: ({ page, q, companyId }: AdminUserListParams) =>
    queryOptions({
      queryKey: ['admin-users', 'list', { page, q: q ?? '', companyId: companyId ?? null }],
      queryFn: () =>
        api('GET /admin/users', {
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
      queryFn: () => api('GET /admin/users/:id', { params: { id } }).then((r) => r.data),
    }),
};

export function createAdminUser(input: AdminUserCreateInput) {
  return api('POST /admin/users', { body: input }).then((r) => r.data);
}
