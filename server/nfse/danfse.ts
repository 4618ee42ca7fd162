/**
 * The DANFSe v2.0 (Documento Auxiliar da NFS-e), made here from the NFS-e XML: the national download was discontinued
 * and NT 008/2026 makes this locally generated model mandatory (docs: the NFS-e reference's "DANFSe" section). One A4
 * page, its blocks in the model's order: the header (homologation warning, city, environments), the identification
 * (key, number, dates, DPS, issuer type, status, purpose) with the QR code of the national public consultation, the
 * issuer, taker, recipient and intermediary, the service, the municipal, federal and IBS/CBS taxes, the totals, the
 * approximate taxes (Lei 12.741/2012), the additional information and a receipt stub. A cancelled or substituted
 * NFS-e carries a large mark across the page.
 *
 * Drawn with pdf-lib in Helvetica (WinAnsi covers the Latin-1 text customers type); every value is fitted to its box
 * (cut with an ellipsis, or wrapped within a line budget) so nothing leaves the page whatever its length.
 */
import type { PDFFont, PDFPage } from 'pdf-lib';
import { PDFDocument, PDFString, StandardFonts, degrees, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import { formatAccessKey } from '@domain/nfseEmission';
import { SPECIAL_REGIME_LABEL, formatNationalServiceCode } from '@domain/fiscalProfile';
import { saoPauloTime } from '@domain/dates';
import type { DanfseAddress, DanfseData, DanfseParty } from './danfse-data';
import { readDanfseData } from './danfse-data';

/** The national public consultation the QR code opens, followed by the access key (NT 008/2026). */
export const NFSE_PUBLIC_LOOKUP_URL = 'https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=';

/** What happened to the NFS-e after it was issued: the XML does not say (events are separate documents). */
export type DanfseStatus = 'normal' | 'cancelled' | 'substituted';

const STATUS_LABEL: Record<DanfseStatus, string> = { normal: 'Normal', cancelled: 'CANCELADA', substituted: 'SUBSTITUÍDA' };

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 22;
const CONTENT = A4.width - 2 * MARGIN;
const INK = rgb(0.08, 0.08, 0.1);
const MUTED = rgb(0.35, 0.37, 0.42);
const RULE = rgb(0.55, 0.57, 0.6);
/** The model's 5 % grey behind titles. */
const SHADE = rgb(0.95, 0.95, 0.95);
const WARNING = rgb(0.8, 0, 0);

const LABEL_SIZE = 5.6;
const VALUE_SIZE = 7.6;
const ROW = 17;
const TITLE = 11;
const DASH = '-';
/** The receipt stub's top: it sits at the page's foot. */
const STUB_TOP = MARGIN + 54;

/** Rows of the IBS/CBS block. */
const ibsRows = (nfse: DanfseData) => (nfse.ibsCbs ? 2 : 1);

// ---------------------------------------------------------------------------------------------- formatting

/** "1500.5" → "R$ 1.500,50"; a plain space, so the PDF's text reads as people type it. */
export function formatMoney(decimal: string | undefined): string {
  if (decimal === undefined) return DASH;
  const value = Number(decimal);
  if (!Number.isFinite(value)) return decimal;
  return new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(value).replace(/\s/g, ' ');
}

/** "2.5" → "2,50%". */
function formatRate(decimal: string | undefined): string {
  if (decimal === undefined) return DASH;
  const value = Number(decimal);
  return Number.isFinite(value)
    ? `${value.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}%`
    : decimal;
}

/** An ISO date-time with its offset, as São Paulo's clock read it: "20/03/2026 09:00:00". */
function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const parts = saoPauloTime(date);
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** "2026-03-01" → "01/03/2026". */
function formatDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

function formatDocument(party: Pick<DanfseParty, 'documentType' | 'document'>): string {
  const { documentType: type, document } = party;
  if (type === 'cnpj' && /^[0-9A-Z]{14}$/.test(document))
    return `${document.slice(0, 2)}.${document.slice(2, 5)}.${document.slice(5, 8)}/${document.slice(8, 12)}-${document.slice(12)}`;
  if (type === 'cpf' && /^\d{11}$/.test(document))
    return `${document.slice(0, 3)}.${document.slice(3, 6)}.${document.slice(6, 9)}-${document.slice(9)}`;
  if (type === 'nif') return `NIF ${document}`;
  if (type === 'nonif') return `Sem NIF (${NO_NIF_REASON[document] ?? 'não informado'})`;
  return document || DASH;
}

const NO_NIF_REASON: Record<string, string> = { '0': 'não informado na nota de origem', '1': 'dispensado', '2': 'não exigido' };

function formatPhone(phone: string | undefined): string {
  if (!phone) return DASH;
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 11) return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
  if (digits.length === 10) return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
  return phone;
}

const countryNames = new Intl.DisplayNames(['pt-BR'], { type: 'region' });
function countryName(code: string | undefined): string {
  if (!code) return DASH;
  try {
    const name = countryNames.of(code.toUpperCase());
    return name && name !== code.toUpperCase() ? `${name} (${code.toUpperCase()})` : code;
  } catch {
    return code;
  }
}

function streetLine(address: DanfseAddress | undefined): string {
  if (!address) return DASH;
  return [[address.street, address.number].filter(Boolean).join(', '), address.complement, address.district]
    .filter(Boolean)
    .join(' - ');
}

function cityLine(address: DanfseAddress | undefined): string {
  if (!address) return DASH;
  if (address.kind === 'foreign') return [address.city, address.region].filter(Boolean).join(' / ') || DASH;
  return address.cityName ? `${address.cityName}${address.state ? `/${address.state}` : ''}` : address.cityIbgeCode || DASH;
}

function postalLine(address: DanfseAddress | undefined): string {
  if (!address) return DASH;
  if (address.kind === 'foreign') return address.postalCode || DASH;
  const cep = /^\d{8}$/.test(address.postalCode)
    ? `${address.postalCode.slice(0, 5)}-${address.postalCode.slice(5)}`
    : address.postalCode;
  return [address.cityIbgeCode, cep].filter(Boolean).join(' / ') || DASH;
}

const ISSUER_TYPE: Record<string, string> = { '1': 'Prestador', '2': 'Tomador', '3': 'Intermediário' };
const PURPOSE: Record<string, string> = { '0': 'NFS-e regular', '1': 'NFS-e de crédito', '2': 'NFS-e de débito' };
const GENERATOR: Record<string, string> = { '1': 'Prefeitura', '2': 'Sistema Nacional da NFS-e' };
const SIMPLES: Record<string, string> = {
  '1': 'Não optante',
  '2': 'Optante - Microempreendedor Individual (MEI)',
  '3': 'Optante - Microempresa ou Empresa de Pequeno Porte (ME/EPP)',
  '4': 'Optante - pendente',
};
const SIMPLES_APPORTIONMENT: Record<string, string> = {
  '1': 'Tributos federais e municipal pelo Simples Nacional',
  '2': 'Federais pelo Simples Nacional; ISSQN pela legislação municipal',
  '3': 'Federais e municipal fora do Simples Nacional',
};
// An NFS-e may carry 9 ("Outros"), which our DPS never sends.
const SPECIAL_REGIME: Record<string, string> = { ...SPECIAL_REGIME_LABEL, '9': 'Outros' };
const ISS_TAXATION: Record<string, string> = {
  '1': 'Operação tributável',
  '2': 'Imunidade',
  '3': 'Exportação de serviço',
  '4': 'Não incidência',
};
const ISS_WITHHOLDING: Record<string, string> = {
  '1': 'Não retido',
  '2': 'Retido pelo tomador',
  '3': 'Retido pelo intermediário',
};
const SUSPENSION: Record<string, string> = { '1': 'Decisão judicial', '2': 'Processo administrativo' };
const PIS_COFINS_WITHHOLDING: Record<string, string> = {
  '0': 'PIS/COFINS/CSLL não retidos',
  '1': 'PIS/COFINS retidos',
  '2': 'PIS/COFINS não retidos',
  '3': 'PIS/COFINS/CSLL retidos',
  '4': 'PIS/COFINS retidos, CSLL não',
  '5': 'PIS retido, COFINS/CSLL não',
  '6': 'COFINS retido, PIS/CSLL não',
  '7': 'PIS não, COFINS/CSLL retidos',
  '8': 'PIS/COFINS não, CSLL retido',
  '9': 'COFINS não, PIS/CSLL retidos',
};

/** Whole centavos of a decimal string, for the one sum the page prints (ISS withheld). */
const centsOf = (decimal: string | undefined) => (decimal === undefined ? 0 : Math.round(Number(decimal) * 100));

// ---------------------------------------------------------------------------------------------- text that fits

/** The characters of WinAnsi beyond Latin-1 (typographic quotes and dashes, the euro…). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** What Helvetica's WinAnsi encoding can draw: control characters become spaces, others (emoji, CJK) "?". */
function drawable(text: string, keepNewlines = false): string {
  return [...text.normalize('NFC')]
    .map((char) => {
      if (char === '\n' && keepNewlines) return char;
      const code = char.codePointAt(0)!;
      if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return ' ';
      return code <= 0xff || WIN_ANSI_EXTRA.has(char) ? char : '?';
    })
    .join('');
}

/** One line of at most `width` points: the text, or as much of it as fits followed by "…" (always, when `cut`). */
function fitLine(text: string, font: PDFFont, size: number, width: number, cut = false): string {
  const line = drawable(text).replace(/\s+/g, ' ').trim();
  if (!cut && font.widthOfTextAtSize(line, size) <= width) return line;
  let low = 0;
  let high = line.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (font.widthOfTextAtSize(`${line.slice(0, middle).trimEnd()}…`, size) <= width) low = middle;
    else high = middle - 1;
  }
  return `${line.slice(0, low).trimEnd()}…`;
}

/** Lines of at most `width` points and at most `maxLines` of them; a word longer than a line is broken. */
function wrapLines(text: string, font: PDFFont, size: number, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  for (const paragraph of drawable(text, true).split('\n')) {
    let line = '';
    for (let word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      while (!fits(word)) {
        // The longest head of the word that fits (at least one character).
        let low = 1;
        let high = word.length - 1;
        while (low < high) {
          const middle = Math.ceil((low + high) / 2);
          if (fits(word.slice(0, middle))) low = middle;
          else high = middle - 1;
        }
        lines.push(word.slice(0, low));
        word = word.slice(low);
      }
      line = word;
    }
    if (line || paragraph.trim() === '') lines.push(line);
    if (lines.length > maxLines) break;
  }
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = fitLine(kept[maxLines - 1], font, size, width, true);
  return kept;
}

// ---------------------------------------------------------------------------------------------- drawing

type Fonts = { regular: PDFFont; bold: PDFFont };
type Cell = { label: string; value: string; span?: number };

class Sheet {
  y = A4.height - MARGIN;
  constructor(
    readonly page: PDFPage,
    readonly fonts: Fonts,
  ) {}

  text(text: string, x: number, y: number, size: number, font = this.fonts.regular, color = INK) {
    this.page.drawText(text, { x, y, size, font, color });
  }

  line(y: number, thickness = 0.5) {
    this.page.drawLine({ start: { x: MARGIN, y }, end: { x: A4.width - MARGIN, y }, thickness, color: RULE });
  }

  /** The block's title on the model's grey band. */
  title(title: string) {
    this.page.drawRectangle({ x: MARGIN + 0.5, y: this.y - TITLE, width: CONTENT - 1, height: TITLE, color: SHADE });
    this.text(fitLine(title, this.fonts.bold, 7.2, CONTENT - 8), MARGIN + 4, this.y - 8, 7.2, this.fonts.bold);
    this.y -= TITLE;
  }

  /** A label above a one-line value, cut to its box. */
  field(label: string, value: string, x: number, width: number, top = this.y) {
    const inner = width - 6;
    this.text(
      fitLine(label.toUpperCase(), this.fonts.bold, LABEL_SIZE, inner),
      x + 3,
      top - 7,
      LABEL_SIZE,
      this.fonts.bold,
      MUTED,
    );
    this.text(fitLine(value || DASH, this.fonts.regular, VALUE_SIZE, inner), x + 3, top - 15.5, VALUE_SIZE);
  }

  /** A row of fields over `columns` equal columns (a cell may span several). */
  row(cells: Cell[], columns = 4, x = MARGIN, width = CONTENT) {
    const column = width / columns;
    let at = x;
    for (const cell of cells) {
      const span = cell.span ?? 1;
      this.field(cell.label, cell.value, at, column * span);
      at += column * span;
    }
    this.y -= ROW;
  }

  /** A sentence on grey across the block: what the NFS-e does not identify. */
  notice(text: string) {
    this.page.drawRectangle({ x: MARGIN + 0.5, y: this.y - 12, width: CONTENT - 1, height: 12, color: SHADE });
    const line = fitLine(text, this.fonts.regular, 7, CONTENT - 8);
    const width = this.fonts.regular.widthOfTextAtSize(line, 7);
    this.text(line, MARGIN + (CONTENT - width) / 2, this.y - 8.6, 7);
    this.y -= 12;
  }

  /** Closes a block with a rule and a little air. */
  end() {
    this.y -= 1.5;
    this.line(this.y);
    this.y -= 1.5;
  }
}

function drawQr(pdf: PDFDocument, page: PDFPage, url: string, x: number, y: number, size: number) {
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  // A quiet zone of 2 modules inside the square (the page around it is white).
  const cell = size / (count + 4);
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  for (let row = 0; row < count; row++) {
    for (let column = 0; column < count; column++) {
      if (!qr.modules.get(row, column)) continue;
      page.drawRectangle({
        x: x + (column + 2) * cell,
        y: y + size - (row + 3) * cell,
        width: cell,
        height: cell,
        color: rgb(0, 0, 0),
      });
    }
  }
  // The same address as a link, for whoever reads the PDF on a screen.
  const link = pdf.context.register(
    pdf.context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [x, y, x + size, y + size],
      Border: [0, 0, 0],
      A: { Type: 'Action', S: 'URI', URI: PDFString.of(url) },
    }),
  );
  page.node.addAnnot(link);
}

/** The large diagonal mark of a cancelled or substituted NFS-e, over everything, translucent. */
function drawMark(sheet: Sheet, text: string) {
  const font = sheet.fonts.bold;
  const angle = 35;
  const size = Math.min(110, (A4.width * 1.05) / (font.widthOfTextAtSize(text, 1) || 1));
  const width = font.widthOfTextAtSize(text, size);
  const height = font.heightAtSize(size, { descender: false });
  const radians = (angle * Math.PI) / 180;
  // The origin that puts the text's centre on the page's centre once rotated about it.
  const x = A4.width / 2 - (width / 2) * Math.cos(radians) + (height / 2) * Math.sin(radians);
  const y = A4.height / 2 - (width / 2) * Math.sin(radians) - (height / 2) * Math.cos(radians);
  sheet.page.drawText(text, { x, y, size, font, color: rgb(0.85, 0.1, 0.1), opacity: 0.22, rotate: degrees(angle) });
}

function partyRows(sheet: Sheet, party: DanfseParty, options: { registration: boolean }) {
  const address = party.address;
  const foreign = address?.kind === 'foreign';
  const place: Cell = foreign
    ? { label: 'País', value: countryName(address.countryCode) }
    : { label: 'Município / UF', value: cityLine(address) };
  const email: Cell = { label: 'E-mail', value: party.email ?? DASH };
  const phone: Cell = { label: 'Telefone', value: formatPhone(party.phone) };
  const postal: Cell = { label: foreign ? 'Código postal' : 'Código IBGE / CEP', value: postalLine(address) };
  sheet.row([
    { label: 'CNPJ / CPF / NIF', value: formatDocument(party) },
    ...(options.registration
      ? [{ label: 'Inscrição municipal', value: party.municipalRegistration ?? DASH }, phone]
      : [phone, email]),
    place,
  ]);
  // The recipient has no municipal registration (NT 008): its e-mail moved up, the name takes the room.
  sheet.row([
    { label: 'Nome / nome empresarial', value: party.name || DASH, span: options.registration ? 2 : 3 },
    ...(options.registration ? [email] : []),
    postal,
  ]);
  sheet.row(
    foreign
      ? [
          { label: 'Endereço', value: streetLine(address), span: 2 },
          { label: 'Cidade / estado, província ou região', value: cityLine(address), span: 2 },
        ]
      : [{ label: 'Endereço', value: streetLine(address), span: 4 }],
  );
}

/** The DANFSe of an NFS-e XML, as PDF bytes. `status`: what became of it (a cancellation or substitution event). */
export async function renderDanfse(nfseXml: string, status: DanfseStatus): Promise<Uint8Array> {
  return renderDanfseOf(readDanfseData(nfseXml), status);
}

export async function renderDanfseOf(nfse: DanfseData, status: DanfseStatus): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`DANFSe v2.0 - NFS-e ${nfse.number} - ${nfse.accessKey}`);
  pdf.setSubject('Documento Auxiliar da NFS-e');
  pdf.setLanguage('pt-BR');
  pdf.setProducer('Contabil');
  pdf.setCreator('Contabil');
  const page = pdf.addPage([A4.width, A4.height]);
  const fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  const sheet = new Sheet(page, fonts);
  const homologation = nfse.environment === '2';
  const column = CONTENT / 4;

  // Header: title, the homologation warning, the city and the environments.
  const headerHeight = 34;
  page.drawRectangle({ x: MARGIN, y: sheet.y - headerHeight, width: CONTENT, height: headerHeight, color: SHADE });
  sheet.text('DANFSe v2.0', MARGIN + 6, sheet.y - 14, 13, fonts.bold);
  sheet.text('Documento Auxiliar da NFS-e', MARGIN + 6, sheet.y - 25, 7.5, fonts.regular, MUTED);
  if (homologation) {
    const warning = 'NFS-e SEM VALIDADE JURÍDICA';
    const width = fonts.bold.widthOfTextAtSize(warning, 11);
    const x = MARGIN + (CONTENT - width) / 2;
    page.drawRectangle({ x: x - 6, y: sheet.y - 25, width: width + 12, height: 17, borderColor: WARNING, borderWidth: 1 });
    sheet.text(warning, x, sheet.y - 20.5, 11, fonts.bold, WARNING);
  }
  const right = [
    `Município: ${nfse.cityName}${nfse.issuer.address?.kind === 'national' && nfse.issuer.address.state ? ` - ${nfse.issuer.address.state}` : ''}`,
    `Ambiente gerador: ${GENERATOR[nfse.generator] ?? nfse.generator}`,
    `Tipo de ambiente: ${nfse.environment === '1' ? 'Produção' : nfse.environment === '2' ? 'Homologação' : nfse.environment}`,
  ];
  right.forEach((text, i) => {
    const line = fitLine(text, fonts.regular, 6.5, column * 1.3);
    sheet.text(line, MARGIN + CONTENT - 6 - fonts.regular.widthOfTextAtSize(line, 6.5), sheet.y - 10 - i * 8.5, 6.5);
  });
  sheet.y -= headerHeight;
  sheet.line(sheet.y);

  // Identification, with the QR code in the last column.
  const top = sheet.y;
  const fieldsWidth = column * 3;
  sheet.row([{ label: 'Chave de acesso da NFS-e', value: formatAccessKey(nfse.accessKey), span: 3 }], 3, MARGIN, fieldsWidth);
  sheet.row(
    [
      { label: 'Número da NFS-e', value: nfse.number },
      { label: 'Competência da NFS-e', value: formatDate(nfse.dps.competence) },
      { label: 'Data e hora da emissão da NFS-e', value: formatDateTime(nfse.processedAt) },
    ],
    3,
    MARGIN,
    fieldsWidth,
  );
  sheet.row(
    [
      { label: 'Número da DPS', value: nfse.dps.number },
      { label: 'Série da DPS', value: nfse.dps.series },
      { label: 'Data e hora da emissão da DPS', value: formatDateTime(nfse.dps.issuedAt) },
    ],
    3,
    MARGIN,
    fieldsWidth,
  );
  sheet.row(
    [
      { label: 'Emitente da NFS-e', value: ISSUER_TYPE[nfse.dps.issuerType] ?? nfse.dps.issuerType },
      { label: 'Situação da NFS-e', value: STATUS_LABEL[status] },
      { label: 'Finalidade', value: PURPOSE[nfse.ibsCbs?.purpose ?? '0'] ?? nfse.ibsCbs?.purpose ?? DASH },
    ],
    3,
    MARGIN,
    fieldsWidth,
  );
  const qrSize = 58;
  const qrX = MARGIN + fieldsWidth + (column - qrSize) / 2;
  drawQr(pdf, page, `${NFSE_PUBLIC_LOOKUP_URL}${nfse.accessKey}`, qrX, top - 3 - qrSize, qrSize);
  const caption = wrapLines(
    'A autenticidade desta NFS-e pode ser verificada pela leitura deste código QR ou pela consulta da chave de acesso no portal nacional da NFS-e.',
    fonts.regular,
    5.4,
    column - 10,
    3,
  );
  caption.forEach((line, i) =>
    sheet.text(line, MARGIN + fieldsWidth + 5, top - qrSize - 9.5 - i * 6.2, 5.4, fonts.regular, MUTED),
  );
  sheet.y = Math.min(sheet.y, top - qrSize - 9.5 - caption.length * 6.2);
  sheet.end();

  sheet.title('EMITENTE / PRESTADOR DO SERVIÇO');
  partyRows(sheet, nfse.issuer, { registration: true });
  sheet.row([
    { label: 'Simples Nacional na data de competência', value: SIMPLES[nfse.regime.simples] ?? DASH, span: 2 },
    {
      label: 'Regime de apuração tributária pelo Simples Nacional',
      value: nfse.regime.simplesApportionment ? (SIMPLES_APPORTIONMENT[nfse.regime.simplesApportionment] ?? DASH) : DASH,
      span: 2,
    },
  ]);
  sheet.end();

  sheet.title('TOMADOR DO SERVIÇO');
  if (nfse.taker) partyRows(sheet, nfse.taker, { registration: true });
  else sheet.notice('TOMADOR DO SERVIÇO NÃO IDENTIFICADO NA NFS-e');
  sheet.end();

  sheet.title('DESTINATÁRIO DO SERVIÇO');
  if (nfse.recipient?.sameAsTaker) sheet.notice('O DESTINATÁRIO É O PRÓPRIO TOMADOR DO SERVIÇO');
  else if (nfse.recipient?.party) partyRows(sheet, nfse.recipient.party, { registration: false });
  else sheet.notice('DESTINATÁRIO DO SERVIÇO NÃO IDENTIFICADO NA NFS-e');
  sheet.end();

  sheet.title('INTERMEDIÁRIO DO SERVIÇO');
  if (nfse.intermediary) partyRows(sheet, nfse.intermediary, { registration: true });
  else sheet.notice('INTERMEDIÁRIO DO SERVIÇO NÃO IDENTIFICADO NA NFS-e');
  sheet.end();

  const { service } = nfse;
  sheet.title('SERVIÇO PRESTADO');
  sheet.row([
    {
      label: 'Código de tributação nacional',
      value: `${formatNationalServiceCode(service.nationalCode)}${service.nationalDescription ? ` - ${service.nationalDescription}` : ''}`,
      span: 2,
    },
    {
      label: 'Código de tributação municipal',
      value: service.municipalCode
        ? `${service.municipalCode}${service.municipalDescription ? ` - ${service.municipalDescription}` : ''}`
        : DASH,
    },
    { label: 'Código da NBS', value: service.nbsCode ?? DASH },
  ]);
  sheet.row([
    {
      label: 'Local da prestação',
      value: service.placeCountry ? `${countryName(service.placeCountry)}` : service.placeName || DASH,
      span: 2,
    },
    {
      label: 'Município / país de incidência do ISSQN',
      value:
        [nfse.municipalTax.incidenceName, nfse.municipalTax.resultCountry && countryName(nfse.municipalTax.resultCountry)]
          .filter(Boolean)
          .join(' / ') || DASH,
      span: 2,
    },
  ]);
  sheet.text('DESCRIÇÃO DO SERVIÇO', MARGIN + 3, sheet.y - 7, LABEL_SIZE, fonts.bold, MUTED);
  // What the blocks below the description take (fixed: rows, titles, rules), and two lines of additional information:
  // the description gets what is left, up to 8 lines, so the page never overflows.
  const below = 5 * (TITLE + 3) + (ibsRows(nfse) + 2 + 1 + (nfse.ibsCbs ? 2 : 1) + 1) * ROW + TITLE + 2 * 8.6 + 10;
  const descriptionRoom = Math.floor((sheet.y - 13 - below - STUB_TOP) / 9.2);
  const description = wrapLines(
    service.description,
    fonts.regular,
    VALUE_SIZE,
    CONTENT - 6,
    Math.max(2, Math.min(8, descriptionRoom)),
  );
  description.forEach((line, i) => sheet.text(line, MARGIN + 3, sheet.y - 15.5 - i * 9.2, VALUE_SIZE));
  sheet.y -= 10 + description.length * 9.2;
  sheet.end();

  const municipal = nfse.municipalTax;
  const withheld = municipal.withholding === '2' || municipal.withholding === '3';
  sheet.title('TRIBUTAÇÃO MUNICIPAL (ISSQN)');
  sheet.row([
    { label: 'Tributação do ISSQN', value: ISS_TAXATION[municipal.taxation] ?? municipal.taxation },
    { label: 'Regime especial de tributação', value: SPECIAL_REGIME[nfse.regime.special] ?? nfse.regime.special },
    { label: 'Retenção do ISSQN', value: ISS_WITHHOLDING[municipal.withholding] ?? municipal.withholding },
    {
      label: 'Suspensão da exigibilidade',
      value: municipal.suspension
        ? `${SUSPENSION[municipal.suspension.type] ?? municipal.suspension.type} ${municipal.suspension.process}`
        : 'Não',
    },
  ]);
  sheet.row(
    [
      { label: 'Valor do serviço', value: formatMoney(nfse.values.service) },
      { label: 'Desconto incondicionado', value: formatMoney(nfse.values.unconditionalDiscount) },
      { label: 'Deduções / reduções', value: formatMoney(municipal.deductions) },
      { label: 'Base de cálculo', value: formatMoney(municipal.calculationBase) },
      { label: 'Alíquota aplicada', value: formatRate(municipal.rate) },
      { label: 'ISSQN apurado', value: formatMoney(municipal.iss) },
    ],
    6,
  );
  sheet.end();

  const federal = nfse.federalTax;
  sheet.title('TRIBUTAÇÃO FEDERAL');
  sheet.row(
    [
      { label: 'IRRF retido', value: formatMoney(federal.irrf) },
      { label: 'CP retida', value: formatMoney(federal.cp) },
      { label: 'CSLL retida', value: formatMoney(federal.csll) },
      { label: 'PIS', value: formatMoney(federal.pis) },
      { label: 'COFINS', value: formatMoney(federal.cofins) },
      {
        label: 'Retenção do PIS/COFINS',
        value: federal.pisCofinsWithholding ? (PIS_COFINS_WITHHOLDING[federal.pisCofinsWithholding] ?? DASH) : DASH,
      },
    ],
    6,
  );
  sheet.end();

  const ibs = nfse.ibsCbs;
  sheet.title('IBS / CBS (REFORMA TRIBUTÁRIA)');
  if (ibs) {
    const pair = (rate?: string, effective?: string) => `${formatRate(rate)} / ${formatRate(effective)}`;
    sheet.row([
      { label: 'CST / classificação tributária', value: [ibs.cst, ibs.classification].filter(Boolean).join(' / ') || DASH },
      { label: 'Indicador da operação', value: ibs.operationIndicator ?? DASH },
      { label: 'Localidade de incidência', value: ibs.incidenceName ?? DASH },
      { label: 'Base de cálculo do IBS/CBS', value: formatMoney(ibs.base) },
    ]);
    sheet.row(
      [
        { label: 'IBS UF (alíq./efet.)', value: pair(ibs.ibsStateRate, ibs.ibsStateEffective) },
        { label: 'IBS UF', value: formatMoney(ibs.ibsState) },
        { label: 'IBS mun. (alíq./efet.)', value: pair(ibs.ibsCityRate, ibs.ibsCityEffective) },
        { label: 'IBS municipal', value: formatMoney(ibs.ibsCity) },
        { label: 'CBS (alíq./efet.)', value: pair(ibs.cbsRate, ibs.cbsEffective) },
        { label: 'CBS', value: formatMoney(ibs.cbs) },
      ],
      6,
    );
  } else {
    sheet.row([{ label: 'Informações de IBS e CBS', value: DASH, span: 4 }]);
  }
  sheet.end();

  const values = nfse.values;
  sheet.title('VALOR TOTAL DA NFS-e');
  const totals: Cell[] = [
    { label: 'Valor do serviço', value: formatMoney(values.service) },
    { label: 'Desconto condicionado', value: formatMoney(values.conditionalDiscount) },
    { label: 'Desconto incondicionado', value: formatMoney(values.unconditionalDiscount) },
    { label: 'ISSQN retido', value: withheld ? formatMoney(municipal.iss) : DASH },
    { label: 'Total das retenções', value: formatMoney(values.totalWithheld) },
    { label: 'Valor líquido', value: formatMoney(values.net) },
  ];
  if (ibs) {
    const ibsCbsCents = centsOf(ibs.ibsTotal) + centsOf(ibs.cbs);
    totals.push(
      { label: 'Total IBS/CBS', value: ibs.ibsTotal || ibs.cbs ? formatMoney((ibsCbsCents / 100).toFixed(2)) : DASH },
      { label: 'Valor líquido + IBS/CBS', value: formatMoney(ibs.totalWithIbsCbs) },
    );
  }
  if (totals.length > 6) {
    sheet.row(totals.slice(0, 4));
    sheet.row(totals.slice(4));
  } else sheet.row(totals, 6);
  sheet.end();

  const approximate = nfse.approximateTaxes;
  sheet.title('TOTAIS APROXIMADOS DOS TRIBUTOS (LEI Nº 12.741/2012)');
  const shown = (value: string) => (approximate.kind === 'amounts' ? formatMoney(value) : formatRate(value));
  sheet.row([
    {
      label: 'Federais',
      value: approximate.kind === 'amounts' || approximate.kind === 'percentages' ? shown(approximate.federal) : DASH,
    },
    {
      label: 'Estaduais',
      value: approximate.kind === 'amounts' || approximate.kind === 'percentages' ? shown(approximate.state) : DASH,
    },
    {
      label: 'Municipais',
      value: approximate.kind === 'amounts' || approximate.kind === 'percentages' ? shown(approximate.city) : DASH,
    },
    { label: 'Simples Nacional (alíquota)', value: approximate.kind === 'simples' ? formatRate(approximate.rate) : DASH },
  ]);
  sheet.end();

  // The stub's place is fixed at the foot; the additional information takes what is left above it.
  const stubTop = STUB_TOP;
  const additional = nfse.additional;
  // The short, structured notes first: the provider's free text (up to 2,000 characters) is the one that gets cut.
  const paragraphs = [
    nfse.dps.replaces && `Esta NFS-e substitui a NFS-e de chave de acesso ${formatAccessKey(nfse.dps.replaces)}.`,
    additional.documentReference && `Documento de referência: ${additional.documentReference}`,
    additional.order && `Pedido: ${additional.order}`,
    additional.technicalDocument && `Documento técnico: ${additional.technicalDocument}`,
    additional.administration && `Informações da administração tributária: ${additional.administration}`,
    (nfse.regime.simples === '2' ||
      (nfse.regime.simples === '3' && nfse.regime.simplesApportionment !== '2' && nfse.regime.simplesApportionment !== '3')) &&
      !municipal.iss &&
      'ISSQN apurado no Simples Nacional, recolhido no documento de arrecadação do regime (DAS).',
    additional.complementary,
  ].filter((paragraph): paragraph is string => Boolean(paragraph));
  sheet.title('INFORMAÇÕES COMPLEMENTARES');
  const room = Math.max(1, Math.floor((sheet.y - stubTop - 10) / 8.6));
  const info = paragraphs.length ? wrapLines(paragraphs.join('\n'), fonts.regular, 7, CONTENT - 6, room) : [DASH];
  info.forEach((line, i) => sheet.text(line, MARGIN + 3, sheet.y - 8.5 - i * 8.6, 7));

  // The receipt stub, after a cut line.
  page.drawLine({
    start: { x: MARGIN, y: stubTop + 4 },
    end: { x: A4.width - MARGIN, y: stubTop + 4 },
    thickness: 0.6,
    color: RULE,
    dashArray: [3, 2],
  });
  sheet.y = stubTop;
  const taker = nfse.taker?.name ? ` por ${nfse.taker.name}` : '';
  sheet.text(
    fitLine(
      `Recebi(emos) de ${nfse.issuer.name} os serviços constantes da NFS-e nº ${nfse.number}${taker}`.replace(/\.*$/, '.'),
      fonts.regular,
      6.8,
      CONTENT - 6,
    ),
    MARGIN + 3,
    sheet.y - 8,
    6.8,
  );
  sheet.y -= 11;
  sheet.title('CANHOTO - COMPROVANTE DE RECEBIMENTO');
  sheet.row([
    { label: 'Data do recebimento', value: '____/____/________' },
    { label: 'Identificação e assinatura do recebedor', value: ' ', span: 2 },
    { label: `NFS-e nº ${nfse.number}`, value: formatMoney(values.net) },
  ]);
  sheet.text(
    fitLine(`Chave: ${formatAccessKey(nfse.accessKey)}`, fonts.regular, 6, CONTENT - 6),
    MARGIN + 3,
    sheet.y - 7,
    6,
    fonts.regular,
    MUTED,
  );

  page.drawRectangle({
    x: MARGIN,
    y: MARGIN,
    width: CONTENT,
    height: A4.height - 2 * MARGIN,
    borderColor: INK,
    borderWidth: 0.8,
  });
  if (status !== 'normal') drawMark(sheet, STATUS_LABEL[status]);
  return pdf.save();
}
