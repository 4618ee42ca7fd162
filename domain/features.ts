/** docs/security.md feature flags: `panel` (the feature panel, one listed admin) and `cora` (the bank connection). */
export const FEATURE_NAMES = ['cora', 'panel'] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

/** What the person signed in may see. */
export type FeatureFlags = Record<FeatureName, boolean>;

export const FEATURE_LABEL: Record<FeatureName, string> = {
  cora: 'Conexão com o banco Cora',
  panel: 'Painel de recursos',
};
