import type { FeatureFlags, FeatureName } from '@domain';
import { FEATURE_NAMES, REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS } from '@domain';

/** Who sees each feature: lists of e-mails (lower case). */
export type FeatureAudiences = Record<FeatureName, string[]>;

export interface FeatureFlagService {
  flagsFor(email: string | null | undefined): Promise<FeatureFlags>;
  /** Who sees each feature now, and whether that came from remote configuration (the feature panel). */
  audiences(): Promise<{ audiences: FeatureAudiences; source: 'remote' | 'config' }>;
}

/** Where remote configuration comes from (Firebase Remote Config in production); partial answers keep defaults. */
export type RemoteFeatureSource = () => Promise<Partial<FeatureAudiences>>;

export interface FeatureFlagOptions {
  /** The configuration's audiences (FEATURE_CORA_EMAILS, FEATURE_PANEL_EMAILS). */
  defaults: FeatureAudiences;
  remote?: RemoteFeatureSource;
  minFetchIntervalMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/**
 * The flags of a person: the remote configuration when there is one (fetched at most every 5 s), else — and
 * whenever it cannot be reached — the configuration's defaults. The server decides, so a flag that guards a call
 * guards it for every client.
 */
export function createFeatureFlags(options: FeatureFlagOptions): FeatureFlagService {
  const now = options.now ?? Date.now;
  const interval = options.minFetchIntervalMs ?? REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS;
  let audiences = options.defaults;
  let source: 'remote' | 'config' = 'config';
  let fetchedAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<void> | undefined;

  async function refresh() {
    if (!options.remote || now() - fetchedAt < interval) return;
    pending ??= options
      .remote()
      .then((remote) => {
        audiences = { ...options.defaults, ...remote };
        source = 'remote';
      })
      .catch((error) => {
        // Offline or misconfigured: the defaults hold until the next try.
        audiences = options.defaults;
        source = 'config';
        options.onError?.(error);
      })
      .finally(() => {
        fetchedAt = now();
        pending = undefined;
      });
    await pending;
  }

  return {
    async flagsFor(email) {
      await refresh();
      const who = email?.toLowerCase();
      return Object.fromEntries(
        FEATURE_NAMES.map((name) => [name, Boolean(who && audiences[name].includes(who))]),
      ) as FeatureFlags;
    },
    async audiences() {
      await refresh();
      return { audiences, source };
    },
  };
}

/** A comma-separated list of e-mails, as configuration and Remote Config parameters hold them. */
export function emailList(value: string | undefined | null): string[] {
  return (value ?? '')
    .split(',')
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * Firebase Remote Config of a real project (its server template): parameters `feature_cora_emails` and
 * `feature_panel_emails`, comma-separated e-mails. Credentials are the service account's, as for Auth.
 */
export function remoteConfigSource(projectId: string): RemoteFeatureSource {
  // firebase-admin loads on the first fetch, not at start.
  let app: Promise<import('firebase-admin/app').App> | undefined;
  return async () => {
    app ??= import('firebase-admin/app').then(({ initializeApp }) => initializeApp({ projectId }, 'contabil-remote-config'));
    const { getRemoteConfig } = await import('firebase-admin/remote-config');
    const template = await getRemoteConfig(await app).getTemplate();
    const audiences: Partial<FeatureAudiences> = {};
    for (const name of FEATURE_NAMES) {
      const value = template.parameters[`feature_${name}_emails`]?.defaultValue;
      if (value && 'value' in value) audiences[name] = emailList(value.value);
    }
    return audiences;
  };
}
