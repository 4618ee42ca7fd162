/**
 * The national NFS-e in the demo, one company per regime, each with a fiscal profile and an A1 certificate from the
 * local stand-in's CA, and invoices issued through the real flow — DPS built, checked against the schema and the
 * official rules, signed, sent to the strict stand-in, NFS-e stored with its DANFSe and XML (docs/nfse.md):
 * - Mendes Tech (Simples Nacional ME/EPP, ISS in the DAS): an invoice to a company, one with the ISS withheld (the
 *   tomador's address in Brazil, E0237) and one to a tomador abroad (NIF, foreign address, foreign trade);
 * - Carlos Mendes Fotografia (MEI): an invoice to a person (CPF), and one cancelled;
 * - Clínica Sorriso Pleno (Lucro Presumido): an invoice to a company, its approximate federal taxes on it.
 */
import { eq } from 'drizzle-orm';
import { addMonthsToDay } from '@domain';
import type { Logger } from '../logger';
import type { Database } from '../db/client';
import { profileColumns, saveCertificate } from '../db/nfse';
import {
  companies,
  companyCertificates,
  companyFiscalProfiles,
  companyMembers,
  nfsRequestStatusChanges,
  nfsRequests,
  users,
} from '../db/schema';
import type { IssuedA1 } from '../nfse/test-ca';
import type { NfseDeps } from '../services/nfse-emission';
import { createNfseEmissionService } from '../services/nfse-emission';
import type { FileStorage } from '../services/storage';
import { currentMonth, rememberCustomer } from '../db/invoices';

export const DEMO_NFSE_CNPJ = '27494746000155';
const DEMO_CERTIFICATE_PASSWORD = 'demo-a1-1234';

export type DemoNfseOptions = {
  nfse: NfseDeps;
  storage: FileStorage;
  logger: Logger;
  /** The stand-in's CA: a way to issue the company's A1 from it, and whether it issued a certificate (by fingerprint). */
  ca: {
    issue(request: { cnpj: string; companyName: string; password: string }): Promise<IssuedA1>;
    issued(fingerprint: string): boolean;
  };
};

async function demoCompany(db: Database) {
  const [company] = await db.select().from(companies).where(eq(companies.cnpj, DEMO_NFSE_CNPJ));
  return company;
}

/** Stores a certificate for a demo company from the stand-in's CA (sealed like any uploaded one). */
async function storeCertificate(
  db: Database,
  companyId: string,
  companyName: string,
  options: DemoNfseOptions,
  cnpj = DEMO_NFSE_CNPJ,
) {
  const issued = await options.ca.issue({ cnpj, companyName, password: DEMO_CERTIFICATE_PASSWORD });
  const { readPkcs12 } = await import('../nfse/certificate');
  const certificate = readPkcs12(issued.pfx, issued.password);
  await saveCertificate(
    db,
    companyId,
    { file: issued.pfx, password: issued.password, certificate, uploadedBy: null },
    options.nfse.sealer,
  );
}

/** Right after the demo data: the profile, the certificate and one national invoice issued through the stand-in. */
export async function seedDemoNfse(db: Database, options: DemoNfseOptions): Promise<void> {
  const company = await demoCompany(db);
  if (!company) return;
  await db
    .insert(companyFiscalProfiles)
    .values({
      companyId: company.id,
      ...profileColumns({
        municipalRegistration: '12345678',
        cityIbgeCode: '3550308',
        taxRegime: 'simples',
        simplesApportionment: '1',
        specialRegime: '0',
        serviceCode: '010101',
        // What else it sells, for its customers to choose on a request: support and web pages.
        otherServiceCodes: ['010701', '010801'],
        // A tomador abroad makes the service foreign trade, which names it by its NBS code (E0318).
        nbsCode: '115021000',
        municipalServiceCode: undefined,
        issRate: 2,
        dpsSeries: '1',
        // Anexo III's first bracket: the DAS's effective rate is the approximate total of taxes of an ME/EPP.
        simplesTaxRate: 6,
        federalTaxRate: undefined,
      }),
    })
    .onConflictDoNothing();
  await storeCertificate(db, company.id, company.name ?? 'Mendes Tech', options);

  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.test'));
  const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'cliente@demo.test'));
  await seedRegimes(db, options, { admin: admin?.id ?? null });
  // Last month's, issued: this month's requests to the same tomadores are the customer's to make.
  const lastMonth = addMonthsToDay(`${currentMonth()}-01`, -1).slice(0, 7);
  const tomadores: (Omit<typeof nfsRequests.$inferInsert, 'companyId' | 'competence'> & { remember?: boolean })[] = [
    {
      emissionType: 'cnpj',
      customerDocument: '11222333000181',
      customerName: 'Estúdio Aurora Design Ltda',
      customerEmail: 'adm@estudioaurora.com.br',
      description: 'Consultoria em arquitetura de software: revisão do aplicativo de agendamentos.',
      totalCents: 1_250_000,
    },
    {
      emissionType: 'cnpj',
      customerDocument: '76827687000103',
      customerName: 'Padaria Pão Dourado Ltda',
      customerEmail: 'financeiro@paodourado.com.br',
      customerAddress: {
        kind: 'national',
        postalCode: '01001000',
        cityIbgeCode: '3550308',
        cityName: 'São Paulo',
        state: 'SP',
        street: 'Praça da Sé',
        number: '100',
        complement: 'Conjunto 12',
        district: 'Sé',
      },
      description: 'Manutenção mensal do sistema de agendamento de consultas.',
      totalCents: 480_000,
      issWithheld: true,
      remember: true,
    },
    {
      emissionType: 'foreign',
      customerDocument: '98-7654321',
      customerName: 'Acme Software Inc.',
      customerEmail: 'billing@acme.example',
      customerAddress: {
        kind: 'foreign',
        countryCode: 'US',
        postalCode: '94105',
        city: 'San Francisco',
        region: 'California',
        street: 'Market Street',
        number: '500',
        complement: 'Suite 300',
        district: 'South of Market',
      },
      description: 'Desenvolvimento de software sob encomenda: módulo de relatórios (exportação de serviço).',
      totalCents: 2_000_000,
      remember: true,
    },
  ];
  const requestIds = await db.transaction(async (tx) => {
    const ids: string[] = [];
    for (const { remember, ...tomador } of tomadores) {
      const [request] = await tx
        .insert(nfsRequests)
        .values({
          companyId: company.id,
          ...tomador,
          activity: '6201501',
          competence: lastMonth,
          createdBy: customer?.id ?? null,
        })
        .returning({ id: nfsRequests.id });
      await tx
        .insert(nfsRequestStatusChanges)
        .values({ requestId: request.id, toStatus: 'requested', changedBy: customer?.id ?? null });
      if (remember) {
        await rememberCustomer(tx, company.id, {
          emissionType: tomador.emissionType,
          document: tomador.customerDocument,
          name: tomador.customerName,
          email: tomador.customerEmail ?? null,
          customerAddress: tomador.customerAddress ?? null,
          customerNoNifReason: null,
        });
      }
      ids.push(request.id);
    }
    return ids;
  });
  const emissions = createNfseEmissionService({ db, storage: options.storage, nfse: options.nfse, logger: options.logger });
  for (const requestId of requestIds) {
    const result = await emissions.emit(requestId, { actor: admin?.id ?? null });
    if (result.kind !== 'done' || result.request.status !== 'issued') {
      options.logger.error(
        `Demo: the national invoice was not issued (${result.kind === 'invalid' ? result.problem.message : result.request.status}).`,
      );
    }
  }
}

/** The MEI and the Lucro Presumido company of the demo, with their profiles, certificates and national invoices. */
const REGIME_DEMOS = [
  {
    cnpj: '61802511000111',
    profile: {
      municipalRegistration: undefined,
      cityIbgeCode: '3550308',
      taxRegime: 'mei' as const,
      simplesApportionment: undefined,
      specialRegime: '0' as const,
      serviceCode: '130301',
      otherServiceCodes: [],
      nbsCode: undefined,
      municipalServiceCode: undefined,
      issRate: undefined,
      dpsSeries: '1',
      simplesTaxRate: undefined,
      federalTaxRate: undefined,
    },
    invoices: [
      {
        emissionType: 'cpf' as const,
        customerDocument: '52998224725',
        customerName: 'Juliana Pereira Santos',
        customerEmail: 'juliana.santos@exemplo.com.br',
        description: 'Ensaio fotográfico de família: 2 horas, 40 fotos tratadas.',
        activity: '7420001',
        totalCents: 85_000,
      },
      {
        emissionType: 'cpf' as const,
        customerDocument: '11144477735',
        customerName: 'Roberto Lima',
        customerEmail: null,
        description: 'Fotos de produto para catálogo (emitida com valor errado).',
        activity: '7420001',
        totalCents: 120_000,
        cancel: 'Valor do serviço informado errado; nova nota será emitida.',
      },
    ],
  },
  {
    cnpj: '36711088000105',
    profile: {
      municipalRegistration: '87654321',
      cityIbgeCode: '3550308',
      taxRegime: 'other' as const,
      simplesApportionment: undefined,
      specialRegime: '0' as const,
      serviceCode: '041201',
      otherServiceCodes: [],
      nbsCode: undefined,
      municipalServiceCode: undefined,
      issRate: 2,
      dpsSeries: '1',
      simplesTaxRate: undefined,
      // Lucro Presumido on services: IRPJ 4,80 + CSLL 2,88 (32 % of the revenue at 15 % and 9 %) + PIS 0,65 + COFINS 3.
      federalTaxRate: 11.33,
    },
    invoices: [
      {
        emissionType: 'cnpj' as const,
        customerDocument: '11444777000161',
        customerName: 'Convênio Odonto Bem Estar Ltda',
        customerEmail: 'faturamento@odontobemestar.com.br',
        description: 'Atendimentos odontológicos do convênio no mês.',
        activity: '8630504',
        totalCents: 1_870_000,
      },
    ],
  },
];

async function seedRegimes(db: Database, options: DemoNfseOptions, { admin }: { admin: string | null }) {
  const emissions = createNfseEmissionService({ db, storage: options.storage, nfse: options.nfse, logger: options.logger });
  const competence = addMonthsToDay(`${currentMonth()}-01`, -1).slice(0, 7);
  for (const demo of REGIME_DEMOS) {
    const [company] = await db.select().from(companies).where(eq(companies.cnpj, demo.cnpj));
    if (!company) continue;
    const [owner] = await db
      .select({ userId: companyMembers.userId })
      .from(companyMembers)
      .where(eq(companyMembers.companyId, company.id));
    await db
      .insert(companyFiscalProfiles)
      .values({ companyId: company.id, ...profileColumns(demo.profile) })
      .onConflictDoNothing();
    await storeCertificate(db, company.id, company.name ?? company.alias ?? 'Empresa', options, demo.cnpj);
    for (const invoice of demo.invoices) {
      const { cancel, ...fields } = { cancel: undefined as string | undefined, ...invoice };
      const [request] = await db
        .insert(nfsRequests)
        .values({ companyId: company.id, ...fields, competence, createdBy: owner?.userId ?? null })
        .returning({ id: nfsRequests.id });
      await db
        .insert(nfsRequestStatusChanges)
        .values({ requestId: request!.id, toStatus: 'requested', changedBy: owner?.userId ?? null });
      const result = await emissions.emit(request!.id, { actor: admin });
      if (result.kind !== 'done' || result.request.status !== 'issued') {
        options.logger.error(
          `Demo: the national invoice of ${demo.cnpj} was not issued (${result.kind === 'invalid' ? result.problem.message : result.request.status}).`,
        );
        continue;
      }
      if (cancel) await emissions.cancel(request!.id, { reason: cancel, reasonCode: '1' }, { actor: admin });
    }
  }
}

/**
 * At every start with the stand-in: a demo certificate the current CA did not issue (the CA file under DATA_DIR was
 * removed while the database stayed, or another server's DATA_DIR) is issued again, so the demo still emits.
 */
export async function ensureDemoCertificate(db: Database, options: DemoNfseOptions): Promise<boolean> {
  const company = await demoCompany(db);
  if (!company) return false;
  const [row] = await db.select().from(companyCertificates).where(eq(companyCertificates.companyId, company.id));
  if (!row || row.cnpj !== DEMO_NFSE_CNPJ) return false;
  try {
    // Opened, not read: which CA issued it is known by its fingerprint, without loading node-forge at every start.
    options.nfse.sealer.open(row.pfxSealed);
    options.nfse.sealer.open(row.passwordSealed);
    if (options.ca.issued(row.fingerprint)) return false;
  } catch {
    // Sealed under another TOKEN_ENCRYPTION_KEY: issued again below.
  }
  await storeCertificate(db, company.id, company.name ?? 'Mendes Tech', options);
  return true;
}
