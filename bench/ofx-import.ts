/**
 * `npm run bench:ofx`: a 50,000-movement OFX statement (≈ 10 MB, SGML with decimal commas, as Brazilian banks export)
 * parsed and imported, then imported again (every movement a duplicate). Prints time and peak memory; never asserts.
 * PGlite in memory by default; PostgreSQL when DATABASE_URL is set (use a throwaway database).
 */
import { openDatabase } from '../server/db/client';
import { importStatement } from '../server/db/bankStatements';
import { companies } from '../server/db/schema';
import { parseOfx } from '../server/services/ofx';
import { accountsFromOfx } from '../server/services/statement-import';

const COUNT = Number(process.env.BENCH_OFX_TRANSACTIONS ?? 50_000);

function statement(count: number): string {
  const memos = ['PIX RECEBIDO CLIENTE', 'TARIFA BANCARIA', 'PAGAMENTO BOLETO FORNECEDOR', 'CARTAO DEBITO POSTO', 'PIX ENVIADO'];
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const day = new Date(Date.UTC(2025, 0, 1) + (i % 365) * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
    const cents = ((i * 7919) % 500_000) + 1;
    const amount = `${i % 3 === 0 ? '' : '-'}${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
    lines.push(
      `<STMTTRN>\n<TRNTYPE>OTHER\n<DTPOSTED>${day}100000[-03:BRT]\n<TRNAMT>${amount}\n<FITID>${i}\n<MEMO>${memos[i % memos.length]} ${i % 97}\n</STMTTRN>`,
    );
  }
  return `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>0341<BRANCHID>0001<ACCTID>12345-6<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>20250101<DTEND>20251231\n${lines.join('\n')}\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;
}

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const database = await openDatabase(
  process.env.DATABASE_URL ? { kind: 'postgres', url: process.env.DATABASE_URL } : { kind: 'pglite' },
);
const [company] = await database.db.insert(companies).values({ alias: 'Bench OFX', status: 'active' }).returning();
const bytes = new TextEncoder().encode(statement(COUNT));
const baseline = process.memoryUsage().rss;
console.log(`OFX import benchmark (${database.engine}): ${COUNT.toLocaleString('pt-BR')} movements, ${mb(bytes.length)} file`);

for (const label of ['first import', 're-import (all duplicates)']) {
  peakRss = process.memoryUsage().rss;
  const started = performance.now();
  const parsed = parseOfx(bytes, { today: '2099-12-31' });
  const parsedAt = performance.now();
  const summary = await importStatement(database.db, company.id, accountsFromOfx(parsed));
  const ended = performance.now();
  console.log(
    `  ${label.padEnd(28)} total ${((ended - started) / 1000).toFixed(2)} s (parse ${((parsedAt - started) / 1000).toFixed(2)} s, database ${((ended - parsedAt) / 1000).toFixed(2)} s)` +
      `  added ${summary.added}, duplicates ${summary.duplicates}  peak RSS ${mb(peakRss)} (+${mb(peakRss - baseline)} over the open database)`,
  );
}
clearInterval(sampler);
await database.close();
