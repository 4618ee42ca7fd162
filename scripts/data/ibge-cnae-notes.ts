/**
 * Builds `server/services/activity-notes.json` from the IBGE explanatory notes of CNAE-Subclasses 2.3 ("Esta subclasse
 * compreende" / "não compreende", IBGE/CONCLA, "Estrutura detalhada e notas explicativas"), as parsed from the IBGE
 * PDF into JSON (`codigo`, `exemplos_atividades`, `notas_explicativas`). See docs/cnae-search.md.
 *
 *   npx tsx scripts/data/ibge-cnae-notes.ts path/to/notas_ibge.json
 *
 * The PDF's text comes with its typesetting: "fi"/"fl" ligatures split from their word ("benefi ciamento"), page
 * headers and section letters between lines, items broken over lines. What comes out is, per subclass, the activities
 * it includes, and the activities other subclasses' notes send to it ("o cultivo de milho verde (0121-1/01)").
 */
import { readFileSync, writeFileSync } from 'node:fs';

interface Source {
  codigo: string;
  exemplos_atividades?: string | null;
  notas_explicativas?: string | null;
}

const [sourcePath] = process.argv.slice(2);
if (!sourcePath) throw new Error('Usage: tsx scripts/data/ibge-cnae-notes.ts notas_ibge.json');
const source = JSON.parse(readFileSync(sourcePath, 'utf8')) as Source[];
const table = JSON.parse(readFileSync(new URL('../../server/seed/data/cnae-subclasses.json', import.meta.url), 'utf8')) as {
  code: string;
  class: string;
}[];
const codes = new Set(table.map((row) => row.code));
const subclassesOfClass = new Map<string, string[]>();
for (const row of table) subclassesOfClass.set(row.class, [...(subclassesOfClass.get(row.class) ?? []), row.code]);

const PAGE_LINES = [
  /^classificação nacional de atividades econômicas/i,
  /^subclasses para uso da administração pública/i,
  /^\d*\s*subclasses para uso/i,
  /^[A-U]$/,
  /^\d+$/,
];

/** The items of one note: lines starting with "- ", continuation lines joined, typesetting undone. */
function itemsOf(text: string | null | undefined): string[] {
  const items: string[] = [];
  for (const raw of (text ?? '').replace(/(fi|fl|ff) (?=\p{Ll})/gu, '$1').split('\n')) {
    const line = raw.trim();
    if (!line || PAGE_LINES.some((pattern) => pattern.test(line))) continue;
    if (/^esta (sub)?classe (não )?compreende/i.test(line)) {
      const rest = line.replace(/^esta (sub)?classe (não )?compreende( também| ainda)?:?\s*/i, '');
      if (rest.startsWith('- ')) items.push(rest.slice(2));
      continue;
    }
    if (line.startsWith('- ')) items.push(line.slice(2));
    else if (items.length) items[items.length - 1] += items[items.length - 1].endsWith('-') ? line : ` ${line}`;
    else items.push(line);
  }
  return items.map((item) => withoutHeading(item.replace(/\s+/g, ' ').trim())).filter((item) => item.length > 2);
}

/** The next part's heading, run into a part's last item ("… eventos 82.9 OUTRAS ATIVIDADES … Este grupo compreende"). */
function withoutHeading(item: string): string {
  const heading =
    /\s(?:\d{2}(?:\.\d{1,2})?\s+)?\p{Lu}{4,}(?:[\s,;]+\p{Lu}[\p{Lu}-]*)+|\sEst[ae] (?:seção|divisão|grupo|classe)\b|\sNota:|\s(?:[A-U]\s+)?\d{4}-\d\/\d{2}\s+\p{Lu}/u.exec(
      item,
    );
  return heading ? item.slice(0, heading.index).trim() : item;
}

const SUBCLASS_REF = /(\d{4})-(\d)\/(\d{2})/g;
const CLASS_REF = /\b(\d{2})\.(\d{2})-(\d)\b/g;

/** The subclasses an item of "não compreende" sends to, and its text without the references. */
function referenced(item: string): { text: string; codes: string[] } {
  const found = new Set<string>();
  for (const [, a, b, c] of item.matchAll(SUBCLASS_REF)) found.add(`${a}${b}${c}`);
  for (const [, a, b, c] of item.matchAll(CLASS_REF)) {
    const inClass = subclassesOfClass.get(`${a}${b}${c}`) ?? [];
    // A class of several subclasses does not say which one.
    if (inClass.length === 1) found.add(inClass[0]);
  }
  const text = item.replace(/\s*\([^()]*\d[^()]*\)\s*/g, ' ').trim();
  return { text, codes: [...found].filter((code) => codes.has(code)) };
}

const includes = new Map<string, string[]>();
const sentHere = new Map<string, string[]>();
for (const entry of source) {
  if (!codes.has(entry.codigo)) continue;
  includes.set(
    entry.codigo,
    itemsOf(entry.exemplos_atividades).map((item) => referenced(item).text),
  );
  for (const item of itemsOf(entry.notas_explicativas)) {
    const { text, codes: targets } = referenced(item);
    for (const code of targets) if (code !== entry.codigo) sentHere.set(code, [...(sentHere.get(code) ?? []), text]);
  }
}

const output = table
  .map(({ code }) => ({
    code,
    includes: [...new Set(includes.get(code) ?? [])],
    sentHere: [...new Set(sentHere.get(code) ?? [])].filter((text) => !(includes.get(code) ?? []).includes(text)),
  }))
  .filter((entry) => entry.includes.length || entry.sentHere.length);
const target = new URL('../../server/services/activity-notes.json', import.meta.url);
writeFileSync(target, `[\n${output.map((entry) => JSON.stringify(entry)).join(',\n')}\n]\n`);
console.log(`${output.length} subclasses, ${output.reduce((n, e) => n + e.includes.length + e.sentHere.length, 0)} notes`);
