/**
 * The national service list (cTribNac) the product ships: `reference/national-services.json`, the whole list of the
 * official spreadsheet "Anexo B – Lista de Serviços Nacional" of the national NFS-e project (version and source in
 * the file and in reference/README.md; made by scripts/nfse-services.ts). Read once, indexed by code: the list is
 * consulted on every DPS.
 */
import { readFileSync } from 'node:fs';

export type NationalService = {
  /** cTribNac, 6 digits. */
  code: string;
  /** The LC 116/2003 subitem, "1.07" ("99.01" for 990101, which is no subitem of the law). */
  item: string;
  description: string;
};

type NationalServiceFile = {
  complete: boolean;
  /** The official document and version, "ANEXO_B-… v1.01 (20260122), aba LISTA.SERV.NAC.". */
  version: string;
  source: string;
  count: number;
  services: NationalService[];
};

type Loaded = { file: NationalServiceFile; byCode: ReadonlyMap<string, NationalService> };

let loaded: Loaded | undefined;

function load(): Loaded {
  if (!loaded) {
    const file = JSON.parse(
      readFileSync(new URL('./reference/national-services.json', import.meta.url), 'utf8'),
    ) as NationalServiceFile;
    loaded = { file, byCode: new Map(file.services.map((service) => [service.code, service])) };
  }
  return loaded;
}

export function nationalServices(): readonly NationalService[] {
  return load().file.services;
}

/** Whether the shipped list is the whole official list (the file says so, with its version). */
export function isNationalServiceListComplete(): boolean {
  return load().file.complete;
}

/** The official document and version the list was taken from. */
export function nationalServiceListVersion(): string {
  return load().file.version;
}

export function nationalService(code: string): NationalService | undefined {
  return load().byCode.get(code);
}

/** "1.07" / "01.07" → "0107"; null when it is not an item.subitem. */
export function serviceItemDigits(item: string): string | null {
  const match = /^(\d{1,2})\.(\d{2})$/.exec(item.trim());
  return match ? `${match[1]!.padStart(2, '0')}${match[2]}` : null;
}
