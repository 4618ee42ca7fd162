import type { DbExecutor } from '../db/executor';
import { leads } from '../db/schema';

const HOUR = 60 * 60 * 1000;

/** Contacts left on the site's forms over the last two weeks, for the team's "Contatos do site". */
const DEMO_LEADS: {
  name: string;
  email: string;
  phone: string | null;
  planId: string | null;
  source: string;
  hoursAgo: number;
}[] = [
  {
    name: 'Beatriz Nogueira',
    email: 'bia.nogueira@exemplo.com.br',
    phone: '+5511991234567',
    planId: 'essencial',
    source: '/',
    hoursAgo: 3,
  },
  {
    name: 'Rafael Teixeira',
    email: 'rafael.teixeira@exemplo.com.br',
    phone: null,
    planId: 'mei',
    source: '/blog/posts/como-abrir-mei',
    hoursAgo: 9,
  },
  {
    name: 'Luana Prado',
    email: 'luana@studioluana.exemplo.com.br',
    phone: '+5521987654321',
    planId: null,
    source: '/contabilidade-em/rio-de-janeiro-rj',
    hoursAgo: 26,
  },
  {
    name: 'Dr. Henrique Matos',
    email: 'henrique.matos@exemplo.com.br',
    phone: '+5531998765432',
    planId: 'essencial',
    source: '/areas/medicos',
    hoursAgo: 50,
  },
  {
    name: 'Carla Menezes',
    email: 'carla.menezes@exemplo.com.br',
    phone: '+5541997651234',
    planId: 'completo',
    source: '/trocar-contador',
    hoursAgo: 75,
  },
  { name: 'Tiago Ramos', email: 'tiago.ramos@exemplo.com.br', phone: null, planId: null, source: '/lp/irpf/2025', hoursAgo: 120 },
  {
    name: 'Fernanda Brito',
    email: 'fe.brito@exemplo.com.br',
    phone: '+5551996543210',
    planId: 'mei',
    source: '/abrir-empresa',
    hoursAgo: 190,
  },
  {
    name: 'Gustavo Lima',
    email: 'gustavo@lima-dev.exemplo.com.br',
    phone: '+5548995432109',
    planId: 'essencial',
    source: '/areas/desenvolvedores',
    hoursAgo: 260,
  },
];

export async function seedDemoLeads(tx: DbExecutor, now: Date): Promise<void> {
  await tx
    .insert(leads)
    .values(DEMO_LEADS.map(({ hoursAgo, ...lead }) => ({ ...lead, createdAt: new Date(now.getTime() - hoursAgo * HOUR) })));
}
