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
    /** The security headers an API answer carries, for `json()` to write into it (server/http/security.ts). */
    answerHeaders?: Readonly<Record<string, string>>;
    /** Set by `json()` when its answer carries its security headers and length already: the middleware leave it be. */
    answeredPlain?: { length: number };
  };
}
