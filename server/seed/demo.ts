import { count, eq } from 'drizzle-orm';
import type { Address, CompanySize, CompanyStatus, CompanyType, ProgressStatus, Role, TrackId } from '@domain';
import { TRACK_STEPS, findPlan, monthKey, saoPauloDate } from '@domain';
import type { IdentityService } from '../auth/identity';
import { IdentityError } from '../auth/identity';
import type { Database } from '../db/client';
import { companies, companyMembers, companyStatusChanges, companySteps, subscriptions, users } from '../db/schema';
import { syncClaims } from '../services/claims';
import type { FileStorage } from '../services/storage';
import { seedDemoBank } from './demo-bank';
import { seedDemoBilling } from './demo-billing';
import { seedDemoDocuments } from './demo-documents';
import { seedDemoInvoices } from './demo-invoices';
import { seedDemoLeads } from './demo-leads';
import { seedDemoObligations } from './demo-obligations';
import { seedDemoUsers } from './demo-users';

export const DEMO_PASSWORD = 'demo12345';

export interface DemoLogin {
  email: string;
  name: string;
  roles: Role[];
  trackId?: TrackId;
  description: string;
}

export const DEMO_LOGINS: readonly DemoLogin[] = [
  { email: 'admin@demo.test', name: 'Paula Andrade', roles: ['system-admin'], description: 'equipe contábil (system-admin)' },
  {
    email: 'cliente@demo.test',
    name: 'Carlos Mendes',
    roles: ['company-admin'],
    trackId: 'create-company',
    description: 'cliente com empresa ativa (company-admin)',
  },
  {
    email: 'novo@demo.test',
    name: 'Juliana Rocha',
    roles: ['company-admin'],
    trackId: 'create-company',
    description: 'cliente no meio da abertura de empresa',
  },
  {
    email: 'mei@demo.test',
    name: 'Rafael Souza',
    roles: ['company-admin'],
    trackId: 'create-company',
    description: 'MEI de serviços ativo há mais de um ano (DAS-MEI e limite)',
  },
];

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number, now: Date) => new Date(now.getTime() - days * DAY);

interface DemoCompany {
  name: string | null;
  alias: string | null;
  cnpj: string | null;
  status: CompanyStatus;
  size: CompanySize;
  type: CompanyType;
  address: Address | null;
  trackId: TrackId;
  /** How many steps of the track are done. */
  stepsDone: number;
  payloads?: Record<string, Record<string, unknown>>;
  planId?: string;
  subscriptionStatus?: 'pending' | 'active' | 'overdue';
  /** Status changes after creation, oldest first, in days after creation. */
  history: { to: CompanyStatus; afterDays: number; note: string }[];
  createdDaysAgo: number;
  /** A fixed creation date instead of `createdDaysAgo`. */
  createdOn?: Date;
  owner?: string;
}

const saoPaulo: Address = {
  zipCode: '01310100',
  state: 'SP',
  city: 'São Paulo',
  street: 'Avenida Paulista',
  number: '1578',
  complement: 'Conjunto 42',
  neighborhood: 'Bela Vista',
};

/** The demo customer's company: opened through the product, active, with its whole history. */
const mendes: DemoCompany = {
  name: 'Mendes Tecnologia Ltda',
  alias: 'Mendes Tech',
  cnpj: '27494746000155',
  status: 'active',
  size: 'ME',
  type: 'limited_liability',
  address: saoPaulo,
  trackId: 'create-company',
  stepsDone: 5,
  planId: 'essencial',
  subscriptionStatus: 'active',
  createdDaysAgo: 400,
  owner: 'cliente@demo.test',
  payloads: {
    'pre-registration': {
      type: 'limited_liability',
      size: 'ME',
      name: 'Mendes Tecnologia Ltda',
      alias: 'Mendes Tech',
      mainActivity: '6201501',
      secondaryActivities: ['6204000', '6311900'],
      branchType: 'matriz',
      address: saoPaulo,
    },
    'partner-registration': {
      partners: [
        {
          name: 'Carlos Mendes',
          cpf: '43894494352',
          birthDate: '1986-04-12',
          maritalStatus: 'married',
          propertyRegime: 'community_property',
          share: 60,
          email: 'cliente@demo.test',
          phone: '11987654321',
        },
        {
          name: 'Beatriz Mendes',
          cpf: '57291053714',
          birthDate: '1988-09-30',
          maritalStatus: 'married',
          propertyRegime: 'community_property',
          share: 40,
          email: 'beatriz.mendes@demo.test',
          phone: '11976543210',
        },
      ],
    },
    subscription: { planId: 'essencial' },
    'awaiting-guide': { guide: 'Guia DARE da Junta Comercial (JUCESP)' },
    'upload-guide-receipt': { receipt: 'comprovante-dare.pdf' },
  },
  history: [
    { to: 'awaiting_opening', afterDays: 3, note: 'Cadastro concluído pelo cliente.' },
    { to: 'opening', afterDays: 9, note: 'Guia paga; processo protocolado na JUCESP.' },
    { to: 'active', afterDays: 24, note: 'CNPJ emitido e inscrição municipal concluída.' },
  ],
};

/** The newcomer's company: halfway through the opening wizard. */
const rocha: DemoCompany = {
  name: null,
  alias: 'Rocha Doces',
  cnpj: null,
  status: 'pending',
  size: 'MEI',
  type: 'on_person',
  address: null,
  trackId: 'create-company',
  stepsDone: 1,
  createdDaysAgo: 2,
  owner: 'novo@demo.test',
  payloads: {
    'pre-registration': {
      type: 'on_person',
      size: 'MEI',
      alias: 'Rocha Doces',
      mainActivity: '1091102',
      secondaryActivities: ['5620104'],
      branchType: 'matriz',
      address: {
        zipCode: '30130010',
        state: 'MG',
        city: 'Belo Horizonte',
        street: 'Avenida Afonso Pena',
        number: '1200',
        neighborhood: 'Centro',
      },
    },
  },
  history: [],
};

/** The demo customer's second company: an MEI opened this year, to show the MEI limit and the company selector. */
function photography(now: Date): DemoCompany {
  const { year, month } = saoPauloDate(now);
  // Opened on 25 January (activated in February), or two months ago early in the year.
  const createdOn = month >= 4 ? new Date(Date.UTC(year, 0, 25, 12)) : daysAgo(60, now);
  return {
    name: 'Carlos Eduardo Mendes 43894494352',
    alias: 'Carlos Mendes Fotografia',
    cnpj: '61802511000111',
    status: 'active',
    size: 'MEI',
    type: 'on_person',
    address: saoPaulo,
    trackId: 'create-company',
    stepsDone: 5,
    planId: 'mei',
    subscriptionStatus: 'active',
    createdDaysAgo: 0,
    createdOn,
    owner: 'cliente@demo.test',
    payloads: {
      'pre-registration': {
        type: 'on_person',
        size: 'MEI',
        alias: 'Carlos Mendes Fotografia',
        mainActivity: '7420001',
        secondaryActivities: ['7420004'],
        branchType: 'matriz',
        address: saoPaulo,
      },
      'partner-registration': { partners: (mendes.payloads!['partner-registration'].partners as unknown[]).slice(0, 1) },
      subscription: { planId: 'mei' },
      'awaiting-guide': { guide: 'Guia de inscrição MEI' },
      'upload-guide-receipt': { receipt: 'comprovante.pdf' },
    },
    history: [
      { to: 'awaiting_opening', afterDays: 2, note: 'Cadastro concluído pelo cliente.' },
      { to: 'opening', afterDays: 5, note: 'Formalização no Portal do Empreendedor.' },
      { to: 'active', afterDays: 12, note: 'CNPJ do MEI emitido.' },
    ],
  };
}

/** The MEI of mei@demo.test: services, opened with us over a year and a half ago, with a year of invoices. */
const informatica: DemoCompany = {
  name: 'Rafael Souza 52998224725',
  alias: 'RS Informática',
  cnpj: '34028316000103',
  status: 'active',
  size: 'MEI',
  type: 'on_person',
  address: saoPaulo,
  trackId: 'create-company',
  stepsDone: 5,
  planId: 'mei',
  subscriptionStatus: 'active',
  createdDaysAgo: 560,
  owner: 'mei@demo.test',
  payloads: {
    'pre-registration': {
      type: 'on_person',
      size: 'MEI',
      alias: 'RS Informática',
      mainActivity: '9511800',
      secondaryActivities: [],
      branchType: 'matriz',
      address: saoPaulo,
    },
  },
  history: [
    { to: 'awaiting_opening', afterDays: 2, note: 'Cadastro concluído pelo cliente.' },
    { to: 'opening', afterDays: 5, note: 'Formalização no Portal do Empreendedor.' },
    { to: 'active', afterDays: 12, note: 'CNPJ do MEI emitido.' },
  ],
};

/** Other customers, so the team's lists have something to page through. */
const OTHER_COMPANIES: [string, string, CompanySize, CompanyType, TrackId, CompanyStatus, number][] = [
  ['Padaria Pão Dourado Ltda', 'Pão Dourado', 'ME', 'limited_liability', 'migrate-company', 'active', 400],
  ['Clínica Sorriso Pleno Ltda', 'Sorriso Pleno', 'EPP', 'limited_liability', 'migrate-company', 'active', 380],
  ['Ana Paula Ferreira Arquitetura', 'AP Arquitetura', 'ME', 'private_limited', 'create-company', 'active', 350],
  ['Oficina Mecânica Irmãos Silva Ltda', 'Irmãos Silva', 'ME', 'limited_liability', 'migrate-company', 'overdue', 330],
  ['Lucas Almeida Desenvolvimento de Software', 'LA Dev', 'ME', 'private_limited', 'create-company', 'active', 300],
  ['Estúdio Yoga Shanti Ltda', 'Yoga Shanti', 'ME', 'limited_liability', 'create-company', 'active', 280],
  ['Marina Costa Fotografia', 'Marina Fotografia', 'MEI', 'on_person', 'create-company', 'active', 250],
  ['Transportadora Rota Sul Ltda', 'Rota Sul', 'EPP', 'limited_liability', 'migrate-company', 'active', 240],
  ['Consultório Dr. Renato Lima Ltda', 'Dr. Renato Lima', 'ME', 'private_limited', 'migrate-company', 'active', 220],
  ['Mercadinho Bom Preço Ltda', 'Bom Preço', 'ME', 'limited_liability', 'migrate-company', 'disabled', 210],
  ['Ateliê Costura Fina', 'Costura Fina', 'MEI', 'on_person', 'create-company', 'active', 200],
  ['Advocacia Nogueira & Prado', 'Nogueira & Prado', 'ME', 'limited_liability', 'migrate-company', 'active', 190],
  ['Pet Shop Amigo Fiel Ltda', 'Amigo Fiel', 'ME', 'limited_liability', 'create-company', 'active', 170],
  ['Gabriel Souza Marketing Digital', 'GS Marketing', 'ME', 'private_limited', 'create-company', 'overdue', 150],
  ['Hamburgueria Brasa Ltda', 'Brasa Burger', 'ME', 'limited_liability', 'migrate-company', 'active', 140],
  ['Escola de Idiomas Fluent Ltda', 'Fluent', 'EPP', 'limited_liability', 'migrate-company', 'active', 120],
  ['Fernanda Ribeiro Nutrição', 'Nutri Fernanda', 'ME', 'private_limited', 'create-company', 'active', 100],
  ['Construtora Alicerce Ltda', 'Alicerce', 'EPP', 'limited_liability', 'migrate-company', 'migrating', 40],
  ['Distribuidora Vale Verde Ltda', 'Vale Verde', 'ME', 'limited_liability', 'migrate-company', 'migrating', 25],
  ['Café Grão Nobre Ltda', 'Grão Nobre', 'ME', 'limited_liability', 'create-company', 'opening', 30],
  ['Thiago Martins Engenharia', 'TM Engenharia', 'ME', 'private_limited', 'create-company', 'opening', 21],
  ['Salão Beleza Pura', 'Beleza Pura', 'MEI', 'on_person', 'create-company', 'awaiting_opening', 12],
  ['Renata Gomes Psicologia', 'Renata Psicologia', 'ME', 'private_limited', 'create-company', 'awaiting_opening', 9],
  ['Loja Verde Limão Ltda', 'Verde Limão', 'ME', 'limited_liability', 'migrate-company', 'pending', 6],
  ['Bruno Carvalho Design', 'BC Design', 'MEI', 'on_person', 'create-company', 'pending', 4],
  ['Academia Corpo em Movimento Ltda', 'Corpo em Movimento', 'ME', 'limited_liability', 'migrate-company', 'pending', 3],
  ['Vidraçaria Cristal Ltda', 'Cristal', 'ME', 'limited_liability', 'create-company', 'pending', 1],
];

const OTHER_CNPJS = [
  '76827687000103',
  '36711088000105',
  '55479708000169',
  '62527735000125',
  '42090904000103',
  '74967438000180',
  '65491714000195',
  '18710995000140',
  '10585865000110',
  '33741856000177',
  '78635312000169',
  '01915852000171',
  '80188144000152',
  '80412477000113',
  '61018963000107',
  '53263410000191',
  '74931818000164',
  '99052438000180',
  '19807983000109',
  '86061078000131',
  '24644877000183',
  '45072190000190',
  '39061371000119',
  '93647636000100',
  '22574400000143',
  '07694822000169',
  '10602087000120',
];

/** Steps done and the status path of a company, from where it stands today. */
function progressOf(trackId: TrackId, status: CompanyStatus): Pick<DemoCompany, 'stepsDone' | 'history' | 'subscriptionStatus'> {
  const wizardDone = trackId === 'create-company' ? 'awaiting_opening' : 'migrating';
  switch (status) {
    case 'pending':
      return { stepsDone: 1, history: [] };
    case 'awaiting_opening':
      return {
        stepsDone: 3,
        history: [{ to: 'awaiting_opening', afterDays: 2, note: 'Cadastro concluído pelo cliente.' }],
        subscriptionStatus: 'active',
      };
    case 'migrating':
      return {
        stepsDone: 4,
        history: [{ to: 'migrating', afterDays: 2, note: 'Cadastro concluído pelo cliente.' }],
        subscriptionStatus: 'active',
      };
    case 'opening':
      return {
        stepsDone: 4,
        history: [
          { to: 'awaiting_opening', afterDays: 2, note: 'Cadastro concluído pelo cliente.' },
          { to: 'opening', afterDays: 8, note: 'Guia paga; processo protocolado na Junta Comercial.' },
        ],
        subscriptionStatus: 'active',
      };
    default: {
      const history: DemoCompany['history'] = [
        { to: wizardDone, afterDays: 2, note: 'Cadastro concluído pelo cliente.' },
        ...(trackId === 'create-company'
          ? [{ to: 'opening' as const, afterDays: 8, note: 'Processo protocolado na Junta Comercial.' }]
          : []),
        {
          to: 'active',
          afterDays: 20,
          note: trackId === 'create-company' ? 'CNPJ emitido.' : 'Transferência do contador concluída.',
        },
      ];
      if (status === 'overdue') history.push({ to: 'overdue', afterDays: 90, note: 'Mensalidade vencida há mais de 15 dias.' });
      if (status === 'disabled')
        history.push({ to: 'disabled', afterDays: 120, note: 'Contrato encerrado a pedido do cliente.' });
      return { stepsDone: 5, history, subscriptionStatus: status === 'overdue' ? 'overdue' : 'active' };
    }
  }
}

/**
 * A migrated LTDA that chose the MEI plan before the plans were made to fit the CNPJ's record (docs/features.md, migration): its
 * page shows the team the mismatch to settle with the customer.
 */
const PLAN_CHOSEN_BEFORE_THE_RULE: Record<string, string> = { 'Advocacia Nogueira & Prado': 'mei' };

function otherCompanies(): DemoCompany[] {
  return OTHER_COMPANIES.map(([name, alias, size, type, trackId, status, createdDaysAgo], i) => {
    const registered = !['pending', 'awaiting_opening'].includes(status) || trackId === 'migrate-company';
    return {
      name,
      alias,
      cnpj: registered ? OTHER_CNPJS[i] : null,
      size,
      type,
      trackId,
      status,
      address: null,
      createdDaysAgo,
      planId: PLAN_CHOSEN_BEFORE_THE_RULE[name] ?? (size === 'MEI' ? 'mei' : i % 3 === 0 ? 'completo' : 'essencial'),
      ...progressOf(trackId, status),
    };
  });
}

async function ensureIdentity(identity: IdentityService, login: DemoLogin): Promise<string> {
  const existing = await identity.findUserByEmail(login.email);
  if (!existing) {
    try {
      return (await identity.createUser({ email: login.email, password: DEMO_PASSWORD, displayName: login.name })).uid;
    } catch (error) {
      // Another process created it meanwhile: use that account.
      if (!(error instanceof IdentityError && error.reason === 'email-exists')) throw error;
    }
  }
  const account = existing ?? (await identity.findUserByEmail(login.email));
  if (!account) throw new Error(`Demo account ${login.email} could not be created`);
  await identity.updateUser(account.uid, { password: DEMO_PASSWORD, displayName: login.name });
  return account.uid;
}

/** Whether the database has no people and no companies yet. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [[{ u }], [{ c }]] = await Promise.all([
    db.select({ u: count() }).from(users),
    db.select({ c: count() }).from(companies),
  ]);
  return u === 0 && c === 0;
}

/** Creates the demo logins (in the identity provider too) and the demo companies, in one transaction. */
export async function seedDemoData(
  db: Database,
  identity: IdentityService,
  /** `appUrl`: the address the demo's e-mails link to. */
  options: { storage?: FileStorage; now?: Date; appUrl?: string } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  const uids = new Map<string, string>();
  for (const login of DEMO_LOGINS) uids.set(login.email, await ensureIdentity(identity, login));

  await db.transaction(async (tx) => {
    await tx.insert(users).values(
      DEMO_LOGINS.map((login, i) => ({
        id: uids.get(login.email)!,
        email: login.email,
        name: login.name,
        phone: login.roles.includes('system-admin') ? null : `1198765432${i}`,
        roles: login.roles,
        trackId: login.trackId ?? null,
        createdAt: daysAgo(login.email === 'novo@demo.test' ? 2 : 410, now),
      })),
    );

    const photo = photography(now);
    const ids = new Map<string, string>();
    for (const demo of [mendes, photo, rocha, informatica, ...otherCompanies()]) {
      const createdAt = demo.createdOn ?? daysAgo(demo.createdDaysAgo, now);
      const steps = TRACK_STEPS[demo.trackId];
      const trackStatus: ProgressStatus = demo.stepsDone >= steps.length ? 'done' : 'in_progress';
      const [company] = await tx
        .insert(companies)
        .values({
          name: demo.name,
          alias: demo.alias,
          cnpj: demo.cnpj,
          status: demo.status,
          previousStatus: demo.status === 'disabled' ? 'active' : null,
          size: demo.size,
          type: demo.type,
          address: demo.address,
          mainActivity: (demo.payloads?.['pre-registration']?.mainActivity as string | undefined) ?? null,
          secondaryActivities: (demo.payloads?.['pre-registration']?.secondaryActivities as string[] | undefined) ?? [],
          trackId: demo.trackId,
          trackStatus,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: companies.id });
      ids.set(demo.alias!, company.id);

      await tx.insert(companySteps).values(
        steps.map((stepId, position) => ({
          companyId: company.id,
          stepId,
          position,
          status: (position < demo.stepsDone
            ? 'done'
            : position === demo.stepsDone
              ? 'in_progress'
              : 'pending') as ProgressStatus,
          payload: demo.payloads?.[stepId] ?? null,
          completedAt: position < demo.stepsDone ? new Date(createdAt.getTime() + (position + 1) * DAY) : null,
        })),
      );

      await tx.insert(companyStatusChanges).values([
        { companyId: company.id, fromStatus: null, toStatus: 'pending', note: 'Empresa cadastrada.', changedAt: createdAt },
        ...demo.history.map((change, i) => ({
          companyId: company.id,
          fromStatus: i === 0 ? ('pending' as const) : demo.history[i - 1].to,
          toStatus: change.to,
          note: change.note,
          changedBy: change.afterDays > 2 ? uids.get('admin@demo.test')! : null,
          changedAt: new Date(createdAt.getTime() + change.afterDays * DAY),
        })),
      ]);

      const plan = demo.planId ? findPlan(demo.planId) : undefined;
      if (plan && demo.subscriptionStatus) {
        await tx.insert(subscriptions).values({
          companyId: company.id,
          planId: plan.id,
          status: demo.subscriptionStatus,
          priceCents: plan.priceCents,
          activatedAt: new Date(createdAt.getTime() + 2 * DAY),
          createdAt: new Date(createdAt.getTime() + 2 * DAY),
        });
      }

      if (demo.owner) {
        await tx.insert(companyMembers).values({ companyId: company.id, userId: uids.get(demo.owner)!, createdAt });
      }
    }

    const photoActive = new Date(photo.createdOn!.getTime() + 12 * DAY);
    const opened = saoPauloDate(photoActive);
    await seedDemoInvoices(
      tx,
      {
        mendes: ids.get('Mendes Tech')!,
        photography: ids.get('Carlos Mendes Fotografia')!,
        photographyOpenedOn: `${monthKey(opened.year, opened.month)}-${String(opened.day).padStart(2, '0')}`,
        others: [ids.get('Pão Dourado')!, ids.get('LA Dev')!, ids.get('Yoga Shanti')!],
      },
      { customer: uids.get('cliente@demo.test')!, admin: uids.get('admin@demo.test')! },
      options.storage,
      now,
    );
    const startOf = (demo: DemoCompany, afterDays: number) => {
      const day = saoPauloDate(new Date(daysAgo(demo.createdDaysAgo, now).getTime() + afterDays * DAY));
      return monthKey(day.year, day.month);
    };
    await seedDemoObligations(tx, {
      mendes: ids.get('Mendes Tech')!,
      mei: ids.get('RS Informática')!,
      mendesStart: startOf(mendes, 24),
      meiStart: startOf(informatica, 12),
      meiOwner: uids.get('mei@demo.test')!,
      admin: uids.get('admin@demo.test')!,
      now,
      appUrl: options.appUrl ?? 'http://localhost:3000',
    });
    await seedDemoBank(tx, ids.get('Mendes Tech')!, uids.get('cliente@demo.test')!, now);
    await seedDemoBilling(tx, { companyIds: ids, uids, now });
    await seedDemoDocuments(tx, { companyIds: ids, uids, storage: options.storage, now });
    await seedDemoUsers(tx, { companyIds: ids, now });
    await seedDemoLeads(tx, now);
  });

  for (const uid of uids.values()) await syncClaims(db, identity, uid);
}

/**
 * The demo logins must work after every start, even when the emulator lost its accounts (it keeps them only when
 * stopped cleanly): recreate any that are missing with the uid the database knows, and refresh their claims.
 */
export async function ensureDemoIdentities(db: Database, identity: IdentityService): Promise<void> {
  // The logins side by side: each is a few calls to the emulator, most of a restart's wait for them.
  await Promise.all(
    DEMO_LOGINS.map(async (login) => {
      const [row] = await db.select().from(users).where(eq(users.email, login.email));
      if (!row) return;
      const existing = await identity.findUserByEmail(login.email);
      if (!existing) {
        await identity.createUser({ uid: row.id, email: login.email, password: DEMO_PASSWORD, displayName: row.name });
      } else if (existing.uid !== row.id) {
        return; // Someone else's account under this e-mail: leave it alone.
      }
      await syncClaims(db, identity, row.id);
    }),
  );
}
