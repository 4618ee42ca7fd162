import { Hono } from 'hono';
import type { AppDeps } from '../app';
import type { AppEnv } from '../http/types';

/** The referral programme: a person's referral link, who signed up with it, and invitations by e-mail. */
export function referralsRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
