import { readFileSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { MAX_MOVEMENT_TEXT, MAX_OFX_MOVEMENTS, MAX_OFX_STATEMENTS, TEXT_CUT_MARK } from '@domain';
import { toTransactionDto, transactionsPageJson } from '@server/db/bank-statements';
import { bankAccounts, bankStatementImports, bankTransactions } from '@server/db/schema';
import type { TestServer, TestUser } from '../support/server';
import { startTestServer, twoCompanies } from '../support/server';

let server: TestServer;
let admin: TestUser;
let customer: TestUser;
let other: TestUser;
let companyId: string;
let otherCompanyId: string;

const FIXTURES = new URL('../fixtures/ofx/', import.meta.url);
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(name, FIXTURES)));

beforeAll(async () => {
  server = await startTestServer();
  ({ companyId, otherCompanyId, admin, customer, other } = await twoCompanies(server));
});
afterAll(() => server?.close());

async function upload(
  bytes: Uint8Array<ArrayBuffer> | string,
  options: { token?: string; company?: string; name?: string } = {},
) {
  const form = new FormData();
  form.set('file', new File([bytes], options.name ?? 'extrato.ofx'));
  const response = await fetch(`${server.baseUrl}/api/bank-statements/ofx/upload?companyId=${options.company ?? companyId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${options.token ?? customer.token}` },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

const get = (path: string, token = customer.token) => server.call(path, { token });

/** A Brazilian-style SGML statement built from lines "date;amount;memo[;fitid]". */
function ofx(lines: string[], account = '12345-6') {
  const transactions = lines.map((line) => {
    const [date, amount, memo, fitId] = line.split(';');
    return `<STMTTRN>\n<TRNTYPE>${amount.startsWith('-') ? 'DEBIT' : 'CREDIT'}\n<DTPOSTED>${date}120000[-03:BRT]\n<TRNAMT>${amount}\n${fitId ? `<FITID>${fitId}\n` : ''}<MEMO>${memo}\n</STMTTRN>`;
  });
  return `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n<OFX>\n<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20260310<LANGUAGE>POR</SONRS></SIGNONMSGSRSV1>\n<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>0237<BRANCHID>1234<ACCTID>${account}<ACCTTYPE>CHECKING</BANKACCTFROM>\n<BANKTRANLIST><DTSTART>20260301<DTEND>20260331\n${transactions.join('\n')}\n</BANKTRANLIST><LEDGERBAL><BALAMT>0<DTASOF>20260331</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1>\n</OFX>\n`;
}

describe('OFX import', () => {
  it('imports every sample file, and a second import of each adds nothing', async () => {
    for (const name of readdirSync(FIXTURES).filter((file) => file.endsWith('.ofx'))) {
      const company = await server.createCompany({ status: 'active' });
      const owner = await server.createUser({ companyIds: [company] });
      const first = await upload(fixture(name), { token: owner.token, company });
      expect(first.status, name).toBe(201);
      expect(first.body.data.added, name).toBeGreaterThan(0);
      const again = await upload(fixture(name), { token: owner.token, company });
      expect(again.status, name).toBe(201);
      expect(again.body.data.added, name).toBe(0);
      expect(again.body.data.duplicates, name).toBe(first.body.data.added + first.body.data.duplicates);
    }
  });

  it('recognises the same statement exported as SGML and as XML', async () => {
    const company = await server.createCompany({ status: 'active' });
    const owner = await server.createUser({ companyIds: [company] });
    expect((await upload(fixture('mybank-checking-sgml103.ofx'), { token: owner.token, company })).body.data).toMatchObject({
      added: 3,
    });
    expect((await upload(fixture('mybank-checking-xml200.ofx'), { token: owner.token, company })).body.data).toMatchObject({
      added: 0,
      duplicates: 3,
    });
  });

  it('finds the Itaú account with its movements and total', async () => {
    const company = await server.createCompany({ status: 'active' });
    const owner = await server.createUser({ companyIds: [company] });
    const { status, body } = await upload(fixture('itau-checking-sgml102.ofx'), { token: owner.token, company });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ added: 3, duplicates: 0 });
    expect(body.data.accounts).toEqual([
      expect.objectContaining({ bankName: 'Itaú', accountNumber: '9999 99999-9', kind: 'checking', added: 3 }),
    ]);
    const accounts = await get(`/api/bank-statements/accounts?companyId=${company}`, owner.token);
    expect(accounts.body.total).toBe(1);
    expect(accounts.body.data[0]).toMatchObject({
      bankName: 'Itaú',
      transactionCount: 3,
      uncategorizedCount: 3,
      totalCents: -66666 + 9999 - 7777,
      firstTransactionOn: '2013-12-09',
      lastTransactionOn: '2013-12-10',
    });
    const list = await get(
      `/api/bank-statements/transactions?companyId=${company}&accountId=${accounts.body.data[0].id}`,
      owner.token,
    );
    expect(list.body.total).toBe(3);
    // Newest first.
    expect(list.body.data[0]).toMatchObject({ postedOn: '2013-12-10', amountCents: -7777, description: 'SISDEB' });
  });

  it('keeps two genuine identical movements, and still adds nothing on a re-import', async () => {
    const file = ofx(
      ['20260305;-50.00;PIX ENVIADO PADARIA', '20260305;-50.00;PIX ENVIADO PADARIA', '20260306;1.500,00;PIX RECEBIDO CLIENTE'],
      'twins-1',
    );
    const first = await upload(file);
    expect(first.body.data).toMatchObject({ added: 3, duplicates: 0 });
    const again = await upload(file);
    expect(again.body.data).toMatchObject({ added: 0, duplicates: 3 });
    // A later statement of the same month with one more movement adds just that one.
    const longer = ofx(
      [
        '20260305;-50.00;PIX ENVIADO PADARIA',
        '20260305;-50.00;PIX ENVIADO PADARIA',
        '20260306;1.500,00;PIX RECEBIDO CLIENTE',
        '20260307;-9,90;TARIFA PACOTE',
      ],
      'twins-1',
    );
    expect((await upload(longer)).body.data).toMatchObject({ added: 1, duplicates: 3 });
  });

  it('stores descriptions with quotes, commas, braces and backslashes as written', async () => {
    const memo = 'PAGTO "ACME, LTDA" {NF 12} C:\\PASTA NULL';
    const { body } = await upload(ofx([`20260305;-10.00;${memo}`], 'quotes-1'));
    const list = await get(`/api/bank-statements/transactions?companyId=${companyId}&accountId=${body.data.accounts[0].id}`);
    expect(list.body.data[0].description).toBe(memo);
  });

  it('tells apart movements that reuse a FITID with other dates or values', async () => {
    const file = ofx(['20260305;-10.00;TARIFA;X1', '20260306;-20.00;TARIFA;X1', '20260306;-20.00;TARIFA;X2'], 'fitid-1');
    expect((await upload(file)).body.data).toMatchObject({ added: 3 });
    expect((await upload(file)).body.data).toMatchObject({ added: 0, duplicates: 3 });
  });

  it('refuses a truncated file with a message and writes nothing', async () => {
    const file = ofx(['20260305;-50.00;PIX ENVIADO', '20260306;100.00;PIX RECEBIDO'], 'truncated-1');
    const cut = file.slice(0, Math.floor(file.length * 0.7));
    const { status, body } = await upload(cut);
    expect(status).toBe(400);
    expect(body.error.message).toMatch(/OFX/);
    const accounts = await get(`/api/bank-statements/accounts?companyId=${companyId}&limit=100`);
    expect(accounts.body.data.map((a: { accountNumber: string }) => a.accountNumber)).not.toContain('truncated-1');
  });

  it('refuses what is not an OFX file, an empty file and a missing file in Portuguese', async () => {
    const pdf = await upload('%PDF-1.4 not a statement', { name: 'extrato.pdf' });
    expect(pdf.status).toBe(400);
    expect(pdf.body.error.message).toMatch(/OFX/);
    expect((await upload('')).body.error.message).toBe('O arquivo está vazio.');
    const form = new FormData();
    const response = await fetch(`${server.baseUrl}/api/bank-statements/ofx/upload?companyId=${companyId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customer.token}` },
      body: form,
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe('Escolha o arquivo OFX do extrato.');
  });

  it(`refuses more than ${MAX_OFX_STATEMENTS} statements or ${MAX_OFX_MOVEMENTS} movements in one file, writing nothing`, async () => {
    const company = await server.createCompany({ status: 'active' });
    const owner = await server.createUser({ companyIds: [company] });
    const statement = ofx(['20260305;-1.00;TARIFA'], 'many-0');
    const body = statement.slice(statement.indexOf('<BANKMSGSRSV1>'), statement.indexOf('</OFX>'));
    const many = (n: number) =>
      statement.replace(body, Array.from({ length: n }, (_, i) => body.replaceAll('many-0', `many-${i}`)).join('\n'));
    const accounts = async () =>
      (await get(`/api/bank-statements/accounts?companyId=${company}&limit=100`, owner.token)).body.data.length;

    const tooMany = await upload(many(MAX_OFX_STATEMENTS + 1), { token: owner.token, company });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toBe(
      `O arquivo tem ${MAX_OFX_STATEMENTS + 1} extratos (contas); o limite é ${MAX_OFX_STATEMENTS} por arquivo. Exporte menos contas de cada vez.`,
    );
    expect(await accounts()).toBe(0);
    expect((await upload(many(MAX_OFX_STATEMENTS), { token: owner.token, company })).status).toBe(201);
    expect(await accounts()).toBe(MAX_OFX_STATEMENTS);

    const line = '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260305<TRNAMT>-1.00<MEMO>TARIFA</STMTTRN>\n';
    const huge = ofx([], 'huge-1').replace('</BANKTRANLIST>', `${line.repeat(MAX_OFX_MOVEMENTS + 1)}</BANKTRANLIST>`);
    const refused = await upload(huge, { token: owner.token, company });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(
      `O arquivo tem mais de ${MAX_OFX_MOVEMENTS.toLocaleString('pt-BR')} movimentações, o limite por arquivo. Exporte um período menor.`,
    );
    expect(await accounts()).toBe(MAX_OFX_STATEMENTS);
  });

  it(`keeps descriptions and memos up to ${MAX_MOVEMENT_TEXT} characters, cutting longer ones with a mark`, async () => {
    const company = await server.createCompany({ status: 'active' });
    const owner = await server.createUser({ companyIds: [company] });
    const long = 'PAGAMENTO '.repeat(50_000);
    const file = ofx([`20260305;-10.00;${long}`], 'long-1').replace('<MEMO>', `<NAME>${'FORNECEDOR '.repeat(200)}\n<MEMO>`);
    const { status, body } = await upload(file, { token: owner.token, company });
    expect(status).toBe(201);
    const [movement] = (
      await get(`/api/bank-statements/transactions?companyId=${company}&accountId=${body.data.accounts[0].id}`, owner.token)
    ).body.data;
    expect(movement.description).toHaveLength(MAX_MOVEMENT_TEXT);
    expect(movement.description.endsWith(TEXT_CUT_MARK)).toBe(true);
    expect(movement.description.startsWith('FORNECEDOR FORNECEDOR')).toBe(true);
    expect(movement.memo).toHaveLength(MAX_MOVEMENT_TEXT);
    expect(movement.memo.endsWith(TEXT_CUT_MARK)).toBe(true);
    // The same file again is the same movement, not a second one.
    expect((await upload(file, { token: owner.token, company })).body.data).toMatchObject({ added: 0, duplicates: 1 });
  });

  it('answers 413 for a file over the limit', async () => {
    const { status, body } = await upload(new Uint8Array(26 * 1024 * 1024).fill(32));
    expect(status).toBe(413);
    expect(body.error.message).toMatch(/limite de 25 MB/);
  });

  it('keeps companies apart: 401 without a token, 403 for another company, the team may act', async () => {
    const file = ofx(['20260305;-50.00;PIX'], 'tenant-1');
    expect((await upload(file, { token: 'not-a-token' })).status).toBe(401);
    expect((await upload(file, { token: other.token })).status).toBe(403);
    expect((await get(`/api/bank-statements/accounts?companyId=${companyId}`, other.token)).status).toBe(403);
    expect((await upload(file, { token: admin.token })).status).toBe(201);
    const accounts = await get(`/api/bank-statements/accounts?companyId=${companyId}&limit=100`, admin.token);
    const account = accounts.body.data.find((a: { accountNumber: string }) => a.accountNumber === 'tenant-1');
    // Another company's id with this account: not found there.
    const foreign = await get(
      `/api/bank-statements/transactions?companyId=${otherCompanyId}&accountId=${account.id}`,
      other.token,
    );
    expect(foreign.status).toBe(404);
    const deleted = await server.call(`/api/bank-statements/accounts/${account.id}?companyId=${otherCompanyId}`, {
      method: 'DELETE',
      token: other.token,
    });
    expect(deleted.status).toBe(404);
  });
});

describe('categories, rules, exports and the report', () => {
  let accountId: string;
  let company: string;
  let owner: TestUser;

  beforeAll(async () => {
    company = await server.createCompany({ status: 'active' });
    owner = await server.createUser({ companyIds: [company] });
    const file = ofx(
      [
        '20260302;2.500,00;PIX RECEBIDO ACME LTDA 12/03',
        '20260303;-39,90;TARIFA BANCARIA PACOTE',
        '20260310;-1.200,00;ALUGUEL SALA 12',
        '20260315;1.000,00;PIX RECEBIDO ACME LTDA 15/03',
        '20260401;-39,90;TARIFA BANCARIA PACOTE',
      ],
      'cat-1',
    );
    const { body } = await upload(file, { token: owner.token, company });
    accountId = body.data.accounts[0].id;
  });

  const transactions = async (query = '') =>
    (await get(`/api/bank-statements/transactions?companyId=${company}&accountId=${accountId}&limit=100${query}`, owner.token))
      .body;

  it('lists the seeded tax categories an accountant recognises', async () => {
    const { body } = await get('/api/bank-statements/tax-categories');
    const names = body.data.map((c: { name: string }) => c.name);
    expect(names).toEqual(
      expect.arrayContaining(['Receita de serviços', 'Pró-labore', 'Tarifas bancárias', 'Distribuição de lucros']),
    );
  });

  it('categorises one movement, refuses an unknown category, and a rule never overwrites a manual choice', async () => {
    const all = await transactions();
    const rent = all.data.find((t: { description: string }) => t.description.startsWith('ALUGUEL'));
    const bad = await server.call(`/api/bank-statements/transactions/${rent.id}/tax-category?companyId=${company}`, {
      method: 'PUT',
      token: owner.token,
      body: { taxCategoryId: 'nao-existe' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Escolha uma categoria válida.');
    const ok = await server.call(`/api/bank-statements/transactions/${rent.id}/tax-category?companyId=${company}`, {
      method: 'PUT',
      token: owner.token,
      body: { taxCategoryId: 'aluguel' },
    });
    expect(ok.body.data).toMatchObject({ taxCategoryId: 'aluguel', categorySource: 'manual' });

    // A rule matching the rent too must leave it alone.
    const rule = await server.call(`/api/bank-statements/category-rules?companyId=${company}`, {
      method: 'POST',
      token: owner.token,
      body: { contains: 'sala', direction: 'out', taxCategoryId: 'despesas-administrativas' },
    });
    expect(rule.status).toBe(201);
    expect(rule.body.applied).toBe(0);
    const tariffs = await server.call(`/api/bank-statements/category-rules?companyId=${company}`, {
      method: 'POST',
      token: owner.token,
      body: { contains: 'tarifa bancária', taxCategoryId: 'tarifas-bancarias' },
    });
    expect(tariffs.body.applied).toBe(2);
    const duplicate = await server.call(`/api/bank-statements/category-rules?companyId=${company}`, {
      method: 'POST',
      token: owner.token,
      body: { contains: 'tarifa bancária', taxCategoryId: 'tarifas-bancarias' },
    });
    expect(duplicate.status).toBe(409);
    expect((await transactions()).data.find((t: { id: string }) => t.id === rent.id)).toMatchObject({
      taxCategoryId: 'aluguel',
      categorySource: 'manual',
    });
    expect((await transactions('&withoutTaxCategory=true')).total).toBe(2);
  });

  it('categorises selected movements at once, only the company’s own', async () => {
    const pending = await transactions('&withoutTaxCategory=true');
    const ids = pending.data.map((t: { id: string }) => t.id);
    const foreign = await server.call(`/api/bank-statements/transactions/tax-category?companyId=${otherCompanyId}`, {
      method: 'POST',
      token: other.token,
      body: { ids, taxCategoryId: 'receita-servicos' },
    });
    expect(foreign.body.data.updated).toBe(0);
    const empty = await server.call(`/api/bank-statements/transactions/tax-category?companyId=${company}`, {
      method: 'POST',
      token: owner.token,
      body: { ids: [], taxCategoryId: 'receita-servicos' },
    });
    expect(empty.body.error.message).toBe('Selecione ao menos uma movimentação.');
    const bulk = await server.call(`/api/bank-statements/transactions/tax-category?companyId=${company}`, {
      method: 'POST',
      token: owner.token,
      body: { ids, taxCategoryId: 'receita-servicos' },
    });
    expect(bulk.body.data.updated).toBe(2);
    expect((await transactions('&withoutTaxCategory=true')).total).toBe(0);
  });

  it('applies rules at import to new movements', async () => {
    const file = ofx(['20260320;-19,90;TARIFA BANCARIA TED'], 'cat-1');
    const { body } = await upload(file, { token: owner.token, company });
    expect(body.data).toMatchObject({ added: 1, categorized: 1 });
  });

  it('sums each category over a month, a quarter and a year', async () => {
    const march = await get(`/api/reports/billing-by-category?companyId=${company}&period=2026-03`, owner.token);
    expect(march.status).toBe(200);
    expect(march.body.data).toMatchObject({
      from: '2026-03-01',
      to: '2026-03-31',
      totalInCents: 350000,
      totalOutCents: 3990 + 120000 + 1990,
    });
    expect(march.body.data.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ taxCategoryId: 'receita-servicos', inCents: 350000, outCents: 0, count: 2 }),
        expect.objectContaining({ taxCategoryId: 'tarifas-bancarias', outCents: 3990 + 1990, count: 2 }),
      ]),
    );
    const quarter = await get(`/api/reports/billing-by-category?companyId=${company}&period=2026-t1`, owner.token);
    expect(quarter.body.data).toMatchObject({ from: '2026-01-01', to: '2026-03-31' });
    const year = await get(`/api/reports/billing-by-category?companyId=${company}&period=2026`, owner.token);
    expect(year.body.data.totalOutCents).toBe(3990 + 120000 + 1990 + 3990);
    const bad = await get(`/api/reports/billing-by-category?companyId=${company}&period=março`, owner.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^Informe o período/);
    expect((await get(`/api/reports/billing-by-category?companyId=${company}&period=2026`, other.token)).status).toBe(403);
  });

  it('exports a month as the ledger text layout (Windows-1252) and as CSV', async () => {
    const response = await fetch(
      `${server.baseUrl}/api/bank-statements/accounts/${accountId}/exports/txt?companyId=${company}&date=2026-03`,
      { headers: { authorization: `Bearer ${owner.token}` } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('extrato-cat-1-2026-03.txt');
    expect(response.headers.get('x-uncategorised-omitted')).toBe('0');
    const text = new TextDecoder('windows-1252').decode(await response.arrayBuffer());
    const lines = text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBe('02/03/2026;1.1.1.02;3.1.1.01;2500,00;PIX RECEBIDO ACME LTDA 12/03');
    expect(lines).toContain('10/03/2026;4.1.2.01;1.1.1.02;1200,00;ALUGUEL SALA 12');
    const csv = await fetch(
      `${server.baseUrl}/api/bank-statements/accounts/${accountId}/exports/csv?companyId=${company}&date=2026-03`,
      {
        headers: { authorization: `Bearer ${owner.token}` },
      },
    );
    const csvText = await csv.text();
    expect(csvText.split('\r\n')[0]).toBe('Data;Descrição;Complemento;Valor;Tipo;Categoria;Conta contábil');
    expect(csvText).toContain('10/03/2026;ALUGUEL SALA 12;;-1200,00;Saída;Aluguel e condomínio;4.1.2.01');
    const noType = await fetch(
      `${server.baseUrl}/api/bank-statements/accounts/${accountId}/exports/pdf?companyId=${company}&date=2026-03`,
      {
        headers: { authorization: `Bearer ${owner.token}` },
      },
    );
    expect(noType.status).toBe(400);
    const noDate = await get(`/api/bank-statements/accounts/${accountId}/exports/txt?companyId=${company}`, owner.token);
    expect(noDate.body.error.message).toBe('Informe o mês no formato AAAA-MM.');
  });

  it('never exports a month’s gaps silently: asks what to do with movements without category, then marks or omits them', async () => {
    // March 2017: 36 movements, only the bank fee categorised.
    const file = ofx(
      [
        '20170301;-12,50;TARIFA BANCARIA PACOTE',
        ...Array.from(
          { length: 35 },
          (_, i) =>
            `201703${String((i % 28) + 1).padStart(2, '0')};${i % 2 ? '-' : ''}${i + 1}0,00;PIX ${i % 2 ? 'ENVIADO' : 'RECEBIDO'} ${i + 1}`,
        ),
      ],
      'gap-1',
    );
    const { body } = await upload(file, { token: owner.token, company });
    expect(body.data).toMatchObject({ added: 36 });
    const gapAccount = body.data.accounts[0].id;
    const listed = await get(
      `/api/bank-statements/transactions?companyId=${company}&accountId=${gapAccount}&limit=100`,
      owner.token,
    );
    const fee = listed.body.data.find((t: { description: string }) => t.description.startsWith('TARIFA'));
    await server.call(`/api/bank-statements/transactions/${fee.id}/tax-category?companyId=${company}`, {
      method: 'PUT',
      token: owner.token,
      body: { taxCategoryId: 'tarifas-bancarias' },
    });
    const exportUrl = (type: string, query = '') =>
      `${server.baseUrl}/api/bank-statements/accounts/${gapAccount}/exports/${type}?companyId=${company}&date=2017-03${query}`;
    const download = (type: string, query = '') =>
      fetch(exportUrl(type, query), { headers: { authorization: `Bearer ${owner.token}` } });

    // The screen learns the gap before exporting.
    const summary = await get(
      `/api/bank-statements/accounts/${gapAccount}/export-summary?companyId=${company}&date=2017-03`,
      owner.token,
    );
    expect(summary.status).toBe(200);
    expect(summary.body.data).toEqual({ month: '2017-03', total: 36, uncategorised: 35 });
    expect(
      (await get(`/api/bank-statements/accounts/${gapAccount}/export-summary?companyId=${company}&date=2017-03`, other.token))
        .status,
    ).toBe(403);

    // Without saying what to do with them, neither file is produced.
    for (const type of ['txt', 'csv']) {
      const refused = await download(type);
      expect(refused.status, type).toBe(409);
      const error = (await refused.json()).error;
      expect(error.code).toBe('confirmation_required');
      expect(error.message).toMatch(/^35 de 36 movimentações de março\/2017 estão sem categoria\./);
    }
    const bad = await get(exportUrl('txt', '&uncategorised=talvez').replace(server.baseUrl, ''), owner.token);
    expect(bad.status).toBe(400);

    // Exported anyway: each on the "a classificar" account, no line with an empty account.
    const included = await download('txt', '&uncategorised=include');
    expect(included.status).toBe(200);
    expect(included.headers.get('x-uncategorised-included')).toBe('35');
    expect(included.headers.get('x-uncategorised-omitted')).toBe('0');
    const lines = new TextDecoder('windows-1252')
      .decode(await included.arrayBuffer())
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(36);
    for (const line of lines)
      expect(
        line
          .split(';')
          .slice(0, 4)
          .every((field) => field !== ''),
        line,
      ).toBe(true);
    expect(lines.filter((line) => line.includes(';1.1.9.99;'))).toHaveLength(35);
    expect(lines).toContain('01/03/2017;4.1.4.01;1.1.1.02;12,50;TARIFA BANCARIA PACOTE');

    // Or left out, and the answer says how many.
    const omitted = await download('txt', '&uncategorised=omit');
    expect(omitted.headers.get('x-uncategorised-omitted')).toBe('35');
    expect(new TextDecoder('windows-1252').decode(await omitted.arrayBuffer())).toBe(
      '01/03/2017;4.1.4.01;1.1.1.02;12,50;TARIFA BANCARIA PACOTE\r\n',
    );
    const csv = await (await download('csv', '&uncategorised=include')).text();
    expect(csv).toContain(';A classificar;1.1.9.99');
    expect(csv.split('\r\n').filter((row) => row.endsWith(';;'))).toEqual([]);
    await server.call(`/api/bank-statements/accounts/${gapAccount}?companyId=${company}`, {
      method: 'DELETE',
      token: owner.token,
    });
  });

  it('deletes an account with its movements', async () => {
    const deleted = await server.call(`/api/bank-statements/accounts/${accountId}?companyId=${company}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(deleted.status).toBe(200);
    expect((await get(`/api/bank-statements/accounts?companyId=${company}`, owner.token)).body.total).toBe(0);
    const gone = await get(`/api/bank-statements/transactions?companyId=${company}&accountId=${accountId}`, owner.token);
    expect(gone.status).toBe(404);
  });
});

describe('the movements list, as PostgreSQL writes its JSON', () => {
  it('answers every field exactly as toTransactionDto gives it, page by page, filtered or not', async () => {
    const company = await server.createCompany({ status: 'active' });
    const owner = await server.createUser({ companyIds: [company] });
    const { body } = await upload(ofx(['20260302;10,00;PIX'], 'json-1'), { token: owner.token, company });
    const accountId: string = body.data.accounts[0].id;
    // What JSON and timestamps make hard: quotes, backslashes, control characters, accents and emoji, nulls, large and
    // negative amounts, microseconds that must be cut (not rounded) to the millisecond, dates in another time zone.
    const texts = ['aspas "duplas" e \\barra\\', 'linha\nnova\ttab\u0001', 'Pagamento São João — ção 🧾', '</script>', ''];
    const rows = Array.from({ length: 23 }, (_, i) => ({
      accountId,
      companyId: company,
      postedOn: `2026-0${1 + (i % 3)}-${String(1 + i).padStart(2, '0')}`,
      amountCents: i % 2 ? -(2 ** 40) - i : 99_999_999_999 * i,
      description: texts[i % texts.length] || 'VAZIO',
      memo: i % 4 ? texts[(i + 1) % texts.length] : null,
      type: i % 5 ? 'DEBIT' : null,
      dedupKey: `json-${i}`,
      taxCategoryId: i % 3 ? 'aluguel' : null,
      categorySource: i % 3 ? ('manual' as const) : null,
      createdAt: new Date(Date.UTC(2026, 0, 1, 23, 59, 59, 999) + i * 1000),
    }));
    await server.db.insert(bankTransactions).values(rows);
    // Microseconds PostgreSQL keeps and a JavaScript date cannot: .999999 must read .999.
    await server.db.execute(
      sql`update bank_transactions set created_at = created_at + interval '999 microseconds' where account_id = ${accountId}`,
    );
    const expected = (
      await server.db
        .select()
        .from(bankTransactions)
        .where(eq(bankTransactions.accountId, accountId))
        .orderBy(desc(bankTransactions.postedOn), desc(bankTransactions.createdAt), asc(bankTransactions.id))
    ).map(toTransactionDto);
    expect(expected).toHaveLength(24);

    const list = async (query: string) => {
      const response = await fetch(
        `${server.baseUrl}/api/bank-statements/transactions?companyId=${company}&accountId=${accountId}${query}`,
        { headers: { authorization: `Bearer ${owner.token}` } },
      );
      expect(response.status, query).toBe(200);
      expect(response.headers.get('content-type'), query).toMatch(/^application\/json/);
      return response.json();
    };
    const pages = [];
    for (let offset = 0; offset < 30; offset += 10) pages.push(await list(`&limit=10&offset=${offset}`));
    expect(pages.flatMap((page) => page.data)).toEqual(expected);
    expect(pages.map((page) => page.total)).toEqual([24, 24, 24]);
    expect(pages[0].data[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const february = await list('&month=2026-02&limit=100');
    expect(february).toEqual({ data: expected.filter((row) => row.postedOn.startsWith('2026-02')), total: 8 });
    const uncategorised = await list('&withoutTaxCategory=true&limit=100');
    expect(uncategorised.data).toEqual(expected.filter((row) => row.taxCategoryId === null));
    expect(uncategorised.total).toBe(uncategorised.data.length);
    expect(await list('&month=2025-01')).toEqual({ data: [], total: 0 });

    // Whatever time zone the connection runs in (São Paulo's here), a timestamp reads as toISOString writes it.
    const inSaoPaulo = await server.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'America/Sao_Paulo'`);
      return transactionsPageJson(tx, { companyId: company, accountId, withoutTaxCategory: false, limit: 100, offset: 0 });
    });
    expect(JSON.parse(inSaoPaulo!)).toEqual({ data: expected, total: 24 });
  });

  it('answers 404 for an account an import still under way opened, as for another company’s', async () => {
    const company = await server.createCompany({ status: 'active' });
    const owner = await server.createUser({ companyIds: [company] });
    const [running] = await server.db
      .insert(bankStatementImports)
      .values({ companyId: company, status: 'importing', total: 10, processed: 2, heartbeatAt: new Date() })
      .returning();
    const [account] = await server.db
      .insert(bankAccounts)
      .values({ companyId: company, source: 'ofx', accountNumber: 'em-importacao-1', kind: 'checking', importId: running.id })
      .returning();
    const hidden = await get(`/api/bank-statements/transactions?companyId=${company}&accountId=${account.id}`, owner.token);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.message).toBe('Conta bancária não encontrada.');
    // Once the import is done, the account and its (empty) list are there.
    await server.db.update(bankStatementImports).set({ status: 'done' }).where(eq(bankStatementImports.id, running.id));
    const shown = await get(`/api/bank-statements/transactions?companyId=${company}&accountId=${account.id}`, owner.token);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({ data: [], total: 0 });
  });
});
