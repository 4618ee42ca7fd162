/** A company's category rules: a movement whose text contains the rule's goes into its tax category. */
import type * as v from 'valibot';
import type { CategoryRuleBodySchema } from '@domain';
import { BANK_MESSAGES, MAX_CATEGORY_RULES } from '@domain';
import type { Database } from '../db/client';
import { applyRules } from '../db/bank-statements';
import { hasRoomFor } from '../db/per-company-limit';
import { categoryRules } from '../db/schema';
import { assertCompanyExists } from './companies';
import { conflict, unprocessable } from './errors';

type RuleRow = typeof categoryRules.$inferSelect;

/**
 * POST /bank-statements/category-rules: a new rule (within the company's limit, its text not taken), applied at once
 * to the movements without category when asked. Answers the rule and how many movements it categorised.
 */
export async function createCategoryRule(
  { db }: { db: Database },
  {
    companyId,
    input: { contains, direction, taxCategoryId, applyNow },
    actor,
  }: { companyId: string; input: v.InferOutput<typeof CategoryRuleBodySchema>; actor: string },
): Promise<{ rule: RuleRow; applied: number }> {
  await assertCompanyExists(db, companyId);
  const rule = await db.transaction(async (tx) => {
    if (!(await hasRoomFor(tx, categoryRules, categoryRules.companyId, companyId, MAX_CATEGORY_RULES))) {
      throw unprocessable(BANK_MESSAGES.tooManyRules);
    }
    const [created] = await tx
      .insert(categoryRules)
      .values({ companyId, contains, direction, taxCategoryId, createdBy: actor })
      .onConflictDoNothing()
      .returning();
    return created ?? null;
  });
  if (!rule) throw conflict('Já existe uma regra com este texto.');
  // Applied once the rule is saved, outside its transaction: each batch re-checks that a movement still has no
  // category, and a long transaction would hold the account's version row against every other write.
  const applied = applyNow ? await applyRules(db, companyId, [rule]) : 0;
  return { rule, applied };
}
