import { Hono } from 'hono';
import { FEATURE_NAMES } from '@domain';
import type { FeatureFlags } from '@domain';
import type { AppDeps } from '../deps';
import { authenticate } from '../auth/middleware';
import { forbidden } from '../http/errors';
import { json } from '../http/json';
import type { AppEnv } from '../http/types';

/** `GET /features`: the feature flags of the person signed in (docs/security.md); every flag off without a flag service. */
export function featuresRoutes({ identity, features }: AppDeps) {
  return (
    new Hono<AppEnv>()
      .use('/features', authenticate(identity))
      .use('/features/*', authenticate(identity))
      .get('/features', async (c) => {
        const off = Object.fromEntries(FEATURE_NAMES.map((name) => [name, false])) as FeatureFlags;
        return json(c, 'GET /features', { data: (await features?.flagsFor(c.var.identity.email)) ?? off });
      })
      // The feature panel: who sees what, for the account the `panel` flag names.
      .get('/features/audiences', async (c) => {
        if (!features || !(await features.flagsFor(c.var.identity.email)).panel) {
          throw forbidden('O painel de recursos não está disponível para sua conta.');
        }
        return json(c, 'GET /features/audiences', { data: await features.audiences() });
      })
  );
}
