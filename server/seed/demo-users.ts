import type { Role } from '@domain';
import type { DbExecutor } from '../db/executor';
import { companyMembers, users } from '../db/schema';

export interface DemoUsersContext {
  /** Demo company ids by alias ("Mendes Tech", "Pão Dourado", …). */
  companyIds: ReadonlyMap<string, string>;
  now: Date;
}

interface DemoPerson {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  roles: Role[];
  /** Aliases of the companies they act on. */
  companies: string[];
  createdDaysAgo: number;
}

const DAY = 24 * 60 * 60 * 1000;

/**
 * More of the accounting team and customers of the other demo companies, so the team's user list has people,
 * pages, companies to filter by and a company with two members. They have no login: the team reads them; nobody
 * signs in as them (the demo logins are in demo.ts).
 */
export const DEMO_PEOPLE: readonly DemoPerson[] = [
  {
    id: 'demo-user-marcos-vieira',
    name: 'Marcos Vieira',
    email: 'marcos.vieira@exemplo.com.br',
    phone: '11991234567',
    roles: ['system-admin'],
    companies: [],
    createdDaysAgo: 405,
  },
  {
    id: 'demo-user-leticia-prado',
    name: 'Letícia Prado',
    email: 'leticia.prado@exemplo.com.br',
    phone: null,
    roles: ['system-admin'],
    companies: [],
    createdDaysAgo: 160,
  },
  {
    id: 'demo-user-roberto-dourado',
    name: 'Roberto Dourado',
    email: 'roberto@paodourado.exemplo.com.br',
    phone: '11984561230',
    roles: ['company-admin'],
    companies: ['Pão Dourado'],
    createdDaysAgo: 400,
  },
  {
    id: 'demo-user-camila-freitas',
    name: 'Camila Freitas',
    email: 'camila.freitas@exemplo.com.br',
    phone: '21997651234',
    roles: ['company-admin'],
    companies: ['Sorriso Pleno'],
    createdDaysAgo: 380,
  },
  {
    id: 'demo-user-ana-paula-ferreira',
    name: 'Ana Paula Ferreira',
    email: 'ana.paula@apferreira.exemplo.com.br',
    phone: '31988774411',
    roles: ['company-admin'],
    companies: ['AP Arquitetura'],
    createdDaysAgo: 350,
  },
  {
    id: 'demo-user-sergio-silva',
    name: 'Sérgio Silva',
    email: 'sergio@irmaossilva.exemplo.com.br',
    phone: '41996543210',
    roles: ['company-admin'],
    companies: ['Irmãos Silva'],
    createdDaysAgo: 330,
  },
  {
    id: 'demo-user-paulo-silva',
    name: 'Paulo Silva',
    email: 'paulo@irmaossilva.exemplo.com.br',
    phone: '41995432109',
    roles: ['company-admin'],
    companies: ['Irmãos Silva'],
    createdDaysAgo: 329,
  },
  {
    id: 'demo-user-lucas-almeida',
    name: 'Lucas Almeida',
    email: 'lucas@ladev.exemplo.com.br',
    phone: '48999887766',
    roles: ['company-admin'],
    companies: ['LA Dev'],
    createdDaysAgo: 300,
  },
  {
    id: 'demo-user-marina-costa',
    name: 'Marina Costa',
    email: 'marina.costa@exemplo.com.br',
    phone: '71992345678',
    roles: ['company-admin'],
    companies: ['Marina Fotografia'],
    createdDaysAgo: 250,
  },
  {
    id: 'demo-user-gabriel-souza',
    name: 'Gabriel Souza',
    email: 'gabriel@gsmarketing.exemplo.com.br',
    phone: '85991112233',
    roles: ['company-admin'],
    companies: ['GS Marketing'],
    createdDaysAgo: 150,
  },
];

/**
 * The people of `DEMO_PEOPLE` and their memberships. Runs inside the demo seed's transaction, after the
 * companies exist; a company alias the seed does not have is skipped, so the list may grow or shrink freely.
 */
export async function seedDemoUsers(tx: DbExecutor, ctx: DemoUsersContext): Promise<void> {
  await tx.insert(users).values(
    DEMO_PEOPLE.map((person) => {
      const createdAt = new Date(ctx.now.getTime() - person.createdDaysAgo * DAY);
      return {
        id: person.id,
        email: person.email,
        name: person.name,
        phone: person.phone,
        roles: person.roles,
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );
  const memberships = DEMO_PEOPLE.flatMap((person) =>
    person.companies
      .map((alias) => ctx.companyIds.get(alias))
      .filter((companyId): companyId is string => companyId !== undefined)
      .map((companyId) => ({
        companyId,
        userId: person.id,
        createdAt: new Date(ctx.now.getTime() - person.createdDaysAgo * DAY),
      })),
  );
  if (memberships.length > 0) await tx.insert(companyMembers).values(memberships);
}
