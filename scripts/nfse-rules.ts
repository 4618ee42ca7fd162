/**
 * Writes server/nfse/reference/nfse-rules.json — the official business rules of the national NFS-e and where each
 * service's ISS is due — from the sheets of the official workbook "ANEXO I – SEFIN/ADN – DPS/NFS-e" kept beside it
 * (server/nfse/reference/anexo-i/): `RN_DPS_NFS_e.csv` (each rule with its error code and message) and
 * `MUN_INCID_INFO_SERV_.csv` (the place of incidence of each national service code).
 *
 *   npx tsx scripts/nfse-rules.ts           # writes the JSON
 *   npx tsx scripts/nfse-rules.ts --check   # fails if the JSON is not what the sheets give
 *
 * Nothing is hand-typed: codes, messages, paths, levels and whether Sefin Nacional runs the rule (column "EMISSORES
 * PÚBLICOS NACIONAIS", V or X) are the sheet's own. Which rules the product checks is server/nfse/rules.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import type { Incidence, SheetRule } from '../server/nfse/rule-sheet';

const REFERENCE = new URL('../server/nfse/reference/', import.meta.url);
const OUTPUT = new URL('nfse-rules.json', REFERENCE);

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

export function rulesFromSheet(csv: string): SheetRule[] {
  const rows = parse(csv, { relax_column_count: true }) as string[][];
  const rules = new Map<string, SheetRule>();
  let path = '';
  let field = '';
  for (const cells of rows.slice(3)) {
    const [row = '', rowPath = '', rowField = '', rule = '', , , , code = '', message = '', level = '', sefin = ''] = cells;
    if (rowPath.trim()) path = rowPath.trim();
    if (rowField.trim()) field = rowField.trim();
    if (!/^E\d{4}$/.test(code.trim())) continue;
    const entry: SheetRule = {
      code: code.trim(),
      row: row.trim(),
      path,
      field,
      level: level.trim(),
      sefin: sefin.trim() === 'V',
      rule: clean(rule),
      message: clean(message),
    };
    const known = rules.get(entry.code);
    // One code on two rows (E0060: non-optants, then MEI and ME/EPP): one entry, both conditions.
    if (known) known.rule = [known.rule, entry.rule].filter(Boolean).join(' ');
    else rules.set(entry.code, entry);
  }
  return [...rules.values()].sort((a, b) => a.code.localeCompare(b.code));
}

/** cTribNac (6 digits) → where its ISS is due: the provider's place (EP), where it is provided (LP), the taker's (ET). */
export function incidenceFromSheet(csv: string): Record<string, Incidence> {
  const rows = parse(csv, { relax_column_count: true }) as string[][];
  const incidence: Record<string, Incidence> = {};
  for (const [code = '', , ep = '', lp = '', et = ''] of rows) {
    if (!/^\d{5,6}$/.test(code.trim())) continue;
    const marked = (cell: string) => cell.includes('X');
    const place: Incidence | null = marked(ep) ? 'EP' : marked(lp) ? 'LP' : marked(et) ? 'ET' : null;
    if (place) incidence[code.trim().padStart(6, '0')] = place;
  }
  return incidence;
}

export function buildRulesFile() {
  const rules = rulesFromSheet(readFileSync(new URL('anexo-i/RN_DPS_NFS_e.csv', REFERENCE), 'utf8'));
  const incidence = incidenceFromSheet(readFileSync(new URL('anexo-i/MUN_INCID_INFO_SERV_.csv', REFERENCE), 'utf8'));
  return {
    source:
      'ANEXO I – SEFIN/ADN – DPS/NFS-e (ANEXO_I-SEFIN_ADN-DPS_NFSe-SNNFSe.xlsx, 2025-12-30), abas RN_DPS_NFS-e e MUN.INCID_INFO.SERV., exportadas em CSV (server/nfse/reference/anexo-i/). Gerado por scripts/nfse-rules.ts.',
    rules,
    incidence,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = `${JSON.stringify(buildRulesFile(), null, 1)}\n`;
  if (process.argv.includes('--check')) {
    if (readFileSync(OUTPUT, 'utf8') !== text) {
      console.error('server/nfse/reference/nfse-rules.json differs from the sheets: run npx tsx scripts/nfse-rules.ts');
      process.exit(1);
    }
    console.log('nfse-rules.json matches the sheets.');
  } else {
    writeFileSync(OUTPUT, text);
    const file = buildRulesFile();
    console.log(`${file.rules.length} rules, ${Object.keys(file.incidence).length} service codes.`);
  }
}
