/**
 * The IBGE municipalities the product ships (server/seed/data/municipalities.json), read once for the whole server: the
 * NFS-e rules check a code exists, the stand-in and the DANFSe name the city, a CNPJ's address gets its accented name,
 * and the activity index tells a town or state named in a description from what the business does.
 */
import { readFileSync } from 'node:fs';

export type Municipality = { ibgeCode: string; name: string; state: string };

let byCode: Map<string, Municipality> | undefined;

function all(): Map<string, Municipality> {
  byCode ??= new Map(
    (JSON.parse(readFileSync(new URL('./data/municipalities.json', import.meta.url), 'utf8')) as Municipality[]).map((m) => [
      m.ibgeCode,
      m,
    ]),
  );
  return byCode;
}

export function municipality(code: string): Municipality | undefined {
  return all().get(code);
}

/** A state's municipalities, by name as people sort them (accents and case aside). */
export function municipalitiesOf(state: string): Municipality[] {
  return [...all().values()].filter((m) => m.state === state).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
}

/** Every municipality, in the file's order. */
export const allMunicipalities = (): Municipality[] => [...all().values()];

/** Whether a code is an IBGE municipality. */
export const isIbgeMunicipality = (code: string): boolean => municipality(code) !== undefined;

export type State = { uf: string; name: string; ibgeCode: string };

/** The states (server/seed/data/states.json), in the file's order. */
export const allStates = (): State[] =>
  JSON.parse(readFileSync(new URL('./data/states.json', import.meta.url), 'utf8')) as State[];
