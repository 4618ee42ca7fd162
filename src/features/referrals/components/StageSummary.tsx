import type { ReferralStage } from '@domain';
import { REFERRAL_STAGES, REFERRAL_STAGE_DESCRIPTION, REFERRAL_STAGE_LABEL } from '@domain';

/** How many referred people are at each stage. */
export function StageSummary({ counts }: { counts: Record<ReferralStage, number> }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {REFERRAL_STAGES.map((stage) => (
        <div key={stage} className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm font-medium text-slate-600">{REFERRAL_STAGE_LABEL[stage]}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900">{counts[stage]}</dd>
          <dd className="mt-1 text-xs text-slate-500">{REFERRAL_STAGE_DESCRIPTION[stage]}</dd>
        </div>
      ))}
    </dl>
  );
}
