import type { UserSignupInput } from '../../domain';
import { mainApi } from './clients';

export interface User {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  photoUrl: string | null;
  roles: string[];
  indicatedBy: string | null;
  trackId: string | null;
  createdAt: string;
}

/** POST /users: creates the account; the person signs in right after. */
export function signUp(input: UserSignupInput) {
  return mainApi<{ data: User }>('/users', { method: 'POST', body: input }).then((r) => r.data);
}
