/**
 * What the product checks before it signs and sends a DPS: the layout 1.01 schema, then the official business rules
 * (rules.ts) with what the product knows — the environment, the time, the IBGE table and, when read, the city's
 * parameters. A DPS failing either is never sent: the team reads each field and rule in Portuguese.
 */
import type { ValidationOutcome } from '@domain/nfseEmission';
import type { NfseEnvironment } from '@domain/nfseNacional';
import type { CityParameters } from './rules';
import { isIbgeMunicipality } from '../seed/municipalities';
import { checkDpsRules, readDpsFacts } from './rules';
import { validateDpsXml } from './xsd';

export type PreSendContext = {
  environment: NfseEnvironment;
  now?: Date;
  /** The parameters of the city where the ISS is due, when they could be read. */
  city?: CityParameters;
  /** A substitute's: the NFS-e it replaces and that NFS-e's DPS, so E0060 (what may not change) is checked here too. */
  replaced?: { accessKey: string; dpsXml: string };
};

export function validateDpsBeforeSending(xml: string, context: PreSendContext): ValidationOutcome {
  const schema = validateDpsXml(xml);
  if (!schema.ok) {
    return {
      ok: false,
      message: schema.message,
      issues: schema.issues.map(({ path, field, message }) => ({ path, field, message })),
    };
  }
  const facts = readDpsFacts(xml);
  if (!facts) return { ok: false, message: 'O XML não é uma DPS.', issues: [] };
  const violations = checkDpsRules(facts, {
    environment: context.environment,
    now: context.now ?? new Date(),
    isMunicipality: isIbgeMunicipality,
    city: context.city ? () => context.city : undefined,
    nfse: replacedNfse(context.replaced),
  });
  if (!violations.length) return { ok: true };
  const issues = violations.map((violation) => ({
    path: violation.path,
    field: violation.code,
    message: `Regra ${violation.code} do Sistema Nacional: ${violation.message}`,
  }));
  const first = issues[0]!.message;
  return { ok: false, message: issues.length > 1 ? `${first} (e mais ${issues.length - 1} regra(s))` : first, issues };
}

/** What the product knows of the NFS-e a substitute names: the one it replaces, issued (else it would not be here). */
function replacedNfse(replaced: PreSendContext['replaced']) {
  if (!replaced) return undefined;
  const dps = readDpsFacts(replaced.dpsXml) ?? undefined;
  return (accessKey: string) => (accessKey === replaced.accessKey ? { cancelled: false, dps } : undefined);
}
