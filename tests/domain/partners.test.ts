import { describe, expect, it } from 'vitest';
import { PartnerAttributionSchema, attributionTrackId, keepsOwnTrack, partnerConfirmationSchema, validate } from '@domain';

describe('partner programme (Duca)', () => {
  it('asks the person to confirm the partner brought them', () => {
    expect(validate(partnerConfirmationSchema('duca'), { confirmed: false })).toMatchObject({
      ok: false,
      fields: { confirmed: 'Confirme que você chegou até nós pela Duca para continuar.' },
    });
    expect(validate(partnerConfirmationSchema('duca'), { confirmed: true }).ok).toBe(true);
  });

  it('asks for a track when none is chosen', () => {
    expect(validate(PartnerAttributionSchema, {})).toMatchObject({
      ok: false,
      fields: { trackId: 'Escolha entre abrir uma empresa ou trocar de contador.' },
    });
  });

  it('lets a company the team opened, or disabled, keep its track; the others choose', () => {
    expect(keepsOwnTrack(null)).toBe(false);
    expect(['pending', 'awaiting_opening', 'opening', 'migrating'].map((status) => keepsOwnTrack({ status } as never))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(['active', 'overdue', 'disabled'].map((status) => keepsOwnTrack({ status } as never))).toEqual([true, true, true]);
  });

  it('sends the company’s own track when it keeps it, else the choice', () => {
    const active = { status: 'active', trackId: 'migrate-company' } as const;
    expect(attributionTrackId(active, 'create-company', 'migrate-company')).toBe('create-company');
    expect(attributionTrackId(active, null, 'create-company')).toBe('migrate-company');
    expect(attributionTrackId({ ...active, trackId: null }, null, 'migrate-company')).toBe('create-company');
    expect(attributionTrackId({ status: 'pending', trackId: 'create-company' }, 'create-company', 'migrate-company')).toBe(
      'migrate-company',
    );
    expect(attributionTrackId(null, null, null)).toBeNull();
  });
});
