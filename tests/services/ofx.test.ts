import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { OfxAccount, OfxStatement } from '@server/services/ofx';
import { dedupKeys } from '@server/db/bank-statements';
import { OfxParseError, parseAmountCents, parseDate, parseOfx } from '@server/services/ofx';

const TODAY = '2026-11-23';

function fixture(name: string): Buffer {
  return readFileSync(new URL(`../fixtures/ofx/${name}`, import.meta.url));
}

function parse(input: Uint8Array | string, today = TODAY): OfxStatement {
  return parseOfx(input, { today });
}

function sum(account: OfxAccount): number {
  return account.transactions.reduce((total, t) => total + t.amountCents, 0);
}

/** The error parseOfx throws, to check its class and message. */
function failure(input: Uint8Array | string, today = TODAY): OfxParseError {
  try {
    parse(input, today);
  } catch (error) {
    expect(error).toBeInstanceOf(OfxParseError);
    return error as OfxParseError;
  }
  throw new Error('parseOfx did not throw');
}

const SGML_HEADER = [
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
].join('\n');

interface Line {
  amount: string;
  date?: string;
  name?: string;
  memo?: string;
  type?: string;
  fitId?: string;
}

function sgmlLines(lines: Line[]): string {
  return lines
    .map(
      (l, i) =>
        `<STMTTRN>\n<TRNTYPE>${l.type ?? 'OTHER'}\n<DTPOSTED>${l.date ?? '20240510'}\n<TRNAMT>${l.amount}\n` +
        `<FITID>${l.fitId ?? `F${i + 1}`}\n` +
        (l.name !== undefined ? `<NAME>${l.name}\n` : '') +
        (l.memo !== undefined ? `<MEMO>${l.memo}\n` : '') +
        '</STMTTRN>\n',
    )
    .join('');
}

function sgmlChecking(lines: Line[], accountId = '12345-6'): string {
  return (
    '<STMTTRNRS>\n<TRNUID>1\n<STATUS>\n<CODE>0\n<SEVERITY>INFO\n</STATUS>\n<STMTRS>\n<CURDEF>BRL\n' +
    `<BANKACCTFROM>\n<BANKID>341\n<BRANCHID>1234\n<ACCTID>${accountId}\n<ACCTTYPE>CHECKING\n</BANKACCTFROM>\n` +
    '<BANKTRANLIST>\n<DTSTART>20240501\n<DTEND>20240531\n' +
    sgmlLines(lines) +
    '</BANKTRANLIST>\n<LEDGERBAL>\n<BALAMT>100.00\n<DTASOF>20240531\n</LEDGERBAL>\n</STMTRS>\n</STMTTRNRS>\n'
  );
}

/** A complete OFX 1.02 file with one checking account holding `lines`. */
function sgmlFile(lines: Line[]): string {
  return (
    SGML_HEADER +
    '<OFX>\n<SIGNONMSGSRSV1>\n<SONRS>\n<STATUS>\n<CODE>0\n<SEVERITY>INFO\n</STATUS>\n<DTSERVER>20240601\n<LANGUAGE>POR\n</SONRS>\n</SIGNONMSGSRSV1>\n' +
    `<BANKMSGSRSV1>\n${sgmlChecking(lines)}</BANKMSGSRSV1>\n</OFX>\n`
  );
}

describe('parseOfx on the sample files', () => {
  it('reads the Itaú OFX 1.02 file (unclosed leaves, [-03:EST] offsets)', () => {
    const statement = parse(fixture('itau-checking-sgml102.ofx'));
    expect(statement.version).toBe(1);
    expect(statement.accounts).toHaveLength(1);
    const [account] = statement.accounts;
    expect(account).toMatchObject({
      kind: 'checking',
      bankId: '0341',
      branchId: null,
      accountId: '9999 99999-9',
      currency: 'BRL',
      startDate: '2013-12-05',
      endDate: '2014-02-28',
      ledgerBalanceCents: -999999,
      skipped: 0,
    });
    expect(account.transactions).toHaveLength(3);
    expect(sum(account)).toBe(-64444);
    expect(account.transactions[0]).toEqual({
      fitId: '20131209001',
      postedOn: '2013-12-09',
      amountCents: -66666,
      type: 'DEBIT',
      name: null,
      memo: 'RSHOP',
      checkNumber: '20131209001',
    });
    expect(account.transactions[2].memo).toBe('SISDEB');
  });

  it('reads the Santander file: amounts padded with spaces, one with a decimal comma', () => {
    const [account] = parse(fixture('santander-checking-comma-decimal.ofx')).accounts;
    expect(account).toMatchObject({ kind: 'checking', bankId: '033', accountId: '9999999999999', currency: 'BRL' });
    expect(account.ledgerBalanceCents).toBe(999999);
    expect(account.transactions.map((t) => t.amountCents)).toEqual([-1111, -22222, -33333]);
    expect(account.transactions[1]).toMatchObject({ fitId: '00000105', memo: 'COMPENSACAO INTERNA DE CHEQUE' });
    expect(sum(account)).toBe(-56666);
  });

  it('imports a Santander export whose amounts group more than three digits before the decimal comma', () => {
    const [account] = parse(sgmlFile([{ amount: '6000.000,00' }, { amount: '-12.80' }, { amount: '-1500.000,25' }])).accounts;
    expect(account.transactions.map((t) => t.amountCents)).toEqual([600000000, -1280, -150000025]);
  });

  it('reads the Sulcredi file whose sign-on is a SONRQ', () => {
    const statement = parse(fixture('sulcredi-checking-sonrq.ofx'));
    expect(statement.accounts).toHaveLength(1);
    const [account] = statement.accounts;
    expect(account).toMatchObject({ kind: 'checking', bankId: '273', accountId: '12345-6', currency: 'BRL' });
    expect(account.ledgerBalanceCents).toBe(500000);
    expect(account.transactions).toHaveLength(2);
    expect(sum(account)).toBe(125000);
    expect(account.transactions.map((t) => [t.postedOn, t.memo])).toEqual([
      ['2026-04-15', 'TED RECEBIDA'],
      ['2026-04-20', 'PAGAMENTO BOLETO'],
    ]);
  });

  it('decodes the Banco do Brasil file as UTF-8 although the header says CHARSET:1252', () => {
    const [account] = parse(fixture('bb-checking-utf8-declared-1252.ofx')).accounts;
    expect(account).toMatchObject({
      kind: 'checking',
      bankId: '001',
      accountId: '455000-5',
      currency: 'BRL',
      startDate: '2015-10-30',
      endDate: '2015-11-30',
      ledgerBalanceCents: 23935,
    });
    expect(account.transactions).toHaveLength(1);
    expect(sum(account)).toBe(23955);
    expect(account.transactions[0]).toEqual({
      fitId: '20151103023955',
      postedOn: '2015-11-03',
      amountCents: 23955,
      type: 'DEP',
      name: null,
      memo: 'DOC CRÉDITO EM CONTA',
      checkNumber: '252602',
    });
  });

  it('reads the credit-card statement (CCSTMTRS, REFNUM)', () => {
    const [account] = parse(fixture('creditcard-gbp-sgml102.ofx')).accounts;
    expect(account).toMatchObject({
      kind: 'credit_card',
      bankId: null,
      branchId: null,
      accountId: '1234567891234567',
      currency: 'GBP',
      ledgerBalanceCents: -50000,
    });
    expect(account.transactions).toEqual([
      {
        fitId: 'ABCDEFGHIJ',
        postedOn: '2016-08-23',
        amountCents: -10000,
        type: 'POS',
        name: 'VENDOR',
        memo: null,
        checkNumber: 'VENDOR',
      },
    ]);
  });

  it('reads the same statement from the OFX 1.03 SGML and the OFX 2.00 XML files', () => {
    const sgml = parse(fixture('mybank-checking-sgml103.ofx'));
    const xml = parse(fixture('mybank-checking-xml200.ofx'));
    expect(sgml.version).toBe(1);
    expect(xml.version).toBe(2);
    for (const statement of [sgml, xml]) {
      expect(statement.accounts).toHaveLength(1);
      const [account] = statement.accounts;
      expect(account).toMatchObject({
        kind: 'savings',
        bankId: '987654321',
        accountId: '098-121',
        currency: 'USD',
        startDate: '2007-01-01',
        endDate: '2007-10-15',
        ledgerBalanceCents: 525000,
      });
      expect(account.transactions).toHaveLength(3);
      expect(sum(account)).toBe(25000);
      expect(account.transactions[2]).toMatchObject({ fitId: '980309001', checkNumber: '1025', amountCents: -10000 });
    }
    // The two files differ in the last line's type and name.
    expect(sgml.accounts[0].transactions[2]).toMatchObject({ type: 'PAYMENT', name: 'John Hancock' });
    expect(xml.accounts[0].transactions[2]).toMatchObject({ type: 'CHECK', name: 'Cheque' });
  });

  it('reads the tab-indented file, including a 0.01 line', () => {
    const [account] = parse(fixture('fake-checking-sgml102.ofx')).accounts;
    expect(account).toMatchObject({ kind: 'checking', bankId: '5472369148', accountId: '1452687~7', currency: 'USD' });
    expect(account.transactions).toHaveLength(3);
    expect(sum(account)).toBe(-5950);
    expect(account.transactions[0]).toMatchObject({ amountCents: 1, postedOn: '2011-03-31', type: 'CREDIT' });
    expect(account.transactions[2]).toMatchObject({ checkNumber: '319', name: 'RETURNED CHECK FEE, CHECK # 319' });
  });

  it('reads the file with one transaction per line', () => {
    const [account] = parse(fixture('cad-checking-one-line-per-trn.ofx')).accounts;
    expect(account).toMatchObject({
      kind: 'checking',
      bankId: '160000100',
      branchId: '00',
      accountId: '12300 000012345678',
      currency: 'CAD',
      endDate: '2009-05-23',
      ledgerBalanceCents: 38234,
    });
    expect(account.transactions).toHaveLength(3);
    expect(sum(account)).toBe(-34527);
    expect(account.transactions[1]).toMatchObject({
      postedOn: '2009-04-02',
      amountCents: -31667,
      name: "Joe's Bald Hairstyles",
      memo: "MISCELLANEOUS PAYMENTS;Joe's Bald Hairstyles",
      checkNumber: '0',
    });
  });

  it('reads the XML file with CDATA and CRLF line ends', () => {
    const statement = parse(fixture('suncorp-xml200-cdata.ofx'));
    expect(statement.version).toBe(2);
    const [account] = statement.accounts;
    expect(account).toMatchObject({ kind: 'checking', bankId: 'SUNCORP', accountId: '123456789', currency: 'AUD' });
    expect(account.ledgerBalanceCents).toBe(123412);
    expect(account.transactions).toHaveLength(1);
    expect(sum(account)).toBe(-1685);
    expect(account.transactions[0]).toMatchObject({
      name: 'EFTPOS WDL HANDYWAY ALDI STORE',
      memo: 'EFTPOS WDL HANDYWAY ALDI STORE GEELONG WEST VICAU',
      checkNumber: '0',
    });
  });

  it('reads the file whose whole body is on one line', () => {
    const [account] = parse(fixture('eur-checking-single-line.ofx')).accounts;
    expect(account).toMatchObject({
      kind: 'checking',
      bankId: 'XXXXX',
      branchId: 'XXXXX',
      accountId: 'XXXXXXXXXXX',
      currency: 'EUR',
      startDate: '2016-02-08',
      endDate: '2016-07-20',
      ledgerBalanceCents: 10000,
    });
    expect(account.transactions).toHaveLength(8);
    expect(sum(account)).toBe(-197710);
    expect(account.transactions[0]).toEqual({
      fitId: 'PU3YMMLLQ9',
      postedOn: '2016-07-19',
      amountCents: -155,
      type: 'DEBIT',
      name: 'FRAIS TRIMESTRIELS',
      memo: null,
      checkNumber: null,
    });
    expect(account.transactions[7]).toMatchObject({ fitId: 'PU3Y36LC4I', amountCents: -11100, postedOn: '2016-02-16' });
  });

  it('reads the 42-transaction file', () => {
    const [account] = parse(fixture('eur-checking-cmfr-42trn.ofx')).accounts;
    expect(account).toMatchObject({ kind: 'checking', bankId: 'XXXX', accountId: 'XXXXXXXXXX', currency: 'EUR' });
    expect(account.ledgerBalanceCents).toBe(1000000);
    expect(account.transactions).toHaveLength(42);
    expect(sum(account)).toBe(-1349159);
    expect(account.transactions.filter((t) => t.amountCents > 0).reduce((s, t) => s + t.amountCents, 0)).toBe(770798);
    expect(new Set(account.transactions.map((t) => t.fitId)).size).toBe(42);
    expect(account.transactions.at(-1)).toMatchObject({ fitId: 'LL4YOB5HCF', postedOn: '2016-06-27', amountCents: -2799 });
  });
});

describe('parseOfx on text encodings and layouts', () => {
  it('decodes a latin-1 (windows-1252) file', () => {
    const text = sgmlFile([{ amount: '-45.90', name: 'PAGTO ELETRÔNICO', memo: 'AÇOUGUE SÃO JOSÉ – ÁGUA' }]);
    const bytes = Buffer.from(text.replace('–', '-'), 'latin1');
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    const [t] = parse(bytes).accounts[0].transactions;
    expect(t.name).toBe('PAGTO ELETRÔNICO');
    expect(t.memo).toBe('AÇOUGUE SÃO JOSÉ - ÁGUA');
  });

  it('decodes windows-1252 bytes that latin-1 lacks (€, en dash)', () => {
    const text = sgmlFile([{ amount: '-1.00', name: 'TARIFA X' }]);
    const bytes = Buffer.from(text, 'latin1');
    const at = bytes.indexOf('TARIFA X') + 'TARIFA '.length;
    const patched = Buffer.concat([bytes.subarray(0, at), Buffer.from([0x80, 0x20, 0x96, 0x20, 0xe7]), bytes.subarray(at + 1)]);
    expect(parse(patched).accounts[0].transactions[0].name).toBe('TARIFA € – ç');
  });

  it('keeps the accents of a UTF-8 file that has one stray byte', () => {
    const text = sgmlFile([
      { amount: '-1.00', name: 'TRANSFERÊNCIA PIX' },
      { amount: '-2.00', name: 'SÃO PAULO', memo: 'ÁGUA' },
    ]);
    const bytes = Buffer.from(text, 'utf8');
    // A name cut inside a "ç" by an old exporter: a lone lead byte.
    const at = bytes.indexOf('ÁGUA') + Buffer.byteLength('ÁGUA');
    const broken = Buffer.concat([bytes.subarray(0, at), Buffer.from([0xc3]), bytes.subarray(at)]);
    const [first, second] = parse(broken).accounts[0].transactions;
    expect(first.name).toBe('TRANSFERÊNCIA PIX');
    expect(second.name).toBe('SÃO PAULO');
    expect(second.memo).toBe('ÁGUAÃ');
  });

  it('uses a string input as it is', () => {
    const [t] = parse(sgmlFile([{ amount: '10', name: 'Café & Cia' }])).accounts[0].transactions;
    expect(t).toMatchObject({ name: 'Café & Cia', amountCents: 1000 });
  });

  it('accepts a BOM and blank lines before the header, and CRLF', () => {
    const text =
      '\uFEFF\r\n\r\n' +
      readFileSync(new URL('../fixtures/ofx/itau-checking-sgml102.ofx', import.meta.url), 'utf8').replace(/\n/g, '\r\n');
    for (const input of [text, Buffer.from(text, 'utf8')]) {
      const [account] = parse(input).accounts;
      expect(account.transactions).toHaveLength(3);
      expect(sum(account)).toBe(-64444);
    }
  });

  it('reads an OFX 2 file with an encoding declaration, closed tags and an empty element', () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE"?>\n' +
      '<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID><STMTRS><CURDEF>brl</CURDEF>' +
      '<BANKACCTFROM><BANKID>260</BANKID><ACCTID>999-1</ACCTID><ACCTTYPE>SAVINGS</ACCTTYPE></BANKACCTFROM>' +
      '<BANKTRANLIST><DTSTART>20240501000000[-3:BRT]</DTSTART><DTEND>20240531235959[-3:BRT]</DTEND>' +
      '<STMTTRN><TRNTYPE>credit</TRNTYPE><DTPOSTED>20240502235959.000[-3:BRT]</DTPOSTED><TRNAMT>+1500.5</TRNAMT>' +
      '<FITID> </FITID><NAME/><MEMO>Transferência recebida&#32;pelo&#x20;Pix</MEMO></STMTTRN>' +
      '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>';
    const statement = parse(Buffer.from(xml, 'utf8'));
    expect(statement.version).toBe(2);
    const [account] = statement.accounts;
    expect(account).toMatchObject({
      kind: 'savings',
      currency: 'BRL',
      startDate: '2024-05-01',
      endDate: '2024-05-31',
      ledgerBalanceCents: null,
    });
    expect(account.transactions).toEqual([
      {
        fitId: null,
        postedOn: '2024-05-02',
        amountCents: 150050,
        type: 'CREDIT',
        name: null,
        memo: 'Transferência recebida pelo Pix',
        checkNumber: null,
      },
    ]);
  });

  it('reads an SGML empty unclosed leaf without losing the fields after it', () => {
    const text = sgmlFile([{ amount: '-5.00', name: 'TARIFA' }]).replace('<FITID>F1\n', '<FITID>\n<PAYEEID>\n');
    const [t] = parse(text).accounts[0].transactions;
    expect(t).toMatchObject({ fitId: null, name: 'TARIFA', amountCents: -500 });
  });

  it('reads the payee name when there is no NAME', () => {
    const text = sgmlFile([{ amount: '-5.00' }]).replace(
      '</STMTTRN>',
      '<PAYEE>\n<NAME>LOJA XYZ\n<CITY>RECIFE\n</PAYEE>\n</STMTTRN>',
    );
    expect(parse(text).accounts[0].transactions[0].name).toBe('LOJA XYZ');
  });

  it('decodes entities and keeps a raw & that starts none', () => {
    const text = sgmlFile([
      {
        amount: '-1.00',
        name: 'PAG &amp; CIA &lt;LTDA&gt; &quot;X&quot; &apos;Y&apos; &#231;&#xE9;',
        memo: 'R&D 50% & mais &foo; AT&T;  &#0; fim',
      },
    ]);
    const [t] = parse(text).accounts[0].transactions;
    expect(t.name).toBe('PAG & CIA <LTDA> "X" \'Y\' çé');
    expect(t.memo).toBe('R&D 50% & mais &foo; AT&T; &#0; fim');
  });

  it('keeps a stray < that does not start a tag', () => {
    const [t] = parse(sgmlFile([{ amount: '-1.00', name: 'A < B <3 C' }])).accounts[0].transactions;
    expect(t.name).toBe('A < B <3 C');
  });
});

describe('parseOfx with several accounts', () => {
  it('reads both documents of two downloads joined into one file', () => {
    const first = sgmlFile([{ amount: '-1.00' }]);
    const second = sgmlFile([{ amount: '-2.00' }]).replace('<ACCTID>12345-6', '<ACCTID>99999-0');
    const { accounts } = parse(first + second);
    expect(accounts.map((a) => [a.accountId, a.transactions[0].amountCents])).toEqual([
      ['12345-6', -100],
      ['99999-0', -200],
    ]);
    // Trailing text that is not a document stays harmless.
    expect(parse(`${first}\n</OFX> lixo`).accounts).toHaveLength(1);
  });

  it('reads every transaction list of a statement, and lines outside any list', () => {
    const text = sgmlFile([
      { amount: '-1.10', fitId: 'A' },
      { amount: '1.50', fitId: 'B' },
      { amount: '-3.00', fitId: 'C' },
    ]);
    // One list per day (as some cooperatives export), the third line straight under the statement.
    const split = text
      .replace(
        '</STMTTRN>\n<STMTTRN>',
        '</STMTTRN>\n</BANKTRANLIST>\n<BANKTRANLIST>\n<DTSTART>20240503\n<DTEND>20240602\n<STMTTRN>',
      )
      .replace(/<\/STMTTRN>\n<STMTTRN>([\s\S]*?<\/STMTTRN>\n)<\/BANKTRANLIST>/, '</STMTTRN>\n</BANKTRANLIST>\n<STMTTRN>$1');
    expect(split.match(/<BANKTRANLIST>/g)).toHaveLength(2);
    const [account] = parse(split).accounts;
    expect(account.transactions.map((t) => t.amountCents)).toEqual([-110, 150, -300]);
    expect([account.startDate, account.endDate]).toEqual(['2024-05-01', '2024-06-02']);
  });

  it('reads two checking statements and a credit card in one file', () => {
    const card =
      '<CREDITCARDMSGSRSV1>\n<CCSTMTTRNRS>\n<TRNUID>3\n<CCSTMTRS>\n<CURDEF>BRL\n<CCACCTFROM>\n<ACCTID>5555 **** **** 1234\n</CCACCTFROM>\n' +
      '<BANKTRANLIST>\n<DTSTART>20240501\n<DTEND>20240531\n' +
      sgmlLines([
        { amount: '-120.00', name: 'MERCADO' },
        { amount: '-80,50', name: 'POSTO' },
        { amount: '500.00', name: 'PAGAMENTO FATURA' },
      ]) +
      '</BANKTRANLIST>\n<LEDGERBAL>\n<BALAMT>-1.234,56\n<DTASOF>20240531\n</LEDGERBAL>\n</CCSTMTRS>\n</CCSTMTTRNRS>\n</CREDITCARDMSGSRSV1>\n';
    const text =
      SGML_HEADER +
      '<OFX>\n<BANKMSGSRSV1>\n' +
      sgmlChecking([{ amount: '100.00', name: 'A' }], '111-1') +
      sgmlChecking(
        [
          { amount: '-30.00', name: 'B' },
          { amount: '-20.00', name: 'C' },
        ],
        '222-2',
      ) +
      '</BANKMSGSRSV1>\n' +
      card +
      '</OFX>\n';
    const { accounts } = parse(text);
    expect(accounts.map((a) => [a.kind, a.accountId, a.bankId, a.transactions.length, sum(a)])).toEqual([
      ['checking', '111-1', '341', 1, 10000],
      ['checking', '222-2', '341', 2, -5000],
      ['credit_card', '5555 **** **** 1234', null, 3, 29950],
    ]);
    expect(accounts[0].branchId).toBe('1234');
    expect(accounts[2].ledgerBalanceCents).toBe(-123456);
  });

  it('maps ACCTTYPE to the account kind', () => {
    const kinds = ['CHECKING', 'SAVINGS', 'MONEYMRKT', 'CREDITLINE'].map(
      (type) => parse(sgmlFile([{ amount: '1' }]).replace('<ACCTTYPE>CHECKING', `<ACCTTYPE>${type}`)).accounts[0].kind,
    );
    expect(kinds).toEqual(['checking', 'savings', 'other', 'other']);
  });

  it('defaults the currency to BRL', () => {
    expect(parse(sgmlFile([{ amount: '1' }]).replace('<CURDEF>BRL\n', '')).accounts[0].currency).toBe('BRL');
  });
});

describe('amounts and dates', () => {
  it.each([
    ['-1234.56', -123456],
    ['1234,56', 123456],
    ['1.234,56', 123456],
    ['-1.234.567,89', -123456789],
    ['1,234.56', 123456],
    ['1,234,567.89', 123456789],
    ['  -11.11  ', -1111],
    ['+12.5', 1250],
    ['- 7,00', -700],
    ['100', 10000],
    ['.5', 50],
    ['0.005', 1],
    ['-0.005', -1],
    ['0.0049', 0],
    ['1.2345', 123],
    ['-0.00', 0],
    ['0,1', 10],
    ['19.99', 1999],
    ['0.29', 29],
  ])('%s → %d centavos', (raw, cents) => {
    expect(Object.is(parseAmountCents(raw), cents)).toBe(true);
  });

  it.each(['', 'abc', '12a', '1.23,45', '1,2,3', '--5', '1e3', '12.34.5', '1 234', 'R$ 10,00'])('rejects %j', (raw) => {
    expect(parseAmountCents(raw)).toBeNull();
  });

  it.each([
    ['20240510', '2024-05-10'],
    ['20240510143000', '2024-05-10'],
    ['20240510233000.000[-3:BRT]', '2024-05-10'],
    ['20131209100000[-03:EST]', '2013-12-09'],
    ['20240229', '2024-02-29'],
    [' 20240510 ', '2024-05-10'],
  ])('date %s → %s', (raw, date) => {
    expect(parseDate(raw)).toBe(date);
  });

  it.each(['', '2024', '20241310', '20230229', '00000000', 'ontem'])('rejects the date %j', (raw) => {
    expect(parseDate(raw)).toBeNull();
  });

  it('reads thousands separators in a file', () => {
    const { accounts } = parse(sgmlFile([{ amount: '1.234,56' }, { amount: '-2,345.67' }, { amount: '10.000.000,00' }]));
    expect(accounts[0].transactions.map((t) => t.amountCents)).toEqual([123456, -234567, 1000000000]);
  });
});

describe('thousands separators', () => {
  it.each([
    ['1.234,56', 123456],
    ['1,234.56', 123456],
    ['-1.234,56', -123456],
    ['-1,234.56', -123456],
    ['+1.234,56', 123456],
    ['+1,234.56', 123456],
    ['1234,56', 123456],
    ['1234.56', 123456],
    ['1.234.567,89', 123456789],
    ['1,234,567.89', 123456789],
    ['-12.500,00', -1250000],
    ['12.345,6', 1234560],
    ['   -3.000,00', -300000],
    // A separator that repeats can only group thousands.
    ['1.234.567', 123456700],
    ['-1,234,567', -123456700],
    // After one separator, three digits are decimals when the integer part cannot be a first group of thousands.
    ['0.500', 50],
    ['0,005', 1],
    ['1234.567', 123457],
    ['.125', 13],
    ['1,234.567', 123457],
  ])('%j → %d centavos, whatever the file', (raw, cents) => {
    expect(parseAmountCents(raw)).toBe(cents);
    expect(parseAmountCents(raw, '.')).toBe(cents);
    expect(parseAmountCents(raw, ',')).toBe(cents);
  });

  it.each([
    // The last separator followed by exactly two digits is the decimal one, however many digits the other
    // separator's first group holds (a Santander export writes "6000.000,00").
    ['6000.000,00', 600000000],
    ['-6000.000,00', -600000000],
    ['12000.000,50', 1200000050],
    ['6000,000.00', 600000000],
    ['1234567.890,12', 123456789012],
  ])('%j → %d centavos: the last separator, two digits after it, is the decimal one', (raw, cents) => {
    expect(parseAmountCents(raw)).toBe(cents);
    expect(parseAmountCents(raw, '.')).toBe(cents);
    expect(parseAmountCents(raw, ',')).toBe(cents);
  });

  it.each([
    'R$ 1.234,56',
    '(1.234,56)',
    '1.234,56-',
    '12.34.567',
    '1,234.567,89',
    '1.234,567.89',
    '1.23.456,78',
    '6000.000,0',
    '6000.000,000',
    '1..234,56',
    '.234,56',
    '12.34.56',
    '6000.00,00',
  ])('rejects %j', (raw) => {
    expect(parseAmountCents(raw)).toBeNull();
  });

  it.each([
    // raw, decimal point file, decimal comma file
    ['1.234', 123, 123400],
    ['-1.234', -123, -123400],
    ['1,234', 123400, 123],
    ['+12,500', 1250000, 1250],
    ['100.000', 10000, 10000000],
    ['-2.675', -268, -267500],
    ['1.005', 101, 100500],
  ])('%j alone is ambiguous; the file decides (point: %d, comma: %d)', (raw, withPoint, withComma) => {
    expect(parseAmountCents(raw)).toBeNull();
    expect(parseAmountCents(raw, '.')).toBe(withPoint);
    expect(parseAmountCents(raw, ',')).toBe(withComma);
  });

  it('imports a decimal-comma file with thousands separators, reading a lone "-1.500" as thousands', () => {
    const [account] = parse(fixture('thousands-comma-decimal-sgml102.ofx')).accounts;
    expect(account.transactions.map((t) => [t.fitId, t.amountCents])).toEqual([
      ['202602020001', 123456789],
      ['202602030001', -123456],
      ['202602050001', 1250000],
      ['202602100001', -8990],
      ['202602120001', -300000],
      ['202602150001', -150000],
      ['202602200001', 432150],
    ]);
    expect(account.ledgerBalanceCents).toBe(124556493);
    expect(sum(account)).toBe(account.ledgerBalanceCents);
  });

  it('imports a decimal-point file with thousands separators, reading a lone "-1,500" as thousands', () => {
    const [account] = parse(fixture('thousands-point-decimal-xml200.ofx')).accounts;
    expect(account.transactions.map((t) => [t.fitId, t.amountCents])).toEqual([
      ['A1', 165000],
      ['A2', -234567],
      ['A3', -4590],
      ['A4', -150000],
      ['A5', 123456789],
      ['A6', 123456],
    ]);
    expect(account.ledgerBalanceCents).toBe(123356088);
    expect(sum(account)).toBe(account.ledgerBalanceCents);
  });

  it('reads a lone three-digit group by the separator the rest of the file uses for decimals', () => {
    const withBalance = (lines: Line[], balance: string) => sgmlFile(lines).replace('<BALAMT>100.00', `<BALAMT>${balance}`);
    const amounts = (text: string) => parse(text).accounts[0].transactions.map((t) => t.amountCents);
    expect(amounts(withBalance([{ amount: '-1.500' }, { amount: '89,90' }], '0'))).toEqual([-150000, 8990]);
    expect(amounts(withBalance([{ amount: '-1.500' }, { amount: '89.90' }], '0'))).toEqual([-150, 8990]);
    // The balance, a thousands-only amount or another account of the file show the convention just as well.
    expect(amounts(withBalance([{ amount: '-1.500' }], '2.345,67'))).toEqual([-150000]);
    expect(amounts(withBalance([{ amount: '-1.500' }, { amount: '-1,234,567' }], '0'))).toEqual([-150, -123456700]);
    const second = sgmlChecking([{ amount: '10,50' }], '99999-0').replace('<BALAMT>100.00', '<BALAMT>0');
    const joined = withBalance([{ amount: '1.500' }], '0').replace('</BANKMSGSRSV1>', `${second}</BANKMSGSRSV1>`);
    expect(parse(joined).accounts.map((a) => a.transactions[0].amountCents)).toEqual([150000, 1050]);
  });

  it('refuses a file with a truly ambiguous amount, naming the line and both readings', () => {
    expect(failure(fixture('refused/thousands-ambiguous-sgml102.ofx')).message).toBe(
      'Transação 2 da conta 54321-0 com valor ambíguo (TRNAMT "-1.500"): pode ser -1.500,00 ou -1,500, e nenhum ' +
        'outro valor do arquivo mostra se o separador decimal é o ponto ou a vírgula.',
    );
  });

  it('refuses an ambiguous amount when the file writes decimals both ways', () => {
    // Santander mixes "-11.11" and "-222,22" in one file: a "1,234" there cannot be told apart.
    const text = sgmlFile([{ amount: '-11.11' }, { amount: '-222,22' }, { amount: '1,234' }]);
    expect(failure(text).message).toBe(
      'Transação 3 da conta 12345-6 com valor ambíguo (TRNAMT "1,234"): pode ser 1.234,00 ou 1,234, e os outros ' +
        'valores do arquivo usam tanto o ponto quanto a vírgula como separador decimal.',
    );
    // Unambiguous amounts of such a file still import.
    expect(parse(fixture('santander-checking-comma-decimal.ofx')).accounts[0].transactions).toHaveLength(3);
  });

  it('leaves an ambiguous balance out instead of refusing the file', () => {
    const text = sgmlFile([{ amount: '-10' }]).replace('<BALAMT>100.00', '<BALAMT>1.234');
    expect(parse(text).accounts[0]).toMatchObject({ ledgerBalanceCents: null, transactions: [{ amountCents: -1000 }] });
    const known = sgmlFile([{ amount: '-10,00' }]).replace('<BALAMT>100.00', '<BALAMT>1.234');
    expect(parse(known).accounts[0].ledgerBalanceCents).toBe(123400);
  });
});

describe('balance and future lines', () => {
  it('skips balance lines and counts them, keeping genuine movements', () => {
    const skippedLines: Line[] = [
      { amount: '0.00', memo: 'SALDO ANTERIOR' },
      { amount: '1500.00', memo: 'Saldo Anterior' },
      { amount: '0', name: 'S A L D O' },
      { amount: '1200.00', name: 'SALDO DO DIA', memo: '05/03' },
      { amount: '1200.00', memo: 'SALDO DO DIA 05/03/2024' },
      { amount: '1200.00', memo: 'SALDO FINAL' },
      { amount: '-50.00', memo: 'SALDO BLOQUEADO' },
      { amount: '900.00', memo: 'SDO CTA/APL AUTOMATICAS' },
      { amount: '900.00', name: 'SDO CONTA' },
      { amount: '900.00', memo: 'Sáldo:' },
      { amount: '0.00', memo: 'SALDO TOTAL DISPONÍVEL DIA' },
      { amount: '0.00', memo: 'SALDO QUALQUER' },
    ];
    const keptLines: Line[] = [
      { amount: '-300.00', memo: 'PAGAMENTO SALDO FORNECEDOR' },
      { amount: '-300.00', memo: 'SALDO FORNECEDOR XYZ' },
      { amount: '0.00', memo: 'TARIFA ESTORNADA' },
      { amount: '-10.00', memo: 'SALDANHA MATERIAIS' },
      { amount: '25.00', memo: 'RESGATE SALDO APLICACAO' },
    ];
    const [account] = parse(sgmlFile([...skippedLines, ...keptLines])).accounts;
    expect(account.skipped).toBe(skippedLines.length);
    expect(account.transactions.map((t) => t.memo)).toEqual(keptLines.map((l) => l.memo));
    expect(account.transactions.find((t) => t.memo === 'TARIFA ESTORNADA')?.amountCents).toBe(0);
  });

  it('skips future lines, by date or by description, and counts them', () => {
    const [account] = parse(
      sgmlFile([
        { amount: '-10.00', date: '20240510', name: 'HOJE' },
        { amount: '-20.00', date: '20240511', name: 'AMANHA' },
        { amount: '-30.00', date: '20240509', name: 'LANÇAMENTO FUTURO' },
        { amount: '-40.00', date: '20240509', memo: 'LANCAMENTOS FUTUROS - DEBITO' },
        { amount: '-50.00', date: '20240509', memo: 'FUTURA LOJA' },
      ]),
      '2024-05-10',
    ).accounts;
    expect(account.transactions.map((t) => t.name ?? t.memo)).toEqual(['HOJE', 'FUTURA LOJA']);
    expect(account.skipped).toBe(3);
  });

  it('defaults today to the current date in São Paulo', () => {
    const [account] = parseOfx(
      sgmlFile([
        { amount: '1', date: '20000101' },
        { amount: '2', date: '29991231' },
      ]),
    ).accounts;
    expect(account.transactions).toHaveLength(1);
    expect(account.skipped).toBe(1);
  });
});

describe('files that are refused', () => {
  it.each([
    ['an empty string', ''],
    ['empty bytes', new Uint8Array()],
    ['blank lines', '\n\n  \n'],
    ['a PDF', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1')],
    ['a CSV', 'data;descricao;valor\n01/05/2024;PIX RECEBIDO;100,00\n'],
    ['an HTML page', '<!doctype html><html><body>Erro 500</body></html>'],
    ['binary bytes', Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)],
  ])('refuses %s as not OFX', (_, input) => {
    expect(failure(input).message).toMatch(/não é um extrato OFX/);
  });

  it('names the reason for a file that is not OFX', () => {
    expect(failure('nome;valor\n').message).toBe('O arquivo não é um extrato OFX: não encontramos a tag <OFX>.');
    expect(failure('%PDF-1.7').message).toBe('O arquivo não é um extrato OFX: parece ser um PDF.');
  });

  it('refuses a truncated sample file wherever it is cut', () => {
    for (const name of ['itau-checking-sgml102.ofx', 'suncorp-xml200-cdata.ofx', 'eur-checking-single-line.ofx']) {
      const bytes = fixture(name);
      const end = bytes.indexOf('</OFX>') + '</OFX>'.length;
      const cuts = [0.5, 0.8, 0.95].map((f) => Math.floor(bytes.length * f));
      cuts.push(bytes.indexOf('</OFX>'), end - 1);
      for (const cut of cuts) expect(() => parse(bytes.subarray(0, cut)), `${name} cut at ${cut}`).toThrow(OfxParseError);
      // Every other cut too: never a partial statement.
      for (let cut = 0; cut < end; cut++)
        expect(() => parse(bytes.subarray(0, cut)), `${name} cut at ${cut}`).toThrow(OfxParseError);
      expect(parse(bytes.subarray(0, end)).accounts).toHaveLength(1);
    }
  });

  it('says the file is incomplete when it stops before </OFX>', () => {
    const text = sgmlFile([{ amount: '-1.00' }, { amount: '-2.00' }]);
    expect(failure(text.slice(0, text.indexOf('</OFX>'))).message).toBe(
      'Arquivo OFX incompleto: termina antes do fim do extrato.',
    );
    expect(failure(text.slice(0, text.indexOf('<TRNAMT>-2.00') + 10)).message).toBe(
      'Arquivo OFX incompleto: termina antes do fim do extrato.',
    );
  });

  it('refuses a file whose statement list is never closed', () => {
    const text = sgmlFile([{ amount: '-1.00' }, { amount: '-2.00' }]);
    expect(failure(text.replace('</BANKTRANLIST>', '')).message).toMatch(/<BANKTRANLIST> não foi fechada/);
    // A line left open with its list is a cut file too.
    const cut = text.replace(/<\/STMTTRN>\n<\/BANKTRANLIST>/, '');
    expect(failure(cut).message).toMatch(/<BANKTRANLIST> não foi fechada/);
  });

  it('reads lines that are never closed: each ends at the next one, the last at the end of its list', () => {
    const open = sgmlFile([
      { amount: '-1.00', memo: 'A' },
      { amount: '-2.00', memo: 'B' },
    ]).replaceAll('</STMTTRN>\n', '');
    const [account] = parse(open).accounts;
    expect(account.transactions.map((t) => [t.amountCents, t.memo])).toEqual([
      [-100, 'A'],
      [-200, 'B'],
    ]);
  });

  it('names the transaction and the account when TRNAMT or DTPOSTED is missing or bad', () => {
    const lines: Line[] = [{ amount: '1.00' }, { amount: '2.00' }, { amount: '3.00' }];
    const file = sgmlFile(lines);
    const third = file.lastIndexOf('<STMTTRN>');
    const inThird = (from: string, to: string) => file.slice(0, third) + file.slice(third).replace(from, to);
    expect(failure(inThird('<TRNAMT>3.00\n', '')).message).toBe('Transação 3 da conta 12345-6 sem valor (TRNAMT).');
    expect(failure(inThird('<TRNAMT>3.00', '<TRNAMT>')).message).toBe('Transação 3 da conta 12345-6 sem valor (TRNAMT).');
    expect(failure(inThird('<TRNAMT>3.00', '<TRNAMT>3,00.00')).message).toBe(
      'Transação 3 da conta 12345-6 com valor inválido (TRNAMT "3,00.00").',
    );
    expect(failure(inThird('<DTPOSTED>20240510\n', '')).message).toBe('Transação 3 da conta 12345-6 sem data (DTPOSTED).');
    expect(failure(inThird('<DTPOSTED>20240510', '<DTPOSTED>20241332')).message).toBe(
      'Transação 3 da conta 12345-6 com data inválida (DTPOSTED "20241332").',
    );
  });

  it('refuses a file without any account', () => {
    const text =
      SGML_HEADER + '<OFX>\n<SIGNONMSGSRSV1>\n<SONRS>\n<STATUS>\n<CODE>0\n</STATUS>\n</SONRS>\n</SIGNONMSGSRSV1>\n</OFX>\n';
    expect(failure(text).message).toMatch(/nenhum extrato/);
  });

  it('refuses a statement without an account number', () => {
    expect(failure(sgmlFile([{ amount: '1' }]).replace('<ACCTID>12345-6\n', '')).message).toMatch(/ACCTID/);
  });
});

describe('a large file', () => {
  it('parses 50,000 transactions quickly and exactly', () => {
    const count = 50_000;
    const parts: string[] = [];
    let expectedSum = 0;
    for (let i = 0; i < count; i++) {
      const cents = ((i * 7919) % 2_000_000) - 1_000_000; // between -10,000.00 and 9,999.99
      expectedSum += cents;
      const abs = Math.abs(cents);
      const amount = `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
      const day = String((i % 28) + 1).padStart(2, '0');
      parts.push(
        `<STMTTRN>\n<TRNTYPE>${cents < 0 ? 'DEBIT' : 'CREDIT'}\n<DTPOSTED>202405${day}120000[-3:BRT]\n<TRNAMT>${amount}\n` +
          `<FITID>2024050000${i}\n<CHECKNUM>${i}\n<NAME>PIX ENVIADO FORNECEDOR ${i}\n<MEMO>PAGAMENTO DE FORNECEDOR NUMERO ${i} REF MAIO\n</STMTTRN>\n`,
      );
    }
    const text = sgmlFile([]).replace('</BANKTRANLIST>', parts.join('') + '</BANKTRANLIST>');
    const bytes = Buffer.from(text, 'utf8');
    expect(bytes.length).toBeGreaterThan(9_000_000);

    const started = performance.now();
    const [account] = parse(bytes).accounts;
    const elapsed = performance.now() - started;

    expect(account.transactions).toHaveLength(count);
    expect(sum(account)).toBe(expectedSum);
    expect(account.transactions[count - 1]).toMatchObject({ fitId: `2024050000${count - 1}`, checkNumber: `${count - 1}` });
    expect(elapsed).toBeLessThan(1500);
  });

  it('stays linear on hostile input', () => {
    const started = performance.now();
    const strayLessThan = sgmlFile([{ amount: '-1.00', name: 'x' + '< '.repeat(500_000) }]);
    expect(parse(strayLessThan).accounts[0].transactions[0].name).toHaveLength(1 + 1_000_000 - 1);
    const deep = SGML_HEADER + '<OFX>' + '<A>'.repeat(200_000) + '</OFX>';
    expect(failure(deep).message).toBe('Arquivo OFX corrompido: tags aninhadas demais.');
    expect(performance.now() - started).toBeLessThan(1500);
  });
});

describe('unsigned amounts', () => {
  it('takes debit-typed lines as money out when a bank writes every amount as positive', () => {
    const [account] = parse(
      sgmlFile([
        { amount: '150.00', type: 'CREDIT', memo: 'PIX RECEBIDO' },
        { amount: '39.90', type: 'DEBIT', memo: 'TARIFA' },
        { amount: '10.00', type: 'FEE', memo: 'TARIFA TED' },
      ]),
    ).accounts;
    expect(account.transactions.map((t) => t.amountCents)).toEqual([15000, -3990, -1000]);
  });

  it('leaves signed files, and files whose types do not tell money in from out, as written', () => {
    const signed = parse(
      sgmlFile([
        { amount: '-39.90', type: 'DEBIT' },
        { amount: '20.00', type: 'DEBIT' },
      ]),
    ).accounts[0];
    expect(signed.transactions.map((t) => t.amountCents)).toEqual([-3990, 2000]);
    const allDebit = parse(
      sgmlFile([
        { amount: '5.00', type: 'DEBIT' },
        { amount: '7.00', type: 'DEBIT' },
      ]),
    ).accounts[0];
    expect(allDebit.transactions.map((t) => t.amountCents)).toEqual([500, 700]);
  });
});

describe('dedup keys', () => {
  const pix = { externalId: 'ABC123', postedOn: '2025-03-05', amountCents: -15_000, description: 'PIX', memo: null, type: null };
  const noId = {
    externalId: null,
    postedOn: '2025-03-05',
    amountCents: 50_000,
    description: 'PIX  Recebido',
    memo: 'João',
    type: null,
  };

  it('stay the same from one version to the next, or movements imported before would come back as new', () => {
    // Digests of the key text as first released: a change of hashing must give these same values.
    expect(dedupKeys([pix, pix, noId])).toEqual([
      'hkhfxbmGTiRDLKsw_K2d_FXDo6Hg65O7',
      'ZxgUzIo_lL06jDzoZtbGtRhOjDzPBjAc',
      'Q5lv5G1MhohY2mnoBJD2dywcQ3zHvMi1',
    ]);
    // Without the bank's id, the description counts without accents, case or doubled spaces.
    expect(dedupKeys([{ ...noId, description: 'pix recebido', memo: 'JOAO' }])).toEqual(['Q5lv5G1MhohY2mnoBJD2dywcQ3zHvMi1']);
  });
});
