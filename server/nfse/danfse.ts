/**
 * The DANFSe (Documento Auxiliar da NFS-e) made here from the NFS-e XML, since the national download is being
 * discontinued: one A4 page with the national layout's blocks — the header with the number, dates, access key and a
 * QR code of the public lookup; the issuer (prestador); the taker (tomador); the service; the values; the DPS it
 * came from. Drawn with pdf-lib (vector text in Helvetica, WinAnsi: the layout's Latin-1 text fits) and the QR code's
 * modules from `qrcode`, as vector squares.
 */
import type { PDFFont, PDFPage } from 'pdf-lib';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import type { NfseDocument, NfseParty } from './nfse-xml';
import { readNfseXml } from './nfse-xml';
import { formatAccessKey } from '@domain/nfseEmission';
import { formatNationalServiceCode } from '@domain/fiscalProfile';

/** The national public lookup the QR code points to, with the access key. */
export const NFSE_PUBLIC_LOOKUP_URL = 'https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.4, 0.45);
const RULE = rgb(0.75, 0.77, 0.8);

const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** "1500.50" → "R$ 1.500,50". */
export function formatMoney(decimal: string | undefined): string {
  return decimal === undefined ? '—' : money.format(Number(decimal));
}

/** "2026-03-20T09:00:00-03:00" → "20/03/2026 09:00:00" (the time as written, São Paulo's). */
function formatDateTime(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2}:\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]} ${match[4]}` : value;
}

/** "2026-03-01" → "03/2026". */
function formatCompetence(value: string): string {
  return /^\d{4}-\d{2}/.test(value) ? `${value.slice(5, 7)}/${value.slice(0, 4)}` : value;
}

function formatDocument(type: NfseParty['documentType'], digits: string): string {
  if (type === 'CNPJ' && digits.length === 14) return digits.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
  if (type === 'CPF' && digits.length === 11) return digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  return digits || '—';
}

const formatPostalCode = (cep: string) => (/^\d{8}$/.test(cep) ? `${cep.slice(0, 5)}-${cep.slice(5)}` : cep);

/** The characters of WinAnsi beyond Latin-1 (typographic quotes and dashes, the euro…). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** What Helvetica's WinAnsi encoding can draw: other characters (emoji, CJK) become "?". */
function drawable(text: string): string {
  return [...text.normalize('NFC')]
    .map((char) => (/[\u0020-\u007E\u00A0-\u00FF\n]/.test(char) || WIN_ANSI_EXTRA.has(char) ? char : '?'))
    .join('');
}

type Fonts = { regular: PDFFont; bold: PDFFont };

class Writer {
  y = A4.height - MARGIN;
  constructor(
    readonly page: PDFPage,
    readonly fonts: Fonts,
  ) {}

  /** Lines of at most `width` points. */
  wrap(text: string, size: number, width: number, font = this.fonts.regular): string[] {
    const lines: string[] = [];
    for (const paragraph of drawable(text).split('\n')) {
      let line = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
        else {
          lines.push(line);
          line = word;
        }
      }
      lines.push(line);
    }
    return lines;
  }

  text(text: string, x: number, y: number, size: number, font = this.fonts.regular, color = INK) {
    this.page.drawText(drawable(text), { x, y, size, font, color });
  }

  heading(title: string) {
    this.y -= 8;
    this.page.drawRectangle({
      x: MARGIN,
      y: this.y - 14,
      width: A4.width - 2 * MARGIN,
      height: 16,
      color: rgb(0.93, 0.94, 0.96),
    });
    this.text(title, MARGIN + 6, this.y - 10, 9, this.fonts.bold);
    this.y -= 20;
  }

  /** Label above value, in columns of the given widths (fractions of the line). */
  fields(items: [label: string, value: string, share: number][]) {
    const width = A4.width - 2 * MARGIN;
    let x = MARGIN;
    let tallest = 0;
    for (const [label, value, share] of items) {
      const columnWidth = width * share - 8;
      this.text(label, x + 4, this.y - 8, 7, this.fonts.regular, MUTED);
      const lines = this.wrap(value || '—', 9, columnWidth);
      lines.forEach((line, i) => this.text(line, x + 4, this.y - 19 - i * 11, 9));
      tallest = Math.max(tallest, 22 + (lines.length - 1) * 11);
      x += width * share;
    }
    this.y -= tallest + 4;
  }

  rule() {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: A4.width - MARGIN, y: this.y },
      thickness: 0.5,
      color: RULE,
    });
    this.y -= 2;
  }
}

function addressLine(party: NfseParty, cityName?: string): string {
  const a = party.address;
  if (!a) return '';
  return [
    [a.street, a.number].filter(Boolean).join(', '),
    a.complement,
    a.district,
    [cityName, a.state].filter(Boolean).join('/'),
    a.postalCode ? `CEP ${formatPostalCode(a.postalCode)}` : '',
  ]
    .filter(Boolean)
    .join(' - ');
}

function drawQr(page: PDFPage, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const cell = size / (count + 8);
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  for (let row = 0; row < count; row++) {
    for (let column = 0; column < count; column++) {
      if (!qr.modules.get(row, column)) continue;
      page.drawRectangle({
        x: x + (column + 4) * cell,
        y: y + size - (row + 5) * cell,
        width: cell,
        height: cell,
        color: rgb(0, 0, 0),
      });
    }
  }
}

/** The DANFSe of an NFS-e, as PDF bytes. */
export async function renderDanfse(nfseXml: string): Promise<Uint8Array> {
  return renderDanfseOf(readNfseXml(nfseXml));
}

export async function renderDanfseOf(nfse: NfseDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`DANFSe ${nfse.number} - ${nfse.accessKey}`);
  pdf.setSubject('Documento Auxiliar da NFS-e');
  pdf.setLanguage('pt-BR');
  pdf.setProducer('Contabil');
  pdf.setCreator('Contabil');
  const page = pdf.addPage([A4.width, A4.height]);
  const fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  const w = new Writer(page, fonts);
  const homologation = nfse.environment === '2';

  // Header: title, number, dates, key, and the QR code of the public lookup.
  const qrSize = 92;
  drawQr(page, `${NFSE_PUBLIC_LOOKUP_URL}${nfse.accessKey}`, A4.width - MARGIN - qrSize, w.y - qrSize, qrSize);
  w.text('DANFSe', MARGIN, w.y - 16, 18, fonts.bold);
  w.text('Documento Auxiliar da Nota Fiscal de Serviço Eletrônica', MARGIN, w.y - 30, 9, fonts.regular, MUTED);
  w.text(`NFS-e nº ${nfse.number}`, MARGIN, w.y - 50, 13, fonts.bold);
  w.text(
    `Emitida em ${formatDateTime(nfse.processedAt)}   Competência ${formatCompetence(nfse.dps.competenceDate)}   ${nfse.cityName}`,
    MARGIN,
    w.y - 64,
    9,
  );
  w.text('Chave de acesso', MARGIN, w.y - 80, 7, fonts.regular, MUTED);
  w.text(formatAccessKey(nfse.accessKey), MARGIN, w.y - 91, 9.5, fonts.bold);
  w.y -= qrSize + 6;
  if (homologation) {
    w.text('EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL', MARGIN, w.y - 8, 9, fonts.bold, rgb(0.7, 0.1, 0.1));
    w.y -= 14;
  }

  w.heading('EMITENTE - PRESTADOR DO SERVIÇO');
  w.fields([
    ['CNPJ / CPF', formatDocument(nfse.issuer.documentType, nfse.issuer.document), 0.3],
    ['Inscrição municipal', nfse.issuer.municipalRegistration ?? '', 0.2],
    ['Nome / razão social', nfse.issuer.name, 0.5],
  ]);
  w.fields([
    ['Endereço', addressLine(nfse.issuer, nfse.cityName), 0.6],
    ['E-mail', nfse.issuer.email ?? '', 0.25],
    ['Telefone', nfse.issuer.phone ?? '', 0.15],
  ]);

  w.heading('TOMADOR DO SERVIÇO');
  if (nfse.taker) {
    w.fields([
      ['CNPJ / CPF', formatDocument(nfse.taker.documentType, nfse.taker.document), 0.3],
      ['Nome / razão social', nfse.taker.name, 0.45],
      ['E-mail', nfse.taker.email ?? '', 0.25],
    ]);
    if (nfse.taker.address) w.fields([['Endereço', addressLine(nfse.taker), 1]]);
  } else {
    w.fields([['Tomador', 'Não identificado na NFS-e', 1]]);
  }

  w.heading('SERVIÇO PRESTADO');
  w.fields([
    [
      'Código de tributação nacional',
      `${formatNationalServiceCode(nfse.service.nationalCode)} - ${nfse.nationalServiceDescription}`,
      0.7,
    ],
    ['Local da prestação', nfse.placeName, 0.3],
  ]);
  w.fields([
    ['Código de tributação municipal', nfse.service.municipalCode ?? '', 0.35],
    ['Código NBS', nfse.service.nbsCode ?? '', 0.25],
    ['DPS (série / número)', `${nfse.dps.series} / ${nfse.dps.number}`, 0.4],
  ]);
  w.fields([['Descrição do serviço', nfse.service.description, 1]]);

  w.heading('VALORES');
  const withheld = nfse.values.issWithholding === '2' || nfse.values.issWithholding === '3';
  w.fields([
    ['Valor do serviço', formatMoney(nfse.values.service), 0.2],
    ['Base de cálculo', formatMoney(nfse.values.calculationBase), 0.2],
    ['Alíquota do ISS', nfse.values.issRate ? `${nfse.values.issRate.replace('.', ',')} %` : '—', 0.15],
    ['ISS', formatMoney(nfse.values.iss), 0.15],
    ['ISS retido', withheld ? `Sim (${formatMoney(nfse.values.withheld)})` : 'Não', 0.15],
    ['Valor líquido', formatMoney(nfse.values.net), 0.15],
  ]);
  if (!nfse.values.issRate) {
    w.fields([['Observação', 'ISS do MEI ou do Simples Nacional recolhido no documento de arrecadação do regime (DAS).', 1]]);
  }

  w.rule();
  w.y -= 6;
  for (const line of w.wrap(
    `Documento gerado a partir do XML da NFS-e, que é o documento fiscal válido. Consulte a autenticidade pelo QR code ou em ${NFSE_PUBLIC_LOOKUP_URL.replace(/\?.*$/, '')} com a chave de acesso.`,
    7.5,
    A4.width - 2 * MARGIN,
  )) {
    w.text(line, MARGIN, w.y - 8, 7.5, fonts.regular, MUTED);
    w.y -= 10;
  }
  return pdf.save();
}
