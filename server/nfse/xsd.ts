/**
 * Validation against the national layout's XSDs (1.01, in ./schemas), with libxml2 compiled to WebAssembly
 * (libxml2-wasm: the real libxml2 validator, as `xmllint --schema` runs it, with no native build and no system
 * package). Each schema is compiled once per process; a DPS validates in about a millisecond. libxml2's English
 * messages become Portuguese ones that name the field.
 */
import { readFileSync, readdirSync } from 'node:fs';
import {
  XmlBufferInputProvider,
  XmlDocument,
  XmlElement,
  XmlLibError,
  XmlValidateError,
  XsdValidator,
  xmlRegisterInputProvider,
} from 'libxml2-wasm';

/** The schemas' base: their includes resolve to the same name, served from memory (never from the disk or the network). */
const SCHEMA_BASE = 'nfse-schemas/';
const SCHEMAS_DIR = new URL('./schemas/', import.meta.url);

export const NFSE_SCHEMAS = {
  dps: 'DPS_v1.01.xsd',
  nfse: 'NFSe_v1.01.xsd',
  pedRegEvento: 'pedRegEvento_v1.01.xsd',
  evento: 'evento_v1.01.xsd',
} as const;
export type NfseSchema = keyof typeof NFSE_SCHEMAS;

let schemaFiles: Record<string, Uint8Array> | undefined;
const validators = new Map<NfseSchema, XsdValidator>();

function loadSchemaFiles(): Record<string, Uint8Array> {
  if (schemaFiles) return schemaFiles;
  const files: Record<string, Uint8Array> = {};
  for (const name of readdirSync(SCHEMAS_DIR)) {
    if (name.endsWith('.xsd')) files[SCHEMA_BASE + name] = readFileSync(new URL(name, SCHEMAS_DIR));
  }
  xmlRegisterInputProvider(new XmlBufferInputProvider(files));
  schemaFiles = files;
  return files;
}

function validatorFor(schema: NfseSchema): XsdValidator {
  const cached = validators.get(schema);
  if (cached) return cached;
  const files = loadSchemaFiles();
  const url = SCHEMA_BASE + NFSE_SCHEMAS[schema];
  // The schema document stays alive with its validator: libxml2's compiled schema may point into it.
  const validator = XsdValidator.fromDoc(XmlDocument.fromBuffer(files[url]!, { url }));
  validators.set(schema, validator);
  return validator;
}

/** Compiles the schemas now rather than with the first document (the benches, before they measure). */
export function preloadNfseSchemas(): void {
  for (const schema of Object.keys(NFSE_SCHEMAS) as NfseSchema[]) validatorFor(schema);
}

export type XsdIssue = {
  /** Where, as element names from the document's root child: "infDPS/prest/CNPJ". */
  path: string;
  /** The field in Portuguese: "CNPJ do prestador". */
  field: string;
  /** What is wrong, in Portuguese, naming the field. */
  message: string;
  /** libxml2's own words, for the team's "detalhes técnicos". */
  technical: string;
};
export type XsdResult = { ok: true } | { ok: false; message: string; issues: XsdIssue[] };

/** Portuguese names of the fields, by the end of their path (the longest match wins). */
const FIELD_LABELS: Record<string, string> = {
  infDPS: 'Identificação da DPS',
  'infDPS@Id': 'Identificador da DPS (Id)',
  'DPS@versao': 'Versão do leiaute',
  tpAmb: 'Ambiente (produção ou homologação)',
  dhEmi: 'Data e hora de emissão',
  verAplic: 'Versão do aplicativo emissor',
  serie: 'Série da DPS',
  nDPS: 'Número da DPS',
  dCompet: 'Data de competência',
  tpEmit: 'Emitente da DPS',
  cLocEmi: 'Município emissor (código IBGE)',
  subst: 'Substituição de NFS-e',
  prest: 'Prestador',
  toma: 'Tomador',
  interm: 'Intermediário',
  CNPJ: 'CNPJ',
  CPF: 'CPF',
  NIF: 'NIF',
  cNaoNIF: 'Motivo de não informar o NIF',
  IM: 'Inscrição municipal',
  xNome: 'Nome ou razão social',
  fone: 'Telefone',
  email: 'E-mail',
  end: 'Endereço',
  xLgr: 'Logradouro',
  nro: 'Número do endereço',
  xCpl: 'Complemento do endereço',
  xBairro: 'Bairro',
  cMun: 'Município do endereço (código IBGE)',
  CEP: 'CEP',
  endNac: 'Endereço no Brasil',
  endExt: 'Endereço no exterior',
  cPais: 'País do endereço',
  cEndPost: 'Código postal do endereço no exterior',
  xCidade: 'Cidade do endereço no exterior',
  xEstProvReg: 'Estado, província ou região do endereço no exterior',
  regTrib: 'Regime tributário do prestador',
  opSimpNac: 'Situação no Simples Nacional',
  regApTribSN: 'Forma de apuração do Simples Nacional',
  regEspTrib: 'Regime especial de tributação',
  serv: 'Serviço',
  locPrest: 'Local da prestação',
  cLocPrestacao: 'Município da prestação do serviço (código IBGE)',
  cPaisPrestacao: 'País da prestação do serviço',
  cServ: 'Código do serviço',
  cTribNac: 'Código de tributação nacional (item, subitem e desdobro)',
  cTribMun: 'Código de tributação municipal',
  xDescServ: 'Descrição do serviço',
  cNBS: 'Código NBS',
  valores: 'Valores',
  vServPrest: 'Valor do serviço prestado',
  vServ: 'Valor do serviço',
  vReceb: 'Valor recebido pelo intermediário',
  trib: 'Tributação',
  tribMun: 'Tributação do ISS',
  tribISSQN: 'Tributação do ISS (tributável, exportação, não incidência ou imunidade)',
  pAliq: 'Alíquota do ISS',
  tpRetISSQN: 'Retenção do ISS',
  totTrib: 'Total aproximado dos tributos',
  indTotTrib: 'Indicador de total de tributos',
  pTotTribSN: 'Percentual aproximado dos tributos do Simples Nacional',
  pTotTrib: 'Percentuais aproximados dos tributos',
  pTotTribFed: 'Percentual aproximado dos tributos federais',
  pTotTribEst: 'Percentual aproximado dos tributos estaduais',
  pTotTribMun: 'Percentual aproximado dos tributos municipais',
  comExt: 'Comércio exterior',
  Signature: 'Assinatura digital',
  // The cancellation event (pedRegEvento).
  infPedReg: 'Pedido de registro de evento',
  'infPedReg@Id': 'Identificador do pedido de evento (Id)',
  chNFSe: 'Chave de acesso da NFS-e',
  CNPJAutor: 'CNPJ do autor do evento',
  dhEvento: 'Data e hora do evento',
  e101101: 'Cancelamento',
  e105102: 'Cancelamento por substituição',
  chSubstituta: 'Chave de acesso da NFS-e substituta',
  chSubstda: 'Chave de acesso da NFS-e substituída',
  xDesc: 'Descrição do evento',
  cMotivo: 'Código do motivo',
  xMotivo: 'Motivo',
};

/** Whose field it is, for the fields the prestador, the tomador and the intermediário share. */
const OWNER_LABELS: Record<string, string> = { prest: 'do prestador', toma: 'do tomador', interm: 'do intermediário' };
const SHARED_PERSON_FIELDS = new Set(['CNPJ', 'CPF', 'NIF', 'cNaoNIF', 'CAEPF', 'IM', 'xNome', 'fone', 'email', 'end']);

function labelFor(path: string[], attribute?: string): string {
  const last = path[path.length - 1] ?? '';
  const base =
    (attribute ? FIELD_LABELS[`${last}@${attribute}`] : undefined) ??
    (attribute ? `Atributo ${attribute} de ${FIELD_LABELS[last] ?? last}` : (FIELD_LABELS[last] ?? last));
  const ownerIndex = path.findIndex((name) => name in OWNER_LABELS);
  const ownField = path[ownerIndex + 1];
  const shared = ownerIndex >= 0 && ownField !== undefined && SHARED_PERSON_FIELDS.has(ownField);
  return shared && !attribute ? `${base} ${OWNER_LABELS[path[ownerIndex]!]}` : base;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);
/** "{http://…}CNPJ" → "CNPJ". */
const elementName = (qualified: string) => qualified.replace(/^\{[^}]*\}/, '');

/** The element names from the root's child down to the node libxml2 named by its XPath. */
function pathOf(doc: XmlDocument, xpath: string | undefined, fallback: string): string[] {
  if (!xpath) return [fallback];
  try {
    const node = doc.get(xpath);
    const names: string[] = [];
    for (let at: XmlElement | null = node instanceof XmlElement ? node : (node?.parent ?? null); at; at = at.parent) {
      names.unshift(localName(at.name));
    }
    // The root (DPS, pedRegEvento) is the same for every field: the path starts below it, unless it is the root.
    return names.length > 1 ? names.slice(1) : names;
  } catch {
    return [fallback];
  }
}

const listOf = (names: string) =>
  names
    .split(',')
    .map((name) => elementName(name.trim()))
    .filter(Boolean);

/** libxml2's message → what is wrong with the field, in Portuguese. */
function reason(technical: string, expectedLabel: (name: string) => string): string {
  let match: RegExpExecArray | null;
  if ((match = /\[facet 'pattern'\] The value '([^']*)' is not accepted/.exec(technical))) {
    return match[1] === '' ? 'não pode ficar em branco.' : `o valor "${match[1]}" não está no formato exigido.`;
  }
  if ((match = /\[facet 'enumeration'\] The value '([^']*)' is not an element of the set \{([^}]*)\}/.exec(technical))) {
    const allowed = match[2]!
      .replace(/'/g, '')
      .split(',')
      .map((value) => value.trim())
      .join(', ');
    return `o valor "${match[1]}" não é permitido (valores aceitos: ${allowed}).`;
  }
  if (
    (match = /\[facet 'maxLength'\] The value has a length of '(\d+)'; this exceeds the allowed maximum length of '(\d+)'/.exec(
      technical,
    ))
  ) {
    return `tem ${match[1]} caracteres; o máximo é ${match[2]}.`;
  }
  if (
    (match = /\[facet 'minLength'\] The value has a length of '(\d+)'; this underruns the allowed minimum length of '(\d+)'/.exec(
      technical,
    ))
  ) {
    return match[1] === '0' ? 'não pode ficar em branco.' : `tem ${match[1]} caracteres; o mínimo é ${match[2]}.`;
  }
  if ((match = /Missing child element\(s\)\. Expected is (?:one of )?\( ([^)]*) \)/.exec(technical))) {
    return `falta ${listOf(match[1]!).map(expectedLabel).join(' ou ')}.`;
  }
  if ((match = /This element is not expected\. Expected is (?:one of )?\( ([^)]*) \)/.exec(technical))) {
    return `não é esperado neste ponto (esperado: ${listOf(match[1]!).map(expectedLabel).join(' ou ')}).`;
  }
  if (/This element is not expected/.test(technical)) return 'não é esperado neste ponto do documento.';
  if ((match = /The attribute '([^']*)' is required but missing/.exec(technical))) return `falta o atributo ${match[1]}.`;
  if (/is not a valid value of the (?:atomic|local atomic) type/.test(technical)) return 'tem um valor inválido.';
  if (/No matching global declaration available for the validation root/.test(technical)) {
    return 'o documento não é do tipo esperado (elemento raiz ou namespace errado).';
  }
  if (/Element content is not allowed|Character content .* is not allowed/.test(technical)) {
    return 'não pode conter texto neste ponto.';
  }
  return 'não está de acordo com o leiaute nacional.';
}

/** A field the schema wanted and did not get: the issue names it, not its neighbour. */
function missingFieldIssue(path: string[], technical: string): XsdIssue | null {
  const missing = /Missing child element\(s\)\. Expected is \( ([^)]*) \)/.exec(technical);
  if (missing) {
    const names = listOf(missing[1]!);
    if (names.length !== 1) return null;
    const at = [...path, names[0]!];
    const field = labelFor(at);
    return { path: at.join('/'), field, message: `${field}: não foi informado.`, technical };
  }
  const misplaced = /This element is not expected\. Expected is \( ([^)]*) \)/.exec(technical);
  if (misplaced) {
    const names = listOf(misplaced[1]!);
    if (names.length !== 1) return null;
    const at = [...path.slice(0, -1), names[0]!];
    const field = labelFor(at);
    const found = labelFor(path);
    return { path: at.join('/'), field, message: `${field}: não foi informado (em seu lugar veio ${found}).`, technical };
  }
  return null;
}

function issuesOf(doc: XmlDocument, error: XmlLibError): XsdIssue[] {
  return error.details.map((detail) => {
    const technical = detail.message.trim();
    const element = /^Element '([^']+)'/.exec(technical)?.[1];
    const attribute = /, attribute '([^']+)'/.exec(technical)?.[1];
    const path = pathOf(doc, (detail as { xpath?: string }).xpath, element ? elementName(element) : '');
    const missing = attribute ? null : missingFieldIssue(path, technical);
    if (missing) return missing;
    const field = labelFor(path, attribute);
    const message = `${field}: ${reason(technical, (name) => labelFor([...path, name]))}`;
    return { path: path.join('/') + (attribute ? `@${attribute}` : ''), field, message, technical };
  });
}

/** Validates an XML document against one of the national schemas; a failure names each field in Portuguese. */
export function validateAgainst(schema: NfseSchema, xml: string): XsdResult {
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromString(xml);
  } catch (error) {
    const technical = error instanceof Error ? error.message : String(error);
    const message = 'O XML está malformado e não pôde ser lido.';
    return { ok: false, message, issues: [{ path: '', field: 'XML', message, technical }] };
  }
  try {
    validatorFor(schema).validate(doc);
    return { ok: true };
  } catch (error) {
    if (!(error instanceof XmlValidateError)) throw error;
    const issues = issuesOf(doc, error);
    const first = issues[0]?.message ?? 'O XML não está de acordo com o leiaute nacional.';
    const message = issues.length > 1 ? `${first} (e mais ${issues.length - 1} problema(s))` : first;
    return { ok: false, message, issues };
  } finally {
    doc.dispose();
  }
}

export const validateDpsXml = (xml: string) => validateAgainst('dps', xml);
export const validateNfseXml = (xml: string) => validateAgainst('nfse', xml);
export const validatePedRegEventoXml = (xml: string) => validateAgainst('pedRegEvento', xml);
export const validateEventoXml = (xml: string) => validateAgainst('evento', xml);
