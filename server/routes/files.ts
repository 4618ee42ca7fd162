import { Hono } from 'hono';
import type { AppDeps } from '../app';
import type { AppEnv } from '../http/types';

/** Spec §7 Other: signed upload and download links (GET /upload/{filename}, GET /download/{filename}). */
export function filesRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
