import type { ReferralStage } from '@domain';
import { REFERRAL_STAGE_LABEL } from '@domain';
import type { BadgeTone } from '@/components/ui/Badge';
import { Badge } from '@/components/ui/Badge';

const TONE: Record<ReferralStage, BadgeTone> = {
  signed_up: 'gray',
  company_started: 'blue',
  company_active: 'teal',
  paying: 'green',
};

export function ReferralStageBadge({ stage }: { stage: ReferralStage }) {
  return <Badge tone={TONE[stage]}>{REFERRAL_STAGE_LABEL[stage]}</Badge>;
}
