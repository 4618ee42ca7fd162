/**
 * Writes server/nfse/reference/national-services.json, the national service list (cTribNac) the product ships,
 * from a tab-separated transcription of the official spreadsheet "Anexo B – Lista de Serviços Nacional"
 * (ANEXO_B-NBS2-LISTA_SERVICO_NACIONAL-SNNFSe, sheet LISTA.SERV.NAC.): one `cTribNac<TAB>descrição` a line,
 * `#` lines ignored. server/nfse/reference/README.md says which file it was made from and how it was checked.
 *
 *   npx tsx scripts/nfse-services.ts path/to/servicos-nacionais-v1.01.tsv           # writes the JSON
 *   npx tsx scripts/nfse-services.ts path/to/servicos-nacionais-v1.01.tsv --check   # fails if the JSON differs
 *
 * Nothing is fetched. The script refuses a file whose count differs from the version's (EXPECTED_COUNT), a code
 * that is not 6 digits, a repeated code or an empty description, instead of writing a list with holes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Codes in LISTA.SERV.NAC. of Anexo B v1.01 (20260122); the earlier, unversioned Anexo B had 335. */
const EXPECTED_COUNT = 338;

const HEADER = {
  title: 'Lista de Serviços Nacional do Sistema Nacional NFS-e (cTribNac) — completa',
  complete: true,
  version: 'ANEXO_B-NBS2-LISTA_SERVICO_NACIONAL-SNNFSe v1.01 (20260122), aba LISTA.SERV.NAC.',
  rule: 'cTribNac = item (2 dígitos) + subitem (2 dígitos) da lista anexa à LC 116/2003 + desdobro nacional (2 dígitos), conforme a anotação de TSCodTribNac em tiposSimples_v1.00.xsd. O código 990101 (item 99) não é subitem da LC 116: é o código nacional dos serviços sem incidência de ISSQN e ICMS.',
  source:
    'Planilha oficial "Anexo B – Lista de Serviços Nacional" do Sistema Nacional NFS-e, versão v1.01 de 22/01/2026 (anexo_b-nbs2-lista_servico_nacional-snnfse-v1-01-20260122.xlsx, publicada em https://www.gov.br/nfse/pt-br/biblioteca/documentacao-tecnica/documentacao-atual), aba LISTA.SERV.NAC., lida na transcrição em texto dessa planilha do repositório público rafael-negrao/nfse-nacional-service, arquivo nfse-nacional-service/src/main/resources/tabelas/servicos-nacionais-v1.01.tsv, commit 1c42367a4e5bb5078b972f3f916b8b96d537b454 (338 códigos, contagem também declarada por LibreCodeCoop/nfse-php, resources/domains/README.md, para a mesma versão). Conferida contra a transcrição independente da versão anterior da mesma planilha (anexo_b-nbs2-lista_servico_nacional-snnfse.xlsx, SHA-256 a588fea05010a037826d826dd74520e32651bee926f2faa1ffd2794fba55d424) no repositório yagoS0/api-app-contabilidade, arquivo apps/web/src/lib/servicosNacionais/servicosNacionais.data.js, commit 3267d4d59d5964be7073c17c078bf4cd12b268e1 (335 códigos): os 335 códigos comuns têm descrição idêntica; as únicas diferenças são as da v1.01 (141403, 141404 e 200102 novos; 200101 passa a dizer "(prestado em terra)"). 141403 e 141404 conferem também com a aba MUN.INCID_INFO.SERV. do Anexo I v1.01 (20260209).',
  notes: [
    'A v1.01 desdobra o subitem 20.01 em 200101 (prestado em terra) e 200102 (prestado em águas marinhas) e o subitem 14.14 em 141403 e 141404 (em construção civil).',
    'Os subitens vetados da lista da LC 116 (3.01, 7.14, 7.15, 13.01 e 17.07) não têm código na lista nacional.',
    'Códigos 99.02.01 a 99.04.01 (bens imateriais, locação de imóveis e de móveis), citados em tabelas de correlação da reforma tributária (Anexo VIII, RTC), não fazem parte desta versão do Anexo B e não foram incluídos.',
  ],
} as const;

type Service = { code: string; item: string; description: string };

function parse(tsv: string): Service[] {
  const services: Service[] = [];
  const seen = new Set<string>();
  tsv.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '' || line.startsWith('#')) return;
    const [code = '', description = '', ...rest] = line.split('\t');
    const where = `linha ${index + 1}`;
    if (rest.length > 0) throw new Error(`${where}: mais de duas colunas`);
    if (!/^[0-9]{6}$/.test(code)) throw new Error(`${where}: código "${code}" não tem 6 dígitos`);
    if (seen.has(code)) throw new Error(`${where}: código ${code} repetido`);
    const text = description.replace(/\s+/g, ' ').trim();
    if (text === '') throw new Error(`${where}: código ${code} sem descrição`);
    seen.add(code);
    services.push({ code, item: `${Number(code.slice(0, 2))}.${code.slice(2, 4)}`, description: text });
  });
  if (services.length !== EXPECTED_COUNT) {
    throw new Error(`${services.length} códigos; a versão ${HEADER.version} tem ${EXPECTED_COUNT}`);
  }
  return services.sort((a, b) => a.code.localeCompare(b.code));
}

const [input, flag] = process.argv.slice(2);
if (!input || (flag && flag !== '--check')) {
  console.error('uso: npx tsx scripts/nfse-services.ts <servicos-nacionais.tsv> [--check]');
  process.exit(2);
}
const target = fileURLToPath(new URL('../server/nfse/reference/national-services.json', import.meta.url));
const services = parse(readFileSync(input, 'utf8'));
const json = `${JSON.stringify({ ...HEADER, count: services.length, services }, null, 2)}\n`;
if (flag === '--check') {
  if (readFileSync(target, 'utf8') !== json) {
    console.error(`${target} difere do que ${input} gera`);
    process.exit(1);
  }
  console.log(`${target}: ${services.length} códigos, igual ao gerado`);
} else {
  writeFileSync(target, json);
  console.log(`${target}: ${services.length} códigos`);
}
