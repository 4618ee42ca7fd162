/**
 * The IBGE municipalities the product ships (server/seed/data/municipalities.json), read once: the rules check a code
 * exists, the stand-in and the DANFSe name the city.
 */
import { readFileSync } from 'node:fs';

export type Municipality = { ibgeCode: string; name: string; state: string };

let byCode: Map<string, Municipality> | undefined;

export function municipality(code: string): Municipality | undefined {
  byCode ??= new Map(
    (JSON.parse(readFileSync(new URL('../seed/data/municipalities.json', import.meta.url), 'utf8')) as Municipality[]).map(
      (m) => [m.ibgeCode, m],
    ),
  );
  return byCode.get(code);
}

/** Whether a code is an IBGE municipality. */
export const isIbgeMunicipality = (code: string): boolean => municipality(code) !== undefined;
