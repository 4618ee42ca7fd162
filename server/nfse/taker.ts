/**
 * The tomador of an invoice request, as the DPS and the team's preview take it: kept apart from the emission flow so
 * that flow maps a request in one line.
 */
import type { NfsEmissionType, NfsNoNifReason, TakerAddress } from '@domain';
import { formatTakerAddress, formatTakerDocument, isolateText } from '@domain';
import type { NfsRequestForDps } from './dps';

type TakerRow = {
  emissionType: NfsEmissionType;
  customerDocument: string;
  customerName: string;
  customerAddress: TakerAddress | null;
  customerNoNifReason: NfsNoNifReason | null;
};

/** The address and the reason without a NIF, in the fields `NfsRequestForDps` has for each kind. */
export function takerForDps(
  row: Pick<TakerRow, 'customerAddress' | 'customerNoNifReason'>,
): Pick<NfsRequestForDps, 'customerAddress' | 'customerForeignAddress' | 'customerNoNifReason'> {
  const address = row.customerAddress;
  if (address?.kind === 'foreign') {
    const { kind: _kind, ...foreign } = address;
    return { customerForeignAddress: foreign, customerNoNifReason: row.customerNoNifReason };
  }
  if (address?.kind === 'national') {
    const { kind: _kind, cityName: _name, state: _state, ...national } = address;
    return { customerAddress: national, customerNoNifReason: null };
  }
  return { customerNoNifReason: row.customerNoNifReason };
}

/** The preview's lines about the tomador, in pt-BR: who, by which document, and where. */
export function takerSummary(row: TakerRow): [string, string][] {
  const { label, value } = formatTakerDocument({
    emissionType: row.emissionType,
    cnpj: row.customerDocument,
    cpf: row.customerDocument,
    nif: row.customerDocument || null,
    customerNoNifReason: row.customerNoNifReason,
  });
  let document = `${label} ${value}`;
  if (row.emissionType === 'foreign') {
    document = row.customerDocument
      ? `no exterior, ${document}`
      : `no exterior, sem NIF: ${value.charAt(0).toLowerCase()}${value.slice(1)}`;
  }
  // The name is the customer's text inside our sentence: isolated, a direction override in it stays in it.
  const lines: [string, string][] = [['Tomador', `${isolateText(row.customerName)} (${document})`]];
  if (row.customerAddress) lines.push(['Endereço do tomador', formatTakerAddress(row.customerAddress).join(' · ')]);
  return lines;
}
