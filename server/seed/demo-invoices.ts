import { randomUUID } from 'node:crypto';
import type { NfsEmissionType, NfsRequestStatus } from '@domain';
import { addMonths, formatMoney, meiLimitCents, monthKey, saoPauloDate } from '@domain';
import type { DbExecutor } from '../db/executor';
import { documents, nfsCustomers, nfsRequestStatusChanges, nfsRequests, nfsSchedules } from '../db/schema';
import type { FileStorage } from '../services/storage';
import { simplePdf } from './pdf';

interface Tomador {
  emissionType: NfsEmissionType;
  document: string;
  name: string;
  email: string | null;
}

const TOMADORES: Record<string, Tomador> = {
  clinica: {
    emissionType: 'cnpj',
    document: '76827687000103',
    name: 'Clínica Sorriso Pleno Ltda',
    email: 'financeiro@sorrisopleno.com.br',
  },
  padaria: {
    emissionType: 'cnpj',
    document: '36711088000105',
    name: 'Padaria Pão Dourado Ltda',
    email: 'contato@paodourado.com.br',
  },
  aurora: {
    emissionType: 'cnpj',
    document: '11222333000181',
    name: 'Estúdio Aurora Design Ltda',
    email: 'adm@estudioaurora.com.br',
  },
  ana: { emissionType: 'cpf', document: '57291053714', name: 'Ana Lima', email: 'ana.lima@email.com' },
  noiva: { emissionType: 'cpf', document: '70679117610', name: 'Beatriz Nogueira', email: null },
};

/** Deterministic "random" values, so the demo is the same on every machine. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

export interface DemoInvoiceCompanies {
  mendes: string;
  photography: string;
  /** YYYY-MM-DD, for the MEI limit of the opening year. */
  photographyOpenedOn: string;
  others: string[];
}

/**
 * The first month of Mendes Tech's invoices: the demo keeps the last twelve months, this one included, whatever the
 * day it is seeded on (seeding by calendar month of this year left January with nothing issued).
 */
export const mendesFirstInvoiced = (now: Date) => {
  const today = saoPauloDate(now);
  return addMonths(monthKey(today.year, today.month), -11);
};

/** Invoice requests in every status, a monthly schedule, and issued invoices with their PDF and XML. */
export async function seedDemoInvoices(
  tx: DbExecutor,
  companies: DemoInvoiceCompanies,
  people: { customer: string; admin: string },
  storage: FileStorage | undefined,
  now: Date,
) {
  const today = saoPauloDate(now);
  const current = monthKey(today.year, today.month);
  const random = sequence(42);
  let number = 101;

  /** An issued invoice's file, dated when it was issued, so the documents list shows the newest first. */
  async function file(companyId: string, name: string, bytes: Uint8Array, contentType: string, issuedAt: Date) {
    if (!storage) return null;
    const createdAt = new Date(Math.min(issuedAt.getTime(), now.getTime()));
    const storageKey = `${companyId}/${randomUUID()}.${name.split('.').pop()}`;
    await storage.save(storageKey, bytes);
    const [row] = await tx
      .insert(documents)
      .values({
        companyId,
        type: 'nota_fiscal',
        name,
        contentType,
        size: bytes.length,
        storageKey,
        // The team published the invoice's files: the customer's screens say so, and show them as new.
        uploadedBy: people.admin,
        publishedBy: people.admin,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: documents.id });
    return row.id;
  }

  async function request(
    companyId: string,
    tomador: Tomador,
    values: {
      competence: string;
      cents: number;
      description: string;
      status: NfsRequestStatus;
      activity: string;
      scheduleId?: string;
      reason?: string;
    },
  ) {
    const { competence } = values;
    const [year, month] = competence.split('-').map(Number);
    const day = Math.min(5 + Math.floor(random() * 20), 28);
    // Never later than now: this month's requests were made on a day that has come.
    const requestedAt = new Date(Math.min(Date.UTC(year, month - 1, day, 13), now.getTime() - 60_000));
    const issuedAt = new Date(requestedAt.getTime() + 26 * 3_600_000);
    const issued = values.status === 'issued';
    const invoiceNumber = issued ? String(number++) : null;
    const id = randomUUID();
    let pdf: string | null = null;
    let xml: string | null = null;
    if (issued && invoiceNumber) {
      pdf = await file(
        companyId,
        `NFS-e ${invoiceNumber}.pdf`,
        simplePdf([
          `NOTA FISCAL DE SERVICOS ELETRONICA - NFS-e No ${invoiceNumber}`,
          `Competencia: ${competence.slice(5)}/${competence.slice(0, 4)}`,
          `Tomador: ${tomador.name}`,
          `Servico: ${values.description}`,
          `Valor: ${formatMoney(values.cents)}`,
          'Documento de demonstracao - sem valor fiscal.',
        ]),
        'application/pdf',
        issuedAt,
      );
      xml = await file(
        companyId,
        `NFS-e ${invoiceNumber}.xml`,
        new TextEncoder().encode(
          `<?xml version="1.0" encoding="UTF-8"?>\n<NFSe><infNFSe><nNFSe>${invoiceNumber}</nNFSe><competencia>${competence}</competencia><valor>${(values.cents / 100).toFixed(2)}</valor><demonstracao>true</demonstracao></infNFSe></NFSe>\n`,
        ),
        'application/xml',
        // A second before its PDF: the newest-first list shows the PDF, then its XML.
        new Date(issuedAt.getTime() - 1_000),
      );
    }
    await tx.insert(nfsRequests).values({
      id,
      companyId,
      status: values.status,
      emissionType: tomador.emissionType,
      customerDocument: tomador.document,
      customerName: tomador.name,
      customerEmail: tomador.email,
      description: values.description,
      activity: values.activity,
      competence,
      totalCents: values.cents,
      scheduleId: values.scheduleId ?? null,
      scheduleMonth: values.scheduleId ? competence : null,
      invoiceNumber,
      accessKey: issued ? `3550308${String(invoiceNumber).padStart(13, '0')}`.padEnd(50, '0') : null,
      pdfDocumentId: pdf,
      xmlDocumentId: xml,
      reason: values.reason ?? null,
      issuedAt: issued ? issuedAt : null,
      createdBy: values.scheduleId ? null : people.customer,
      createdAt: requestedAt,
      updatedAt: issued ? issuedAt : requestedAt,
      statusChangedAt: issued ? issuedAt : requestedAt,
    });
    await tx.insert(nfsRequestStatusChanges).values([
      { requestId: id, toStatus: 'requested', changedBy: values.scheduleId ? null : people.customer, changedAt: requestedAt },
      ...(values.status !== 'requested'
        ? [
            {
              requestId: id,
              fromStatus: 'requested' as const,
              toStatus: values.status,
              note: values.reason ?? (issued ? `Nota nº ${invoiceNumber}.` : null),
              changedBy: people.admin,
              changedAt: issued ? issuedAt : new Date(requestedAt.getTime() + 3_600_000),
            },
          ]
        : []),
    ]);
  }

  await tx.insert(nfsCustomers).values(Object.values(TOMADORES).map((t) => ({ companyId: companies.mendes, ...t })));

  const first = mendesFirstInvoiced(now);
  const startOf = (competence: string) => new Date(`${competence}-02T12:00:00Z`);

  // Mendes Tech: a monthly maintenance contract, plus the month's projects.
  const [schedule] = await tx
    .insert(nfsSchedules)
    .values({
      companyId: companies.mendes,
      emissionType: 'cnpj',
      customerDocument: TOMADORES.clinica.document,
      customerName: TOMADORES.clinica.name,
      customerEmail: TOMADORES.clinica.email,
      description: 'Manutenção mensal do sistema de agendamentos e suporte técnico.',
      activity: '6204000',
      totalCents: 320_000,
      dayOfMonth: 5,
      createdBy: people.customer,
      createdAt: startOf(first),
      activeSince: startOf(first),
    })
    .returning({ id: nfsSchedules.id });
  // The latest month whose day (the 5th) has come is still being issued; before this month's, that is last month's.
  const lastScheduled = today.day >= 5 ? current : addMonths(current, -1);
  for (let competence = first; competence <= lastScheduled; competence = addMonths(competence, 1)) {
    await request(companies.mendes, TOMADORES.clinica, {
      competence,
      cents: 320_000,
      description: 'Manutenção mensal do sistema de agendamentos e suporte técnico.',
      status: competence < lastScheduled ? 'issued' : 'processing',
      activity: '6204000',
      scheduleId: schedule.id,
    });
  }
  for (let competence = first; competence < current; competence = addMonths(competence, 1)) {
    const projects = 1 + Math.floor(random() * 2);
    for (let i = 0; i < projects; i++) {
      const tomador = [TOMADORES.padaria, TOMADORES.aurora, TOMADORES.ana][Math.floor(random() * 3)];
      await request(companies.mendes, tomador, {
        competence,
        cents: Math.round((450_000 + random() * 1_350_000) / 100) * 100,
        description:
          tomador.emissionType === 'cpf'
            ? 'Consultoria em tecnologia: configuração de loja virtual.'
            : 'Desenvolvimento de funcionalidades sob encomenda (sprint mensal).',
        status: 'issued',
        activity: '6201501',
      });
    }
  }
  await request(companies.mendes, TOMADORES.aurora, {
    competence: addMonths(current, -1),
    cents: 280_000,
    description: 'Ajustes de layout do site institucional.',
    status: 'rejected',
    activity: '6201501',
    reason: 'O valor não confere com o contrato enviado. Confira e peça de novo, por favor.',
  });
  await request(companies.mendes, TOMADORES.padaria, {
    competence: current,
    cents: 750_000,
    description: 'Integração do sistema de pedidos com o aplicativo de entregas.',
    status: 'requested',
    activity: '6201501',
  });

  // Carlos Mendes Fotografia (MEI, opened this year, or late last year early in the year): past 80 % of the
  // proportional limit of its opening year, so the panel warns.
  const opened = companies.photographyOpenedOn.slice(0, 7);
  const openedYear = Number(opened.slice(0, 4));
  let photographyTotal = 0;
  for (let competence = opened; competence < current; competence = addMonths(competence, 1)) {
    const sessions = 2 + Math.floor(random() * 3);
    for (let i = 0; i < sessions; i++) {
      const cents = Math.round((120_000 + random() * 180_000) / 100) * 100;
      if (competence.startsWith(`${openedYear}-`)) photographyTotal += cents;
      await request(companies.photography, i % 2 ? TOMADORES.noiva : TOMADORES.ana, {
        competence,
        cents,
        description: i % 2 ? 'Cobertura fotográfica de casamento.' : 'Ensaio fotográfico e edição de 40 imagens.',
        status: 'issued',
        activity: '7420001',
      });
    }
  }
  const target = Math.round(meiLimitCents(openedYear, companies.photographyOpenedOn) * 0.86);
  // The opening year's last month that has ended: last month, or December when it opened last year.
  const lastOfOpeningYear = [addMonths(current, -1), `${openedYear}-12`].sort()[0];
  if (lastOfOpeningYear >= opened && photographyTotal < target) {
    await request(companies.photography, TOMADORES.aurora, {
      competence: lastOfOpeningYear,
      cents: target - photographyTotal,
      description: 'Cobertura fotográfica de evento corporativo.',
      status: 'issued',
      activity: '7420001',
    });
  }

  // The team's queue has work from other customers too.
  for (const [i, companyId] of companies.others.entries()) {
    await request(companyId, i % 2 ? TOMADORES.ana : TOMADORES.aurora, {
      competence: current,
      cents: 180_000 + i * 95_000,
      description: 'Prestação de serviços conforme contrato.',
      status: i === 0 ? 'processing' : 'requested',
      activity: '6201501',
    });
  }
}
