import { and, eq, inArray } from 'drizzle-orm';
import type {
  AppEnvironment,
  Claims,
  CnpjRegistration,
  Company,
  MigrationPreRegistration,
  ParsedStep,
  StepActor,
  StepId,
  StepRefusal,
  SubmittedStep,
  Track,
  TrackId,
} from '@domain';
import {
  CHARGE_STEPS,
  CNPJ_NOT_FOUND,
  companyFieldsFromRegistration,
  completesOnSubmit,
  findPlan,
  meiActivityProblem,
  newTrack,
  NOT_FOUND_MESSAGES,
  parseStep,
  partnerCountProblem,
  planFitProblem,
  statusAfterPayment,
  stepPayload,
  stepSubmissionRefusal,
  trackAfterCompletion,
  trackAfterRevision,
  trackAfterSubmission,
} from '@domain';
import { cancelOpenFirstCharges } from '../db/billing';
import type { Database } from '../db/client';
import type { CompanyRow } from '../db/companies';
import type { DbExecutor } from '../db/executor';
import { findCompany, findCompanyByCnpj, findTrack, lockCompany, saveTrack, startTrack } from '../db/companies';
import { cnaes, companies, companyMembers, companyStatusChanges, documents, payments, subscriptions } from '../db/schema';
import type { RefusalKind } from './errors';
import { ServiceError, conflict, invalid, notFound } from './errors';
import type { CnpjLookup } from './cnpj-lookup';
import { CnpjLookupUnavailable } from './cnpj-lookup';
import { changeCompanyStatus } from './company-status';
import type { PaymentNotification } from './payments';

export interface OnboardingDeps {
  db: Database;
  cnpjLookup: CnpjLookup;
  config: { environment: AppEnvironment };
}

export const CNPJ_TAKEN = 'Já existe uma empresa com este CNPJ na nossa contabilidade. Se ela é sua, fale com a nossa equipe.';

/**
 * docs/rules.md: in production only, a company is created with a CNPJ the Receita Federal knows ("CNPJ não existe"; a
 * failed lookup counts as not existing) — unless the customer confirmed a CNPJ it does not know (`CNPJ_NOT_FOUND`).
 */
async function assertCnpjExists(deps: OnboardingDeps, cnpj: string): Promise<void> {
  if (deps.config.environment !== 'production') return;
  const { found } = await lookUpCnpj(deps, cnpj);
  if (!found) throw new ServiceError('cnpj_not_found', 'CNPJ não existe', { cnpj: 'CNPJ não existe' });
}

/** The Receita Federal's record of a CNPJ; `unavailable` when it could not be asked. */
async function lookUpCnpj(deps: OnboardingDeps, cnpj: string): Promise<{ found: CnpjRegistration | null; unavailable: boolean }> {
  try {
    return { found: await deps.cnpjLookup.find(cnpj), unavailable: false };
  } catch (error) {
    if (!(error instanceof CnpjLookupUnavailable)) throw error;
    return { found: null, unavailable: true };
  }
}

/**
 * A migration's first step, in every environment: a CNPJ the Receita Federal does not know (or could not be asked
 * about) is refused with `cnpj_not_found` until the customer confirms it; the confirmation is kept on the step for
 * the team only when it was needed.
 */
async function verifiedMigrationCnpj(
  deps: OnboardingDeps,
  value: MigrationPreRegistration,
): Promise<{ value: MigrationPreRegistration; registration: CnpjRegistration | null }> {
  const { found, unavailable } = await lookUpCnpj(deps, value.cnpj);
  const { cnpjNotFoundConfirmed, ...rest } = value;
  if (found) return { value: rest, registration: found };
  if (cnpjNotFoundConfirmed) return { value: { ...rest, cnpjNotFoundConfirmed: true }, registration: null };
  throw new ServiceError(CNPJ_NOT_FOUND.code, unavailable ? CNPJ_NOT_FOUND.unavailable : CNPJ_NOT_FOUND.message, {
    cnpj: unavailable ? CNPJ_NOT_FOUND.unavailable : CNPJ_NOT_FOUND.field,
  });
}

/** The company's Receita Federal record, or null when it has no CNPJ or the lookup fails (the step goes on without). */
async function registrationOf(deps: OnboardingDeps, companyId: string): Promise<CnpjRegistration | null> {
  const company = await findCompany(deps.db, companyId);
  if (!company?.cnpj) return null;
  try {
    return await deps.cnpjLookup.find(company.cnpj);
  } catch (error) {
    if (error instanceof CnpjLookupUnavailable) return null;
    throw error;
  }
}

/** POST /companies: a new company (pending) owned by a user, optionally on a track from the start. */
export async function createCompany(
  deps: OnboardingDeps,
  input: { cnpj?: string; cnpjNotFoundConfirmed?: boolean; ownerId: string; trackId?: TrackId },
): Promise<Company> {
  if (input.cnpj) {
    if (await findCompanyByCnpj(deps.db, input.cnpj)) throw conflict(CNPJ_TAKEN);
    if (!input.cnpjNotFoundConfirmed) await assertCnpjExists(deps, input.cnpj);
  }
  const id = await deps.db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({ cnpj: input.cnpj ?? null, status: 'pending' })
      .returning({ id: companies.id });
    await tx.insert(companyMembers).values({ companyId: company.id, userId: input.ownerId });
    await tx.insert(companyStatusChanges).values({
      companyId: company.id,
      toStatus: 'pending',
      note: 'Empresa cadastrada.',
      changedBy: input.ownerId,
    });
    if (input.trackId) await startTrack(tx, company.id, newTrack(input.trackId));
    return company.id;
  });
  return (await findCompany(deps.db, id))!;
}

/** PUT /companies/{id}/track/{track}: sets or changes the track while none of its steps is done. */
export async function setTrack(db: Database, companyId: string, trackId: TrackId): Promise<Track> {
  return db.transaction(async (tx) => {
    const company = await lockCompany(tx, companyId);
    if (!company) throw notFound(NOT_FOUND_MESSAGES.company);
    const current = await findTrack(tx, companyId);
    if (current?.trackId === trackId) return current;
    if (current?.steps.some((step) => step.status === 'done')) {
      throw conflict('A jornada já começou: não é possível trocá-la. Fale com a nossa equipe.');
    }
    const track = newTrack(trackId);
    await startTrack(tx, companyId, track);
    return track;
  });
}

async function assertActivitiesExist(tx: DbExecutor, main: string, secondary: string[]) {
  const codes = [main, ...secondary];
  const rows = await tx
    .select({ code: cnaes.code, formatted: cnaes.formatted, isAllowedMei: cnaes.isAllowedMei })
    .from(cnaes)
    .where(inArray(cnaes.code, codes));
  const missing = codes.find((code) => !rows.some((row) => row.code === code));
  if (missing) {
    const field = missing === main ? 'mainActivity' : 'secondaryActivities';
    throw invalid('Atividade inexistente.', { [field]: `A atividade ${missing} não existe na CNAE 2.3.` });
  }
  return codes.map((code) => rows.find((row) => row.code === code)!);
}

async function assertDocumentsOfCompany(tx: DbExecutor, companyId: string, ids: string[], field: string, message: string) {
  if (ids.length === 0) return;
  const rows = await tx
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.companyId, companyId), inArray(documents.id, ids)));
  if (rows.length !== new Set(ids).size) throw invalid(message, { [field]: message });
}

/** Checks that need the database or other steps, and changes to the company that a step brings. */
async function applyStep(
  tx: DbExecutor,
  company: CompanyRow,
  track: Track,
  step: ParsedStep,
  registration: CnpjRegistration | null = null,
): Promise<SubmittedStep['subscription']> {
  const now = new Date();
  switch (step.stepId) {
    case 'pre-registration':
      if (step.trackId === 'create-company') {
        const { value } = step;
        const activities = await assertActivitiesExist(tx, value.mainActivity, value.secondaryActivities);
        const meiProblem = meiActivityProblem(value.size, activities);
        if (meiProblem) throw invalid(meiProblem, { mainActivity: meiProblem });
        await tx
          .update(companies)
          .set({
            type: value.type,
            size: value.size,
            alias: value.alias,
            name: value.name ?? null,
            address: value.address,
            mainActivity: value.mainActivity,
            secondaryActivities: value.secondaryActivities,
            branchType: value.branchType,
            updatedAt: now,
          })
          .where(eq(companies.id, company.id));
      } else {
        const other = await findCompanyByCnpj(tx, step.value.cnpj);
        if (other && other.id !== company.id) throw conflict(CNPJ_TAKEN);
        // The size and nature are the CNPJ's (the plan must fit them), again when the customer comes back and changes it.
        const fields = registration ? companyFieldsFromRegistration(registration) : {};
        await tx
          .update(companies)
          .set({ cnpj: step.value.cnpj, size: fields.size ?? null, type: fields.type ?? null, updatedAt: now })
          .where(eq(companies.id, company.id));
      }
      return undefined;
    case 'partner-registration': {
      const preRegistration = stepPayload(track, 'create-company', 'pre-registration');
      const problem = partnerCountProblem(preRegistration?.type ?? company.type, step.value.partners.length);
      if (problem) throw invalid(problem, { partners: problem });
      return undefined;
    }
    case 'subscription': {
      const plan = findPlan(step.value.planId)!;
      // A migration begun before the size was read from the CNPJ still has the record's to go by.
      const recorded = registration ? companyFieldsFromRegistration(registration) : {};
      const problem = planFitProblem(plan, { size: company.size ?? recorded.size, type: company.type ?? recorded.type });
      if (problem) throw invalid(problem, { planId: problem });
      const [pending] = await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.companyId, company.id), eq(subscriptions.status, 'pending')));
      // Another plan before paying: the first charge of the old price is not to be paid any more.
      if (pending && pending.planId !== plan.id) await cancelOpenFirstCharges(tx, pending.id);
      const [subscription] = pending
        ? await tx
            .update(subscriptions)
            .set({ planId: plan.id, priceCents: plan.priceCents, updatedAt: now })
            .where(eq(subscriptions.id, pending.id))
            .returning()
        : await tx
            .insert(subscriptions)
            .values({ companyId: company.id, planId: plan.id, priceCents: plan.priceCents })
            .returning();
      return {
        id: subscription.id,
        planId: subscription.planId,
        status: subscription.status,
        priceCents: subscription.priceCents,
      };
    }
    case 'awaiting-guide':
      await assertDocumentsOfCompany(
        tx,
        company.id,
        [step.value.documentId],
        'documentId',
        'Guia não encontrada entre os documentos da empresa.',
      );
      // The guide the customer sees carries what the team typed: its due date and value.
      await tx
        .update(documents)
        .set({
          ...(step.value.dueDate ? { dueDate: step.value.dueDate } : {}),
          ...(step.value.amountCents !== undefined ? { amountCents: step.value.amountCents } : {}),
          updatedAt: now,
        })
        .where(and(eq(documents.id, step.value.documentId), eq(documents.companyId, company.id)));
      return undefined;
    case 'upload-guide-receipt': {
      await assertDocumentsOfCompany(
        tx,
        company.id,
        [step.value.documentId],
        'documentId',
        'Comprovante não encontrado entre os documentos da empresa.',
      );
      // Its receipt accepted, the registration-fee guide is paid.
      const guide = stepPayload(track, 'create-company', 'awaiting-guide');
      if (guide?.documentId) {
        await tx
          .update(documents)
          .set({ status: 'paid', updatedAt: now })
          .where(and(eq(documents.id, guide.documentId), eq(documents.companyId, company.id)));
      }
      return undefined;
    }
    case 'download-company-info': {
      const { value } = step;
      await assertActivitiesExist(tx, value.mainActivity, value.secondaryActivities);
      await tx
        .update(companies)
        .set({
          name: value.name,
          alias: value.alias ?? company.alias,
          address: value.address,
          mainActivity: value.mainActivity,
          secondaryActivities: value.secondaryActivities,
          // The size and legal nature the Receita Federal record gives, where the company has none yet.
          ...Object.fromEntries(
            Object.entries(registration ? companyFieldsFromRegistration(registration) : {}).filter(
              ([field]) => company[field as 'size' | 'type'] === null,
            ),
          ),
          updatedAt: now,
        })
        .where(eq(companies.id, company.id));
      return undefined;
    }
    case 'migrate-accountant': {
      const ids = Object.values(step.value.items).flatMap((item) => (item.documentId ? [item.documentId] : []));
      await assertDocumentsOfCompany(
        tx,
        company.id,
        ids,
        'items',
        'Algum arquivo enviado não foi encontrado entre os documentos da empresa.',
      );
      return undefined;
    }
    case 'partner-registration-basic':
      return undefined;
  }
}

function refusalError(refusal: StepRefusal): ServiceError {
  const kind: RefusalKind = refusal.status === 403 ? 'forbidden' : refusal.status === 404 ? 'not_found' : 'conflict';
  return new ServiceError(kind, refusal.message);
}

/** POST /companies/{id}/steps/{stepId}: validates the payload, checks the order, saves it and moves the track. */
export async function submitStep(
  deps: OnboardingDeps,
  input: { companyId: string; stepId: StepId; payload: unknown; actor: StepActor },
): Promise<SubmittedStep> {
  // The track kind decides the schema; read it before opening the transaction to validate early.
  const before = await findTrack(deps.db, input.companyId);
  if (!before) throw conflict('Esta empresa ainda não começou uma jornada de abertura ou de troca de contador.');
  const refusalBefore = stepSubmissionRefusal(before, input.stepId, input.actor);
  if (refusalBefore) throw refusalError(refusalBefore);
  const parsed = parseStep(before.trackId, input.stepId, input.payload, new Date());
  if (!parsed.ok) throw invalid(parsed.message, parsed.fields);
  // The Receita Federal's record, read before the transaction (an outside call): the CNPJ's, which gives the
  // company's size and nature; the one the customer confirms; the one the plan must fit.
  let registration: CnpjRegistration | null = null;
  let step = parsed.value;
  if (step.trackId === 'migrate-company' && step.stepId === 'pre-registration') {
    const verified = await verifiedMigrationCnpj(deps, step.value);
    step = { ...step, value: verified.value };
    registration = verified.registration;
  } else if (step.stepId === 'download-company-info' || (step.trackId === 'migrate-company' && step.stepId === 'subscription')) {
    registration = await registrationOf(deps, input.companyId);
  }

  return deps.db.transaction(async (tx) => {
    const company = await lockCompany(tx, input.companyId);
    if (!company) throw notFound(NOT_FOUND_MESSAGES.company);
    // Again under the lock: another request may have moved the track meanwhile.
    const track = (await findTrack(tx, input.companyId))!;
    const refusal = stepSubmissionRefusal(track, input.stepId, input.actor);
    if (refusal) throw refusalError(refusal);
    const subscription = await applyStep(tx, company, track, step, registration);
    // A step already done is being changed (going back in the wizard): before the payment, a change to what fixes the
    // charge leaves any open first charge unpayable — the plan is to be confirmed again.
    const revision = track.steps.find((s) => s.stepId === input.stepId)?.status === 'done';
    if (revision && CHARGE_STEPS.includes(input.stepId)) {
      const [pending] = await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.companyId, company.id), eq(subscriptions.status, 'pending')));
      if (pending) await cancelOpenFirstCharges(tx, pending.id);
    }
    const after = revision
      ? trackAfterRevision(track, input.stepId, step.value)
      : trackAfterSubmission(track, input.stepId, step.value, completesOnSubmit(input.stepId));
    await saveTrack(tx, input.companyId, track, after);
    return { track: after, company: (await findCompany(tx, input.companyId))!, subscription };
  });
}

/**
 * A payment notification: marks the payment, activates the subscription, completes a waiting subscription step and
 * hands the company to the team (pending → awaiting opening | migrating). Idempotent: a repeated notification
 * changes nothing.
 */
export async function applyPaymentNotification(
  db: Database,
  provider: string,
  notification: PaymentNotification,
): Promise<'applied' | 'duplicate' | 'unknown'> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider), eq(payments.providerCheckoutId, notification.checkoutId)))
      .for('update');
    if (!payment) return 'unknown';
    const now = new Date();
    if (notification.status !== 'paid') {
      if (payment.status !== 'pending') return 'duplicate';
      await tx
        .update(payments)
        .set({ status: notification.status === 'cancelled' ? 'cancelled' : 'failed', updatedAt: now })
        .where(eq(payments.id, payment.id));
      return 'applied';
    }
    if (payment.status === 'paid') return 'duplicate';
    await tx
      .update(payments)
      .set({
        status: 'paid',
        method: notification.method,
        paidAt: notification.paidAt ? new Date(notification.paidAt) : now,
        updatedAt: now,
      })
      .where(eq(payments.id, payment.id));
    const [subscription] = await tx.select().from(subscriptions).where(eq(subscriptions.id, payment.subscriptionId));
    if (subscription.status !== 'active') {
      await tx
        .update(subscriptions)
        .set({ status: 'active', activatedAt: subscription.activatedAt ?? now, updatedAt: now })
        .where(eq(subscriptions.id, subscription.id));
    }
    const company = (await lockCompany(tx, payment.companyId))!;
    const track = await findTrack(tx, company.id);
    const step = track?.steps.find((s) => s.stepId === 'subscription');
    if (track && step && step.status !== 'done')
      await saveTrack(tx, company.id, track, trackAfterCompletion(track, 'subscription'));
    const plan = findPlan(subscription.planId);
    if (company.status === 'pending' && track) {
      await changeCompanyStatus(tx, company, statusAfterPayment(track.trackId), {
        note: `Pagamento confirmado (plano ${plan?.name ?? subscription.planId}).`,
        changedBy: null,
      });
    } else if (company.status === 'overdue') {
      await changeCompanyStatus(tx, company, 'active', { note: 'Pagamento em atraso regularizado.', changedBy: null });
    }
    return 'applied';
  });
}

/** The actor of a request: the team, or the customer. */
export function actorOf(claims: Claims): StepActor {
  return claims.roles?.includes('system-admin') ? 'team' : 'customer';
}
