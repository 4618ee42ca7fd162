import { and, eq, like } from 'drizzle-orm';
import { saoPauloDate } from '@domain';
import type { DbExecutor } from '../db/executor';
import { importStatement } from '../db/bank-statements';
import { bankTransactions, categoryRules } from '../db/schema';
import { parseOfx } from '../services/ofx';
import { accountsFromOfx } from '../services/statement-import';

interface Movement {
  day: number;
  amount: string;
  memo: string;
}

/** A month of Mendes Tech's Itaú account: clients paying by Pix, the usual bills, the partners' pay. */
function monthMovements(month: number): Movement[] {
  const clients = ['PADARIA PAO DOURADO LTDA', 'ESTUDIO AURORA DESIGN', 'CLINICA VIDA PLENA', 'LOJA BOA VISTA ME'];
  const client = (i: number) => clients[(month + i) % clients.length];
  return [
    { day: 2, amount: '-3.500,00', memo: 'PIX ENVIADO IMOBILIARIA CENTRAL ALUGUEL' },
    { day: 3, amount: '-89,90', memo: 'TARIFA BANCARIA PACOTE SERVICOS' },
    { day: 5, amount: `${8 + (month % 3)}.450,00`, memo: `PIX RECEBIDO ${client(0)}` },
    { day: 5, amount: '-4.200,00', memo: 'PIX ENVIADO CARLOS MENDES PRO LABORE' },
    { day: 5, amount: '-4.200,00', memo: 'PIX ENVIADO BEATRIZ MENDES PRO LABORE' },
    { day: 8, amount: '-249,90', memo: 'DEB AUTOMATICO VIVO FIBRA EMPRESAS' },
    { day: 10, amount: `${5 + (month % 2)}.800,00`, memo: `PIX RECEBIDO ${client(1)}` },
    { day: 12, amount: '-1.180,00', memo: 'PIX ENVIADO GUSTAVO LIMA DESENVOLVEDOR' },
    { day: 15, amount: '-129,00', memo: 'CARTAO DEBITO GITHUB INC' },
    { day: 15, amount: '-39,90', memo: 'TARIFA TED' },
    { day: 18, amount: '3.200,00', memo: `PIX RECEBIDO ${client(2)}` },
    { day: 20, amount: '-2.134,57', memo: 'PAGAMENTO DAS SIMPLES NACIONAL' },
    { day: 22, amount: '-412,30', memo: 'CARTAO DEBITO POSTO SHELL' },
    { day: 25, amount: '-2.000,00', memo: 'APLICACAO CDB DI' },
    { day: 27, amount: '1.950,00', memo: `PIX RECEBIDO ${client(3)}` },
    { day: 28, amount: '-6.000,00', memo: 'PIX ENVIADO CARLOS MENDES DISTRIBUICAO LUCROS' },
  ];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The OFX an Itaú customer downloads: SGML, CHARSET 1252, decimal commas, and the balance lines banks add. */
export function demoStatementOfx(now: Date): string {
  const today = saoPauloDate(now);
  const lines: string[] = [];
  let fitId = 0;
  for (let back = 3; back >= 1; back--) {
    const monthIndex = today.year * 12 + today.month - 1 - back;
    const year = Math.floor(monthIndex / 12);
    const month = (monthIndex % 12) + 1;
    lines.push(
      `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${year}${pad(month)}01<TRNAMT>0,00<FITID>S${year}${pad(month)}<MEMO>SALDO ANTERIOR</STMTTRN>`,
    );
    for (const movement of monthMovements(month)) {
      fitId += 1;
      const type = movement.amount.startsWith('-') ? 'DEBIT' : 'CREDIT';
      lines.push(
        `<STMTTRN>\n<TRNTYPE>${type}\n<DTPOSTED>${year}${pad(month)}${pad(movement.day)}100000[-03:BRT]\n<TRNAMT>${movement.amount}\n<FITID>${year}${pad(month)}${pad(movement.day)}${String(fitId).padStart(4, '0')}\n<MEMO>${movement.memo}\n</STMTTRN>`,
      );
    }
  }
  return [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'SECURITY:NONE',
    'ENCODING:USASCII',
    'CHARSET:1252',
    'COMPRESSION:NONE',
    'OLDFILEUID:NONE',
    'NEWFILEUID:NONE',
    '',
    '<OFX>',
    '<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20260101<LANGUAGE>POR</SONRS></SIGNONMSGSRSV1>',
    '<BANKMSGSRSV1><STMTTRNRS><TRNUID>1001<STATUS><CODE>0<SEVERITY>INFO</STATUS>',
    '<STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>0341<BRANCHID>0912<ACCTID>45873-2<ACCTTYPE>CHECKING</BANKACCTFROM>',
    '<BANKTRANLIST>',
    ...lines,
    '</BANKTRANLIST>',
    '<LEDGERBAL><BALAMT>18.532,41<DTASOF>20260101</LEDGERBAL>',
    '</STMTRS></STMTTRNRS></BANKMSGSRSV1>',
    '</OFX>',
    '',
  ].join('\n');
}

/** The rules the demo customer wrote; the import applies them. */
const DEMO_RULES: { contains: string; direction: 'in' | 'out' | 'any'; taxCategoryId: string }[] = [
  { contains: 'TARIFA', direction: 'out', taxCategoryId: 'tarifas-bancarias' },
  { contains: 'ALUGUEL', direction: 'out', taxCategoryId: 'aluguel' },
  { contains: 'PRO LABORE', direction: 'out', taxCategoryId: 'pro-labore' },
  { contains: 'DAS SIMPLES', direction: 'out', taxCategoryId: 'impostos-taxas' },
  { contains: 'PIX RECEBIDO', direction: 'in', taxCategoryId: 'receita-servicos' },
];

/**
 * Mendes Tech's bank account: three months imported from an OFX file through the real parser and import, most
 * movements categorised by rules, a few by hand, and the newest month's odd ones left for the customer to classify.
 */
export async function seedDemoBank(tx: DbExecutor, companyId: string, createdBy: string, now: Date): Promise<void> {
  await tx.insert(categoryRules).values(DEMO_RULES.map((rule) => ({ ...rule, companyId, createdBy })));
  const today = saoPauloDate(now);
  const statement = parseOfx(demoStatementOfx(now), { today: `${today.year}-${pad(today.month)}-${pad(today.day)}` });
  await importStatement(tx, companyId, accountsFromOfx(statement));
  // What the customer classified by hand in the older months.
  const manual: [string, string][] = [
    ['%DISTRIBUICAO LUCROS%', 'distribuicao-lucros'],
    ['%VIVO FIBRA%', 'agua-luz-telefone'],
    ['%GUSTAVO LIMA%', 'servicos-terceiros'],
    ['%APLICACAO CDB%', 'aplicacao-resgate'],
  ];
  const lastMonth = saoPauloDate(new Date(now.getTime() - 31 * 86_400_000));
  const before = `${lastMonth.year}-${pad(lastMonth.month)}-01`;
  for (const [pattern, taxCategoryId] of manual) {
    const rows = await tx
      .select({ id: bankTransactions.id, postedOn: bankTransactions.postedOn })
      .from(bankTransactions)
      .where(and(eq(bankTransactions.companyId, companyId), like(bankTransactions.description, pattern)));
    for (const row of rows.filter((r) => r.postedOn < before)) {
      await tx.update(bankTransactions).set({ taxCategoryId, categorySource: 'manual' }).where(eq(bankTransactions.id, row.id));
    }
  }
}
