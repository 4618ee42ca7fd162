/** Partner programmes (Duca): a customer attributed to the partner who brought them. */
import { asc, eq } from 'drizzle-orm';
import type { PartnerAttributionResult, PartnerId, TrackId } from '@domain';
import { CUSTOMER_HOME, DISABLED_PAGE, isOperating, newTrack, NOT_FOUND_MESSAGES, PARTNERS, TRACK_WIZARD_PATH } from '@domain';
import type { IdentityService } from '../auth/identity';
import type { Database } from '../db/client';
import { findTrack, lockCompany, startTrack } from '../db/companies';
import { lockUser } from '../db/referrals';
import { companyMembers, users } from '../db/schema';
import { syncClaims } from './claims';
import { conflict, notFound } from './errors';

/**
 * POST /partners/{partnerId}/attribution: records that the partner brought the person and starts the track they
 * chose: stored on the person while they have no company (as signup does), or set on their company while none of its
 * steps is done.
 */
export async function attributePartner(
  { db, identity }: { db: Database; identity: IdentityService },
  { uid, partnerId, trackId }: { uid: string; partnerId: PartnerId; trackId: TrackId },
): Promise<PartnerAttributionResult> {
  const now = new Date();
  const result = await db.transaction(
    async (tx): Promise<Omit<PartnerAttributionResult, 'partnerName'> & { claimsChanged: boolean }> => {
      const user = await lockUser(tx, uid);
      if (!user) throw notFound(NOT_FOUND_MESSAGES.user);
      if (user.partnerId && user.partnerId !== partnerId) {
        throw conflict('Sua conta já está vinculada a outro parceiro. Fale com a nossa equipe para mudar.');
      }
      // The first attribution is the one that counts; confirming again keeps its date.
      const attributedAt = user.partnerAttributedAt ?? now;
      const [membership] = await tx
        .select({ companyId: companyMembers.companyId })
        .from(companyMembers)
        .where(eq(companyMembers.userId, uid))
        .orderBy(asc(companyMembers.createdAt), asc(companyMembers.companyId))
        .limit(1);

      let next: string = TRACK_WIZARD_PATH[trackId];
      let resultTrack: TrackId = trackId;
      let claimsChanged = false;
      if (!membership) {
        claimsChanged = user.trackId !== trackId;
      } else {
        const company = (await lockCompany(tx, membership.companyId))!;
        const track = await findTrack(tx, company.id);
        if (company.status === 'disabled') {
          next = DISABLED_PAGE;
          resultTrack = track?.trackId ?? trackId;
        } else if (isOperating(company)) {
          // Already a customer: the partner is credited, the company's history stays as it is.
          next = CUSTOMER_HOME;
          resultTrack = track?.trackId ?? company.trackId ?? trackId;
        } else if (track?.trackId !== trackId) {
          if (track?.steps.some((step) => step.status === 'done')) {
            throw conflict(
              `Sua empresa já está na ${track.trackId === 'create-company' ? 'abertura' : 'troca de contador'}: continue por lá. Para mudar, fale com a nossa equipe.`,
            );
          }
          await startTrack(tx, company.id, newTrack(trackId), now);
        }
      }
      await tx
        .update(users)
        .set({
          partnerId,
          partnerAttributedAt: attributedAt,
          ...(membership ? {} : { trackId }),
          updatedAt: now,
        })
        .where(eq(users.id, uid));
      return {
        partnerId,
        partnerAttributedAt: attributedAt.toISOString(),
        trackId: resultTrack,
        companyId: membership?.companyId ?? null,
        next,
        claimsChanged,
      };
    },
  );
  const { claimsChanged, ...data } = result;
  // The guards read the chosen track from the claims while there is no company.
  if (claimsChanged) await syncClaims(db, identity, uid);
  return { ...data, partnerName: PARTNERS[partnerId].name };
}
