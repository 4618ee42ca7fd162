import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_MESSAGES, MAX_CATEGORY_RULES, MAX_PAGE_SIZE, MAX_SCHEDULES_PER_COMPANY, NFS_MESSAGES } from '@domain';
import { categoryRules, companyStatusChanges, nfsSchedules } from '@server/db/schema';
import type { TestServer, TestUser } from '../support/server';
import { startTestServer } from '../support/server';

/** Every list answers at most its page size (docs/api.md): what a company may pile up is bounded, or paged. */
let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createUser({ roles: ['system-admin'] });
});
afterAll(() => server?.close());

const schedule = (companyId: string, n: number) => ({
  companyId,
  emissionType: 'cnpj' as const,
  customerDocument: '27494746000155',
  customerName: `Cliente ${n}`,
  description: 'Manutenção mensal do site.',
  activity: '6201501',
  totalCents: 10_000 + n,
  dayOfMonth: 1 + (n % 12),
});

describe('lists a company can fill', () => {
  it(`keep at most ${MAX_CATEGORY_RULES} category rules, all in one page; the next is refused and nothing is written`, async () => {
    const company = await server.createCompany({ status: 'active' });
    const owner = await server.createUser({ companyIds: [company] });
    await server.db.insert(categoryRules).values(
      Array.from({ length: MAX_CATEGORY_RULES }, (_, i) => ({
        companyId: company,
        contains: `regra ${i}`,
        taxCategoryId: 'tarifas-bancarias',
      })),
    );
    const refused = await server.call(`/api/bank-statements/category-rules?companyId=${company}`, {
      method: 'POST',
      token: owner.token,
      body: { contains: 'mais uma', taxCategoryId: 'tarifas-bancarias' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe(BANK_MESSAGES.tooManyRules);
    const list = await server.call(`/api/bank-statements/category-rules?companyId=${company}`, { token: owner.token });
    expect(list.body.data).toHaveLength(MAX_CATEGORY_RULES);
    expect(list.body.total).toBe(MAX_CATEGORY_RULES);
  });

  it(`keep at most ${MAX_SCHEDULES_PER_COMPANY} invoice schedules, all in one page`, async () => {
    const company = await server.createCompany({ status: 'active', mainActivity: '6201501' });
    const owner = await server.createUser({ companyIds: [company] });
    await server.db
      .insert(nfsSchedules)
      .values(Array.from({ length: MAX_SCHEDULES_PER_COMPANY }, (_, i) => schedule(company, i)));
    const refused = await server.call(`/api/nfs/schedulers?companyId=${company}`, {
      method: 'POST',
      token: owner.token,
      body: {
        emissionType: 'cnpj',
        cnpj: '11.222.333/0001-81',
        totalValue: '100,00',
        customerName: 'Estúdio Aurora',
        description: 'Mais um agendamento.',
        activity: '6201501',
        dayOfMonth: 5,
      },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe(NFS_MESSAGES.tooManySchedules);
    const list = await server.call(`/api/nfs/schedulers?companyId=${company}`, { token: owner.token });
    expect(list.body.data).toHaveLength(MAX_SCHEDULES_PER_COMPANY);
    expect(list.body.total).toBe(MAX_SCHEDULES_PER_COMPANY);
  });

  it('page the team’s list of every active schedule', async () => {
    const company = await server.createCompany({ status: 'active', mainActivity: '6201501' });
    await server.db.insert(nfsSchedules).values(Array.from({ length: 30 }, (_, i) => schedule(company, i)));
    const all = await server.call('/api/nfs/schedulers/active', { token: admin.token });
    expect(all.body.data.length).toBeLessThanOrEqual(MAX_PAGE_SIZE);
    const total = all.body.total as number;
    expect(total).toBeGreaterThanOrEqual(30);
    const page = await server.call('/api/nfs/schedulers/active?limit=7&offset=3', { token: admin.token });
    expect(page.body.data).toHaveLength(7);
    expect(page.body.total).toBe(total);
    expect(page.body.data.map((s: { id: string }) => s.id)).toEqual(all.body.data.slice(3, 10).map((s: { id: string }) => s.id));
    const past = await server.call(`/api/nfs/schedulers/active?offset=${total + 5}`, { token: admin.token });
    expect(past.body).toEqual({ data: [], total });
    expect((await server.call(`/api/nfs/schedulers/active?limit=${MAX_PAGE_SIZE + 1}`, { token: admin.token })).status).toBe(400);
  });

  it(`answer the newest ${MAX_PAGE_SIZE} changes of a long status history`, async () => {
    const company = await server.createCompany({ status: 'active' });
    const owner = await server.createUser({ companyIds: [company] });
    const start = Date.UTC(2026, 0, 1);
    await server.db.insert(companyStatusChanges).values(
      Array.from({ length: MAX_PAGE_SIZE + 20 }, (_, i) => ({
        companyId: company,
        fromStatus: i % 2 ? ('overdue' as const) : ('active' as const),
        toStatus: i % 2 ? ('active' as const) : ('overdue' as const),
        changedAt: new Date(start + i * 60_000),
      })),
    );
    const { body } = await server.call(`/api/companies/${company}/status-history`, { token: owner.token });
    expect(body.data).toHaveLength(MAX_PAGE_SIZE);
    expect(body.data[0].changedAt).toBe(new Date(start + (MAX_PAGE_SIZE + 19) * 60_000).toISOString());
  });
});
