import { readFileSync, readdirSync } from 'node:fs';
import { stemmer } from '@orama/stemmers/portuguese';
import { UFS } from '@domain';
import { allMunicipalities, allStates } from '../seed/municipalities';

/**
 * One ranking for every place that searches CNAE activities by words: luca's suggester ("Sugerir atividades"), the
 * public CNAE search (`/tools/cnae`, `GET /api/cnaes?search=`) and the wizard's "busque pelo nome".
 *
 * Each subclass is known by what IBGE calls it (its text, its class, group and division), by the MEI occupations of
 * Anexo XI, and by the everyday names of `activity-lexicon/` — how people name their trade, what they make or sell,
 * the shop's name ("boteco", "trancista", "guincho 24h", "bolo de pote"). A description is read as people write it:
 * accents optional, plurals and word forms folded by the Portuguese Snowball stemmer, diminutives ("salgadinho") and
 * agent nouns ("padeiro" → "padaria", "costureira" → "costura") brought to their base, words mistyped by a letter
 * corrected against the index's own vocabulary, and filler words ("sou", "trabalho com", "pela internet") left out.
 *
 * The score of a subclass adds, for each word of the description, how rare the word is (inverse document frequency)
 * times where the subclass holds it (its own names 1, class 0.35, group 0.2, division 0.1), and then the best of its
 * names that the description says most completely ("bolo de pote" whole beats a name that shares one word). The whole
 * index is in memory (about 1,300 subclasses, 20,000 names): a search costs a millisecond or two.
 *
 * What is done weighs more than what it is done to (docs/cnae-search.md): the forms of an action are one key
 * ("conserto", "consertar", "reparação", "manutenção", "arrumar"; "limpar", "limpeza", "faxina"; "vendo", "comércio"); a
 * description that repairs, cleans or washes something leaves the shops, factories and others that only share the
 * object ("celular", "geladeira") far behind, unless they do the first action said (the main one); an action after
 * goods ("produtos de limpeza") names the goods; selling alone names no business. A word that is another word misspelt
 * by its sound ("concerto") is read as the one the rest of the description goes with; a stem met in another word
 * ("agenda" for "agendamento") counts half; how one is paid ("assinatura") says a service; who it is for ("para
 * barbearias") and what is left out ("sem agrotóxico") count less or nothing; goods bought and passed on ("revendo",
 * "repasso", "compro") to shops, restaurants or condominiums are read as sold wholesale, and a commission earned on
 * goods, or a maker represented ("represento uma fábrica"), as an agent of commerce, neither the maker nor the shops
 * visited; a business that says it makes its goods is not the subclass whose text says it mostly resells them. Words
 * the index does not know dilute the score, and a subclass far below the best or below a floor is not listed at all:
 * nonsense gives nothing.
 */

/** A subclass as the index needs it. */
export interface IndexedActivity {
  code: string;
  text: string;
  classText: string;
  groupText: string;
  divisionText: string;
  /** MEI occupations (Anexo XI) of the subclass. */
  occupations: readonly string[];
  isActive: boolean;
}

export interface ActivityHit {
  code: string;
  /** 0 to 1: how much of what was said the subclass answers. */
  score: number;
}

export interface ActivityQuery {
  /** Read the last word as still being typed (search as you type). */
  prefix?: boolean;
  /** Only subclasses that are active. */
  activeOnly?: boolean;
}

/** The everyday names of each subclass, one file per part of the CNAE (`activity-lexicon/*.json`). */
export interface LexiconEntry {
  code: string;
  names: string[];
}

/**
 * The IBGE explanatory notes of a subclass (`activity-notes.json`, built by scripts/data/ibge-cnae-notes.ts): the
 * activities it includes, and those other subclasses' notes send to it.
 */
export interface NoteEntry {
  code: string;
  includes: string[];
  sentHere: string[];
}

export function readNotes(): NoteEntry[] {
  return JSON.parse(readFileSync(new URL('./activity-notes.json', import.meta.url), 'utf8')) as NoteEntry[];
}

/**
 * The places a description may name (server/seed/data): the IBGE municipalities, the states, and "Minas", as Minas
 * Gerais is called.
 */
export function readPlaces(): string[] {
  return [...allMunicipalities().map((municipality) => municipality.name), ...allStates().map((state) => state.name), 'Minas'];
}

export function readLexicon(): LexiconEntry[] {
  const folder = new URL('./activity-lexicon/', import.meta.url);
  return readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) => JSON.parse(readFileSync(new URL(file, folder), 'utf8')) as LexiconEntry[]);
}

/** Words that say nothing of the activity: grammar, how people talk about their own work, where and how they sell. */
const STOP_WORDS = new Set(
  (
    'a o as os um uma uns umas de da do das dos d em na no nas nos num numa e ou mas nem que com sem para pra pro pras ' +
    'pros por pelo pela pelos pelas ao aos à às se me te lhe eu tu ele ela voce você nos nós vos eles elas voces vocês ' +
    'meu minha meus minhas seu sua seus suas nosso nossa nossos nossas este esta estes estas esse essa esses essas isso ' +
    'isto aquele aquela aqui ali la lá ja já tambem também muito muita muitos muitas mais menos bem so só apenas como ' +
    'quando onde qual quais todo toda todos todas tudo outro outra outros outras ate até entre sobre tipo etc ' +
    'sou somos estou estamos ser sera será seria faco faço faz fazemos fazer fazendo trabalho trabalhamos trabalhar ' +
    'trabalhando atuo atuamos atuar atuando atendo atendemos atender atendendo presto prestamos prestar ofereco ' +
    'ofereço oferecemos oferecer quero queremos queria gostaria pretendo pretendemos vou vamos abrir abrindo montar ' +
    'montei tenho temos ter tem possuo empresa negocio negócio negocios negócios firma atividade atividades ramo area ' +
    'área setor coisa coisas cliente clientes pessoa pessoas gente autonomo autônomo autonoma autônoma independente ' +
    'proprio próprio propria própria sozinho sozinha cnpj mei dia dias hoje agora ainda então entao mesmo mesma ' +
    'também tb tbm pq porque quase sempre vez vezes hora horas casa meu minha aqui perto bairro cidade centro regiao ' +
    'comecei começou comecar começar formalizar formalizando legalizar regularizar registrar abrir ' +
    'pequeno pequena pequenos pequenas grande grandes novo nova principalmente geral varios vários varias várias ' +
    'diversos diversas algum alguma alguns algumas cada qualquer essas esses umas uns lugar local pouco pouca poucos ' +
    'poucas nenhum nenhuma dele dela deles delas dou damos ganho ganhamos ganha nao não nunca jamais litro litros ' +
    'frente cima porcentagem porcentagens percentual percentuais ' +
    // How many ("três fábricas", "dois campos"): a count, never the activity.
    'dois duas tres três quatro cinco seis sete oito nove dez onze doze quinze vinte trinta quarenta cinquenta cem ' +
    'duzentos trezentos quinhentos mil'
  ).split(' '),
);

/**
 * Where and how people sell ("pela internet", "no insta", "pelo ifood", "a domicílio", "sob encomenda"): said often,
 * rarely what the activity is.
 * They count a quarter of a word.
 */
const CHANNEL_WORDS = new Set(
  (
    'internet online instagram insta whatsapp whats wpp zap zapzap facebook face tiktok shopee ifood olx elo7 amazon ' +
    'magalu aiqfome rappi kwai youtube mercadolivre domicilio domicilios encomenda encomendas'
  ).split(' '),
);
const CHANNEL_WEIGHT = 0.25;
/** Channels people buy through ("pelo insta", "no mercado livre"), not messages, which businesses use to order too. */
const MESSAGING_WORDS = /^(whatsapp|whats|wpp|zap|zapzap)$/;
/** Words before a thing worked on or owned ("do instagram", "o site", "de internet"), not where one sells through. */
const WORKED_ON = /^(do|da|dos|das|o|os|de|meu|minha|meus|minhas)$/;
/** Channel words that only ever say how one sells ("a domicílio", "sob encomenda"). */
const SOLD_HOW = /^(domicilios?|encomendas?)$/;

/**
 * How a business charges ("por assinatura", "mensalidade"): it says how the money comes, not what is done, and in the
 * official texts it belongs to one trade ("televisão por assinatura"). Counted like a channel.
 */
const CHARGING_WORDS = new Set(
  'assinatura assinaturas assinante assinantes mensalidade mensalidades mensal mensais recorrente recorrentes'.split(' '),
);

/** A monthly fee ("mensalidade"): what a service charges. */
const MONTHLY_FEE = /^mensalidades?$/;

/**
 * "Cobro por hora", "cobro uma mensalidade", "cobro 30%": the verb says how the business charges, like the words above,
 * not that it collects debts ("cobrança"), when what follows is a rate, an amount or what is paid.
 */
const CHARGING_VERB = /^(cobro|cobra|cobramos|cobram|cobrar|cobrando|cobrei)$/;
const HOW_CHARGED =
  /^(por|um|uma|o|a|mensal|mensalidade|mensalmente|diaria|taxa|valor|entrada|pacote|fixo|contrato|assinatura|\d+%?|r\$.*)$/;

/**
 * The action a description names, whatever the form — verb, deverbal noun or agent ("conserto", "consertar",
 * "reparação", "manutenção"; "limpar", "limpeza", "faxina"; "vendo", "revenda", "comércio"): each family of stems is
 * one key, so "limpar casa" meets "limpeza em domicílios" and "vendo" meets "comércio varejista".
 */
const ACTION_STEMS = new Map<string, string>([
  // Everyday words for it too: "arrumo geladeira", "afinador de piano".
  ...['consert', 'repar', 'manuten', 'arrum', 'afin'].map((stem) => [stem, 'repar'] as const),
  ...['limp', 'limpez', 'faxin', 'higieniz'].map((stem) => [stem, 'limp'] as const),
  ...['lav', 'lavag', 'lavad'].map((stem) => [stem, 'lav'] as const),
  ...['vend', 'revend', 'rev', 'comerci', 'comerc', 'comercializ'].map((stem) => [stem, 'vend'] as const),
  ...['alug', 'aluguel', 'loc'].map((stem) => [stem, 'alug'] as const),
  // "Produzo" as "fabrico": the texts say "fabricação" where people say they produce.
  ...['fabric', 'produz'].map((stem) => [stem, 'fabric'] as const),
  // Teaching: "dou aula de…", "ensino…", as the texts' "Ensino de…" say it.
  ...['ensin', 'aul'].map((stem) => [stem, 'ensin'] as const),
]);
/**
 * Words the stemmer makes one with others of another sense: "mercado" (a market, "mercadinho" a grocery) with
 * "mercadoria" (any goods, in most shops' texts) and "mercearia".
 */
const KEPT_APART = new Map([
  ['mercado', 'mercad'],
  ['mercados', 'mercad'],
]);
/**
 * Actions done to something people already have (repair, clean, wash), or taught (what a class is of): a business
 * that only shares the object ("celular", "geladeira"; "defesa" in "aula de defesa pessoal") is another one. Not
 * "alugar", which says either side ("alugo uma cadeira no salão").
 */
const SERVICE_ACTIONS = new Set(['repar', 'limp', 'lav', 'ensin']);
/** Units of time or work a service is charged by ("cobro por hora", "por diária", "por hectare"). */
const TIME_CHARGED = /^(hora|horas|dia|dias|diaria|diarias|semana|semanas|mes|visita|visitas|hectare|hectares|km|quilometro)$/;
/**
 * Words that say people are attended to ("atendo em domicílio", "faço consulta", "presto serviço") or something is
 * looked after ("cuido de uma idosa", "cuido do jardim"): the business is a service, and what it uses or treats
 * ("vacina", "exame", "remédio") names no shop or factory it would be.
 */
const SERVING_WORDS = new Set([
  ...'atendo atende atendemos atender atendimento atendimentos consulta consultas presto prestamos prestar'.split(' '),
  'cuido',
  'cuidamos',
]);
/**
 * Goods named by what they are for ("produtos de limpeza", "máquina de lavar", "material de construção"): the action
 * after them is the goods' kind, not what the business does.
 */
const GOODS_WORDS = new Set(
  (
    'produto produtos material materiais artigo artigos equipamento equipamentos maquina maquinas aparelho aparelhos ' +
    'utensilio utensilios kit kits peca pecas acessorio acessorios insumo insumos ferramenta ferramentas item itens'
  ).split(' '),
);
/**
 * What a subclass counts for when the description opens with another one's name. At 0.7 a grocery's staples listed
 * after its name ("mercadinho de bairro, arroz, feijão…") still put the mills and post-harvest first; 0.4–0.55 rank
 * alike, with fewer codes of other divisions in the first three (docs/cnae-search.md).
 */
const OPENING_FACTOR = 0.5;
/** What a subclass that does not do the service action said counts for, per action. */
const NOT_THE_SERVICE_FACTOR = 0.45;

/** Diminutives that are words of their own ("cozinha" is no small "coza"). */
const NOT_DIMINUTIVES = new Set(
  (
    'cozinha cozinhas vinho vinhos linha linhas farinha farinhas galinha galinhas caminho caminhos marinha sardinha ' +
    'sardinhas rainha vizinho vizinha padrinho madrinha carinho moinho ninho pinho espinha tainha bainha campainha ' +
    'andorinha golfinho focinho toucinho pergaminho escrivaninha rinha minha sozinho sozinha mesinha cartinha bolinha ' +
    'calcinha calcinhas camisinha camisinhas cortina cortinas lingerie rosquinha rosquinhas'
  ).split(' '),
);

const ACCENTS = /\p{M}/gu;
/** How many words the caches of `plain` and `keyOf` keep: what people type repeats; beyond, they start again. */
const CACHED_WORDS = 20_000;
const plainWords = new Map<string, string>();
/** Lower case without accents: how words and texts are compared. */
function unaccented(text: string): string {
  return text.normalize('NFD').replace(ACCENTS, '').toLowerCase();
}

/** `unaccented` of a word (the words people type repeat: remembered). */
function plain(word: string): string {
  let result = plainWords.get(word);
  if (result === undefined) {
    result = unaccented(word);
    if (plainWords.size >= CACHED_WORDS) plainWords.clear();
    plainWords.set(word, result);
  }
  return result;
}

/** The words of a text, lower case, accents kept (the stemmer reads them). */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const isStopWord = (word: string) => STOP_WORDS.has(word) || STOP_WORDS.has(plain(word));

/** Edit distance with transpositions (Damerau, restricted), stopping as soon as it exceeds `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  let previous2: number[] = [];
  let previous = Array.from({ length: cols }, (_, j) => j);
  for (let i = 1; i < rows; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, previous2[j - 2] + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    previous2 = previous;
    previous = current;
  }
  return previous[cols - 1];
}

const FIELD_WEIGHT = { name: 1, note: 0.5, class: 0.35, group: 0.2, division: 0.1 } as const;
type Field = keyof typeof FIELD_WEIGHT;

interface Phrase {
  /** The stems of the phrase's meaningful words, each once. */
  keys: string[];
  weight: number;
}

/** What kind of business a subclass is by its place in the CNAE: a shop, a factory, a building site, or other. */
type Kind = 'trade' | 'make' | 'construct' | 'other';

function kindOf(activity: IndexedActivity): Kind {
  const division = Number(activity.code.slice(0, 2));
  if (/^(comercio|representantes comerciais)/.test(plain(activity.text))) return 'trade';
  if (division >= 10 && division <= 32) return 'make';
  if (division >= 41 && division <= 43) return 'construct';
  return 'other';
}

/** Agriculture, livestock, forestry and fishing: CNAE divisions 01–03. */
function inFarmDivisions(code: string): boolean {
  return Number(code.slice(0, 2)) <= 3;
}

/**
 * A farm's, forest's or fishery's own production (divisions 01–03): not the services and support done for them
 * ("Serviço de preparação de terreno", "Atividades de apoio à pecuária", "Atividades de pós-colheita").
 */
function farmsOwn(activity: IndexedActivity): boolean {
  return inFarmDivisions(activity.code) && !/^(servico|atividades de (apoio|pos-colheita))/.test(plain(activity.text));
}

/**
 * A subclass in the index. Stems and written words are numbered once for the whole index and each subclass holds
 * sorted arrays of those numbers: a third of the memory of a map and sets per subclass, and less garbage while it is
 * built (docs/performance.md).
 */
interface Entry {
  code: string;
  isActive: boolean;
  kind: Kind;
  /** A wholesaler or a sales agent: selling to other businesses. */
  wholesale: boolean;
  /** A sales agent ("representantes comerciais e agentes do comércio"): sells what others make, for a commission. */
  agent: boolean;
  /** Its text says it mostly resells what it sells ("com predominância de revenda"). */
  mostlyResells: boolean;
  /**
   * Its text says the business's own ("imóveis próprios", "veículos próprios", "produção própria"), or it is a farm's
   * own production.
   */
  own: boolean;
  /** The stems it holds (ids, ascending) and the best weight at which it holds each. */
  keys: Int32Array;
  weights: Float64Array;
  /** The words of its texts as written (accents and a plural s aside), as ids, ascending. */
  surfaces: Int32Array;
  /** Its phrases one after the other: the stems of each (in the order written), where each ends, and its weight. */
  phraseKeys: Int32Array;
  phraseEnds: Uint32Array;
  phraseWeights: Float64Array;
  /** Stems its names hold only as whom it serves ("salão" in "móveis para salão de beleza"), ascending. */
  servedOnly: Int32Array;
}

/** Where an id is in an ascending array, or -1. */
function find(sorted: Int32Array, id: number): number {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = sorted[middle];
    if (value === id) return middle;
    if (value < id) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** The weight at which a subclass holds a stem, if it does. */
function weightIn(entry: Entry, id: number): number | undefined {
  const at = find(entry.keys, id);
  return at < 0 ? undefined : entry.weights[at];
}

const ascending = (ids: Iterable<number>) => Int32Array.from(ids).sort();

/**
 * One word of a description: the stems it may stand for — several while it is still being typed, the more common
 * completions counting more ("cabelei" is "cabeleireiro" before "cabeleira") — and its weight.
 */
interface Concept {
  /** Each stem with its id in the index (every stem of a concept is one the index holds). */
  keys: { key: string; id: number; weight: number }[];
  weight: number;
  /** The word as written (`surfaceOf`), to tell it from another word of the same stem ("agendamento", "agenda"). */
  surface: string;
  /** An action word that only says which goods ("produtos de limpeza"): not what the business does. */
  goods?: boolean;
  /** Which clause of the description it is in (commas and full stops part them). */
  clause?: number;
  /** Said after "na", "no", "em" once something was named in its clause ("mercadinho na rua de casa"): where it is. */
  where?: boolean;
}

/** A description read: its concepts, and how many of its words the index does not know at all. */
interface Reading {
  concepts: Concept[];
  unknown: number;
  /** People are attended to ("atendo em domicílio", "consulta"): a service, whatever else is named. */
  serving: boolean;
  /** Goods bought and passed on to businesses ("repasso pras padarias"), with nothing said of making them. */
  resoldToBusinesses: boolean;
  /** A channel people buy through is named ("pelo insta", "no mercado livre"): the business sells to people too. */
  channelSaid: boolean;
  /** Others' goods sold for them ("represento uma fábrica", "ganho comissão"): an agent of commerce. */
  agentRead: boolean;
  /** A verb says the business makes, raises or grows what it sells ("faço", "fabrico", "produzo", "crio galinha"). */
  making: boolean;
  /** A verb says it raises or grows what a farm does ("crio galinha", "planto alface"). */
  raising: boolean;
  /**
   * What it works on belongs to others: said so ("dos outros", "de terceiros", "de outras marcas", "das empresas"),
   * handed over by them ("o cliente traz"), or theirs as the farmers it works for ("pros produtores").
   */
  othersOwn: boolean;
  /** How many words each clause has up to its last word read, filler included ("tenho uma bodeguinha aqui": 4). */
  clauseLengths: number[];
}

const MAX_QUERY_WORDS = 40;
const MAX_PREFIX_EXPANSIONS = 40;
/** What a word still being typed counts for itself, beside the words it begins. */
const UNFINISHED_WORD_WEIGHT = 0.5;
/** What a word that sounds like the one written counts for, beside it. */
const HOMOPHONE_WEIGHT = 0.8;
/**
 * The official texts name many services by a noun in "-agem" ("montagem", "hospedagem", "rotulagem") or "-ura"
 * ("pintura") where people say the verb ("monto", "hospedo", "rotulo", "pinto"), and the stemmer keeps the two apart.
 * The noun is read beside the verb, weak: some share the verb's stem only by chance ("passo", "passagem").
 */
const VERB_NOUN_WEIGHT = 0.3;
/** The endings of the names of tools and machines made from an action ("colheitadeira", "plantadeira", "cortador"). */
const INSTRUMENT_ENDING = /(deir[ao]s?|dor(a|es|as)?)$/;
/** What such a tool counts for when the description says the action too: the work done with it, not the tool. */
const INSTRUMENT_FACTOR = 0.5;
/** The forms of a verb read so: first person, participle, infinitive, gerund ("monto", "montado", "montar"). */
const VERB_FORM = /(o|amos|ado|ados|ada|adas|ar|ando)$/;
/**
 * A short word's other number ("peça", "peças") counts below the word as typed: folded into one word, "obra" met
 * "obras", "boi" "bois" and "pia" "pias" as often as the resold eggs met "ovos", and top-1s were lost. At 0.3 the
 * eggs ("ovo", in the texts only "ovos") never reached their wholesaler; 0.6–0.7 gave the same rankings
 * (docs/cnae-search.md).
 */
const NUMBER_WEIGHT = 0.6;
/**
 * A word people use for a kind of thing the CNAE names otherwise ("sapato", "chinelo": the texts say "calçados") also
 * reads as that kind, learnt from the index itself: the official word that the texts of most subclasses naming the
 * thing by the everyday word say (`learnKinds`). It counts for less than the word itself.
 */
const KIND_WEIGHT = 0.6;
/** How many subclasses must name a thing by the everyday word, and the share of them whose texts say the kind. */
const KIND_MIN_SUBCLASSES = 3;
const KIND_SHARE = 0.75;
/** A kind is a word of few official texts: one that many say ("serviços", "produtos") names no kind. */
const KIND_MAX_TEXTS = 40;

/** How many words a first clause says for it to tell what the business is, beyond a trade's name. */
const TOLD_WORDS = 3;
/**
 * How many words, filler included, a first clause may have to be a name ("mercadinho de bairro", "sou salgadeira");
 * longer, it tells a story ("olha eu comecei trabalhando com meu pai que era eletricista"). Counted to its last word
 * read: where it is ("aqui na frente de casa") makes no name a story.
 */
const NAME_WORDS = 8;

/** What the reading of a word that the rest of the description does not go with still counts for. */
const UNCHOSEN_READING_WEIGHT = 0.3;
/** What a wholesaler counts for when the description does not say it sells wholesale. */
const WHOLESALE_UNSAID_FACTOR = 0.75;
/** Prefixes that name what comes before or after a thing ("pós-colheita", "pré-impressão"), and what it then counts for. */
const SHIFTING_WORDS = /^(pos|pre)$/;
const SHIFTED_FACTOR = 0.5;
/** What a word counts for in a subclass that has its stem only in another word. */
const OTHER_WORD_FACTOR = 0.5;
/** Words that say for whom, after which the object is the customer's trade; and what such words count for. */
const FOR_WHOM_WORDS = new Set(['para', 'pra', 'pro', 'pras', 'pros']);
const FOR_WHOM_WEIGHT = 0.5;
/**
 * A subclass is listed only when it answers at least this share of what was said, and at least this share of the
 * best one: below, it answers a stray word ("brinquedos" for "bolo", "pontes" for "celular"). Being another business
 * than the one a description names first ranks a subclass lower; it does not make it answer less.
 */
const MIN_SCORE = 0.12;
/** How many of a description's strongest words make the scale of the score in full, and what each further one adds. */
const CORE_WORDS = 4;
const BEYOND_CORE_SHARE = 0.25;
const RELEVANCE_FLOOR = 0.35;
const ACTION_KEYS = new Set(ACTION_STEMS.values());
/** Customers that are businesses: work done for them is done under contract. */
const BUSINESS_WORDS = new Set(
  (
    'empresa empresas confeccao confeccoes produtor produtores fazenda fazendas industria industrias fabrica ' +
    'fabricas marca marcas terceiros'
  ).split(' '),
);
const CONTRACT_KEYS = ['contrato', 'terceiros'].map(stemOf);
const CONTRACT_WEIGHT = FOR_WHOM_WEIGHT;
const SERVICE_KEY = stemOf('serviço');
const WHOLESALE_READ_KEY = stemOf('atacado');
/** Buyers that are businesses or institutions: goods resold to them are sold wholesale (IBGE's "comércio atacadista"). */
const BUYER_WORDS = new Set(
  (
    'empresa empresas loja lojas lojista lojistas restaurante restaurantes lanchonete lanchonetes bar bares mercado ' +
    'mercados mercadinho mercadinhos supermercado supermercados condominio condominios escritorio escritorios escola ' +
    'escolas hotel hoteis clinica clinicas trailer trailers sacoleira sacoleiras revendedor revendedores oficina ' +
    'oficinas padaria padarias farmacia farmacias comercio comercios'
  ).split(' '),
);
/**
 * Words that say the goods are bought to be passed on ("revendo", "repasso", "compro", "forneço", "distribuo"), or
 * stocked for it ("depósito"), not made: "vendo" alone is said by makers too ("fabrico picolé e vendo pra mercadinho").
 */
const RESALE_WORDS = /^(revend|repass|fornec|distribu|compr|deposit)/;
/**
 * What belongs to others ("os imóveis dos outros", "produto de outras marcas", "carga de terceiros"): the business
 * works on it for them, as IBGE's "de terceiros", "sob contrato" subclasses do, not on its own ("imóveis próprios").
 */
const OF_WORDS = new Set(['de', 'do', 'da', 'dos', 'das']);
const OTHERS_WORDS = /^(terceir[oa]s?|outr[oa]s?)$/;
/**
 * People named as owners after "dos" or "das" ("a terra dos sitiantes", "o carro dos clientes"): what is theirs is
 * worked on for them. Not after "do" or "de": "feira do produtor" is a place — but for one owner named as such ("o
 * carro do dono", `OWNER_NAMES`).
 */
const OWNING_PEOPLE =
  /^(clientes?|don[oa]s?|proprietari[oa]s?|sitiantes?|fazendeir[oa]s?|agricultor(es)?|pecuaristas?|vizinh[oa]s?)$/;
/** The owner of goods, named as such: not a customer, who may be where the work is ("na casa do cliente"). */
const OWNER_NAMES = /^(don[oa]s?|proprietari[oa]s?)$/;
/**
 * Goods handed to the business by their owners ("o cliente traz", "as fábricas me mandam", "o dono deixa") or given
 * back to them ("devolvo"): the business works on others' goods, for them. Goods left ("deixa", "deixam") may also be
 * left to be sold.
 */
const HANDED_WORDS = /^(trazem|traz|deixam|deixa|mandam|manda|enviam|envia|devolvo|devolvemos)$/;
const LEFT_WORDS = /^(deixam|deixa)$/;
/** Words between a verb of handing over and what is handed ("me manda o…", "traz a sua…"). */
const CLITIC_WORDS = /^(me|te|nos|lhe|o|a|os|as|um|uma|uns|umas|seu|sua|seus|suas)$/;
/** What is handed over that is no goods ("deixa eu explicar", "manda mensagem", "devolvo o dinheiro"). */
const NOT_HANDED_GOODS =
  /^(eu|mensage(m|ns)|fotos?|pedidos?|dinheiro|pix|audios?|recados?|e-?mails?|links?|listas?|whats|zap|noticias?)$/;
/**
 * Businesses named as owners after "dos" or "das", with goods said before in the clause ("o produto das empresas",
 * "as peças das fábricas"): their goods are worked on for them. Not when the business buys or resells, where they are
 * where the goods come from ("compro roupa das fábricas"), nor with no goods said ("vendo lanche na porta das
 * fábricas").
 */
const OWNING_BUSINESSES = /^(empresas?|fabricas?|marcas?)$/;
const BUYING_WORD = /^(compr(o|amos|ei|ar|ando|a|am)|revend\p{L}*)$/u;
/**
 * Farmers named as whom the business works for ("pros produtores de leite", "contratado pelos fazendeiros", "o
 * produtor me paga por hectare"): their farms are theirs, so the work is done for them (as on others' land) and a
 * farm's own production is another business. "Produtores de" says farmers only of what farms raise or grow
 * ("produtores de leite", not "de conteúdo").
 */
const FARMER_WORDS = /^(fazendeir[oa]s?|sitiantes?|agricultor(es|as?)?|pecuaristas?|produtor(es)?)$/;
/** Farms named several, and the words that put the work at them ("nas fazendas") or on what is theirs ("das"). */
const FARMS = /^(fazendas|sitios|chacaras|granjas|propriedades)$/;
const FARMS_OF = /^(das|dos|nas|nos|pelas|pelos)$/;
/** Before the farmers who hire the business ("contratado pelos fazendeiros"). */
const BY_WHOM_WORDS = /^pel[oa]s?$/;
/** After "o fazendeiro me…": what says the farmer pays or hires the business. */
const HIRING_WORDS = /^(paga|pagam|contrata|contratam|chama|chamam)$/;
/** After "de outras", whose goods ("marcas", "empresas", "pessoas"): "de outros sabores" says nothing of whose. */
const OWNER_WORDS = /^(marcas?|empresas?|pessoas?|clientes?|donos?|proprietari[oa]s?|fabricas?|lojas?)$/;
/**
 * Where a description's clauses end: punctuation, and "com" after what is named ("uma pousada com 8 quartos",
 * "cafeteria com bolo e café"), whose contents or goods follow, so that the name alone is the first clause. Not after a
 * negation in the clause ("não mexo com carne"): what it negates runs to the clause's end.
 */
const CLAUSE_BREAK = /[,.;:!?()\n]+|(?<!(?:^|[^\p{L}])(?:n[aã]o|n|nunca|jamais|nem)(?!\p{L})[^,.;:!?()\n]*)\s+com\s+/iu;
/**
 * A clause that says what someone else does ("quem fatura e entrega é a fábrica", "quem opera é o funcionário deles",
 * "quem é contratado fica registrado no cliente"): not the business's own work. Not one where the business is the
 * object or the subject ("quem me paga é a marca", "quem nos contrata", "quem faz sou eu"): that says who pays it.
 */
const OTHERS_DOING = /^\s*quem(?!\p{L})(?![^]*(?<!\p{L})(me|nos|comigo|conosco|eu|n[oó]s|a\s+gente)(?!\p{L}))/iu;
/** Articles before a thing named ("uma bodega", "meu salão"). */
const ARTICLE = /^(um|uma|o|a|meu|minha|nosso|nossa)$/;
/** Verbs of delivering goods: where to is whom they are for ("entrego nas empresas"). */
const DELIVERING = /^(entrego|entregamos|entregar|levo|levamos|levar|forneco|fornecemos|fornecer)$/;
/** Words before where something is ("na rua", "no quintal", "numa garagem"). */
const LOCATIVE = /^(na|no|nas|nos|numa|num|em)$/;
/**
 * A farm or premises named first is where the work is, not the name of the business ("tenho um sítio com laranjal",
 * "tenho um espaço com aparelhos de musculação", "um galpão com duas máquinas").
 */
const FARM = /^(fazenda|sitio|chacara|granja|roca|propriedade)s?$/;
const PREMISES = /^(espaco|sala|galpao|barracao|garagem|quintal|comodo)s?$/;
/** Words that negate what follows in their clause; after them, "só" says "not only". */
const NEGATION = /^(nao|n|nunca|jamais|nem)$/;
const NOT_ONLY = /^(so|apenas|somente)$/;
/** Words after a negation that say what the business does instead. */
const AFFIRMING = /^(mas|porem|so|apenas|somente|e|tambem|tb)$/;
/**
 * Verbs that say the business makes what it sells ("fabrico", "faço", "produzo"); not "fábrica", where goods come from.
 * Also the verbs of the processes the IBGE notes file as making (moagem, defumação, torrefação, congelamento,
 * envasamento): goods bought and ground, smoked, roasted, frozen or bottled are made, not passed on. Not "asso" (a
 * bakery that only bakes bought frozen bread resells it, as IBGE says), nor words that are also nouns or adjectives
 * ("tempero", "frito").
 */
const MAKING_WORDS =
  /^(fabrico|fabricamos|fabricar|faco|fazemos|fazer|produzo|produzimos|produzir|confecciono|confeccionamos|moo|moemos|defumo|defumamos|torro|torramos|congelo|congelamos|envaso|envasamos|engarrafo|engarrafamos)$/;
/**
 * Goods said to be made where or by whom ("tudo feito aqui", "feito em casa", "feitas à mão", "feito no nosso forno"):
 * the business makes them, as "faço" says. Not "entrega feita", "prato feito": a job done, a dish's name.
 */
const MADE_HERE =
  /\bfeit[oa]s?\s+(aqui|em\s+casa|a\s+mao|no|na|nos|nas|por|pel[oa]s?|sob)\b|\ba\s+gente\s+(faz|fabrica|produz)\b/u;
/**
 * Verbs that say the business raises or grows what it sells ("crio galinha", "planto alface"): a farm that sells its
 * own produce is the farm, as IBGE files the sale of one's own production with the production.
 */
const RAISING_WORDS = /^(crio|criamos|planto|plantamos|cultivo|cultivamos|colho|colhemos)$/;
/** "Pé de" before a crop: its plants ("pé de banana"), grown; the texts' word for growing a crop. */
const PLANTS_WORD = /^pes?$/;
const CULTIVATION_KEY = stemOf('cultivo');
/**
 * Paid by commission on what others sell ("a fábrica me paga comissão", "recebo comissão"): an agent of commerce, as
 * IBGE calls "representantes comerciais e agentes do comércio", whatever the goods.
 */
const COMMISSION_WORD = /^comiss/;
/**
 * How long the business has run ("faz uns 8 anos", "há 3 meses", "tem mais de 10 anos"): nothing of what it does ("15
 * anos" is also a debutante's party). Not an age ("de 5 a 14 anos").
 */
const DURATION =
  /(?<!\d\s*)\b(faz|fazem|ha|há|tem|a)\s+((uns|umas|quase|mais\s+de)\s+)?(\d+|uma?|dois|duas|tr[eê]s|quatro|cinco|seis|sete|oito|nove|dez|vinte|trinta)\s+(anos?|m[eê]s|meses)\b/giu;
/**
 * "Tirar" (take out, take orders, take photos) and "rodar" (go round) as verbs: what is taken or the route says the
 * work, not the shooting club's "tiro" ("clube de tiro") or the cleaner's "rodo" ("rodo e vassoura").
 */
const TIRO_VERB = /^(tiro|tiramos|tirando|tirar)$/;
const TIRO_NOUN_BEFORE = /^(de|do|da|ao|no|o|um)$/;
const RODO_VERB = /^(rodo|rodamos|rodando)$/;
const ROUTE_AFTER = /^(o|a|os|as|pelo|pela|pelos|pelas|na|no|nas|nos|com|mais|de)$/;
/** A capitalised name ("Franca", "São José do Rio Preto", "Sorriso-MT") after a word that says where. */
const PLACE_NAMED =
  /(?<!\p{L})(de|em|da|do|no|na|pra|para|pro|perto de|até|ate)\s+(\p{Lu}[\p{L}'’]*(?:(?:\s+(?:d[aoe]s?\s+)?|-|\s*,\s*|\s+e\s+)\p{Lu}[\p{L}'’]*)*)/gu;
/** Between the places of a list ("de Minas e Goiás", "em Franca, Jaú e Birigui"). */
const PLACE_LIST = /\s*,\s*|\s+e\s+/u;
const STATES = new Set<string>(UFS);
const placeKey = (name: string) =>
  unaccented(name)
    .replace(/[\s-]+/gu, ' ')
    .trim();
/**
 * Other people's homes ("casa de família", "na casa do cliente", "nas casas dos patrões"): where a service is done,
 * as "a domicílio" says, not the "casa" of "aqui em casa", which is filler.
 */
const OTHERS_HOMES =
  /\b(em|na|nas|numa)?\s*casas?\s+d[eao]s?\s+(fam[ií]lias?|clientes?|outros|outras\s+pessoas|pessoas|patr[oõ]es|patr[aã]o|patroas?|moradores?)\b/giu;
/**
 * Staying with someone ("fico com uma idosa", "fico com o cachorro quando o dono viaja") is looking after them: read
 * as "cuido de". Not a share kept ("fico com 10%", "fico com uma parte"), which is how an agent earns.
 */
const STAYING_WITH =
  /\bfic(o|amos)\s+com\s+(?!(\d|%|(uma?|a|o|os|as)\s+(\d|parte|porcentage|percentua|comiss|valor|lucro|dinheiro|resto|metade|taxa)))/giu;
/**
 * Paid a share of each deal ("fico com 10%", "ganho uma porcentagem quando vende", "a fábrica me paga 5% do que
 * vender", "recebo % do que vendi"): a commission, said otherwise. The verb must say it is earned: "dou 10% de
 * desconto" is a shop's price.
 */
const SHARE_EARNED =
  /\b(fico|ficamos|ganho|ganhamos|recebo|recebemos|levo|tiro|me\s+(paga|pagam|repassa|repassam))\s+(com\s+)?(uma?\s+|os?\s+)?((\d+([.,]\d+)?\s*)?%|\d+([.,]\d+)?\s*por\s*cento|porcentage[mn]s?|percentua(l|is))/u;
/**
 * A part of each deal kept ("fico com uma parte do frete"): the same share, said without a figure. Not a part of the
 * profit or of the harvest, which a partner keeps.
 */
const SHARE_KEPT = /\bfic(o|amos)\s+com\s+(uma\s+)?parte\b(?!\s+d[oa]s?\s+(lucro|produ[cç][aã]o|colheita|safra))/iu;
/** The same, everywhere in a description: the share is how the business earns, and its "parte" no car part. */
const SHARE_KEPT_ALL = new RegExp(SHARE_KEPT.source, 'giu');
/**
 * Both sides of a sale named as others, with the business between them ("faço a ponte entre quem vende e quem compra
 * boi", "junto vendedor e comprador"): it brings them together, an agent of commerce. Without a go-between word,
 * "sou vendedora de trufa, quem compra é aluno" is a seller and its customers.
 */
const SELLER_NAMED = /\b(quem\s+(quer\s+)?vend|vendedor)/u;
const BUYER_NAMED = /\b(quem\s+(quer\s+)?compr|comprador)/u;
const GO_BETWEEN = /\b(ponte|entre|intermedi\p{L}*|junto|aproximo|apresento)\b/u;
/**
 * Representing a maker ("represento uma fábrica", "sou representante") or brokering ("corretor de café"): the same
 * agent, named by what it does. A broker of what no agent sells ("corretor de imóveis", "de seguros") stays that
 * broker: the reading ranks only makers, shops and repairers after the agents.
 */
const REPRESENTING_WORD = /^(represent|corret(or|ora|ores|oras|agem)$)/;
const AGENT_READ_KEY = stemOf('representantes');
/** Selling said ("vendo", "vender", "vende"): what others leave with the business is left to be sold. */
const SELLING_WORD = /^vend/;
/** Others' goods sold for a share of each sale: IBGE's "comércio sob consignação". */
const CONSIGNMENT_READ_KEY = stemOf('consignação');
const WHOLESALE_KEYS = new Set(['atacado', 'atacadista', 'distribuidora', 'distribuidor', 'representante'].map(stemOf));

export class ActivityIndex {
  private readonly entries: Entry[];
  /** Every word of the index without accents → its most common spelling (with accents) and how many subclasses use it. */
  private readonly vocabulary = new Map<string, { spelling: string; subclasses: number }>();
  private readonly vocabularyByLength = new Map<number, string[]>();
  /** Words of the index by how they sound (`soundOf`): the word, or the words that sound alike. */
  private readonly vocabularyBySound = new Map<string, string | string[]>();
  /** The stems the subclasses hold, numbered; by number, the subclasses that hold each and how rare it is. */
  private readonly keyIds = new Map<string, number>();
  private readonly postings: Int32Array[];
  private readonly idf: Float64Array;
  /** The words of the subclasses' texts as written (`surfaceOf`), numbered. */
  private readonly surfaceIds = new Map<string, number>();
  private readonly keyCache = new Map<string, string | null>();
  /** By everyday word as written (`surfaceOf`): the stems of the official words naming its kind (`KIND_WEIGHT`). */
  private readonly kinds = new Map<string, { key: string; id: number }[]>();
  /** A verb's stem → the stem of its noun in "-agem" or "-ura" that the index holds ("mont" → "montag", "pint" → "pintur"). */
  private readonly verbNouns = new Map<string, string>();
  /** The numbers of the service actions' stems (repair, clean, wash, teach). */
  private readonly serviceActionIds: number[];

  /** The municipalities' names (`placeKey`): a town named is where the business is, not what it does ("de Franca"). */
  private readonly places: Set<string>;

  constructor(
    activities: readonly IndexedActivity[],
    lexicon: readonly LexiconEntry[],
    notes: readonly NoteEntry[] = [],
    places: readonly string[] = [],
  ) {
    this.places = new Set(places.map(placeKey));
    const names = new Map<string, string[]>();
    for (const entry of lexicon) names.set(entry.code, (names.get(entry.code) ?? []).concat(entry.names));
    const notesOf = new Map(notes.map((entry) => [entry.code, [...entry.includes, ...entry.sentHere]]));

    // The vocabulary first: a word's spelling as most subclasses write it (accents restored to "instalacao").
    const sources = activities.map((activity) => {
      const own = [ownText(activity.text), ...activity.occupations, ...(names.get(activity.code) ?? [])];
      const texts: { text: string; field: Field; official?: boolean }[] = [
        ...own.map((text, at) => ({ text, field: 'name' as Field, official: at === 0 })),
        ...(notesOf.get(activity.code) ?? []).map((text) => ({ text, field: 'note' as Field })),
        { text: activity.classText, field: 'class' as Field },
        { text: activity.groupText, field: 'group' as Field },
        { text: activity.divisionText, field: 'division' as Field },
      ];
      return { activity, texts };
    });
    // Class, group and division texts repeat across subclasses: each is split and read once. A subclass's own texts
    // are not kept: that would hold every word of the notes until the build ends (docs/performance.md).
    const repeated = (field: Field) => field === 'class' || field === 'group' || field === 'division';
    const split = new Map<string, string[]>();
    const wordsOfText = (text: string, field: Field) => {
      if (!repeated(field)) return wordsOf(text);
      let words = split.get(text);
      if (!words) split.set(text, (words = wordsOf(text)));
      return words;
    };
    // How many subclasses write each word, in all and in each spelling: counted as the subclasses go by, one at a
    // time (`last`), not by a set of their codes per spelling.
    interface Count {
      subclasses: number;
      last: number;
    }
    const spellings = new Map<string, Count>();
    const words = new Map<string, Count & { spelling: string; spellingSubclasses: number }>();
    const count = <T extends Count>(counts: Map<string, T>, word: string, at: number, fresh: () => T) => {
      let counted = counts.get(word);
      if (!counted) counts.set(word, (counted = fresh()));
      if (counted.last !== at) {
        counted.subclasses++;
        counted.last = at;
      }
    };
    sources.forEach(({ texts }, at) => {
      for (const { text, field } of texts) {
        for (const word of wordsOfText(text, field)) {
          count(spellings, word, at, () => ({ subclasses: 0, last: -1 }));
          count(words, plain(word), at, () => ({ subclasses: 0, last: -1, spelling: word, spellingSubclasses: 0 }));
        }
      }
    });
    // A word's spelling: the one most subclasses write, the longest on a tie ("instalação" over "instalacao"), the
    // first met after that.
    for (const [spelling, { subclasses }] of spellings) {
      const word = words.get(plain(spelling))!;
      const better =
        subclasses > word.spellingSubclasses ||
        (subclasses === word.spellingSubclasses && spelling.length > word.spelling.length);
      if (better) Object.assign(word, { spelling, spellingSubclasses: subclasses });
    }
    for (const [key, { spelling, subclasses }] of words) {
      this.vocabulary.set(key, { spelling, subclasses });
      if (isStopWord(key)) continue;
      const sound = soundOf(key);
      // Most sounds are one word's: kept as the word itself, a list only when words share it.
      const sameSound = this.vocabularyBySound.get(sound);
      if (sameSound === undefined) this.vocabularyBySound.set(sound, key);
      else if (typeof sameSound === 'string') this.vocabularyBySound.set(sound, [sameSound, key]);
      else sameSound.push(key);
      const sameLength = this.vocabularyByLength.get(key.length);
      if (sameLength) sameLength.push(key);
      else this.vocabularyByLength.set(key.length, [key]);
    }

    const keysOfText = new Map<string, string[]>();
    const servedOfText = new Map<string, Set<string>>();
    const idOf = (ids: Map<string, number>, value: string) => {
      let id = ids.get(value);
      if (id === undefined) ids.set(value, (id = ids.size));
      return id;
    };
    const postings: number[][] = [];
    /** By stem id: how many subclasses hold it in their names or hierarchy, not only in the IBGE notes. */
    const titledIn: number[] = [];
    /** By subclass: the stems of its official text; by everyday word (in its other names only), its subclasses. */
    const officialKeys: Set<string>[] = [];
    const everydayIn = new Map<string, { key: string; subclasses: number[] }>();
    this.entries = sources.map(({ activity, texts }, at) => {
      const official = new Set<string>();
      const everyday = new Map<string, string>();
      officialKeys.push(official);
      const phrases: Phrase[] = [];
      const weights = new Map<string, number>();
      const servedKeys = new Set<string>();
      const titled = new Set<string>();
      const ownKeys = new Set<string>();
      const surfaces = new Set<number>();
      for (const text of texts) {
        const { field } = text;
        const words = wordsOfText(text.text, field);
        for (const word of words) surfaces.add(idOf(this.surfaceIds, surfaceOf(word)));
        let keys = keysOfText.get(text.text);
        if (!keys) {
          keys = [...new Set(this.keysOfText(words))];
          if (repeated(field)) keysOfText.set(text.text, keys);
        }
        if (keys.length === 0) continue;
        if (field === 'name' && text.official) for (const key of keys) official.add(key);
        if (field === 'name' && !text.official) {
          // The name's head: its first word that is not an action ("conserto de sapatos", "sapatos artesanais"); the
          // words after it qualify it ("móveis de madeira maciça" is no kind of "maciça").
          // A compound ("cachorro-quente") is its own thing, none of its parts.
          const compound = new Set(wordsOf(text.text.match(/\S+-\S+/gu)?.join(' ') ?? ''));
          const head = words.find((word) => !isStopWord(word) && !compound.has(word) && !ACTION_KEYS.has(this.keyOf(word) ?? ''));
          const key = head === undefined ? null : this.keyOf(head);
          if (head && key) everyday.set(surfaceOf(head), key);
        }
        phrases.push({ keys, weight: FIELD_WEIGHT[field] });
        // In a name too, what follows "para" is whom it serves: "móveis para salão de beleza" sells furniture.
        let served = servedOfText.get(text.text);
        if (!served) {
          served = new Set(this.keysServed(words));
          if (repeated(field)) servedOfText.set(text.text, served);
        }
        const shifted = this.keysShifted(words);
        for (const key of keys) {
          const weight =
            FIELD_WEIGHT[field] * (served.has(key) ? FOR_WHOM_WEIGHT : 1) * (shifted.includes(key) ? SHIFTED_FACTOR : 1);
          weights.set(key, Math.max(weights.get(key) ?? 0, weight));
          if (field === 'name') (served.has(key) ? servedKeys : ownKeys).add(key);
          if (field !== 'note') titled.add(key);
        }
      }
      for (const [word, key] of everyday) {
        if (official.has(key)) continue;
        const named = everydayIn.get(word) ?? everydayIn.set(word, { key, subclasses: [] }).get(word)!;
        named.subclasses.push(at);
      }
      const held = [...weights].map(([key, weight]) => ({ id: idOf(this.keyIds, key), key, weight })).sort((a, b) => a.id - b.id);
      for (const { id, key } of held) {
        (postings[id] ??= []).push(at);
        titledIn[id] = (titledIn[id] ?? 0) + (titled.has(key) ? 1 : 0);
      }
      const phraseKeys = phrases.flatMap(({ keys }) => keys.map((key) => this.keyIds.get(key)!));
      let end = 0;
      const agent = /representantes comerciais/.test(plain(activity.text));
      return {
        code: activity.code,
        isActive: activity.isActive,
        kind: kindOf(activity),
        wholesale: /atacad/.test(plain(activity.text)) || agent,
        agent,
        mostlyResells: /predominancia de revenda/.test(plain(activity.text)),
        own: /\bpropri[oa]s?\b/.test(plain(activity.text)) || farmsOwn(activity),
        keys: Int32Array.from(held, ({ id }) => id),
        weights: Float64Array.from(held, ({ weight }) => weight),
        surfaces: ascending(surfaces),
        phraseKeys: Int32Array.from(phraseKeys),
        phraseEnds: Uint32Array.from(phrases, ({ keys }) => (end += keys.length)),
        phraseWeights: Float64Array.from(phrases, ({ weight }) => weight),
        servedOnly: ascending([...servedKeys].filter((key) => !ownKeys.has(key)).map((key) => this.keyIds.get(key)!)),
      };
    });
    // How rare a word is, by the names and hierarchy: the notes, long and wordy, would make the words of every
    // trade common ("reparação" in hundreds of them). A word only the notes have is as rare as they make it.
    const total = this.entries.length;
    this.idf = Float64Array.from(postings, (list, id) => Math.log(1 + total / (1 + (titledIn[id] || list.length))));
    this.postings = postings.map((list) => Int32Array.from(list));
    this.serviceActionIds = [...SERVICE_ACTIONS].flatMap((key) => this.keyIds.get(key) ?? []);
    for (const [word] of this.vocabulary)
      if (word.endsWith('agem')) {
        const verb = this.keyOf(word.slice(0, -4) + 'ar');
        const noun = this.keyOf(word);
        if (verb && noun && verb !== noun) this.verbNouns.set(verb, noun);
      } else if (/[^u]ura$/.test(word)) {
        // "pintura" of "pinto", "fritura" of "frito": the verb's stem as the index already has it, never a guess.
        const verb = stemOf(`${word.slice(0, -3)}ar`);
        const noun = this.keyOf(word);
        if (noun && verb !== noun && this.keyIds.has(verb) && !this.verbNouns.has(verb)) this.verbNouns.set(verb, noun);
      }
    this.learnKinds(officialKeys, everydayIn);
    // The build read every word of the index: the caches keep what people type instead.
    plainWords.clear();
    this.keyCache.clear();
  }

  /**
   * Kinds from the index itself: an everyday word ("sapato") held by subclasses whose official texts mostly say the
   * same other word ("calçados", in the texts of the factory, the shop and the repair of them) is a kind of that
   * thing, so a subclass whose text says only the kind ("representantes … de calçados") answers it too.
   */
  private learnKinds(
    officialKeys: readonly Set<string>[],
    everydayIn: ReadonlyMap<string, { key: string; subclasses: number[] }>,
  ): void {
    const texts = new Map<string, number>();
    for (const keys of officialKeys) for (const key of keys) texts.set(key, (texts.get(key) ?? 0) + 1);
    for (const [word, { key, subclasses }] of everydayIn) {
      if (subclasses.length < KIND_MIN_SUBCLASSES || ACTION_KEYS.has(key)) continue;
      const said = new Map<string, number>();
      for (const at of subclasses) for (const kind of officialKeys[at]) said.set(kind, (said.get(kind) ?? 0) + 1);
      const kinds = [...said]
        .filter(([kind, count]) => {
          const inTexts = texts.get(kind) ?? 0;
          return (
            kind !== key &&
            !ACTION_KEYS.has(kind) &&
            count >= KIND_SHARE * subclasses.length &&
            inTexts > count &&
            inTexts <= KIND_MAX_TEXTS
          );
        })
        .map(([kind]) => ({ key: kind, id: this.keyIds.get(kind)! }));
      if (kinds.length) this.kinds.set(word, kinds);
    }
  }

  /** The subclasses a description or search speaks of, best first. */
  search(text: string, query: ActivityQuery = {}): ActivityHit[] {
    const { concepts, unknown, serving, resoldToBusinesses, channelSaid, agentRead, making, raising, othersOwn, clauseLengths } =
      this.conceptsOf(text, query.prefix ?? false);
    if (concepts.length === 0) return [];
    this.chooseReadings(concepts);
    this.instrumentsOfActions(concepts);
    // What is done to something (repair, clean, wash) and whether anything but actions was said.
    // Said in a later clause, after a first one that tells what the business is ("cuido de cachorro e gato na casa
    // do dono…, dou comida e limpo a caixinha"), an action is one of its tasks, not the business. A first clause that
    // is only a trade's name ("encanador, conserto vazamento") tells nothing of it by itself.
    const firstClause = concepts.find((concept) => concept.weight === 1 && concept.clause !== undefined)?.clause;
    const told = concepts.filter((concept) => concept.clause === firstClause && qualifies(concept)).length >= TOLD_WORDS;
    // A first clause that only names the business, with more said after it ("mercadinho de bairro, arroz, feijão…",
    // "piscineiro, cuido das piscinas…"): what follows are its goods or its tasks, and a subclass none of whose names
    // holds every word of that name is another business. A service alone, in a word the index writes ("faço faxina
    // em casa de família: limpo banheiro…"), names it too.
    const opening = concepts.filter((concept) => concept.clause === firstClause && concept.weight === 1 && !concept.where);
    const openingNamed =
      firstClause !== undefined &&
      opening.length > 0 &&
      opening.length <= TOLD_WORDS &&
      clauseLengths[firstClause] <= NAME_WORDS &&
      opening.every(
        (concept) =>
          (concept.keys.every(({ key }) => !ACTION_KEYS.has(key)) ||
            (opening.length === 1 && this.surfaceIds.has(concept.surface))) &&
          !FARM.test(plain(concept.surface)) &&
          !PREMISES.test(plain(concept.surface)),
      ) &&
      concepts.some((concept) => concept.clause !== firstClause && qualifies(concept));
    // A name of one word names the subclasses that hold that very word, where the index has it: "mercadinho" is a
    // minimarket's name, not the "mercado de frutas" of the greengrocers, whose stem it shares.
    const openingWord = opening.length === 1 ? (this.surfaceIds.get(opening[0].surface) ?? -1) : -1;
    const namesOpening = (entry: Entry) => {
      if (openingWord >= 0 && find(entry.surfaces, openingWord) < 0) return false;
      let start = 0;
      for (const end of entry.phraseEnds) {
        const keys = entry.phraseKeys.subarray(start, end);
        start = end;
        if (opening.every((concept) => concept.keys.some(({ id }) => keys.includes(id)))) return true;
      }
      return false;
    };
    const serviceActions = new Set(
      concepts.flatMap((concept) =>
        concept.goods || (told && concept.clause !== firstClause)
          ? []
          : concept.keys.filter(({ key, weight }) => SERVICE_ACTIONS.has(key) && weight >= HOMOPHONE_WEIGHT).map(({ id }) => id),
      ),
    );
    // Every action said, in order: the first is the main activity ("fabrico e conserto palete": a factory first).
    const actionsSaid = concepts
      .filter((concept) => !concept.goods && concept.weight === 1)
      .flatMap((concept) => concept.keys.filter(({ key, weight }) => ACTION_KEYS.has(key) && weight >= HOMOPHONE_WEIGHT))
      .map(({ key }) => key);
    const mainAction = actionsSaid[0];
    const sellingSaid = actionsSaid.includes('vend') || resoldToBusinesses || agentRead;
    const mainActionId = mainAction === undefined ? -1 : this.keyIds.get(mainAction)!;
    const objectSaid = concepts.some((concept) => qualifies(concept));
    const wholesaleSaid = concepts.some((concept) => concept.keys.some(({ key }) => WHOLESALE_KEYS.has(key)));
    const candidates = new Set<number>();
    for (const concept of concepts) for (const { id } of concept.keys) for (const i of this.postings[id]) candidates.add(i);
    const surfaceIds = concepts.map((concept) => this.surfaceIds.get(concept.surface) ?? -1);

    // What a subclass answering every word in its own names would get: the scale of the score.
    const strongest = (concept: Concept) => Math.max(...concept.keys.map(({ id, weight }) => this.idf[id] * weight));
    // Words the index does not know were said too: a subclass answering the rest answers only part of it.
    // A long description says more than its activity (whom it serves, how it charges, where): beyond its strongest
    // few words, each word widens the scale less, so that a subclass answering the core is still listed.
    const strengths = concepts.map((concept) => concept.weight * strongest(concept)).sort((a, b) => b - a);
    const most =
      strengths.reduce((sum, strength, at) => sum + strength * (at < CORE_WORDS ? 1 : BEYOND_CORE_SHARE), 0) *
      2 *
      ((concepts.length + unknown) / concepts.length);
    const hits: (ActivityHit & { answered: number })[] = [];
    for (const index of candidates) {
      const entry = this.entries[index];
      if (query.activeOnly && !entry.isActive) continue;
      let base = 0;
      let objectAnswered = false;
      /** Whether the subclass answers anything but whom it serves. */
      let answersItself = false;
      const said = new Map<number, number>();
      concepts.forEach((concept, c) => {
        let best = 0;
        for (const { key, id, weight: likely } of concept.keys) {
          const weight = weightIn(entry, id);
          if (weight === undefined) continue;
          // The same stem in another word is another sense, likely ("bolo" and "bola", "agendamento" and "agenda").
          const sameWord = likely !== 1 || ACTION_KEYS.has(key) || find(entry.surfaces, surfaceIds[c]) >= 0;
          const value = this.idf[id] * concept.weight * likely * (sameWord ? 1 : OTHER_WORD_FACTOR);
          said.set(id, Math.max(said.get(id) ?? 0, value));
          best = Math.max(best, value * weight);
          if (qualifies(concept) && !ACTION_KEYS.has(key)) objectAnswered = true;
          if (find(entry.servedOnly, id) < 0 || concept.weight !== 1) answersItself = true;
        }
        base += best;
      });
      // Selling names no business by itself ("vendo"): what is sold must be answered too. A subclass that is the
      // service said ("faxina" for "limpeza em domicílios") may say its object otherwise ("residências").
      const doesService = (action: number) => weightIn(entry, action) === 1 && entry.kind !== 'trade' && entry.kind !== 'make';
      if (objectSaid && !objectAnswered && ![...serviceActions].some(doesService)) continue;
      // The name the description says most completely: its words said, and how much of it they are.
      let phrase = 0;
      let start = 0;
      entry.phraseEnds.forEach((end, p) => {
        let matched = 0;
        let count = 0;
        for (let k = start; k < end; k++) {
          const value = said.get(entry.phraseKeys[k]);
          if (value !== undefined) {
            matched += value;
            count++;
          }
        }
        if (count > 0) phrase = Math.max(phrase, entry.phraseWeights[p] * matched * (count / (end - start)));
        start = end;
      });
      let score = base + phrase;
      // Repairing a phone is neither selling, making nor building one, nor a phone line: a subclass that shares only
      // the object weighs less. In a shop's or a factory's names the action qualifies the goods ("produtos de
      // limpeza", "máquina de lavar"), so it never says that they do it.
      // A subclass that is the main action said keeps its score: the other actions are what else the business does.
      const doesMain =
        mainAction !== undefined &&
        (mainAction === 'fabric'
          ? entry.kind === 'make'
          : mainAction === 'vend'
            ? entry.kind === 'trade'
            : doesService(mainActionId));
      if (!doesMain) for (const action of serviceActions) if (!doesService(action)) score *= NOT_THE_SERVICE_FACTOR;
      // Another business than the one named first is ranked after it, but answers as much of what was said.
      const opened = openingNamed && !namesOpening(entry) ? OPENING_FACTOR : 1;
      // Attending to people, with nothing said of selling or making: a shop or a factory of what it uses is another
      // business.
      if (serving && mainAction === undefined && (entry.kind === 'trade' || entry.kind === 'make'))
        score *= NOT_THE_SERVICE_FACTOR;
      // A subclass that answers only as whom it serves ("salão de beleza" in "móveis para salão de beleza") is that
      // customer's supplier, not the business described.
      if (!answersItself) score *= FOR_WHOM_WEIGHT;
      // Goods bought and passed on to businesses are sold wholesale: a shop of them sells to the people who use them
      // (unless it is said to sell to them too, "pelo insta"), and a factory or farm of them, further still, is the
      // supplier.
      if (resoldToBusinesses && !channelSaid && entry.kind === 'trade' && !entry.wholesale) score *= NOT_THE_SERVICE_FACTOR;
      if (resoldToBusinesses && (entry.kind === 'make' || inFarmDivisions(entry.code)))
        score *= NOT_THE_SERVICE_FACTOR * NOT_THE_SERVICE_FACTOR;
      // Others' goods sold for a commission: the maker they represent, the shops they visit and whoever repairs or
      // cleans the goods ("sapato" is also a cobbler's) are other businesses.
      if (
        agentRead &&
        !entry.agent &&
        (entry.kind === 'make' ||
          entry.kind === 'trade' ||
          this.serviceActionIds.some((action) => !serviceActions.has(action) && doesService(action)))
      )
        score *= NOT_THE_SERVICE_FACTOR;
      // Made by the business itself: the subclass that mostly resells the same goods is another one.
      if (making && entry.mostlyResells) score *= NOT_THE_SERVICE_FACTOR;
      // Made and not said to be sold, or raised or grown (sold or not): a shop of the same goods is another business.
      if ((raising || (making && !sellingSaid)) && entry.kind === 'trade') score *= NOT_THE_SERVICE_FACTOR;
      // Others' property worked on for them: the subclass of a business's own is another business.
      if (othersOwn && entry.own) score *= NOT_THE_SERVICE_FACTOR;
      // Also on the retail side by default: a small business that sells sells to people, unless it says wholesale.
      if (entry.wholesale && !wholesaleSaid) score *= WHOLESALE_UNSAID_FACTOR;
      // The business named first answers what the description is of, however long the list of its goods after it.
      const answered = openingNamed && opened === 1 ? Math.max(score / most, MIN_SCORE) : score / most;
      if (score > 0) hits.push({ code: entry.code, score: (score * opened) / most, answered });
    }
    // Ranked before the score is capped at 1, so that two subclasses above the scale keep their order.
    hits.sort((a, b) => b.score - a.score || a.code.localeCompare(b.code));
    const floor = (hits[0]?.score ?? 0) * RELEVANCE_FLOOR;
    return hits
      .filter((hit) => hit.answered >= MIN_SCORE && hit.score >= floor)
      .map((hit) => ({ code: hit.code, score: Math.min(1, hit.score) }));
  }

  /** The stems of a text of the index that come only after "para" in it (whom the thing named is for). */
  private keysServed(words: string[]): string[] {
    const at = words.findIndex((word) => FOR_WHOM_WORDS.has(plain(word)));
    if (at <= 0) return [];
    const before = new Set(this.keysOfText(words.slice(0, at)));
    return this.keysOfText(words.slice(at + 1)).filter((key) => !before.has(key));
  }

  /**
   * The stems of a text of the index that come only after "pós-" or "pré-" in it: "atividades de pós-colheita" are
   * done after the harvest, not the harvest itself, which a description saying "colho" means.
   */
  private keysShifted(words: string[]): string[] {
    const after = words.map((_, i) => i > 0 && SHIFTING_WORDS.test(plain(words[i - 1])));
    if (!after.includes(true)) return [];
    const elsewhere = new Set(this.keysOfText(words.filter((_, i) => !after[i])));
    return this.keysOfText(words.filter((_, i) => after[i])).filter((key) => !elsewhere.has(key));
  }

  /**
   * The stems of a text of the index (its words as written, filler left out), without what it says the subclass is
   * without ("sem operador", "sem condutor"): a description that says it has them is another business.
   */
  private keysOfText(words: string[]): string[] {
    return words
      .filter((word, i) => !isStopWord(word) && !(i > 0 && plain(words[i - 1]) === 'sem'))
      .map((word) => this.keyOf(word))
      .filter((key): key is string => key !== null);
  }

  /** A description's words as concepts: each word's stem, mistakes corrected, the last one as a prefix if asked. */
  private conceptsOf(text: string, prefix: boolean): Reading {
    // Words with the clause each is in: what "para" governs ends at a comma or a full stop.
    const clauses = this.withoutPlaces(text)
      .replace(/mercado\s+livre/giu, 'mercadolivre')
      .replace(STAYING_WITH, 'cuido de')
      .replace(OTHERS_HOMES, 'a domicílio')
      .replace(DURATION, ' ')
      .replace(SHARE_KEPT_ALL, ' ')
      .split(CLAUSE_BREAK)
      .map((clause) => (OTHERS_DOING.test(clause) ? '' : clause));
    const placed = clauses
      .flatMap((clause, at) => affirmed(wordsOf(clause)).map((word) => ({ word, at })))
      .slice(0, MAX_QUERY_WORDS);
    const words = placed.map(({ word }) => word);
    const clauseStarts = clauses.map((_, at) => placed.findIndex((place) => place.at === at));
    const clauseLengths: number[] = clauses.map(() => 0);
    const concepts: Concept[] = [];
    let unknown = 0;
    const seen = new Set<string>();
    let forWhom = false;
    let objectBefore = false;
    let forWhomObject = false;
    let serving = false;
    let agentRead = false;
    let channelSaid = false;
    /**
     * The clause whose first word read is a thing named with its article after nothing but filler ("tenho um
     * mercadinho"), not an action ("moo a cana no engenho").
     */
    let namedIn = -1;
    // Raised or grown: what follows the verb is a farm's ("crio galinha", "planto alface"), not a design ("crio os
    // modelos").
    const raising = words.some((word, i) => {
      // "É pé de banana", "uns mil pés de café": plants of a crop, grown where the business is.
      if (PLANTS_WORD.test(plain(word)) && plain(words[i + 1] ?? '') === 'de') return this.farms(words[i + 2] ?? '');
      if (!RAISING_WORDS.test(plain(word))) return false;
      const object = words.slice(i + 1).find((next) => !isStopWord(next) && !ACTION_KEYS.has(this.keyOf(next) ?? ''));
      return object !== undefined && this.farms(object);
    });
    const making = raising || words.some((word) => MAKING_WORDS.test(plain(word))) || MADE_HERE.test(unaccented(text));
    const whose = this.whoseGoods(words, placed);
    const othersOwn = whose.peoples || whose.businesses || whose.handedOver || whose.farmersServed;
    // Bought to be passed on (not "pra revender", the customers' purpose), and businesses named as whom it is for,
    // in either order.
    const resaleSaid = words.some(
      (word, i) => RESALE_WORDS.test(plain(word)) && !(i > 0 && FOR_WHOM_WORDS.has(plain(words[i - 1]))),
    );
    let buyerNamed = false;
    /**
     * What the description says without its words (work under contract, an agent, wholesale): official words added
     * once, at the weight of whom the business serves.
     */
    const readAs = (keys: readonly string[], surface: string) => {
      if (seen.has(keys[0])) return;
      const known = keys.filter((key) => this.keyIds.has(key)).map((key) => ({ key, id: this.keyIds.get(key)!, weight: 1 }));
      known.forEach(({ key }) => seen.add(key));
      if (known.length) concepts.push({ keys: known, weight: CONTRACT_WEIGHT, surface });
    };
    // Others' goods left with the business to sell, for a share ("o dono deixa o carro no meu pátio e fico com uma
    // parte"): sold on consignment, as IBGE files it. Otherwise a share of what is sold is an agent's commission.
    // Not goods a maker sends or a business's own brands, which its agent sells.
    const consigned = (whose.leftWith || whose.peoples) && words.some((word) => SELLING_WORD.test(plain(word)));
    const readShare = () => {
      if (consigned) readAs([CONSIGNMENT_READ_KEY], 'consignação');
      else if (!agentRead) {
        agentRead = true;
        readAs([AGENT_READ_KEY], 'representantes');
      }
    };
    words.forEach((word, i) => {
      const last = prefix && i === words.length - 1;
      if (i > 0 && placed[i].at !== placed[i - 1].at) forWhom = false;
      // "sem agrotóxico", "sem glúten": what the business leaves out is not what it does.
      if (i > 0 && plain(words[i - 1]) === 'sem' && placed[i].at === placed[i - 1].at) return;
      // "Entrego nas empresas": where goods are delivered to is whom they are for, as after "pra".
      const deliveredTo =
        LOCATIVE.test(plain(word)) &&
        DELIVERING.test(plain(words[i - 1] ?? '')) &&
        (BUSINESS_WORDS.has(plain(words[i + 1] ?? '')) || BUYER_WORDS.has(plain(words[i + 1] ?? '')));
      if (FOR_WHOM_WORDS.has(plain(word)) || deliveredTo) {
        forWhom = objectBefore;
        forWhomObject = false;
      }
      // "Nas empresa": a business named after a plural article is the customers, not "minha empresa".
      if (forWhom && /^(empresa|firma)$/.test(plain(word)) && /s$/.test(plain(words[i - 1] ?? ''))) {
        readAs(CONTRACT_KEYS, 'contrato');
        buyerNamed = true;
      }
      if (isStopWord(word) && !last) return;
      if (!last && TIRO_VERB.test(plain(word)) && !TIRO_NOUN_BEFORE.test(plain(words[i - 1] ?? ''))) return;
      if (!last && RODO_VERB.test(plain(word)) && ROUTE_AFTER.test(plain(words[i + 1] ?? ''))) return;
      if (SERVING_WORDS.has(plain(word))) serving = true;
      // A monthly fee is paid for a service (a gym, a school, a monitoring), not for goods bought once.
      if (MONTHLY_FEE.test(plain(word))) serving = true;
      if (CHARGING_VERB.test(plain(word)) && plain(words[i + 1] ?? '') === 'por' && TIME_CHARGED.test(plain(words[i + 2] ?? '')))
        serving = true;
      // A place of selling that is what is worked on ("cuido do instagram de lojas", "provedor de internet") is the
      // object, not where the business sells ("vendo pelo insta").
      const channel =
        CHANNEL_WORDS.has(plain(word)) && !(i > 0 && WORKED_ON.test(plain(words[i - 1])) && !SOLD_HOW.test(plain(word)));
      if (channel && !MESSAGING_WORDS.test(plain(word)) && !SOLD_HOW.test(plain(word))) channelSaid = true;
      const keys = new Map<string, number>();
      const plantsOf = PLANTS_WORD.test(plain(word)) && plain(words[i + 1] ?? '') === 'de' && this.farms(words[i + 2] ?? '');
      // "Pé de banana": the plants of a crop, which the texts call its cultivation.
      const known = plantsOf ? CULTIVATION_KEY : this.keyOf(word);
      // A word still being typed stands for the words it begins more than for itself ("cabelei" is not "cabelo"); a
      // word of the index ("pote", "contábil") is finished.
      const finished = !last || this.vocabulary.has(plain(word));
      if (known && !isStopWord(word)) keys.set(known, finished ? 1 : UNFINISHED_WORD_WEIGHT);
      if (!finished)
        for (const { key, weight } of this.prefixKeys(plain(word))) keys.set(key, Math.max(keys.get(key) ?? 0, weight));
      else if (known && !isStopWord(word))
        for (const key of this.homophoneKeys(plain(word))) if (!keys.has(key)) keys.set(key, HOMOPHONE_WEIGHT);
      if (finished && known && !isStopWord(word) && !plantsOf)
        for (const key of this.numberKeys(plain(word))) if (!keys.has(key)) keys.set(key, NUMBER_WEIGHT);
      // A verb's form (first person, participle, infinitive, gerund) meets the noun in "-agem" or "-ura" of the texts.
      if (finished && known && !isStopWord(word) && VERB_FORM.test(plain(word))) {
        const noun = this.verbNouns.get(known);
        if (noun && !keys.has(noun)) keys.set(noun, VERB_NOUN_WEIGHT);
      }
      const fresh = [...keys]
        .filter(([key]) => this.keyIds.has(key) && !seen.has(key))
        .map(([key, weight]) => ({ key, id: this.keyIds.get(key)!, weight }));
      if (fresh.length === 0) {
        if (!last && !isStopWord(word) && !(known && this.keyIds.has(known)) && !seen.has(known ?? '')) unknown++;
        return;
      }
      fresh.forEach(({ key }) => seen.add(key));
      if (finished)
        for (const kind of this.kinds.get(surfaceOf(word)) ?? [])
          if (!fresh.some((key) => key.id === kind.id)) fresh.push({ ...kind, weight: KIND_WEIGHT });
      const action = fresh.every(({ key }) => ACTION_KEYS.has(key));
      const goods =
        action && i >= 2 && ['de', 'para', 'pra'].includes(plain(words[i - 1])) && GOODS_WORDS.has(plain(words[i - 2]));
      // A new action after whom it was for ("… pra pagar a faculdade vendo trufa") starts what the business does
      // again; one right after "para" is the purpose ("pra revender em lanchonete").
      if (action && forWhomObject) forWhom = false;
      if (!action && forWhom) forWhomObject = true;
      if (!forWhom && !action) objectBefore = true;
      const charging =
        CHARGING_WORDS.has(plain(word)) || (CHARGING_VERB.test(plain(word)) && HOW_CHARGED.test(plain(words[i + 1] ?? '')));
      // What is paid for by subscription is a service ("software como serviço"), not the goods themselves.
      const serviceId = this.keyIds.get(SERVICE_KEY);
      if (charging && serviceId !== undefined) fresh.push({ key: SERVICE_KEY, id: serviceId, weight: 1 });
      // A commission says how the business earns, as a rate does: the goods sold say which agent it is.
      const commission = COMMISSION_WORD.test(plain(word));
      const modifier = channel || charging || commission;
      // After "para" comes who the business serves ("sistema para barbearias"), said less than what it does.
      const weight = modifier ? CHANNEL_WEIGHT : forWhom ? FOR_WHOM_WEIGHT : 1;
      const where = i > 0 && LOCATIVE.test(plain(words[i - 1])) && namedIn === placed[i].at;
      if (namedIn !== placed[i].at && !concepts.some((concept) => concept.clause === placed[i].at))
        namedIn =
          i > 0 &&
          ARTICLE.test(plain(words[i - 1])) &&
          words.slice(clauseStarts[placed[i].at], i - 1).every((before) => isStopWord(before))
            ? placed[i].at
            : -1;
      concepts.push({
        keys: fresh,
        weight,
        surface: surfaceOf(word),
        clause: placed[i].at,
        ...(goods ? { goods } : {}),
        ...(where ? { where } : {}),
      });
      clauseLengths[placed[i].at] = i - clauseStarts[placed[i].at] + 1;
      // Work done for other businesses ("embalo produto pra outras empresas", "costuro pra uma confecção") is what
      // IBGE calls a service "sob contrato", "para terceiros".
      if (forWhom && BUSINESS_WORDS.has(plain(word))) readAs(CONTRACT_KEYS, 'contrato');
      if (forWhom && BUYER_WORDS.has(plain(word))) buyerNamed = true;
      if (commission) readShare();
    });
    // Goods passed on to shops, restaurants, offices or condominiums: sold wholesale, as IBGE defines it.
    const resold = resaleSaid && buyerNamed;
    if (resold) readAs([WHOLESALE_READ_KEY], 'atacado');
    // Work on what is others' is done for them: read as the work under contract that IBGE files apart.
    if (othersOwn) readAs(CONTRACT_KEYS, 'contrato');
    const plainText = unaccented(text);
    if (SHARE_EARNED.test(plainText) || SHARE_KEPT.test(plainText)) readShare();
    if (SELLER_NAMED.test(plainText) && BUYER_NAMED.test(plainText) && GO_BETWEEN.test(plainText)) readShare();
    const representing = words.some((word) => REPRESENTING_WORD.test(plain(word)));
    return {
      concepts,
      unknown,
      serving,
      resoldToBusinesses: resold && !making,
      channelSaid,
      agentRead: agentRead || representing,
      making,
      raising,
      othersOwn,
      clauseLengths,
    };
  }

  /**
   * Whose goods the business works on, as the description says it: people named as their owners ("dos clientes", "de
   * terceiros", "de outras marcas"), businesses named so with goods said ("o produto das empresas"), goods handed
   * over or given back ("o cliente traz", "devolvo"), left with it ("o dono deixa o carro"), or the farms of the
   * farmers it works for ("pros produtores de leite", "o fazendeiro me contrata").
   */
  private whoseGoods(words: string[], placed: { at: number }[]) {
    const at = (i: number) => plain(words[i] ?? '');
    const sameClause = (i: number) => i > 0 && placed[i].at === placed[i - 1].at;
    const buying = words.some((word) => BUYING_WORD.test(plain(word)));
    let peoples = false;
    let businesses = false;
    let handedOver = false;
    let leftWith = false;
    let farmersServed = false;
    words.forEach((word, i) => {
      const said = plain(word);
      if (HANDED_WORDS.test(said)) {
        // "leva e traz" is a pick-up service, not goods brought.
        if (at(i - 1) === 'e' && at(i - 2) === 'leva') return;
        let object = i + 1;
        while (CLITIC_WORDS.test(at(object))) object++;
        if (NOT_HANDED_GOODS.test(at(object))) return;
        handedOver = true;
        if (LEFT_WORDS.test(said)) leftWith = true;
        return;
      }
      if (FARMER_WORDS.test(said)) {
        // "produtores de leite" are farmers; "produtores de conteúdo" are not.
        if (at(i + 1) === 'de' && !this.farms(words[i + 2] ?? '')) return;
        const named = sameClause(i) && (FOR_WHOM_WORDS.has(at(i - 1)) || BY_WHOM_WORDS.test(at(i - 1)));
        if (named || (at(i + 1) === 'me' && HIRING_WORDS.test(at(i + 2)))) farmersServed = true;
      }
      // Work at others' farms ("o gado das fazendas", "vou nas fazendas"): several farms are not the business's own.
      if (FARMS.test(said) && FARMS_OF.test(at(i - 1)) && sameClause(i)) farmersServed = true;
      // "de terceiros", "dos outros" say whose; "de outras" says it only with whose after it ("de outras marcas").
      if (!sameClause(i)) return;
      const of = at(i - 1);
      if (OWNING_PEOPLE.test(said)) {
        // One owner named ("o carro do dono") says whose as several do; one client may be where ("na casa do cliente").
        if (of === 'dos' || of === 'das' || ((of === 'do' || of === 'da') && OWNER_NAMES.test(said))) peoples = true;
      } else if (OWNING_BUSINESSES.test(said)) {
        const goodsBefore = words
          .slice(0, i - 1)
          .some((before, b) => placed[b].at === placed[i].at && GOODS_WORDS.has(plain(before)));
        if ((of === 'dos' || of === 'das') && goodsBefore && !buying) businesses = true;
      } else if (OTHERS_WORDS.test(said) && OF_WORDS.has(of)) {
        if (/^terceir/.test(said) || of === 'dos' || of === 'das' || OWNER_WORDS.test(at(i + 1))) peoples = true;
      }
    });
    return { peoples, businesses, handedOver, leftWith, farmersServed };
  }

  /**
   * "Tenho colheitadeira e colho o milho": a machine named after an action the description also says — by its noun
   * ("plantadeira" and "plantio") or by a verb ("colho", "colher"; a form the index's texts do not hold, so not a noun
   * such as "carro" before "carregador") — is what the work is done with, not what the business makes, repairs or
   * rents out.
   */
  private instrumentsOfActions(concepts: Concept[]): void {
    for (const concept of concepts) {
      if (!INSTRUMENT_ENDING.test(concept.surface)) continue;
      const own = concept.keys[0]?.key ?? '';
      const root = this.keyOf(concept.surface.replace(INSTRUMENT_ENDING, ''));
      const action = concepts.some(
        (other) =>
          other !== concept &&
          !INSTRUMENT_ENDING.test(other.surface) &&
          other.keys.some(
            ({ key }) =>
              (key === root && key.length >= 4) ||
              (key.length >= 4 && key !== own && own.startsWith(key) && this.isVerbForm(other.surface)),
          ),
      );
      if (action) concept.weight *= INSTRUMENT_FACTOR;
    }
  }

  /** A verb as people write it: an infinitive or gerund, or a form ("colho", "planto") no text of the index holds. */
  private isVerbForm(word: string): boolean {
    return /(ar|er|ir|ando|endo|indo)$/.test(word) || (/o$/.test(word) && !this.vocabulary.has(word));
  }

  /**
   * A word written as another that sounds the same stands for the one the rest of the description goes with: the
   * reading whose subclasses also hold another of the description's words ("concerto de relógio": "conserto", as in
   * "conserto de relógio", not "concerto", which no subclass says with "relógio"). The other reading stays, weak.
   */
  private chooseReadings(concepts: Concept[]): void {
    for (const concept of concepts) {
      if (concept.keys.length < 2 || !concept.keys.some(({ weight }) => weight === HOMOPHONE_WEIGHT)) continue;
      const others = concepts.filter((other) => other !== concept && qualifies(other)).flatMap((other) => other.keys);
      if (others.length === 0) continue;
      const support = (id: number) =>
        this.postings[id].filter((i) => others.some((other) => find(this.entries[i].keys, other.id) >= 0)).length;
      const ranked = concept.keys.map((reading) => ({ reading, support: support(reading.id) }));
      const best = ranked.reduce((a, b) => (b.support > a.support ? b : a));
      if (best.support === 0 || best.reading.weight === 1) continue;
      concept.keys = concept.keys.map(({ key, id }) => ({
        key,
        id,
        weight: key === best.reading.key ? 1 : UNCHOSEN_READING_WEIGHT,
      }));
    }
  }

  /**
   * The stem of a short word's other number when the index has it ("peça" → "peças", "ovos" → "ovo"): the stemmer
   * leaves words of up to four letters whole, so the two never meet otherwise.
   */
  private numberKeys(key: string): string[] {
    if (key.length > 4) return [];
    const other = key.endsWith('s') ? key.slice(0, -1) : `${key}s`;
    const found = this.vocabulary.has(other) ? this.keyOf(other) : null;
    return found === null ? [] : [found];
  }

  /** Whether a word names what some subclass of agriculture, livestock, forestry or fishing (divisions 01–03) works. */
  private farms(word: string): boolean {
    const key = this.keyOf(word);
    const id = key === null ? undefined : this.keyIds.get(key);
    return id !== undefined && this.postings[id].some((i) => inFarmDivisions(this.entries[i].code));
  }

  /** The stems of the other words of the index that sound like this one ("concerto" → "conserto"). */
  private homophoneKeys(key: string): string[] {
    if (key.length < 5) return [];
    return [this.vocabularyBySound.get(soundOf(key)) ?? []]
      .flat()
      .filter((word) => word !== key)
      .map((word) => this.keyOf(word))
      .filter((stem): stem is string => stem !== null);
  }

  /**
   * The stems of the words of the index that begin with what is being typed, each weighted by how common its word is
   * beside the most common one (square root: a rarer completion still counts).
   */
  private prefixKeys(start: string): { key: string; weight: number }[] {
    if (start.length < 2) return [];
    const words = [...this.vocabulary]
      .filter(([word]) => word.startsWith(start) && !isStopWord(word))
      .sort((a, b) => b[1].subclasses - a[1].subclasses)
      .slice(0, MAX_PREFIX_EXPANSIONS);
    const most = words[0]?.[1].subclasses ?? 1;
    const keys = new Map<string, number>();
    for (const [word, { subclasses }] of words) {
      const key = this.keyOf(word);
      if (key !== null) keys.set(key, Math.max(keys.get(key) ?? 0, Math.sqrt(subclasses / most)));
    }
    return [...keys].map(([key, weight]) => ({ key, weight }));
  }

  /**
   * The stem a word stands for: its spelling in the index (accents restored), or the index word one or two letters
   * away when it is not one ("pizaria" → "pizzaria"), brought to its base (diminutives, agent nouns) and stemmed.
   */
  private keyOf(word: string): string | null {
    const cached = this.keyCache.get(word);
    if (cached !== undefined) return cached;
    const key = plain(word);
    let spelling = this.vocabulary.get(key)?.spelling;
    // Another form of a word the index has ("cuido" of "cuidador"), a number, or else a word mistyped.
    if (!spelling && (/^\d+$/.test(key) || this.keyIds.has(stemOf(this.withoutDiminutive(word))))) spelling = word;
    if (!spelling) {
      const near = this.nearestWord(key);
      spelling = near ? this.vocabulary.get(near)!.spelling : word;
    }
    const result = spelling.length < 2 ? null : stemOf(this.withoutDiminutive(spelling));
    if (this.keyCache.size >= CACHED_WORDS) this.keyCache.clear();
    this.keyCache.set(word, result);
    return result;
  }

  /**
   * The text without the towns it names as people write a name: capitalised, after "de", "em", "pra"… ("uma fábrica
   * de Franca", "puxo soja de Sorriso-MT"). In lower case, or with no such word before it, a word is read as a word
   * ("lojas francas"): many towns are named by one ("Pote", "Areia", "Ouro").
   */
  private withoutPlaces(text: string): string {
    if (this.places.size === 0) return text;
    return text.replace(PLACE_NAMED, (named, before: string, list: string) => {
      let found = false;
      const names = list.split(PLACE_LIST).map((name) => {
        const words = name.split(/[\s-]+/u);
        for (let count = words.length; count > 0; count--) {
          if (!this.places.has(placeKey(words.slice(0, count).join(' ')))) continue;
          found = true;
          // Its state may follow ("Sorriso-MT", "Franca SP").
          const rest = words.slice(count);
          return (STATES.has(rest[0] ?? '') ? rest.slice(1) : rest).join(' ');
        }
        return name;
      });
      return found ? `${before} ${names.filter(Boolean).join(' e ')}` : named;
    });
  }

  /** "salgadinho" → "salgado", "lojinha" → "loja", when the base is a word of the index. */
  private withoutDiminutive(word: string): string {
    const key = plain(word);
    if (NOT_DIMINUTIVES.has(key) || key.length < 6) return word;
    const match = /^(.+?)(z?inh)(o|a)(s?)$/.exec(key);
    if (!match) return word;
    const [, written, , ending] = match;
    // The spelling keeps the sound before "i": "bodeguinha" is a small "bodega", "barquinho" a small "barco".
    const base = written.replace(/gu$/, 'g').replace(/qu$/, 'c');
    for (const candidate of [base + ending, `${base}e`, base, `${base}o`, `${base}a`]) {
      const known = this.vocabulary.get(candidate);
      // A diminutive is a thing's name, never an action's: "vendinha" is a small shop, not "venda", selling.
      if (known && candidate.length >= 3) return ACTION_KEYS.has(stemOf(known.spelling)) ? word : known.spelling;
    }
    return word;
  }

  /** The word of the index closest to a word it does not have, by edit distance, the most used one on a tie. */
  private nearestWord(key: string): string | undefined {
    if (key.length < 5) return undefined;
    const max = key.length >= 8 ? 2 : 1;
    let best: { word: string; distance: number; subclasses: number } | undefined;
    for (let length = key.length - max; length <= key.length + max; length++) {
      for (const word of this.vocabularyByLength.get(length) ?? []) {
        if (word[0] !== key[0]) continue;
        const distance = editDistance(key, word, max);
        if (distance > max) continue;
        const subclasses = this.vocabulary.get(word)!.subclasses;
        if (!best || distance < best.distance || (distance === best.distance && subclasses > best.subclasses)) {
          best = { word, distance, subclasses };
        }
      }
    }
    return best?.word;
  }
}

/** A word as written, for telling words of one stem apart: lower case, no accents, no plural s. */
function surfaceOf(word: string): string {
  // "-ões", "-ães", "-ãos" are plurals of "-ão" (`snowballStem`), and the plurals `pluralOff` reads.
  return pluralOff(plain(word).replace(/(oe|ae|ao)s$/, 'ao')).replace(/s$/, '');
}

/** A concept that says what the business deals with: a word of full weight (not where or how one sells). */
function qualifies(concept: Concept): boolean {
  return concept.weight === 1 && concept.keys.some(({ key }) => !ACTION_KEYS.has(key));
}

/**
 * The words of a clause without what it says the business does not do ("não faço contabilidade", "n compro o gado",
 * "nunca pego na mercadoria", "não tenho ônibus nem hotel"): from the negation to the clause's end or to what is said
 * instead ("mas", "só", "e"). "Não só" ("não só vendo, também conserto") negates nothing.
 */
function affirmed(words: string[]): string[] {
  const kept: string[] = [];
  let negated = false;
  words.forEach((word, i) => {
    const said = plain(word);
    if (NEGATION.test(said) && !NOT_ONLY.test(plain(words[i + 1] ?? ''))) negated = true;
    else if (AFFIRMING.test(said)) negated = false;
    if (!negated) kept.push(word);
  });
  return kept;
}

/** What a subclass does, without what it leaves out ("Criação de aves, exceto galináceos"). */
function ownText(text: string): string {
  const at = plain(text).indexOf('exceto');
  return at > 0 ? text.slice(0, at) : text;
}

/**
 * The Snowball stem without accents, with the endings it leaves brought together: agent nouns to their trade
 * ("padeir" → "pad", like "padaria"; "cuidador" → "cuid", like "cuido"; "vendedor" → "vend"), and "-ção" where the
 * stemmer keeps it ("criaçã" → "cri", like "criador").
 */
function stemOf(word: string): string {
  const apart = KEPT_APART.get(plain(word));
  if (apart) return apart;
  const stem = snowballStem(word);
  return ACTION_STEMS.get(stem) ?? stem;
}

/**
 * The singular of nouns' plurals the stemmer leaves apart from it: "-éis", "-óis" of "-el", "-ol" ("imóveis",
 * "faróis") and "-ns" of "-m" ("embalagens", "viagens"), in words long enough not to be "leis" or "dois". Not "-ais":
 * mostly adjectives ("artesanais", "especiais"); read as one word with the singular, the texts' qualifiers outweighed
 * what the business does.
 */
function pluralOff(word: string): string {
  if (word.length < 5) return word;
  return word
    .replace(/[eé]is$/u, 'el')
    .replace(/^(.{3,})[oó]is$/u, '$1ol')
    .replace(/ns$/u, 'm');
}

function snowballStem(word: string): string {
  // Nouns in -ão: the plural is the singular ("camarões", "confecções", "pães" → "-ão"), which the stemmer leaves
  // apart ("feijã", "feijõ"); and a noun in "-arão", "-erão", "-irão" is not a verb's future ("camarão" is no "cam").
  const singular = pluralOff(word.replace(/(õe|ãe|ão)s$/u, 'ão'));
  if (singular.endsWith('ão') && !singular.endsWith('ção')) return plain(singular.slice(0, -1));
  // The adjective is its noun's ("limpeza residencial" of residências, "essencial" of essência).
  const stemmed = stemmer(singular.replace(/encia(l|is)$/u, 'ência'));
  if (stemmed.endsWith('çã') && stemmed.length >= 5) return plain(stemmed.slice(0, -2)).replace(/[aiu]$/, '');
  const stem = plain(stemmed);
  // The agent or the verb of a "-ção" is its noun's ("faccionista", "facção"; "confeccionar", "confecção").
  if (stem.length >= 7 && stem.endsWith('cion')) return stem.slice(0, -4).replace(/[aiu]$/, '');
  if (stem.length >= 6 && stem.endsWith('eir')) return stem.slice(0, -3);
  if (stem.length >= 7 && /(ador|edor|idor)$/.test(stem)) return stem.slice(0, -4);
  // The verb keeps the i its noun drops ("gerencio" → "gerenci", "gerenciamento" → "gerenc"; "anuncio", "anúncio").
  if (stem.length >= 6 && stem.endsWith('ci')) return stem.slice(0, -1);
  return stem;
}

/**
 * How a word (accents already off) sounds, so that a word written as another that sounds the same ("concerto" for
 * "conserto", "sessão" for "seção") is read both ways: c before e/i, ss, sc and z all sound like s; g before e/i
 * like j; an initial h is silent; doubled letters are one.
 */
function soundOf(key: string): string {
  return key
    .replace(/^h/, '')
    .replace(/(.)\1+/g, '$1')
    .replace(/[sx]c(?=[ei])/g, 's')
    .replace(/c(?=[ei])/g, 's')
    .replace(/z/g, 's')
    .replace(/g(?=[ei])/g, 'j');
}
