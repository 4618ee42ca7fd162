import type { VerifiedIdentity } from '../auth/identity';

/** Hono environment of every route: the identity set by `authenticate`. */
export interface AppEnv {
  Variables: {
    identity: VerifiedIdentity;
    /**
     * `'sha256-…'` sources of the inline styles of the page being answered (a public page inlines the CSS of its own
     * first screen), added to its Content-Security-Policy.
     */
    inlineStyles?: string[];
  };
}
