import { queryOptions } from '@tanstack/react-query';
import type {
  Invitation,
  InvitationInput,
  Page,
  PartnerAttribution,
  PartnerAttributionResult,
  PartnerId,
  Referral,
  ReferralSummary,
  TrackId,
} from '@domain';
import { INVITATIONS_PAGE_SIZE, REFERRALS_PAGE_SIZE } from '@domain';
import { mainApi } from '@/lib/api/clients';

/** The referral programme, invitations by e-mail and partner programmes. */

export const referralQueries = {
  all: () => ['referrals'] as const,
  me: () =>
    queryOptions({
      queryKey: ['referrals', 'me'],
      queryFn: () => mainApi<{ data: ReferralSummary }>('/referrals/me').then((r) => r.data),
    }),
  referred: (page: number) =>
    queryOptions({
      queryKey: ['referrals', 'referred', page],
      queryFn: () =>
        mainApi<Page<Referral>>('/referrals/me/referred', {
          query: { limit: REFERRALS_PAGE_SIZE, offset: (page - 1) * REFERRALS_PAGE_SIZE },
        }),
    }),
  invitations: (page: number) =>
    queryOptions({
      queryKey: ['referrals', 'invitations', page],
      queryFn: () =>
        mainApi<Page<Invitation>>('/referrals/invitations', {
          query: { limit: INVITATIONS_PAGE_SIZE, offset: (page - 1) * INVITATIONS_PAGE_SIZE },
        }),
    }),
  attribution: (partnerId: PartnerId) =>
    queryOptions({
      queryKey: ['partners', partnerId, 'attribution'],
      queryFn: () => mainApi<{ data: PartnerAttribution }>(`/partners/${partnerId}/attribution`).then((r) => r.data),
    }),
};

export function sendInvitation(input: InvitationInput) {
  return mainApi<{ data: Invitation }>('/referrals/invitations', { method: 'POST', body: input }).then((r) => r.data);
}

export function resendInvitation(id: string) {
  return mainApi<{ data: Invitation }>(`/referrals/invitations/${id}/resend`, { method: 'POST' }).then((r) => r.data);
}

export function attributePartner(partnerId: PartnerId, trackId: TrackId) {
  return mainApi<{ data: PartnerAttributionResult }>(`/partners/${partnerId}/attribution`, {
    method: 'POST',
    body: { trackId },
  }).then((r) => r.data);
}
