import * as v from 'valibot';
import { MAX_PAGE_SIZE, PAGE_SIZE } from './constants';
import { daysInMonth } from './dates';
import { foldText } from './digits';
import { MONTH_NAMES } from './labels';
import { paginationQuery } from './pagination';
import { MonthKeySchema } from './validation';
import { CompanyIdSchema, UuidSchema } from './fields';

/** Where an account's movements come from: an OFX file the customer uploads, or a bank connection. */
export const BANK_ACCOUNT_SOURCES = ['ofx', 'cora'] as const;
export type BankAccountSource = (typeof BANK_ACCOUNT_SOURCES)[number];

export const BANK_ACCOUNT_KINDS = ['checking', 'savings', 'credit_card', 'other'] as const;
export type BankAccountKind = (typeof BANK_ACCOUNT_KINDS)[number];

export const BANK_ACCOUNT_KIND_LABEL: Record<BankAccountKind, string> = {
  checking: 'Conta corrente',
  savings: 'Poupança',
  credit_card: 'Cartão de crédito',
  other: 'Outra conta',
};

/**
 * What one imported file may hold. A bank exports one account per file, a few a handful: 20 is far above that and
 * keeps a crafted file from opening thousands of accounts. 200,000 movements is years of a busy company's account.
 */
export const MAX_OFX_STATEMENTS = 20;
export const MAX_OFX_MOVEMENTS = 200_000;
/** Descriptions and memos of movements are kept up to this many characters; longer text is cut, never refused. */
export const MAX_MOVEMENT_TEXT = 1000;
/** Ends a text that was cut, so nobody takes it for the whole. */
export const TEXT_CUT_MARK = ' […]';

/** The text as stored: at most `max` characters, ending with the cut mark when it was longer (never mid-surrogate). */
export function cutText<T extends string | null>(text: T, max = MAX_MOVEMENT_TEXT): T {
  if (text === null || text.length <= max) return text;
  let end = max - TEXT_CUT_MARK.length;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return (text.slice(0, end).trimEnd() + TEXT_CUT_MARK) as T;
}

/** Names of the banks Brazilian customers use most, by COMPE code (BANKID in OFX files). */
const BANK_NAMES: Record<string, string> = {
  '001': 'Banco do Brasil',
  '033': 'Santander',
  '041': 'Banrisul',
  '070': 'BRB',
  '077': 'Banco Inter',
  '104': 'Caixa Econômica Federal',
  '136': 'Unicred',
  '208': 'BTG Pactual',
  '212': 'Banco Original',
  '237': 'Bradesco',
  '260': 'Nubank',
  '273': 'Sulcredi',
  '290': 'PagBank',
  '323': 'Mercado Pago',
  '336': 'C6 Bank',
  '341': 'Itaú',
  '380': 'PicPay',
  '403': 'Cora',
  '422': 'Safra',
  '655': 'Votorantim',
  '748': 'Sicredi',
  '756': 'Sicoob',
};

/** "Itaú", or "Banco 0123" for a code we don't name, or null when the file names no bank. */
export function bankName(bankId: string | null): string | null {
  if (!bankId) return null;
  const digits = bankId.replace(/\D/g, '');
  const code = digits.length > 0 && digits.length <= 3 ? digits.padStart(3, '0') : digits.slice(-3);
  return BANK_NAMES[code] ?? `Banco ${bankId}`;
}

/** Income, expense, or a movement between the company's own accounts (neither). */
export const TAX_CATEGORY_KINDS = ['income', 'expense', 'transfer'] as const;
export type TaxCategoryKind = (typeof TAX_CATEGORY_KINDS)[number];

export const TAX_CATEGORY_KIND_LABEL: Record<TaxCategoryKind, string> = {
  income: 'Entradas',
  expense: 'Saídas',
  transfer: 'Movimentações entre contas',
};

export interface TaxCategory {
  id: string;
  name: string;
  kind: TaxCategoryKind;
  /** The ledger account (plano de contas) a movement of this category is booked against in the export. */
  ledgerAccount: string;
  description: string;
}

/** The bank account itself in the chart of accounts: "Bancos conta movimento". */
export const BANK_LEDGER_ACCOUNT = '1.1.1.02';

/**
 * "Valores a classificar": the transitory account a movement without category is booked against when the customer
 * exports it anyway, so the accounting system takes the line and the accountant finds it to reclassify — never an
 * empty account field.
 */
export const UNCLASSIFIED_LEDGER_ACCOUNT = '1.1.9.99';
export const UNCLASSIFIED_LABEL = 'A classificar';

/**
 * The categories an accountant classifies bank movements into, with the ledger account of a simplified chart of
 * accounts for small companies. Seeded into the database by migration; the ids are stable.
 */
export const TAX_CATEGORIES: readonly TaxCategory[] = [
  {
    id: 'receita-servicos',
    name: 'Receita de serviços',
    kind: 'income',
    ledgerAccount: '3.1.1.01',
    description: 'Pagamentos de clientes por serviços prestados.',
  },
  {
    id: 'receita-vendas',
    name: 'Receita de vendas',
    kind: 'income',
    ledgerAccount: '3.1.1.02',
    description: 'Vendas de mercadorias e produtos.',
  },
  {
    id: 'receitas-financeiras',
    name: 'Receitas financeiras',
    kind: 'income',
    ledgerAccount: '3.2.1.01',
    description: 'Rendimentos de aplicações e juros recebidos.',
  },
  {
    id: 'aporte-socios',
    name: 'Aporte dos sócios',
    kind: 'income',
    ledgerAccount: '2.3.1.01',
    description: 'Dinheiro colocado na empresa pelos sócios (capital).',
  },
  {
    id: 'emprestimos-recebidos',
    name: 'Empréstimos recebidos',
    kind: 'income',
    ledgerAccount: '2.1.4.01',
    description: 'Empréstimos e financiamentos liberados pelo banco.',
  },
  {
    id: 'outras-receitas',
    name: 'Outras receitas',
    kind: 'income',
    ledgerAccount: '3.2.9.99',
    description: 'Entradas que não se encaixam nas demais.',
  },
  {
    id: 'pro-labore',
    name: 'Pró-labore',
    kind: 'expense',
    ledgerAccount: '4.1.1.01',
    description: 'Remuneração mensal dos sócios que trabalham na empresa.',
  },
  {
    id: 'distribuicao-lucros',
    name: 'Distribuição de lucros',
    kind: 'expense',
    ledgerAccount: '2.3.4.01',
    description: 'Lucros repassados aos sócios (isentos de IR).',
  },
  {
    id: 'impostos-taxas',
    name: 'Impostos e taxas',
    kind: 'expense',
    ledgerAccount: '4.1.3.01',
    description: 'DAS, ISS, IRPJ, CSLL, taxas municipais e estaduais.',
  },
  {
    id: 'folha-pagamento',
    name: 'Folha de pagamento',
    kind: 'expense',
    ledgerAccount: '4.1.1.02',
    description: 'Salários, férias, 13º, FGTS e INSS de funcionários.',
  },
  {
    id: 'aluguel',
    name: 'Aluguel e condomínio',
    kind: 'expense',
    ledgerAccount: '4.1.2.01',
    description: 'Aluguel do imóvel, condomínio e IPTU.',
  },
  {
    id: 'fornecedores',
    name: 'Fornecedores',
    kind: 'expense',
    ledgerAccount: '4.1.2.02',
    description: 'Compras de mercadorias, matéria-prima e insumos.',
  },
  {
    id: 'servicos-terceiros',
    name: 'Serviços de terceiros',
    kind: 'expense',
    ledgerAccount: '4.1.2.05',
    description: 'Contador, advogado, freelancers e outros prestadores.',
  },
  {
    id: 'despesas-administrativas',
    name: 'Despesas administrativas',
    kind: 'expense',
    ledgerAccount: '4.1.2.03',
    description: 'Material de escritório, softwares, assinaturas.',
  },
  {
    id: 'agua-luz-telefone',
    name: 'Água, luz, telefone e internet',
    kind: 'expense',
    ledgerAccount: '4.1.2.04',
    description: 'Contas de consumo da empresa.',
  },
  {
    id: 'marketing',
    name: 'Marketing e publicidade',
    kind: 'expense',
    ledgerAccount: '4.1.2.06',
    description: 'Anúncios, impulsionamentos, material de divulgação.',
  },
  {
    id: 'transporte',
    name: 'Transporte e combustível',
    kind: 'expense',
    ledgerAccount: '4.1.2.07',
    description: 'Combustível, aplicativos de transporte, pedágios, fretes.',
  },
  {
    id: 'tarifas-bancarias',
    name: 'Tarifas bancárias',
    kind: 'expense',
    ledgerAccount: '4.1.4.01',
    description: 'Tarifas de conta, TED, boletos e maquininha.',
  },
  {
    id: 'juros-multas',
    name: 'Juros e multas pagos',
    kind: 'expense',
    ledgerAccount: '4.1.4.02',
    description: 'Juros de atraso, multas e encargos de empréstimos.',
  },
  {
    id: 'emprestimos-pagos',
    name: 'Pagamento de empréstimos',
    kind: 'expense',
    ledgerAccount: '2.1.4.01',
    description: 'Parcelas de empréstimos e financiamentos.',
  },
  {
    id: 'outras-despesas',
    name: 'Outras despesas',
    kind: 'expense',
    ledgerAccount: '4.1.9.99',
    description: 'Saídas que não se encaixam nas demais.',
  },
  {
    id: 'transferencia-entre-contas',
    name: 'Transferência entre contas',
    kind: 'transfer',
    ledgerAccount: '1.1.1.09',
    description: 'Dinheiro movido entre contas da própria empresa.',
  },
  {
    id: 'aplicacao-resgate',
    name: 'Aplicação / resgate',
    kind: 'transfer',
    ledgerAccount: '1.1.2.01',
    description: 'Aplicações financeiras e seus resgates.',
  },
];

export const TAX_CATEGORY_IDS = TAX_CATEGORIES.map((category) => category.id);

export function taxCategory(id: string | null | undefined): TaxCategory | undefined {
  return id ? TAX_CATEGORIES.find((category) => category.id === id) : undefined;
}

/** An account as the API answers it. */
export interface BankAccount {
  id: string;
  companyId: string;
  source: BankAccountSource;
  bankId: string | null;
  bankName: string | null;
  branchId: string | null;
  accountNumber: string;
  kind: BankAccountKind;
  currency: string;
  transactionCount: number;
  uncategorizedCount: number;
  /** Sum of every movement, in centavos (not the bank's balance: movements before the first import are unknown). */
  totalCents: number;
  firstTransactionOn: string | null;
  lastTransactionOn: string | null;
  lastImportAt: string | null;
  createdAt: string;
}

/** Who chose a transaction's category: a person, or a rule. A rule never overwrites a person's choice. */
export const CATEGORY_SOURCES = ['manual', 'rule'] as const;
export type CategorySource = (typeof CATEGORY_SOURCES)[number];

export interface BankTransaction {
  id: string;
  accountId: string;
  /** YYYY-MM-DD, as the bank dated it. */
  postedOn: string;
  /** Centavos; negative for money going out. */
  amountCents: number;
  description: string;
  memo: string | null;
  type: string | null;
  taxCategoryId: string | null;
  categorySource: CategorySource | null;
  createdAt: string;
}

/** The answer of an OFX import: what happened to each account of the file, and in total. */
export interface OfxImportAccountSummary {
  id: string;
  bankName: string | null;
  accountNumber: string;
  kind: BankAccountKind;
  added: number;
  duplicates: number;
  skipped: number;
  categorized: number;
}
export interface OfxImportSummary {
  accounts: OfxImportAccountSummary[];
  added: number;
  duplicates: number;
  /** Balance and future-dated lines, which are not movements. */
  skipped: number;
  /** Added transactions a rule categorised at once. */
  categorized: number;
}

/**
 * A file with at most this many movements is imported while the upload waits, and the upload answers its summary
 * (201); a larger one answers 202 at once with the import's progress, which the screen follows until it is done.
 */
export const OFX_SYNC_MAX_MOVEMENTS = 5_000;

/**
 * Where an import stands: waiting for another import of the same company to end, writing, done (its movements
 * appear at once, all of them) or failed (nothing of it is kept).
 */
export const OFX_IMPORT_STATUSES = ['queued', 'importing', 'done', 'failed'] as const;
export type OfxImportStatus = (typeof OFX_IMPORT_STATUSES)[number];

export interface OfxImportProgress {
  id: string;
  status: OfxImportStatus;
  /** Movements of the file written or found already imported so far, of `total`. */
  processed: number;
  total: number;
  /** When done: the same summary a small file's upload answers. */
  summary: OfxImportSummary | null;
  /** When failed: why, in Portuguese. */
  error: string | null;
}

/** "Gravando movimentações… 45.000 de 200.000 (22%)", or where it waits. */
export function importProgressText(progress: Pick<OfxImportProgress, 'status' | 'processed' | 'total'>): string {
  if (progress.status === 'queued') return 'Aguardando outra importação desta empresa terminar…';
  const percent = progress.total > 0 ? Math.floor((progress.processed / progress.total) * 100) : 100;
  return `Gravando movimentações… ${progress.processed.toLocaleString('pt-BR')} de ${progress.total.toLocaleString('pt-BR')} (${percent}%)`;
}

/** What a category rule looks at in a movement. */
export const CATEGORY_RULE_FIELDS = ['description'] as const;
export type CategoryRuleField = (typeof CATEGORY_RULE_FIELDS)[number];

export interface CategoryRule {
  id: string;
  companyId: string;
  /** The text the description must contain (accents and case ignored). */
  contains: string;
  /** Only money coming in, going out, or both. */
  direction: 'in' | 'out' | 'any';
  taxCategoryId: string;
  createdAt: string;
}

/** Rules a company may keep: its list answers them all in one page. */
export const MAX_CATEGORY_RULES = MAX_PAGE_SIZE;

export const BANK_MESSAGES = {
  tooManyRules: `Esta empresa já tem ${MAX_CATEGORY_RULES} regras de categoria, o limite. Apague alguma antes de criar outra.`,
  category: 'Escolha uma categoria válida.',
  contains: 'Informe o trecho da descrição (de 3 a 100 caracteres).',
  noSelection: 'Selecione ao menos uma movimentação.',
  month: 'Informe o mês no formato AAAA-MM.',
  period: 'Informe o período como AAAA (ano), AAAA-T1 a AAAA-T4 (trimestre) ou AAAA-MM (mês).',
  exportType: 'Formato de exportação inválido: use txt ou csv.',
  uncategorised:
    'Diga o que fazer com as movimentações sem categoria: include (exportar como “a classificar”) ou omit (deixar de fora).',
  importFailed: 'A importação do extrato não terminou e nada dele foi gravado. Envie o arquivo de novo.',
  importInterrupted: 'A importação do extrato foi interrompida e nada dele foi gravado. Envie o arquivo de novo.',
  importNotFound: 'Importação não encontrada.',
} as const;

const TaxCategoryIdSchema = v.picklist(TAX_CATEGORY_IDS as [string, ...string[]], BANK_MESSAGES.category);

/** A boolean in a query string: "true"/"1" or "false"/"0". */
const QueryFlag = v.optional(
  v.pipe(
    v.union([v.boolean(), v.picklist(['true', 'false', '1', '0'])], 'Use true ou false.'),
    v.transform((value) => value === true || value === 'true' || value === '1'),
  ),
  false,
);

export const BankAccountsQuerySchema = v.object({
  companyId: CompanyIdSchema,
  ...paginationQuery(PAGE_SIZE.bankAccounts),
});

export const BankTransactionsQuerySchema = v.object({
  companyId: CompanyIdSchema,
  accountId: UuidSchema('Conta inválida.'),
  withoutTaxCategory: QueryFlag,
  /** Only the movements of one month (YYYY-MM). */
  month: v.optional(MonthKeySchema(BANK_MESSAGES.month)),
  ...paginationQuery(PAGE_SIZE.transactions),
});

/** `PUT /bank-statements/transactions/{id}/tax-category`: null clears the category. */
export const TaxCategoryBodySchema = v.object({
  taxCategoryId: v.nullable(TaxCategoryIdSchema),
});

/** Several selected movements into one category at once. */
export const BulkTaxCategoryBodySchema = v.object({
  ids: v.pipe(
    v.array(UuidSchema('Movimentação inválida.'), BANK_MESSAGES.noSelection),
    v.minLength(1, BANK_MESSAGES.noSelection),
    v.maxLength(500, 'Selecione no máximo 500 movimentações por vez.'),
  ),
  taxCategoryId: v.nullable(TaxCategoryIdSchema),
});

export const CategoryRuleBodySchema = v.object({
  contains: v.pipe(
    v.string(BANK_MESSAGES.contains),
    v.trim(),
    v.minLength(3, BANK_MESSAGES.contains),
    v.maxLength(100, BANK_MESSAGES.contains),
  ),
  direction: v.optional(v.picklist(['in', 'out', 'any'], 'Escolha entradas, saídas ou ambas.'), 'any'),
  taxCategoryId: TaxCategoryIdSchema,
  /** Also categorise the movements already imported that have no category. */
  applyNow: v.optional(v.boolean(), true),
});

export const EXPORT_TYPES = ['txt', 'csv'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

/** What an export does with the month's movements without category: book them "a classificar", or leave them out. */
export const UNCATEGORISED_EXPORT_CHOICES = ['include', 'omit'] as const;
export type UncategorisedExportChoice = (typeof UNCATEGORISED_EXPORT_CHOICES)[number];

/** `GET …/export-summary`: the month an export would cover. */
export const ExportSummaryQuerySchema = v.object({
  companyId: CompanyIdSchema,
  /** The month to export (YYYY-MM). */
  date: MonthKeySchema(BANK_MESSAGES.month),
});

export const ExportQuerySchema = v.object({
  ...ExportSummaryQuerySchema.entries,
  /** Required when the month has movements without category (else 409). */
  uncategorised: v.optional(v.picklist(UNCATEGORISED_EXPORT_CHOICES, BANK_MESSAGES.uncategorised)),
});

/** How many movements a month's export would carry, and how many of them lack a category. */
export interface ExportSummary {
  /** YYYY-MM */
  month: string;
  total: number;
  uncategorised: number;
}

/** "35 de 36 movimentações de março/2017 estão sem categoria." */
export function uncategorisedExportMessage({ month, total, uncategorised }: ExportSummary): string {
  const when = `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]}/${month.slice(0, 4)}`;
  if (uncategorised === total && total === 1) return `A movimentação de ${when} está sem categoria.`;
  if (uncategorised === total) return `Todas as ${total} movimentações de ${when} estão sem categoria.`;
  return `${uncategorised} de ${total} movimentações de ${when} ${uncategorised === 1 ? 'está' : 'estão'} sem categoria.`;
}

/** `YYYY` (year), `YYYY-T1`…`YYYY-T4` (quarter) or `YYYY-MM` (month). */
export const BillingPeriodSchema = v.pipe(
  v.string(BANK_MESSAGES.period),
  v.trim(),
  v.toUpperCase(),
  v.regex(/^\d{4}(-(0[1-9]|1[0-2])|-T[1-4])?$/, BANK_MESSAGES.period),
);

export const BillingByCategoryQuerySchema = v.object({
  companyId: CompanyIdSchema,
  period: BillingPeriodSchema,
});

/** The first and last day (inclusive, YYYY-MM-DD) of a billing period. */
export function periodRange(period: string): { from: string; to: string } {
  const year = Number(period.slice(0, 4));
  let first = 1;
  let last = 12;
  if (/^\d{4}-T[1-4]$/.test(period)) {
    first = (Number(period.slice(-1)) - 1) * 3 + 1;
    last = first + 2;
  } else if (/^\d{4}-\d{2}$/.test(period)) {
    first = last = Number(period.slice(5, 7));
  }
  const lastDay = daysInMonth(year, last);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { from: `${year}-${pad(first)}-01`, to: `${year}-${pad(last)}-${pad(lastDay)}` };
}

export interface BillingByCategoryRow {
  /** null: movements not yet categorised. */
  taxCategoryId: string | null;
  name: string;
  kind: TaxCategoryKind | null;
  /** Money in and out, both positive centavos. */
  inCents: number;
  outCents: number;
  count: number;
}

export interface BillingByCategory {
  period: string;
  from: string;
  to: string;
  rows: BillingByCategoryRow[];
  totalInCents: number;
  totalOutCents: number;
}

/** Whether a rule applies to a movement: its text is looked for in the description and the complement (memo),
 * where banks and Cora put the counterparty's name. */
export function ruleMatches(
  rule: Pick<CategoryRule, 'contains' | 'direction'>,
  transaction: { description: string; memo?: string | null; amountCents: number },
): boolean {
  if (rule.direction === 'in' && transaction.amountCents < 0) return false;
  if (rule.direction === 'out' && transaction.amountCents >= 0) return false;
  return foldText(`${transaction.description} ${transaction.memo ?? ''}`).includes(foldText(rule.contains));
}

/**
 * The text a rule offered after a manual categorisation would look for: the description without dates, numbers and
 * document ids, e.g. "PIX RECEBIDO 12/03 JOAO SILVA 123.456" → "PIX RECEBIDO JOAO SILVA".
 */
export function suggestRuleText(description: string): string {
  return description
    .replace(/\d{1,2}\/\d{1,2}(\/\d{2,4})?/g, ' ')
    .replace(/[\d.,/*-]{3,}/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
}

/** A bank connection (Cora): the account it feeds and how its last sync went. */
export const BANK_CONNECTION_STATUSES = ['active', 'error'] as const;
export type BankConnectionStatus = (typeof BANK_CONNECTION_STATUSES)[number];

export interface BankConnection {
  id: string;
  companyId: string;
  provider: 'cora';
  accountId: string | null;
  status: BankConnectionStatus;
  lastSyncAt: string | null;
  /** Why the last sync failed, in Portuguese. */
  lastError: string | null;
  createdAt: string;
}

/** What a connection or a sync answers: the connection and what the statement pull added. */
export interface BankSyncResult {
  connection: BankConnection;
  import: OfxImportSummary;
}

export const CoraCallbackQuerySchema = v.object({
  companyId: CompanyIdSchema,
  code: v.pipe(
    v.string('O banco não devolveu a autorização. Tente conectar de novo.'),
    v.minLength(1, 'O banco não devolveu a autorização. Tente conectar de novo.'),
    v.maxLength(2048),
  ),
  state: v.pipe(
    v.string('Autorização inválida ou expirada. Tente conectar de novo.'),
    v.minLength(16, 'Autorização inválida ou expirada. Tente conectar de novo.'),
    v.maxLength(200),
  ),
});
