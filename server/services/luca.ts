import type { CnaeMatch } from '@domain';
import { findCnaes } from '../db/cnaes';
import type { Database } from '../db/client';
import { activityCatalog } from './activity-catalog';
import type { ActivitySynonym } from './luca-synonyms';
import { ACTIVITY_SYNONYMS } from './luca-synonyms';

export type { CnaeMatch };

/**
 * Luca, the assistant that turns a business described in everyday words into CNAE activities and trade names.
 * `createLocalLuca` answers from the reference data alone — the activities by the one ranking every activity search
 * uses (`activity-catalog.ts`), the names from the dictionary of `luca-synonyms.ts`; a language-model provider can
 * implement the same interface later.
 */
export interface LucaService {
  matchCnaes(intent: string, options?: { limit?: number }): Promise<CnaeMatch[]>;
  suggestAliases(input: { intent: string; activity?: string; ownerName?: string }): Promise<string[]>;
}

const DEFAULT_MATCH_LIMIT = 10;
const MAX_MATCH_LIMIT = 50;
const MAX_INTENT_WORDS = 60;

/** Lower case, accents removed, split on anything but letters and digits. */
function plainWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Words that carry no activity: grammar, and how people talk about their own work ("sou", "trabalho com"). */
const STOP_WORDS = new Set(
  (
    'a o as os um uma uns umas de da do das dos d em na no nas nos num numa e ou mas nem que com sem para pra pro pras ' +
    'pros por pelo pela pelos pelas ao aos se me te lhe eu tu ele ela voce nos vos eles elas voces meu minha meus ' +
    'minhas seu sua seus suas nosso nossa nossos nossas este esta estes estas esse essa esses essas isso isto aquele ' +
    'aquela aqui ali ja tambem muito muita muitos muitas mais menos bem so apenas como quando onde qual quais todo toda ' +
    'todos todas tudo outro outra outros outras ate entre sobre tipo etc geral diversos diversas varios varias ' +
    'sou somos estou estamos ser sera seria faco faz fazemos fazer fazendo trabalho trabalhamos trabalhar trabalhando ' +
    'atuo atuamos atuar atuando atendo atendemos atender atendendo presto prestamos prestar prestacao ofereco ' +
    'oferecemos oferecer quero queremos queria ' +
    'gostaria pretendo pretendemos vou vamos abrir abrindo montar tenho temos ter possuo empresa negocio negocios firma ' +
    'atividade atividades ramo area setor coisa coisas servico servicos cliente clientes pessoa pessoas gente ' +
    'autonomo autonoma independente proprio propria sozinho sozinha cnpj mei dia dias hoje'
  ).split(' '),
);

/**
 * A rough fold of plurals, so the dictionary's "bolo" meets a typed "bolos" and "salão" meets "salões". Only for
 * comparing words with the dictionary (the database does the real stemming); genders are not folded because
 * "consultório" and "consultoria" would meet, so the dictionary lists feminine forms itself.
 */
function foldWord(word: string): string {
  if (word.length < 4) return word;
  if (/(oes|aes|aos)$/.test(word)) return `${word.slice(0, -3)}ao`;
  if (word.endsWith('ais')) return `${word.slice(0, -3)}al`;
  if (word.endsWith('eis')) return `${word.slice(0, -3)}el`;
  if (word.endsWith('ns')) return `${word.slice(0, -2)}m`;
  if (/[rz]es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

const meaningful = (word: string) => !STOP_WORDS.has(word);

interface Phrase {
  keys: string[];
  synonym: ActivitySynonym;
}

/** Every phrase of the dictionary, longest first, so "salão de beleza" wins over "salão". */
const PHRASES: Phrase[] = ACTIVITY_SYNONYMS.flatMap((synonym) =>
  synonym.says.map((says) => ({ keys: plainWords(says).filter(meaningful).map(foldWord), synonym })),
)
  .filter((phrase) => phrase.keys.length > 0)
  .sort((a, b) => b.keys.length - a.keys.length);

/** One idea of a description: a phrase the dictionary knows, or a word it does not. */
interface Concept {
  /** Meaningful words as typed, lower case and without accents. */
  words: string[];
  synonym?: ActivitySynonym;
}

/** Splits a description into concepts, the longest phrase of the dictionary first. */
function readText(text: string): Concept[] {
  const words = plainWords(text).filter(meaningful).slice(0, MAX_INTENT_WORDS);
  const keys = words.map(foldWord);
  const concepts: Concept[] = [];
  for (let i = 0; i < words.length;) {
    const phrase = PHRASES.find((p) => p.keys.every((key, k) => keys[i + k] === key));
    const length = phrase?.keys.length ?? 1;
    concepts.push({ words: words.slice(i, i + length), synonym: phrase?.synonym });
    i += length;
  }
  return concepts;
}

const synonymsOf = (concepts: Concept[]) => [...new Set(concepts.flatMap((concept) => concept.synonym ?? []))];

/** Connectors that stay lower case inside a title in Portuguese. */
const LOWER_CASE_CONNECTORS = new Set(
  'a o as os à ao aos de da do das dos e em na no nas nos pela pelo pelas pelos para por com sem sob'.split(' '),
);

/** "doces DA juliana" → "Doces da Juliana": every word capitalised but the connectors, hyphenated parts too. */
function titleCasePtBr(text: string): string {
  return text
    .trim()
    .split(/\s+/)
    .map((word, index) => {
      const lower = word.toLocaleLowerCase('pt-BR');
      if (index > 0 && LOWER_CASE_CONNECTORS.has(lower)) return lower;
      return lower
        .split('-')
        .map((part) => part.charAt(0).toLocaleUpperCase('pt-BR') + part.slice(1))
        .join('-');
    })
    .join(' ');
}

/** Common feminine first names that do not end in "a", and masculine ones that do. */
const FEMININE_NAMES = new Set(
  (
    'isabel raquel beatriz ester esther ruth rute carmen miriam mirian lourdes ines denise alice simone aline eliane ' +
    'cristiane viviane vivian ingrid jaqueline gabriele michele daniele adriane rose elaine solange liliane tatiane ' +
    'josiane cleide irene ivone suzane nicole yasmin evelyn kelly sueli thais lais nathalie isis iris hellen helen ' +
    'luiza luisa quezia abigail agnes mariane rosane regiane gisele franciele'
  ).split(' '),
);
const MASCULINE_NAMES = new Set('luca joshua nicola jonas elias matias tobias'.split(' '));

/** "da" or "do" before a first name ("Doces da Juliana"), or nothing when the name does not tell. */
function articleFor(firstName: string): 'da' | 'do' | undefined {
  const name = plainWords(firstName)[0] ?? '';
  if (FEMININE_NAMES.has(name)) return 'da';
  if (MASCULINE_NAMES.has(name)) return 'do';
  if (name.endsWith('a')) return 'da';
  if (/(o|u|os|on|or|el|il|al|ur|er|son|ton|ro|io|go)$/.test(name)) return 'do';
  return undefined;
}

/** Words of a CNAE text that never make a trade name. */
const GENERIC_TEXT_WORDS = new Set(
  (
    'atividade atividades servico servicos comercio varejista atacadista fabricacao artigos produtos outros outras ' +
    'outro outra desenvolvimento fornecimento preparacao'
  ).split(' '),
);

/** Verbs a description may start with ("desenvolvo software…"): a trade name never does. */
const FIRST_PERSON_VERBS = new Set(
  (
    'desenvolvo vendo revendo faco produzo fabrico crio presto ofereco atendo dou monto instalo cuido corto pinto ' +
    'limpo costuro cozinho preparo entrego transporto alugo compro organizo programo desenho escrevo traduzo gravo ' +
    'edito toco reformo construo lavo asso confecciono comercializo'
  ).split(' '),
);

const plainKey = (text: string) => plainWords(text).join(' ');

/** Words as typed (accents kept), split like `plainWords`. */
function typedWords(text: string): string[] {
  return text.split(/[^\p{L}\p{N}]+/u).filter((word) => plainKey(word) !== '');
}

/** The first word of a CNAE text that names the business ("Atividades de contabilidade" → "Contabilidade"). */
function tradeNameOfText(text: string): string | undefined {
  const word = typedWords(text).find((w) => w.length > 2 && meaningful(plainKey(w)) && !GENERIC_TEXT_WORDS.has(plainKey(w)));
  return word ? titleCasePtBr(word) : undefined;
}

/** The dictionary entries a CNAE text speaks of: by their everyday words, or by all of their CNAE words. */
function synonymsOfText(text: string): ActivitySynonym[] {
  const keys = new Set(plainWords(text).map(foldWord));
  const byMeaning = ACTIVITY_SYNONYMS.filter(
    (synonym) =>
      synonym.tradeNames &&
      plainWords(synonym.means)
        .filter(meaningful)
        .every((word) => keys.has(foldWord(word))),
  );
  return [...new Set([...synonymsOf(readText(text)), ...byMeaning])];
}

/** A short description that is itself a name ("conserto de carros" → "Conserto de Carros"), without "sou", "faço"… */
function phraseName(intent: string): string | undefined {
  const words = typedWords(intent);
  const start = words.findIndex((word) => meaningful(plainKey(word)) && !FIRST_PERSON_VERBS.has(plainKey(word)));
  const phrase = start < 0 ? [] : words.slice(start);
  if (phrase.length < 2 || phrase.length > MAX_PHRASE_NAME_WORDS || !meaningful(plainKey(phrase[phrase.length - 1]))) return;
  return titleCasePtBr(phrase.join(' '));
}

const SUFFIXES = ['& Cia', 'Express', 'Prime', 'Mais'];
const FALLBACK_TRADE_NAMES = ['Negócios', 'Soluções', 'Serviços'];
const MIN_ALIASES = 5;
const MAX_ALIASES = 8;
const MAX_ALIAS_LENGTH = 60;
const MAX_KEYWORD_LENGTH = 20;
const MAX_PHRASE_NAME_WORDS = 3;

/** A small stable number from the input, so the same description always gets the same names. */
function seedOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash;
}

function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * Trade names from the dictionary's heads for the business (the intent's entries first, then the activity's), the
 * description itself when short, its product words and the owner's first name: "Confeitaria da Juliana", "Juliana
 * Doces", "Ateliê do Bolo", "Bolos & Doces". A description the dictionary does not know is named after its own words.
 */
function buildAliases(input: { intent: string; activityText?: string; ownerName?: string }): string[] {
  const concepts = readText(input.intent);
  const fromActivity = input.activityText ? synonymsOfText(input.activityText) : [];
  const synonyms = [...new Set([...synonymsOf(concepts), ...fromActivity])].filter((synonym) => synonym.tradeNames);
  const typed = new Map(typedWords(input.intent).map((word) => [plainKey(word), titleCasePtBr(word)]));
  const keywords = uniqueBy(
    concepts
      .flatMap((concept) => concept.words)
      .filter((word) => word.length > 2 && word.length <= MAX_KEYWORD_LENGTH && !FIRST_PERSON_VERBS.has(word))
      .map((word) => typed.get(word) ?? titleCasePtBr(word)),
    plainKey,
  );
  // Products named in the plural by words the dictionary knows pair well: "Bolos & Doces", "Roupas & Calçados".
  const products = concepts
    .filter((concept) => concept.synonym?.tradeNames && concept.words.length === 1 && concept.words[0].endsWith('s'))
    .map((concept) => typed.get(concept.words[0]) ?? titleCasePtBr(concept.words[0]));
  const activityHead = input.activityText && fromActivity.length === 0 ? tradeNameOfText(input.activityText) : undefined;
  const phrase = phraseName(input.intent);
  const tradeNames = synonyms.flatMap((synonym) => synonym.tradeNames ?? []);
  const heads = uniqueBy(
    [
      ...tradeNames.slice(0, 1),
      ...(phrase ? [phrase] : []),
      ...tradeNames.slice(1),
      ...(activityHead ? [activityHead] : []),
      ...(synonyms.length === 0 ? keywords : []),
    ],
    plainKey,
  );
  if (heads.length === 0) heads.push(...FALLBACK_TRADE_NAMES);
  const singleWordHeads = heads.filter((head) => !head.includes(' '));
  const owner = titleCasePtBr(typedWords(input.ownerName ?? '')[0] ?? '');
  const article = owner ? articleFor(owner) : undefined;
  const seed = seedOf(plainKey(`${input.intent} ${input.activityText ?? ''} ${owner}`));
  const suffix = (n: number) => SUFFIXES[(seed + n) % SUFFIXES.length];

  const candidates: string[] = [];
  if (owner && article) candidates.push(`${heads[0]} ${article} ${owner}`);
  const ownerHead = singleWordHeads.find((head) => head !== heads[0]);
  if (owner && ownerHead) candidates.push(`${owner} ${ownerHead}`);
  candidates.push(...heads.filter((head) => head.includes(' ')).slice(0, 2));
  if (products.length >= 2) candidates.push(`${products[0]} & ${products[1]}`);
  if (singleWordHeads[0]) candidates.push(`${singleWordHeads[0]} ${suffix(0)}`);
  if (owner && article && heads[1]) candidates.push(`${heads[1]} ${article} ${owner}`);
  if (singleWordHeads[1]) candidates.push(`${singleWordHeads[1]} ${suffix(1)}`);

  const fitting = (names: string[]) =>
    uniqueBy(
      names.map(titleCasePtBr).filter((name) => name.length <= MAX_ALIAS_LENGTH),
      plainKey,
    );
  const aliases = fitting(candidates).slice(0, MAX_ALIASES);
  if (aliases.length >= MIN_ALIASES) return aliases;
  // Few heads of its own (a description the dictionary does not know): the rest come from suffixes.
  const padding = [...singleWordHeads, ...FALLBACK_TRADE_NAMES].flatMap((head, index) =>
    SUFFIXES.map((_, n) => `${head} ${suffix(index + n + 2)}`),
  );
  return fitting([...aliases, ...padding]).slice(0, MIN_ALIASES);
}

export function createLocalLuca(db: Database): LucaService {
  return {
    async matchCnaes(intent, options = {}) {
      const limit = Math.min(Math.max(Math.trunc(options.limit ?? DEFAULT_MATCH_LIMIT), 1), MAX_MATCH_LIMIT);
      return (await activityCatalog(db)).match(intent, limit);
    },
    async suggestAliases({ intent, activity, ownerName }) {
      const [cnae] = activity ? await findCnaes(db, [activity]) : [];
      return buildAliases({ intent, activityText: cnae?.text, ownerName });
    },
  };
}
