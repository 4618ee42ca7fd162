import { foldText, normalizeCnpj, onlyDigits } from './digits';
import type { NfsCustomer, NfsEmissionType } from './invoices';

/**
 * What the invoice form does with a tomador invoiced before whose document was typed:
 * - `fill`: no name typed yet — name and e-mail come from that tomador, together;
 * - `same`: the typed name is that tomador's (accents, case and spaces aside);
 * - `otherName`: the document is that tomador's but the name typed is another — the form says so and offers theirs.
 */
export type KnownCustomerMatch = { kind: 'fill' | 'same' | 'otherName'; customer: NfsCustomer };

/** The tomador the company invoiced before with the document typed (complete), and how the typed name compares. */
export function knownCustomerMatch(
  customers: readonly NfsCustomer[] | undefined,
  typed: { emissionType: NfsEmissionType; document: string; name: string },
): KnownCustomerMatch | null {
  if (typed.emissionType === 'foreign') return knownForeignCustomer(customers, typed);
  const document = typed.emissionType === 'cnpj' ? normalizeCnpj(typed.document) : onlyDigits(typed.document);
  if (document.length !== (typed.emissionType === 'cnpj' ? 14 : 11)) return null;
  const customer = customers?.find((known) => known.emissionType === typed.emissionType && known.document === document);
  if (!customer) return null;
  const name = foldText(typed.name);
  if (!name) return { kind: 'fill', customer };
  return { kind: name === foldText(customer.name) ? 'same' : 'otherName', customer };
}

/**
 * A tomador abroad invoiced before: by its NIF when one is typed, otherwise by its name (one without a NIF has nothing
 * else to be known by).
 */
function knownForeignCustomer(
  customers: readonly NfsCustomer[] | undefined,
  typed: { document: string; name: string },
): KnownCustomerMatch | null {
  const nif = typed.document.trim();
  const name = foldText(typed.name);
  const customer = customers?.find(
    (known) => known.emissionType === 'foreign' && (nif ? known.document === nif : !!name && foldText(known.name) === name),
  );
  if (!customer) return null;
  if (!name) return { kind: 'fill', customer };
  return { kind: name === foldText(customer.name) ? 'same' : 'otherName', customer };
}
