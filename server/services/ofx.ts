// OFX bank statement parser (pure: no I/O, no database).
//
// Hand-written rather than taken from npm: the published parsers (ofx, node-ofx-parser, ofx-js...)
// turn SGML into XML with regular expressions and hand it to an XML library, so they cannot tell a
// truncated file from a complete one, and they leave decimal commas, UTF-8 bytes under a 1252 header
// and several accounts per file to the caller. A small linear tokenizer does all that, fast.

import { MAX_OFX_MOVEMENTS, MAX_OFX_STATEMENTS } from '@domain';

export interface OfxTransaction {
  fitId: string | null;
  /** 'YYYY-MM-DD', the calendar date as written in DTPOSTED (time and offset ignored). */
  postedOn: string;
  /** Integer centavos (cents of the account currency), negative for debits. */
  amountCents: number;
  type: string | null;
  name: string | null;
  memo: string | null;
  checkNumber: string | null;
}

export interface OfxAccount {
  kind: 'checking' | 'savings' | 'credit_card' | 'other';
  bankId: string | null;
  branchId: string | null;
  accountId: string;
  currency: string;
  startDate: string | null;
  endDate: string | null;
  ledgerBalanceCents: number | null;
  transactions: OfxTransaction[];
  /** Lines left out because they are balance lines or future-dated, not movements. */
  skipped: number;
}

export interface OfxStatement {
  /** 1 for OFX 1.x (SGML), 2 for OFX 2.x (XML). */
  version: 1 | 2;
  accounts: OfxAccount[];
}

/** The file cannot be imported; the message (pt-BR) says why and can be shown to the user. */
export class OfxParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OfxParseError';
  }
}

export interface ParseOfxOptions {
  /** 'YYYY-MM-DD'; lines posted after it are future lines. Defaults to today in America/Sao_Paulo. */
  today?: string;
}

const TRUNCATED = 'Arquivo OFX incompleto: termina antes do fim do extrato.';
/** Real files nest about ten deep; the bound keeps a malicious file from making the tree work quadratic. */
const MAX_DEPTH = 1000;

export function parseOfx(input: Uint8Array | string, options: ParseOfxOptions = {}): OfxStatement {
  const today = options.today ?? todayInSaoPaulo();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`parseOfx: today must be YYYY-MM-DD, got ${today}`);

  const text = typeof input === 'string' ? input : decode(input);
  const start = findOfxStart(text);
  const prolog = text.slice(0, start);
  const version: 1 | 2 = /<\?(?:xml|ofx)\b/i.test(prolog) ? 2 : 1;

  // Usually one <OFX> document; two downloads joined into one file hold two, and both are read.
  const statements: Element[] = [];
  for (let from: number | null = start; from !== null; from = nextOfxStart(text, from)) {
    collectStatements(buildTree(text, from), statements);
  }
  if (statements.length === 0) {
    throw new OfxParseError('O arquivo OFX não contém nenhum extrato de conta bancária ou cartão de crédito.');
  }
  checkLimits(statements);
  // Worked out only when an amount needs it ("1.500"): most files never pay for the extra pass.
  let convention: DecimalConvention | undefined;
  const fileConvention = () => (convention ??= decimalConvention(statements));
  return { version, accounts: statements.map((s, i) => readAccount(s, i + 1, today, fileConvention)) };
}

// ---------------------------------------------------------------------------------------------
// Decoding and detection

function decode(bytes: Uint8Array): string {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  // Banks often write UTF-8 under a CHARSET:1252 header, so the bytes decide, not the header:
  // text in 1252 with accents is practically never valid UTF-8.
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Mostly UTF-8 with a stray byte (a name cut inside a "ç" by an old exporter): only that byte is read as 1252,
    // so one bad character does not spoil every accent of the file.
    const { valid, invalid } = utf8Census(bytes);
    if (valid > 0 && valid >= invalid) return decodeMixed(bytes);
    return windows1252(bytes);
  }
}

/** Node's 'windows-1252' decoder is really latin-1 (0x80–0x9F come out as control characters), so those 32 bytes
 * are mapped here: €, –, “, ” and the like do occur in bank files. */
function windows1252(bytes: Uint8Array): string {
  return new TextDecoder('windows-1252')
    .decode(bytes)
    .replace(/[\u0080-\u009f]/g, (c) => WINDOWS_1252_HIGH.charAt(c.charCodeAt(0) - 0x80));
}

/** Length of the well-formed UTF-8 sequence at `i` (1 for ASCII), or 0 when the byte there starts none. */
function utf8SequenceAt(bytes: Uint8Array, i: number): number {
  const b = bytes[i];
  const length = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
  if (length === 0 || i + length > bytes.length) return 0;
  for (let k = 1; k < length; k++) if ((bytes[i + k] & 0xc0) !== 0x80) return 0;
  return length;
}

/** How many multi-byte UTF-8 sequences the bytes hold, and how many bytes start none. */
function utf8Census(bytes: Uint8Array): { valid: number; invalid: number } {
  let valid = 0;
  let invalid = 0;
  for (let i = 0; i < bytes.length;) {
    const length = utf8SequenceAt(bytes, i);
    if (length > 1) valid++;
    else if (length === 0) invalid++;
    i += length || 1;
  }
  return { valid, invalid };
}

/** UTF-8 where it is well formed, windows-1252 for each byte where it is not. */
function decodeMixed(bytes: Uint8Array): string {
  const utf8 = new TextDecoder('utf-8');
  let out = '';
  let from = 0;
  for (let i = 0; i < bytes.length;) {
    const length = utf8SequenceAt(bytes, i);
    if (length) {
      i += length;
      continue;
    }
    out += utf8.decode(bytes.subarray(from, i)) + windows1252(bytes.subarray(i, i + 1));
    i++;
    from = i;
  }
  return out + utf8.decode(bytes.subarray(from));
}

/** windows-1252 bytes 0x80–0x9F, in order; the five undefined ones stay as they are. */
const WINDOWS_1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/** Where another <OFX> document starts after the one that starts at `from`, or null. */
function nextOfxStart(text: string, from: number): number | null {
  const end = /<\/OFX\s*>/gi;
  end.lastIndex = from;
  if (!end.exec(text)) return null;
  const next = /<OFX\s*>/gi;
  next.lastIndex = end.lastIndex;
  return next.exec(text)?.index ?? null;
}

function findOfxStart(text: string): number {
  const match = /<OFX\s*>/i.exec(text);
  if (match) return match.index;
  const head = text.replace(/^\uFEFF/, '').trimStart();
  if (head === '') throw new OfxParseError('O arquivo está vazio: não é um extrato OFX.');
  if (head.startsWith('%PDF')) throw new OfxParseError('O arquivo não é um extrato OFX: parece ser um PDF.');
  if (/^OFXHEADER\s*:|<\?OFX\b/i.test(head.slice(0, 2000))) throw new OfxParseError(TRUNCATED);
  throw new OfxParseError('O arquivo não é um extrato OFX: não encontramos a tag <OFX>.');
}

// ---------------------------------------------------------------------------------------------
// Tokenizer: one pass with indexOf, no regex over the whole body.

type Tag = { kind: 'open'; name: string; selfClosing: boolean } | { kind: 'close'; name: string };
/** Tags are shared, immutable objects; a text token's value is in Lexer.text. */
type Token = Tag | { kind: 'text' } | { kind: 'end' };

const TEXT: Token = { kind: 'text' };
const END: Token = { kind: 'end' };
const TAG_NAME = /^[A-Za-z_][\w.:-]*$/;

class Lexer {
  /** The value of the last text token. */
  text = '';
  private pos: number;
  private pending: Tag | null = null;
  private done = false;
  private nextGt = -1;
  private nextLt = -1;
  /** What is between '<' and '>' → its tag (null: not a tag). A file uses a few dozen tags, so this saves most allocations. */
  private readonly tags = new Map<string, Tag | null>();

  constructor(
    private readonly src: string,
    start: number,
  ) {
    this.pos = start;
  }

  /** Stops reading: what follows </OFX> is not part of the statement. */
  finish(): void {
    this.done = true;
    this.pending = null;
  }

  next(): Token {
    if (this.pending) {
      const token = this.pending;
      this.pending = null;
      return token;
    }
    if (this.done) return END;
    const src = this.src;
    let text = '';
    for (;;) {
      const lt = src.indexOf('<', this.pos);
      if (lt === -1) {
        text += decodeEntities(src.slice(this.pos));
        this.pos = src.length;
        this.done = true;
        this.text = text;
        return text ? TEXT : END;
      }
      if (lt > this.pos) text += decodeEntities(src.slice(this.pos, lt));

      if (src.startsWith('<![CDATA[', lt)) {
        const end = src.indexOf(']]>', lt + 9);
        if (end === -1) throw new OfxParseError(TRUNCATED);
        text += src.slice(lt + 9, end);
        this.pos = end + 3;
        continue;
      }
      if (src.startsWith('<!--', lt)) {
        const end = src.indexOf('-->', lt + 4);
        if (end === -1) throw new OfxParseError(TRUNCATED);
        this.pos = end + 3;
        continue;
      }
      if (src.startsWith('<?', lt)) {
        const end = src.indexOf('?>', lt + 2);
        if (end === -1) throw new OfxParseError(TRUNCATED);
        this.pos = end + 2;
        continue;
      }

      // Both searches are cached so that text full of stray '<' or '>' still costs one pass.
      if (this.nextGt <= lt) this.nextGt = src.indexOf('>', lt + 1);
      // No '>' left: cut inside a tag, and in any case </OFX> cannot follow.
      if (this.nextGt === -1) throw new OfxParseError(TRUNCATED);
      const gt = this.nextGt;
      if (this.nextLt <= lt) this.nextLt = src.indexOf('<', lt + 1);
      const token = this.nextLt !== -1 && this.nextLt < gt ? null : this.tag(src.slice(lt + 1, gt));
      if (!token) {
        // Not a tag ("A < B", "<3"): a literal character of the text.
        text += '<';
        this.pos = lt + 1;
        continue;
      }
      this.pos = gt + 1;
      if (text) {
        this.pending = token;
        this.text = text;
        return TEXT;
      }
      return token;
    }
  }

  private tag(inner: string): Tag | null {
    let tag = this.tags.get(inner);
    if (tag === undefined) {
      tag = readTag(inner);
      this.tags.set(inner, tag);
    }
    return tag;
  }
}

function readTag(inner: string): Tag | null {
  if (inner.startsWith('/')) {
    const name = inner.slice(1).trim();
    return TAG_NAME.test(name) ? { kind: 'close', name: name.toUpperCase() } : null;
  }
  const selfClosing = inner.endsWith('/');
  const body = selfClosing ? inner.slice(0, -1) : inner;
  const space = body.search(/\s/);
  const name = space === -1 ? body : body.slice(0, space);
  return TAG_NAME.test(name) ? { kind: 'open', name: name.toUpperCase(), selfClosing } : null;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the XML entities and numeric references; a '&' that starts none of them stays as is. */
function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#[xX][0-9a-fA-F]{1,6}|#\d{1,7}|[a-zA-Z]{2,4});/g, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
    return valid ? String.fromCodePoint(code) : whole;
  });
}

// ---------------------------------------------------------------------------------------------
// Tree: SGML leaves may be unclosed, aggregates are closed.

interface Element {
  name: string;
  /** Text of a leaf; null for an aggregate. */
  value: string | null;
  children: Element[];
}

/** The children of every leaf: most elements are leaves, and one shared array spares the garbage collector. */
const NO_CHILDREN: Element[] = Object.freeze([]) as unknown as Element[];

/**
 * The aggregates the statement is read from. They must be closed explicitly: one closed only because
 * an ancestor closed means a broken or truncated file, and the statement would come out partial.
 */
const STRUCTURAL = new Set([
  'OFX',
  'BANKMSGSRSV1',
  'CREDITCARDMSGSRSV1',
  'STMTTRNRS',
  'CCSTMTTRNRS',
  'STMTRS',
  'CCSTMTRS',
  'BANKACCTFROM',
  'CCACCTFROM',
  'BANKTRANLIST',
  'STMTTRN',
  'LEDGERBAL',
]);

function buildTree(src: string, start: number): Element {
  const lexer = new Lexer(src, start);
  const root: Element = { name: '#root', value: null, children: [] };
  const stack: Element[] = [root];
  const push = (element: Element) => {
    if (stack.length >= MAX_DEPTH) throw new OfxParseError('Arquivo OFX corrompido: tags aninhadas demais.');
    stack.push(element);
  };
  let closedOfx = false;
  let token = lexer.next();

  while (token.kind !== 'end') {
    if (token.kind === 'text') {
      token = lexer.next(); // text between aggregates (indentation, stray characters)
      continue;
    }
    if (token.kind === 'close') {
      const name = token.name;
      let at = stack.length - 1;
      while (at > 0 && stack[at].name !== name) at--;
      if (at === 0) {
        if (STRUCTURAL.has(name)) throw new OfxParseError(`Arquivo OFX corrompido: </${name}> sem o <${name}> correspondente.`);
        token = lexer.next(); // a stray end tag of a leaf: harmless
        continue;
      }
      while (stack.length - 1 > at) {
        // A line left open ends with its list (Bradesco writes no </STMTTRN>); anything else left open is an error.
        if (LINE_ENDS.has(name) && stack[stack.length - 1].name === 'STMTTRN') stack.pop();
        else closeImplicitly(stack);
      }
      stack.pop();
      if (name === 'OFX') {
        closedOfx = true;
        lexer.finish();
        break;
      }
      token = lexer.next();
      continue;
    }

    if (token.name === 'STMTTRN') closeOpenLine(stack);
    const element: Element = { name: token.name, value: null, children: NO_CHILDREN };
    stack[stack.length - 1].children.push(element);
    if (token.selfClosing) {
      element.value = '';
      token = lexer.next();
      continue;
    }
    if (STRUCTURAL.has(element.name)) {
      element.children = [];
      push(element);
      token = lexer.next();
      continue;
    }
    token = lexer.next();
    let text = '';
    if (token.kind === 'text') {
      text = lexer.text;
      token = lexer.next();
    }
    if (token.kind === 'close' && token.name === element.name) {
      element.value = text; // <TAG>value</TAG>
      token = lexer.next();
    } else if (/\S/.test(text)) {
      element.value = text; // SGML <TAG>value, not closed
    } else {
      // <TAG> with nothing after it: an aggregate, or an empty unclosed leaf. Which one is known only
      // when an ancestor closes (see closeImplicitly).
      element.children = [];
      push(element);
    }
  }
  if (!closedOfx) throw new OfxParseError(TRUNCATED);
  const ofx = root.children.find((e) => e.name === 'OFX');
  if (!ofx) throw new OfxParseError(TRUNCATED);
  return ofx;
}

/** The element on top was never closed: it was an empty SGML leaf, and what seemed inside it belongs to its parent. */
function closeImplicitly(stack: Element[]): void {
  const element = stack.pop()!;
  if (STRUCTURAL.has(element.name)) {
    throw new OfxParseError(`Arquivo OFX incompleto ou corrompido: a tag <${element.name}> não foi fechada.`);
  }
  const parent = stack[stack.length - 1];
  for (const child of element.children) parent.children.push(child);
  element.children = NO_CHILDREN;
  element.value = '';
}

/** The end tags that also end a transaction line left open in them. */
const LINE_ENDS = new Set(['BANKTRANLIST', 'STMTRS', 'CCSTMTRS']);

/** A new <STMTTRN> while one is open: the open one ended there (files that never write </STMTTRN>). */
function closeOpenLine(stack: Element[]): void {
  let at = stack.length - 1;
  while (at > 0 && stack[at].name !== 'STMTTRN') {
    if (STRUCTURAL.has(stack[at].name)) return; // no line open at this level
    at--;
  }
  if (at === 0) return;
  while (stack.length - 1 > at) closeImplicitly(stack);
  stack.pop();
}

function child(element: Element, name: string): Element | undefined {
  return element.children.find((c) => c.name === name);
}

/** Trimmed text of a leaf child; null when absent or empty. */
function leaf(element: Element | undefined, name: string): string | null {
  if (!element) return null;
  for (const c of element.children) {
    if (c.name === name && c.value !== null) {
      const value = c.value.trim();
      if (value) return value;
    }
  }
  return null;
}

/** Refuses a file that holds more than one import may (domain limits) before a single line of it is read. */
function checkLimits(statements: Element[]): void {
  if (statements.length > MAX_OFX_STATEMENTS) {
    throw new OfxParseError(
      `O arquivo tem ${statements.length} extratos (contas); o limite é ${MAX_OFX_STATEMENTS} por arquivo. Exporte menos contas de cada vez.`,
    );
  }
  let lines = 0;
  for (const statement of statements) {
    for (const c of statement.children) {
      if (c.name === 'STMTTRN') lines++;
      else if (c.name === 'BANKTRANLIST') for (const line of c.children) if (line.name === 'STMTTRN') lines++;
    }
  }
  if (lines > MAX_OFX_MOVEMENTS) {
    throw new OfxParseError(
      `O arquivo tem mais de ${MAX_OFX_MOVEMENTS.toLocaleString('pt-BR')} movimentações, o limite por arquivo. Exporte um período menor.`,
    );
  }
}

function collectStatements(element: Element, out: Element[]): void {
  for (const c of element.children) {
    if (c.name === 'STMTRS' || c.name === 'CCSTMTRS') out.push(c);
    else if (c.value === null) collectStatements(c, out);
  }
}

// ---------------------------------------------------------------------------------------------
// Statement → account

function readAccount(statement: Element, index: number, today: string, fileConvention: () => DecimalConvention): OfxAccount {
  const bankFrom = child(statement, 'BANKACCTFROM');
  const cardFrom = child(statement, 'CCACCTFROM');
  const isCard = statement.name === 'CCSTMTRS' || cardFrom !== undefined;
  const from = cardFrom ?? bankFrom;
  const accountId = leaf(from, 'ACCTID');
  if (!accountId) throw new OfxParseError(`O extrato ${index} do arquivo não informa o número da conta (ACCTID).`);

  // Usually one list; some cooperatives write one per day, and a few put the lines straight under the statement.
  const lists = statement.children.filter((c) => c.name === 'BANKTRANLIST');
  const lines = statement.children.flatMap((c) => (c.name === 'BANKTRANLIST' ? c.children : [c]));
  const starts = lists.map((l) => parseDate(leaf(l, 'DTSTART'))).filter((d): d is string => d !== null);
  const ends = lists.map((l) => parseDate(leaf(l, 'DTEND'))).filter((d): d is string => d !== null);
  const balance = leaf(child(statement, 'LEDGERBAL'), 'BALAMT');
  const account: OfxAccount = {
    kind: isCard ? 'credit_card' : accountKind(leaf(bankFrom, 'ACCTTYPE')),
    bankId: isCard ? null : leaf(bankFrom, 'BANKID'),
    branchId: isCard ? null : leaf(bankFrom, 'BRANCHID'),
    accountId,
    currency: leaf(statement, 'CURDEF')?.toUpperCase() ?? 'BRL',
    // The period and the balance are informative: an odd value there does not spoil the movements.
    startDate: starts.length ? starts.reduce((a, b) => (a < b ? a : b)) : null,
    endDate: ends.length ? ends.reduce((a, b) => (a > b ? a : b)) : null,
    ledgerBalanceCents: balance === null ? null : centsOf(readAmount(balance), fileConvention),
    transactions: [],
    skipped: 0,
  };

  let n = 0;
  for (const line of lines) {
    if (line.name !== 'STMTTRN') continue;
    n++;
    const transaction = readTransaction(line, n, accountId, today, fileConvention);
    if (transaction) account.transactions.push(transaction);
    else account.skipped++;
  }
  fixUnsignedDebits(account.transactions);
  return account;
}

/** Types that take money out of the account (OFX 1.6 §11.4.4.3). */
const DEBIT_TYPES = new Set(['DEBIT', 'PAYMENT', 'FEE', 'SRVCHG', 'CHECK', 'ATM', 'POS', 'CASH', 'DIRECTDEBIT', 'REPEATPMT']);

/**
 * Some banks export every amount as positive and tell money out only by TRNTYPE. When an account has no negative
 * amount at all but has debit-typed lines, those lines are taken as negative; files that sign their amounts (nearly
 * all) are left exactly as written, whatever their types say.
 */
function fixUnsignedDebits(transactions: OfxTransaction[]): void {
  if (transactions.some((t) => t.amountCents < 0)) return;
  const debits = transactions.filter((t) => t.type && DEBIT_TYPES.has(t.type) && t.amountCents > 0);
  const credits = transactions.filter((t) => t.type && !DEBIT_TYPES.has(t.type));
  // Only when the types really tell the two apart: all-DEBIT or untyped files keep their signs.
  if (debits.length === 0 || credits.length === 0) return;
  for (const t of debits) t.amountCents = -t.amountCents;
}

function accountKind(acctType: string | null): OfxAccount['kind'] {
  switch (acctType?.toUpperCase()) {
    case 'CHECKING':
      return 'checking';
    case 'SAVINGS':
      return 'savings';
    default:
      return 'other'; // MONEYMRKT, CREDITLINE, CD, missing
  }
}

/** The transaction, or null when the line is a balance or future line rather than a movement. */
function readTransaction(
  line: Element,
  n: number,
  accountId: string,
  today: string,
  fileConvention: () => DecimalConvention,
): OfxTransaction | null {
  const name = cleanText(leaf(line, 'NAME') ?? leaf(child(line, 'PAYEE'), 'NAME'));
  const memo = cleanText(leaf(line, 'MEMO'));
  const rawAmount = leaf(line, 'TRNAMT');
  const amount = rawAmount === null ? null : readAmount(rawAmount);
  const amountCents = centsOf(amount, fileConvention);
  // Balance and future lines are dropped before validation: banks fill them in carelessly.
  if (isBalanceLine(name, memo, amountCents === 0) || isFutureDescription(name, memo)) return null;

  const where = `Transação ${n} da conta ${accountId}`;
  const rawDate = leaf(line, 'DTPOSTED');
  if (rawDate === null) throw new OfxParseError(`${where} sem data (DTPOSTED).`);
  const postedOn = parseDate(rawDate);
  if (postedOn === null) throw new OfxParseError(`${where} com data inválida (DTPOSTED "${rawDate}").`);
  if (rawAmount === null) throw new OfxParseError(`${where} sem valor (TRNAMT).`);
  if (amountCents === null) {
    if (amount?.kind === 'ambiguous') {
      throw new OfxParseError(`${where} com valor ambíguo (TRNAMT "${rawAmount}"): ${ambiguity(amount, fileConvention())}`);
    }
    throw new OfxParseError(`${where} com valor inválido (TRNAMT "${rawAmount}").`);
  }
  if (postedOn > today) return null;

  return {
    fitId: leaf(line, 'FITID'),
    postedOn,
    amountCents,
    type: leaf(line, 'TRNTYPE')?.toUpperCase() ?? null,
    name,
    memo,
    checkNumber: leaf(line, 'CHECKNUM') ?? leaf(line, 'REFNUM'),
  };
}

/** Runs of whitespace (newlines, tabs) become one space; leaf() has already trimmed the value. */
function cleanText(value: string | null): string | null {
  if (value === null) return null;
  return /\s\s|[^\S ]/.test(value) ? value.replace(/\s+/g, ' ') : value;
}

// ---------------------------------------------------------------------------------------------
// Balance and future lines
//
// Rule: a line is a balance line when its NAME or MEMO, compared without accents, case or
// punctuation, *starts* with the word SALDO or SDO (also spelled out "S A L D O") and then
//   - ends there ("SALDO", "SALDO:"), or
//   - goes on with a word that names a balance: ANTERIOR, DO DIA, FINAL, BLOQUEADO, CONTA, ...
//     (words like DO/DA/EM and numbers such as dates are passed over), or
//   - has a zero amount.
// So "SALDO ANTERIOR", "Saldo do dia 05/03", "SDO CTA/APL AUTOMATICAS" are skipped, while
// "PAGAMENTO SALDO FORNECEDOR" or "SALDO FORNECEDOR XYZ" with an amount are kept as movements.
// A future line is one posted after `today` or described as "lançamento(s) futuro(s)".

const BALANCE_WORDS = new Set(['SALDO', 'SALDOS', 'SDO']);
const BALANCE_QUALIFIERS = new Set(
  (
    'ANTERIOR ANT DIA FINAL INICIAL ATUAL TOTAL PARCIAL DISPONIVEL DISP BLOQUEADO BLOQUEADOS BLOQ CONTA CTA CC C CORRENTE ' +
    'LIQUIDO PREVISTO APLIC APLICACAO APLICACOES INVEST INVESTIMENTO INVESTIMENTOS POUPANCA MES PERIODO FECHAMENTO ' +
    'ABERTURA CONSOLIDADO'
  ).split(' '),
);
const FILLER_WORDS = new Set(['DO', 'DA', 'DE', 'DOS', 'DAS', 'EM', 'NO', 'NA', 'E']);

function isBalanceLine(name: string | null, memo: string | null, amountIsZero: boolean): boolean {
  return isBalanceText(name, amountIsZero) || isBalanceText(memo, amountIsZero);
}

function isBalanceText(text: string | null, amountIsZero: boolean): boolean {
  if (text === null || !/^\W*[sS]/.test(text)) return false; // cheap exit for most lines
  const words = normalize(text).split(' ');
  // "S A L D O": join a leading run of one-letter words.
  let first = words[0];
  let i = 1;
  if (first.length === 1) {
    while (i < words.length && words[i].length === 1) first += words[i++];
  }
  if (!BALANCE_WORDS.has(first)) return false;
  if (amountIsZero) return true;
  for (; i < words.length; i++) {
    const word = words[i];
    if (FILLER_WORDS.has(word) || /^\d+$/.test(word)) continue;
    return BALANCE_QUALIFIERS.has(word);
  }
  return true;
}

function isFutureDescription(name: string | null, memo: string | null): boolean {
  const test = (text: string | null) =>
    text !== null && /futur/i.test(text) && /\bLANC(AMENTOS?)? FUTUROS?\b/.test(normalize(text));
  return test(name) || test(memo);
}

/** Upper case, no accents, words separated by single spaces. */
function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

// ---------------------------------------------------------------------------------------------
// Values

// Rule: an amount is read on its own whenever its form allows only one reading:
//   - both separators ("1.234,56", "1,234.56"): the last one is decimal, the other groups thousands; when exactly
//     two digits follow the last one, the first group may be longer than three digits ("6000.000,00");
//   - one separator, repeated ("1.234.567"): it groups thousands, and there are no decimals;
//   - one separator, once: decimal ("1234,56", "-45.9", "0,1234", "0.500", "1234.567", ".125"), except when
//     1–3 digits (not starting with 0) come before it and exactly 3 after it ("1.500", "-12,345").
// That exception is ambiguous: 1.500 may be one thousand five hundred or one and a half. The OFX spec allows a
// decimal point or comma and forbids thousands separators, but banks write both ("1.234,56" here, "1,650.00"
// abroad). So the file decides: the separator its unambiguous amounts (TRNAMT and BALAMT, of every statement)
// use as decimal is the decimal one for these too; "1.500" in a file that writes "89,90" is 1.500,00, in one that
// writes "89.90" it is 1,50. A file that shows no decimal separator, or shows both (Santander mixes "-12.80" and
// "-200,00"), leaves it ambiguous: such a transaction refuses the file, naming the line; such a balance is left out.

type DecimalSeparator = '.' | ',';
/** The decimal separator a file's amounts show: one of them, 'none' or 'mixed' (both). */
type DecimalConvention = DecimalSeparator | 'none' | 'mixed';

/** An amount as written: its value, or, when it can be read two ways, its parts. null when not a number. */
type AmountReading =
  | {
      kind: 'amount';
      cents: number;
      /** The separator this amount shows to be the decimal one, if it shows any. */
      decimal: DecimalSeparator | null;
    }
  | { kind: 'ambiguous'; separator: DecimalSeparator; negative: boolean; intPart: string; fracPart: string }
  | null;

/**
 * '-1234.56', '1234,56', '1.234,56', '1,234.56', ' +12.5 ' → centavos; null when not a number, or when ambiguous
 * ('1.500') and `decimal`, the separator the file uses for decimals, is not given. See the rule above.
 * Rounds half away from zero, on the digits, not on floats.
 */
export function parseAmountCents(raw: string, decimal: DecimalSeparator | null = null): number | null {
  return centsOf(readAmount(raw), () => decimal ?? 'none');
}

/** The value of a reading, asking the file's convention only for an ambiguous one; null when still unknown. */
function centsOf(amount: AmountReading, fileConvention: () => DecimalConvention): number | null {
  if (amount === null) return null;
  if (amount.kind === 'amount') return amount.cents;
  const convention = fileConvention();
  if (convention !== '.' && convention !== ',') return null;
  const { separator, negative, intPart, fracPart } = amount;
  return separator === convention ? toCents(negative, intPart, fracPart) : toCents(negative, intPart + fracPart, '');
}

function readAmount(raw: string): AmountReading {
  const match = /^([+-]?)\s*([\d.,]+)$/.exec(raw.trim());
  if (!match) return null;
  const negative = match[1] === '-';
  const number = match[2];
  const lastDot = number.lastIndexOf('.');
  const lastComma = number.lastIndexOf(',');
  if (lastDot !== -1 && lastComma !== -1) {
    const decimalAt = Math.max(lastDot, lastComma);
    const thousands = lastDot > lastComma ? ',' : '.';
    const intPart = number.slice(0, decimalAt);
    // Two digits after the last separator make it the decimal one, whatever the first group's length: Santander
    // writes "6000.000,00".
    const twoDecimals = /^\d{2}$/.test(number.slice(decimalAt + 1));
    if (!isGrouped(intPart, thousands, twoDecimals ? Infinity : 3)) return null;
    return exactAmount(negative, intPart.split(thousands).join(''), number.slice(decimalAt + 1), otherSeparator(thousands));
  }
  const separator = lastDot !== -1 ? '.' : lastComma !== -1 ? ',' : null;
  if (separator === null) return exactAmount(negative, number, '', null);
  const at = number.indexOf(separator);
  if (at !== number.lastIndexOf(separator)) {
    if (!isGrouped(number, separator)) return null;
    return exactAmount(negative, number.split(separator).join(''), '', otherSeparator(separator));
  }
  const intPart = number.slice(0, at);
  const fracPart = number.slice(at + 1);
  if (/^[1-9]\d{0,2}$/.test(intPart) && /^\d{3}$/.test(fracPart)) {
    return { kind: 'ambiguous', separator, negative, intPart, fracPart };
  }
  return exactAmount(negative, intPart, fracPart, separator);
}

function exactAmount(negative: boolean, intPart: string, fracPart: string, decimal: DecimalSeparator | null): AmountReading {
  if (!/^\d*$/.test(intPart) || !/^\d*$/.test(fracPart) || intPart + fracPart === '') return null;
  const cents = toCents(negative, intPart, fracPart);
  return cents === null ? null : { kind: 'amount', cents, decimal };
}

/** Digits → centavos, rounding the third decimal half away from zero; null beyond safe integers. */
function toCents(negative: boolean, intPart: string, fracPart: string): number | null {
  let cents = Number(intPart || '0') * 100 + Number((fracPart + '00').slice(0, 2));
  if (fracPart.length > 2 && fracPart[2] >= '5') cents += 1;
  if (!Number.isSafeInteger(cents)) return null;
  return negative && cents !== 0 ? -cents : cents;
}

function otherSeparator(separator: DecimalSeparator): DecimalSeparator {
  return separator === '.' ? ',' : '.';
}

/** '1.234.567' grouped by '.': a first group of 1 to `firstAtMost` digits, then groups of exactly 3. */
function isGrouped(digits: string, separator: string, firstAtMost = 3): boolean {
  const groups = digits.split(separator);
  const first = groups[0].length;
  return /^\d+$/.test(groups[0]) && first <= firstAtMost && groups.slice(1).every((g) => /^\d{3}$/.test(g));
}

/** The decimal separator the unambiguous amounts (TRNAMT, BALAMT) of the file's statements show. */
function decimalConvention(statements: Element[]): DecimalConvention {
  const seen = new Set<DecimalSeparator>();
  const visit = (element: Element) => {
    for (const c of element.children) {
      if (c.value === null) visit(c);
      else if (c.name === 'TRNAMT' || c.name === 'BALAMT') {
        const amount = readAmount(c.value);
        if (amount?.kind === 'amount' && amount.decimal !== null) seen.add(amount.decimal);
      }
    }
  };
  for (const statement of statements) visit(statement);
  return seen.size === 2 ? 'mixed' : ([...seen][0] ?? 'none');
}

/** Why an ambiguous amount cannot be read (pt-BR): its two readings and what the file shows. */
function ambiguity(amount: Extract<AmountReading, { kind: 'ambiguous' }>, convention: DecimalConvention): string {
  const sign = amount.negative ? '-' : '';
  const asThousands = `${sign}${amount.intPart}.${amount.fracPart},00`;
  const asDecimal = `${sign}${amount.intPart},${amount.fracPart}`;
  const why =
    convention === 'mixed'
      ? 'os outros valores do arquivo usam tanto o ponto quanto a vírgula como separador decimal'
      : 'nenhum outro valor do arquivo mostra se o separador decimal é o ponto ou a vírgula';
  return `pode ser ${asThousands} ou ${asDecimal}, e ${why}.`;
}

/** 'YYYYMMDD…' (time, fraction and [offset:TZ] ignored) → 'YYYY-MM-DD'; null when not a real date. */
export function parseDate(raw: string | null): string | null {
  if (raw === null) return null;
  const match = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(raw.trim());
  if (!match) return null;
  const [, y, m, d] = match;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (year < 1900 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${y}-${m}-${d}`;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function todayInSaoPaulo(): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
}
