import { queryOptions } from '@tanstack/react-query';
import type { InvitationInput, PartnerId, TrackId } from '@domain';
import { INVITATIONS_PAGE_SIZE, REFERRALS_PAGE_SIZE } from '@domain';
import { api } from '@/lib/api/call';

/** The referral programme, invitations by e-mail and partner programmes. */

export const referralQueries = {
  all: () => ['referrals'] as const,
  me: () =>
    queryOptions({
      queryKey: ['referrals', 'me'],
      queryFn: () => api('GET /referrals/me').then((r) => r.data),
    }),
  referred: (page: number) =>
    queryOptions({
      queryKey: ['referrals', 'referred', page],
      queryFn: () =>
        api('GET /referrals/me/referred', {
          query: { limit: REFERRALS_PAGE_SIZE, offset: (page - 1) * REFERRALS_PAGE_SIZE },
        }),
    }),
  invitations: (page: number) =>
    queryOptions({
      queryKey: ['referrals', 'invitations', page],
      queryFn: () =>
        api('GET /referrals/invitations', {
          query: { limit: INVITATIONS_PAGE_SIZE, offset: (page - 1) * INVITATIONS_PAGE_SIZE },
        }),
    }),
  attribution: (partnerId: PartnerId) =>
    queryOptions({
      queryKey: ['partners', partnerId, 'attribution'],
      queryFn: () => api('GET /partners/:partnerId/attribution', { params: { partnerId } }).then((r) => r.data),
    }),
};

export function sendInvitation(input: InvitationInput) {
  return api('POST /referrals/invitations', { body: input }).then((r) => r.data);
}

export function resendInvitation(id: string) {
  return api('POST /referrals/invitations/:id/resend', { params: { id } }).then((r) => r.data);
}

export function attributePartner(partnerId: PartnerId, trackId: TrackId) {
  return api('POST /partners/:partnerId/attribution', {
    params: { partnerId },
    body: { trackId },
  }).then((r) => r.data);
}
