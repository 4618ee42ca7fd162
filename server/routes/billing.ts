import { Hono } from 'hono';
import type { AppDeps } from '../app';
import type { AppEnv } from '../http/types';

/** Spec §7 Other: the company's payments (GET /v1/ecommerce/payments). */
export function billingRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
