import type { VerifiedIdentity } from '../auth/identity';

/** Hono environment of every route: the identity set by `authenticate`. */
export interface AppEnv {
  Variables: {
    identity: VerifiedIdentity;
  };
}
