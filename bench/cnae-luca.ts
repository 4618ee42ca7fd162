/**
 * The CNAE search (`GET /api/cnaes?search=`, public) and luca's activity match (`POST /api/luca/cnaes/match`,
 * signed in) over lists of realistic queries: words with and without accents, codes with and without punctuation, a
 * half-typed word; businesses described as people describe them. Under load the requests cycle through the list;
 * then each query once at a time (median of a few runs, beside its first answer) to show which ones cost most.
 */
import type { Database } from '@server/db/client';
import { createCnaeSearch } from '@server/services/cnae-search';
import { createLocalLuca } from '@server/services/luca';
import type { Figures } from './support';
import { figuresLine, measureDirect, measureHttp, overheadLine } from './support';

export const CNAE_SEARCHES = [
  'contabilidade',
  'contábil',
  'contabil',
  'contabilid',
  'salão de beleza',
  'salao de beleza',
  'cabeleireiro',
  'desenvolvimento de software',
  'informática',
  'informatica',
  'comércio varejista de roupas',
  'comercio varejista de roupas',
  'restaurante',
  'padaria',
  'construção civil',
  'transporte rodoviário de carga',
  'odontologia',
  'fotografia',
  '6201-5/01',
  '6201501',
  '62.01-5',
  '4721',
  '5611-2/01',
  '8630504',
];

export const LUCA_INTENTS = [
  'vendo bolo de pote',
  'sou programador freelancer',
  'salão de beleza',
  'faço unhas e design de sobrancelhas',
  'conserto de celulares',
  'sou dentista e atendo no meu consultório',
  'vendo roupas pela internet',
  'faço bolos e doces para festas',
  'consultoria em marketing digital',
  'sou personal trainer',
  'faço mudanças e fretes com meu caminhão',
  'sou fotógrafa de casamentos',
  'pet shop com banho e tosa',
  'loja de materiais de construção',
  'dou aulas particulares de inglês',
  'desenvolvo aplicativos para empresas',
  'restaurante de comida caseira',
  'oficina mecânica de carros',
  'designer gráfico freelancer',
  'sou eletricista, faço instalações em residências',
  'psicóloga clínica',
  'contabilidade para pequenas empresas',
];

async function median(run: () => Promise<unknown>, times = 5): Promise<number> {
  await run();
  const runs: number[] = [];
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    await run();
    runs.push(performance.now() - t0);
  }
  return runs.sort((a, b) => a - b)[Math.floor(times / 2)];
}

export async function benchCnaeAndLuca({
  db,
  origin,
  headers,
  floor,
}: {
  db: Database;
  origin: string;
  /** A signed-in caller's. */
  headers: Record<string, string>;
  floor: Figures;
}) {
  const luca = createLocalLuca(db);
  // The same search the route runs: codes as codes, words by the activity index luca ranks with too.
  const searchCnaes = createCnaeSearch(db);

  console.log(`  CNAE search: ${CNAE_SEARCHES.length} queries in turn`);
  const searchDirect = await measureDirect((i) =>
    searchCnaes({ search: CNAE_SEARCHES[i % CNAE_SEARCHES.length], limit: 10, offset: 0 }),
  );
  const searchApi = await measureHttp({
    origin,
    paths: CNAE_SEARCHES.map((search) => `/api/cnaes?search=${encodeURIComponent(search)}`),
  });
  console.log(figuresLine('GET /api/cnaes?search=…', searchApi));
  console.log(figuresLine('  the same search, directly', searchDirect));
  // Words are ranked in memory; codes are one indexed query.
  console.log(overheadLine(searchApi, searchDirect, floor));

  console.log(`\n  luca: ${LUCA_INTENTS.length} descriptions in turn`);
  const matchDirect = await measureDirect((i) => luca.matchCnaes(LUCA_INTENTS[i % LUCA_INTENTS.length]));
  const matchApi = await measureHttp({
    origin,
    method: 'POST',
    paths: ['/api/luca/cnaes/match'],
    bodies: LUCA_INTENTS.map((intent) => ({ intent })),
    headers,
  });
  console.log(figuresLine('POST /api/luca/cnaes/match', matchApi));
  console.log(figuresLine('  luca.matchCnaes, directly', matchDirect));
  console.log(overheadLine(matchApi, matchDirect, floor));

  console.log('\n  each query alone (median of 5, directly), with its first answer');
  for (const search of CNAE_SEARCHES) {
    const took = await median(() => searchCnaes({ search, limit: 10, offset: 0 }));
    const { data, total } = await searchCnaes({ search, limit: 10, offset: 0 });
    console.log(
      `    ${took.toFixed(1).padStart(6)} ms  search ${JSON.stringify(search).padEnd(34)} ${String(total).padStart(4)} found, ${data[0] ? `${data[0].formatted} ${data[0].text.slice(0, 50)}` : '—'}`,
    );
  }
  for (const intent of LUCA_INTENTS) {
    const took = await median(() => luca.matchCnaes(intent));
    const [best] = await luca.matchCnaes(intent);
    console.log(
      `    ${took.toFixed(1).padStart(6)} ms  match  ${JSON.stringify(intent).padEnd(53)} ${best ? `${best.formatted} ${best.text.slice(0, 50)}` : '—'}`,
    );
  }
}
