import { describe, expect, it } from 'vitest';
import {
  BANK_LEDGER_ACCOUNT,
  MAX_MOVEMENT_TEXT,
  TEXT_CUT_MARK,
  cutText,
  TAX_CATEGORIES,
  UNCLASSIFIED_LEDGER_ACCOUNT,
  bankName,
  periodRange,
  ruleMatches,
  suggestRuleText,
  uncategorisedExportMessage,
} from '@domain';

describe('category rules', () => {
  it('match accents and case aside, in the description or the complement where the counterparty is', () => {
    const rule = { contains: 'Tarifa bancária', direction: 'any' as const };
    expect(ruleMatches(rule, { description: 'TARIFA BANCARIA PACOTE', amountCents: -3990 })).toBe(true);
    expect(
      ruleMatches({ contains: 'aws', direction: 'out' }, { description: 'Pagamento', memo: 'AMAZON AWS', amountCents: -100 }),
    ).toBe(true);
    expect(ruleMatches(rule, { description: 'PIX RECEBIDO', amountCents: 100 })).toBe(false);
  });

  it('look only at money in or out when told', () => {
    const incoming = { contains: 'pix', direction: 'in' as const };
    expect(ruleMatches(incoming, { description: 'PIX RECEBIDO', amountCents: 5000 })).toBe(true);
    expect(ruleMatches(incoming, { description: 'PIX ENVIADO', amountCents: -5000 })).toBe(false);
    expect(ruleMatches({ contains: 'pix', direction: 'out' }, { description: 'PIX ENVIADO', amountCents: -5000 })).toBe(true);
  });

  it('are offered without dates and document numbers', () => {
    expect(suggestRuleText('PIX RECEBIDO 12/03 JOAO SILVA 123.456.789-00')).toBe('PIX RECEBIDO JOAO SILVA');
  });
});

describe('periods and banks', () => {
  it('turn a month, a quarter or a year into its first and last day', () => {
    expect(periodRange('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(periodRange('2026-T4')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(periodRange('2026')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('name banks by their COMPE code however the file writes it', () => {
    expect(bankName('0341')).toBe('Itaú');
    expect(bankName('1')).toBe('Banco do Brasil');
    expect(bankName('999')).toBe('Banco 999');
    expect(bankName(null)).toBeNull();
  });
});

describe('export of a month with movements without category', () => {
  it('says how many of the month’s movements lack a category, in Portuguese', () => {
    expect(uncategorisedExportMessage({ month: '2017-03', total: 36, uncategorised: 35 })).toBe(
      '35 de 36 movimentações de março/2017 estão sem categoria.',
    );
    expect(uncategorisedExportMessage({ month: '2026-12', total: 36, uncategorised: 1 })).toBe(
      '1 de 36 movimentações de dezembro/2026 está sem categoria.',
    );
    expect(uncategorisedExportMessage({ month: '2026-01', total: 4, uncategorised: 4 })).toBe(
      'Todas as 4 movimentações de janeiro/2026 estão sem categoria.',
    );
    expect(uncategorisedExportMessage({ month: '2026-01', total: 1, uncategorised: 1 })).toBe(
      'A movimentação de janeiro/2026 está sem categoria.',
    );
  });

  it('books them, when exported anyway, on a transitory account the accountant recognises, never none', () => {
    expect(UNCLASSIFIED_LEDGER_ACCOUNT).toMatch(/^\d(\.\d+)+$/);
    expect(TAX_CATEGORIES.map((category) => category.ledgerAccount)).not.toContain(UNCLASSIFIED_LEDGER_ACCOUNT);
    expect(UNCLASSIFIED_LEDGER_ACCOUNT).not.toBe(BANK_LEDGER_ACCOUNT);
  });
});

describe('text of movements', () => {
  it(`keeps up to ${MAX_MOVEMENT_TEXT} characters and marks a cut`, () => {
    expect(cutText(null)).toBeNull();
    expect(cutText('PIX RECEBIDO')).toBe('PIX RECEBIDO');
    const exact = 'x'.repeat(MAX_MOVEMENT_TEXT);
    expect(cutText(exact)).toBe(exact);
    const cut = cutText('y'.repeat(MAX_MOVEMENT_TEXT + 1));
    expect(cut).toHaveLength(MAX_MOVEMENT_TEXT);
    expect(cut.endsWith(TEXT_CUT_MARK)).toBe(true);
    // A space before the mark is dropped, and an emoji is never split in half.
    expect(cutText('ab cdefgh', 3 + TEXT_CUT_MARK.length)).toBe(`ab${TEXT_CUT_MARK}`);
    const emoji = cutText(`a${'😀'.repeat(10)}`, 4 + TEXT_CUT_MARK.length);
    expect(emoji).toBe(`a😀${TEXT_CUT_MARK}`);
  });
});
