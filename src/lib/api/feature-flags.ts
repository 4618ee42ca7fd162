import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeatureName } from '@domain';
import { headStartFeatures, takeHeadStartFeatures } from '../head-start';
import { api } from './call';
import { sessionToken } from './clients';

/** The signed-in person's flags (docs/security.md); the session clears the cache on sign-out. */
export const featureFlagsQuery = () =>
  queryOptions({
    queryKey: ['features'],
    // The head start's call when it is still on its way, rather than the same question asked twice.
    queryFn: async () => (await takeHeadStartFeatures(sessionToken())) ?? api('GET /features').then((r) => r.data),
    staleTime: 5 * 60_000,
    // What the head start got for this session's token: the page draws with its flags, nothing moves once drawn.
    initialData: () => headStartFeatures(sessionToken()),
  });

/** Whether a feature is on for the person signed in: off while loading or when the call fails. */
export function useFeature(name: FeatureName): boolean {
  return useQuery(featureFlagsQuery()).data?.[name] === true;
}

/** The feature panel's view: who sees each feature (only for the account the `panel` flag names). */
export const featureAudiencesQuery = () =>
  queryOptions({
    queryKey: ['features', 'audiences'],
    queryFn: () => api('GET /features/audiences').then((r) => r.data),
    staleTime: 60_000,
  });
