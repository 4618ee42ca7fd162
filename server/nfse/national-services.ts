/**
 * The national service list (cTribNac) the product ships: `reference/national-services.json`. It is a subset,
 * said so in the file (`complete: false`) with where each part comes from; the official list is the spreadsheet
 * "Anexo B – Lista de Serviços Nacional" of the national NFS-e project.
 */
import { readFileSync } from 'node:fs';
import { isNationalServiceCodeShape } from '@domain/fiscalProfile';

export type NationalService = {
  /** cTribNac, 6 digits. */
  code: string;
  /** The LC 116/2003 subitem, "1.07". */
  item: string;
  description: string;
};

type NationalServiceFile = { complete: boolean; source: string; services: NationalService[] };

let list: NationalServiceFile | undefined;

function load(): NationalServiceFile {
  list ??= JSON.parse(
    readFileSync(new URL('./reference/national-services.json', import.meta.url), 'utf8'),
  ) as NationalServiceFile;
  return list;
}

export function nationalServices(): readonly NationalService[] {
  return load().services;
}

/** Whether the shipped list is the whole national list (it is not yet: see the file's `missing`). */
export function isNationalServiceListComplete(): boolean {
  return load().complete;
}

export function nationalService(code: string): NationalService | undefined {
  return load().services.find((service) => service.code === code);
}

/** "1.07" / "01.07" → "0107"; null when it is not an item.subitem. */
export function serviceItemDigits(item: string): string | null {
  const match = /^(\d{1,2})\.(\d{2})$/.exec(item.trim());
  return match ? `${match[1]!.padStart(2, '0')}${match[2]}` : null;
}

/** "010701" → "01.07.01", as the DANFSe and the screens show it. */
export function formatNationalServiceCode(code: string): string {
  return isNationalServiceCodeShape(code) ? `${code.slice(0, 2)}.${code.slice(2, 4)}.${code.slice(4, 6)}` : code;
}
