import type * as v from 'valibot';
import type { CompanyStatus, Role, TrackId } from './enums';
import type { Page } from './pagination';
import type { AdminUserCreateInput, AdminUserListQuerySchema, UserSignupInput, UserUpdateInput } from './users';
import type { FileAnswer, MultipartForm } from './apiContract';
import { endpoint } from './apiContract';

/** A person as the API answers them. */
export interface User {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  photoUrl: string | null;
  roles: Role[];
  indicatedBy: string | null;
  trackId: TrackId | null;
  /** E-mails before and after each tax guide's due date (docs/taxes.md "Reminders"). */
  taxReminders: boolean;
  createdAt: string;
}

/** A company a person acts on, as the team's user screens show it. */
export interface UserCompany {
  id: string;
  name: string | null;
  alias: string | null;
  cnpj: string | null;
  status: CompanyStatus;
}

/** A person as the team sees them: with the companies they act on. */
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

/** An account deleted: its companies left without any member stay with the team. */
export interface DeletedUser {
  id: string;
  keptCompanyIds: string[];
}

/** docs/api.md Users. */
export const USERS_API = {
  'POST /users': endpoint<{ body: UserSignupInput; response: { data: User } }>(),
  'GET /users/:id': endpoint<{ response: { data: User } }>(),
  'PATCH /users/:id': endpoint<{ body: UserUpdateInput; response: { data: User } }>(),
  'DELETE /users/:id': endpoint<{ response: { data: DeletedUser } }>(),
  /** Multipart: the photo in `file`. */
  'PUT /users/:id/photo': endpoint<{ body: MultipartForm; response: { data: User } }>(),
  'DELETE /users/:id/photo': endpoint<{ response: { data: User } }>(),
  'GET /users/:id/photo': endpoint<{ query: { v?: string }; response: FileAnswer }>(),
  'GET /admin/users': endpoint<{
    query: v.InferInput<typeof AdminUserListQuerySchema>;
    response: Page<AdminUser>;
  }>(),
  'POST /admin/users': endpoint<{ body: AdminUserCreateInput; response: { data: CreatedUser } }>(),
  'GET /admin/users/:id': endpoint<{ response: { data: AdminUserDetail } }>(),
};
