/**
 * What the team reads of a national refusal: every code of the official rule table is explained from the sheet's own
 * message (Anexo I, RN_DPS_NFS-e), naming the rule; the few codes outside it (the reception's E1226 and E1235, the
 * events') keep the explanations of domain/nfseErrors.ts.
 */
import type { ExplainedNationalError, NationalError } from '@domain/nfseErrors';
import { NATIONAL_ERRORS, explainNationalError as explainOwnCode } from '@domain/nfseErrors';
import { sheetRule } from './rule-sheet';
import { REPORTED_RULES } from './rules';

export function explainNationalError(error: NationalError): ExplainedNationalError {
  if (Object.hasOwn(NATIONAL_ERRORS, error.code)) return explainOwnCode(error);
  const rule = sheetRule(error.code);
  if (rule) return { ...error, explanation: `${rule.message} (regra ${error.code} do Anexo I do Sistema Nacional NFS-e)` };
  const reported = REPORTED_RULES[error.code];
  if (reported) return { ...error, explanation: `${reported.message} (recusa ${error.code} do Sistema Nacional)` };
  return explainOwnCode(error);
}
