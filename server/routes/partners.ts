import { Hono } from 'hono';
import type { AppDeps } from '../app';
import type { AppEnv } from '../http/types';

/** Partner programmes (Duca): attribution of a customer to a partner. */
export function partnersRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
