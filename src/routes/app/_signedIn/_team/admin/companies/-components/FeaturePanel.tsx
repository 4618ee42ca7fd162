import { useQuery } from '@tanstack/react-query';
import { FEATURE_LABEL, FEATURE_NAMES } from '@domain';
import { featureAudiencesQuery, useFeature } from '@/lib/api/feature-flags';

/** docs/security.md "feature panel": who sees each feature, shown only to the account the `panel` flag names. */
export function FeaturePanel() {
  const enabled = useFeature('panel');
  const audiences = useQuery({ ...featureAudiencesQuery(), enabled });
  if (!enabled) return null;
  return (
    <details className="mb-6 rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-xs" data-testid="feature-panel">
      <summary className="cursor-pointer font-semibold text-slate-900">Painel de recursos</summary>
      {audiences.isPending && <p className="mt-3 text-slate-600">Carregando…</p>}
      {audiences.isError && <p className="mt-3 text-red-700">Não foi possível carregar os recursos.</p>}
      {audiences.data && (
        <div className="mt-3 space-y-3">
          <p className="text-slate-600">
            Origem: {audiences.data.source === 'remote' ? 'Firebase Remote Config' : 'configuração do servidor'}.
          </p>
          <dl className="grid gap-3 sm:grid-cols-2">
            {FEATURE_NAMES.map((name) => (
              <div key={name}>
                <dt className="font-medium text-slate-800">{FEATURE_LABEL[name]}</dt>
                <dd className="text-slate-600">
                  {audiences.data.audiences[name].length ? audiences.data.audiences[name].join(', ') : 'ninguém'}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </details>
  );
}
