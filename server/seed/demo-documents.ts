import { randomUUID } from 'node:crypto';
import type { DocumentStatus, DocumentType } from '@domain';
import { formatMoney, monthKey, saoPauloDate, saoPauloDay } from '@domain';
import type { DbExecutor } from '../db/executor';
import { documents } from '../db/schema';
import type { FileStorage } from '../services/storage';
import { simplePdf } from './pdf';

export interface DemoDocumentsContext {
  /** Company ids by alias (the `ids` map of `seedDemoData`); uses "Mendes Tech". */
  companyIds: ReadonlyMap<string, string>;
  /** Login uids by e-mail; uses cliente@demo.test and admin@demo.test. */
  uids: ReadonlyMap<string, string>;
  /** Without a storage there are no files, so no documents either. */
  storage?: FileStorage;
  now: Date;
}

const DAY = 86_400_000;

/** The month `back` months before `now`'s, as YYYY-MM. */
function monthsBefore(now: Date, back: number): string {
  const { year, month } = saoPauloDate(now);
  const index = year * 12 + (month - 1) - back;
  return monthKey(Math.floor(index / 12), (index % 12) + 1);
}

const competenceLabel = (competence: string) => `${competence.slice(5)}/${competence.slice(0, 4)}`;

/**
 * Mendes Tech's documents: the contrato social and cartão CNPJ the team delivered at the opening, and monthly DAS
 * guides — one paid, one open and due in a few days, and an installment just published and not yet opened. Carlos keeps his RG in
 * "Meus documentos".
 */
export async function seedDemoDocuments(tx: DbExecutor, ctx: DemoDocumentsContext): Promise<void> {
  const { storage, now } = ctx;
  if (!storage) return;
  const companyId = ctx.companyIds.get('Mendes Tech');
  const customer = ctx.uids.get('cliente@demo.test');
  const admin = ctx.uids.get('admin@demo.test');
  if (!companyId || !customer || !admin) throw new Error('The demo documents need Mendes Tech, cliente@ and admin@');

  async function add(values: {
    type: DocumentType;
    name: string;
    lines: string[];
    status: DocumentStatus;
    createdDaysAgo: number;
    viewedDaysAgo?: number;
    personal?: boolean;
    dueDate?: string;
    amountCents?: number;
    competence?: string;
    description?: string;
  }) {
    const bytes = simplePdf(values.lines);
    const storageKey = values.personal ? `personal/${randomUUID()}.pdf` : `${companyId}/${randomUUID()}.pdf`;
    await storage!.save(storageKey, bytes);
    const createdAt = new Date(now.getTime() - values.createdDaysAgo * DAY);
    const byTeam = !values.personal;
    await tx.insert(documents).values({
      companyId: values.personal ? null : companyId,
      ownerUserId: values.personal ? customer : null,
      type: values.type,
      status: values.status,
      name: values.name,
      contentType: 'application/pdf',
      size: bytes.length,
      storageKey,
      dueDate: values.dueDate ?? null,
      amountCents: values.amountCents ?? null,
      competence: values.competence ?? null,
      description: values.description ?? null,
      uploadedBy: byTeam ? admin : customer,
      publishedBy: byTeam ? admin : null,
      viewedAt: values.viewedDaysAgo === undefined ? null : new Date(now.getTime() - values.viewedDaysAgo * DAY),
      createdAt,
      updatedAt: createdAt,
    });
  }

  await add({
    type: 'contrato_social',
    name: 'Contrato social - Mendes Tecnologia Ltda.pdf',
    lines: [
      'CONTRATO SOCIAL DE CONSTITUICAO',
      'MENDES TECNOLOGIA LTDA',
      '',
      'Socios: Carlos Mendes (60%) e Beatriz Mendes (40%).',
      'Sede: Avenida Paulista, 1578, Conjunto 42, Sao Paulo/SP.',
      'Capital social: R$ 50.000,00.',
      '',
      'Documento de demonstracao.',
    ],
    status: 'viewed',
    createdDaysAgo: 385,
    viewedDaysAgo: 384,
    description: 'Registrado na JUCESP.',
  });
  await add({
    type: 'cartao_cnpj',
    name: 'Cartão CNPJ - Mendes Tech.pdf',
    lines: [
      'COMPROVANTE DE INSCRICAO E DE SITUACAO CADASTRAL',
      'CNPJ 27.494.746/0001-55',
      'MENDES TECNOLOGIA LTDA',
      'Situacao cadastral: ATIVA',
      '',
      'Documento de demonstracao.',
    ],
    status: 'viewed',
    createdDaysAgo: 376,
    viewedDaysAgo: 375,
  });

  const guides: { back: number; cents: number; status: DocumentStatus; dueInDays: number; viewed?: number; published: number }[] =
    [
      // Paid last month.
      { back: 2, cents: 1_247_356, status: 'paid', dueInDays: -25, viewed: 40, published: 42 },
      // Seen, not paid yet, due in a few days.
      { back: 1, cents: 1_389_410, status: 'viewed', dueInDays: 4, viewed: 6, published: 8 },
    ];
  for (const guide of guides) {
    const competence = monthsBefore(now, guide.back);
    const dueDate = saoPauloDay(new Date(now.getTime() + guide.dueInDays * DAY));
    await add({
      type: 'guia_das',
      name: `DAS ${competenceLabel(competence)} - Mendes Tech.pdf`,
      lines: [
        'DOCUMENTO DE ARRECADACAO DO SIMPLES NACIONAL',
        'CNPJ 27.494.746/0001-55 - MENDES TECNOLOGIA LTDA',
        `Periodo de apuracao: ${competenceLabel(competence)}`,
        `Vencimento: ${dueDate.split('-').reverse().join('/')}`,
        `Valor total: ${formatMoney(guide.cents).replace(/\u00a0/g, ' ')}`,
        '',
        'Documento de demonstracao: nao pague.',
      ],
      status: guide.status,
      createdDaysAgo: guide.published,
      viewedDaysAgo: guide.viewed,
      dueDate,
      amountCents: guide.cents,
      competence,
      description: `Simples Nacional de ${competenceLabel(competence)}.`,
    });
  }
  // Just published: "Novo" until Carlos opens it. A monthly installment of an old Simples Nacional debt, also a DAS.
  const installmentDue = saoPauloDay(new Date(now.getTime() + 18 * DAY));
  await add({
    type: 'guia_das',
    name: 'DAS parcelamento 3 de 12 - Mendes Tech.pdf',
    lines: [
      'DOCUMENTO DE ARRECADACAO DO SIMPLES NACIONAL - PARCELAMENTO',
      'CNPJ 27.494.746/0001-55 - MENDES TECNOLOGIA LTDA',
      'Parcela 3 de 12',
      `Vencimento: ${installmentDue.split('-').reverse().join('/')}`,
      `Valor total: ${formatMoney(41_830).replace(/\u00a0/g, ' ')}`,
      '',
      'Documento de demonstracao: nao pague.',
    ],
    status: 'available',
    createdDaysAgo: 0,
    dueDate: installmentDue,
    amountCents: 41_830,
    competence: monthsBefore(now, 0),
    description: 'Parcelamento do Simples Nacional: parcela 3 de 12.',
  });

  await add({
    type: 'rg_cnh',
    name: 'RG - Carlos Mendes.pdf',
    lines: [
      'REPUBLICA FEDERATIVA DO BRASIL',
      'CARTEIRA DE IDENTIDADE',
      'Nome: CARLOS EDUARDO MENDES',
      '',
      'Documento de demonstracao.',
    ],
    status: 'available',
    createdDaysAgo: 395,
    personal: true,
  });
}
