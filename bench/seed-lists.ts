/**
 * Data for the list benchmarks: for each size (10,000 and 100,000), an account of that many movements and a company
 * with that many invoice requests,
 * among other companies' rows (so an index on the company or account has something to leave out). Movements go in
 * through `importStatement` — the OFX import's own batched `unnest` path; invoice requests in batches of 1,000.
 */
import type { NfsRequestStatus } from '@domain';
import { importStatement } from '@server/db/bank-statements';
import type { ImportedTransaction } from '@server/db/bank-statements';
import type { Database } from '@server/db/client';
import { categoryRules, companies, nfsRequests } from '@server/db/schema';
import type { BenchIdentity } from './bench-identity';
import { benchCustomer } from './bench-identity';

/** The sizes each list is measured at: an account of that many movements, a company of that many invoice requests. */
export const SIZES = (process.env.BENCH_SIZES ?? '10000,100000')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);
/** Other companies, each with a twentieth of the largest size of rows. */
const NEIGHBOURS = 19;

const MEMOS = [
  'PIX RECEBIDO CLIENTE',
  'TARIFA BANCARIA PACOTE',
  'PAGAMENTO BOLETO FORNECEDOR',
  'CARTAO DEBITO POSTO',
  'PIX ENVIADO',
  'TED RECEBIDA',
  'DAS SIMPLES NACIONAL',
];

/** `count` movements over the 36 months of 2023–2025, a fifth of them bank fees (a rule categorises those). */
function movements(count: number): ImportedTransaction[] {
  const start = Date.UTC(2023, 0, 1);
  const days = 3 * 365;
  return Array.from({ length: count }, (_, i) => {
    const memo = MEMOS[i % MEMOS.length];
    const cents = ((i * 7919) % 500_000) + 1;
    return {
      externalId: String(i),
      postedOn: new Date(start + Math.floor((i / count) * days) * 86_400_000).toISOString().slice(0, 10),
      amountCents: memo.startsWith('PIX RECEBIDO') || memo.startsWith('TED') ? cents : -cents,
      description: `${memo} ${i % 97}`,
      memo: null,
      type: 'OTHER',
    };
  });
}

const STATUSES: NfsRequestStatus[] = [
  ...Array<NfsRequestStatus>(15).fill('issued'),
  'requested',
  'requested',
  'processing',
  'rejected',
  'cancelled',
];

/** `count` requests over 24 months (2024–2025), three in four issued, created in order of competence. */
async function insertRequests(db: Database, companyId: string, count: number) {
  const start = Date.UTC(2024, 0, 1);
  const span = 2 * 365 * 86_400_000;
  for (let from = 0; from < count; from += 1_000) {
    await db.insert(nfsRequests).values(
      Array.from({ length: Math.min(1_000, count - from) }, (_, k) => {
        const i = from + k;
        const createdAt = new Date(start + Math.floor((i / count) * span));
        return {
          companyId,
          status: STATUSES[i % STATUSES.length],
          emissionType: 'cnpj' as const,
          customerDocument: '11222333000181',
          customerName: `Tomador ${i % 50}`,
          description: `Serviços de desenvolvimento de software, parcela ${i}`,
          competence: createdAt.toISOString().slice(0, 7),
          totalCents: 150_000 + (i % 100) * 100,
          createdAt,
          statusChangedAt: createdAt,
          updatedAt: createdAt,
        };
      }),
    );
  }
}

async function company(db: Database, alias: string): Promise<string> {
  const [row] = await db
    .insert(companies)
    .values({ name: `${alias} Ltda`, alias, status: 'active' })
    .returning({ id: companies.id });
  return row.id;
}

async function account(db: Database, companyId: string, count: number) {
  await db
    .insert(categoryRules)
    .values({ companyId, contains: 'TARIFA BANCARIA', direction: 'out', taxCategoryId: 'tarifas-bancarias' });
  const summary = await importStatement(db, companyId, [
    {
      source: 'ofx',
      bankId: '0341',
      branchId: '0001',
      accountNumber: `${count}-0`,
      kind: 'checking',
      currency: 'BRL',
      transactions: movements(count),
      skipped: 0,
    },
  ]);
  return summary.accounts[0].id;
}

export interface ListsSize {
  size: number;
  /** `headers`: a signed-in customer's of the company. */
  movements: { companyId: string; accountId: string; headers: Record<string, string> };
  invoices: { companyId: string; headers: Record<string, string> };
}

export async function seedLists(db: Database, bench: BenchIdentity): Promise<ListsSize[]> {
  const sizes: ListsSize[] = [];
  for (const size of SIZES) {
    const movementsCompany = await company(db, `Bench Movimentos ${size}`);
    const accountId = await account(db, movementsCompany, size);
    const invoicesCompany = await company(db, `Bench Notas ${size}`);
    await insertRequests(db, invoicesCompany, size);
    sizes.push({
      size,
      movements: { companyId: movementsCompany, accountId, headers: (await benchCustomer(db, bench, movementsCompany)).headers },
      invoices: { companyId: invoicesCompany, headers: (await benchCustomer(db, bench, invoicesCompany)).headers },
    });
  }
  const largest = Math.max(...SIZES);
  for (let n = 0; n < NEIGHBOURS; n++) {
    const neighbour = await company(db, `Vizinha ${n}`);
    await account(db, neighbour, Math.ceil(largest / 20));
    await insertRequests(db, neighbour, Math.ceil(largest / 20));
  }
  return sizes;
}
