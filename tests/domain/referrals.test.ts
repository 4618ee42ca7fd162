import { describe, expect, it } from 'vitest';
import { duplicateInvitationMessage } from '@domain';

/** 2026-10-01 09:30 in São Paulo (UTC−3). */
const SENT = new Date('2026-10-01T12:30:00Z');
const HOUR = 3_600_000;

describe('inviting the same e-mail again says what the invitation’s row offers', () => {
  it('points to "Reenviar" only once the row shows the button (a day after the last sending)', () => {
    expect(duplicateInvitationMessage({ sentCount: 1, lastSentAt: SENT }, new Date(SENT.getTime() + 25 * HOUR))).toBe(
      'Você já convidou este e-mail. Use "Reenviar" na lista de convites.',
    );
  });

  it('before that, says from when it may be sent again', () => {
    expect(duplicateInvitationMessage({ sentCount: 1, lastSentAt: SENT }, new Date(SENT.getTime() + HOUR))).toBe(
      'Você já convidou este e-mail. O convite poderá ser reenviado pela lista de convites a partir de 02/10/2026, 09:30.',
    );
  });

  it('sent three times, says it may not be sent again', () => {
    expect(duplicateInvitationMessage({ sentCount: 3, lastSentAt: SENT }, new Date(SENT.getTime() + 48 * HOUR))).toBe(
      'Você já convidou este e-mail, e o convite já foi enviado 3 vezes: não é possível reenviá-lo.',
    );
  });
});
