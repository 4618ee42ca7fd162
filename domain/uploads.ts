/** What may be uploaded: the documents an accounting customer handles. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const UPLOAD_TYPES: Record<string, { contentType: string; label: string }> = {
  pdf: { contentType: 'application/pdf', label: 'PDF' },
  png: { contentType: 'image/png', label: 'PNG' },
  jpg: { contentType: 'image/jpeg', label: 'JPG' },
  jpeg: { contentType: 'image/jpeg', label: 'JPG' },
  webp: { contentType: 'image/webp', label: 'WEBP' },
  xml: { contentType: 'application/xml', label: 'XML' },
  zip: { contentType: 'application/zip', label: 'ZIP' },
  pfx: { contentType: 'application/x-pkcs12', label: 'certificado A1 (.pfx)' },
  p12: { contentType: 'application/x-pkcs12', label: 'certificado A1 (.p12)' },
  ofx: { contentType: 'application/x-ofx', label: 'OFX' },
};

export const UPLOAD_ACCEPT = Object.keys(UPLOAD_TYPES)
  .map((ext) => `.${ext}`)
  .join(',');

export const UPLOAD_MESSAGES = {
  tooLarge: `O arquivo passa do limite de ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
  unsupported: 'Tipo de arquivo não aceito. Envie PDF, imagem (PNG, JPG, WEBP), XML, ZIP, OFX ou certificado A1 (.pfx).',
  empty: 'O arquivo está vazio.',
  missing: 'Escolha um arquivo.',
} as const;

export function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName.trim());
  return match ? match[1].toLowerCase() : '';
}

/** The first bytes of each kind, so a renamed executable is not taken for a PDF. */
export function contentMatchesExtension(extension: string, head: Uint8Array): boolean {
  const startsWith = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  const text = new TextDecoder()
    .decode(head.slice(0, 64))
    .replace(/^\uFEFF/, '')
    .trimStart();
  switch (extension) {
    case 'pdf':
      return startsWith(0x25, 0x50, 0x44, 0x46);
    case 'png':
      return startsWith(0x89, 0x50, 0x4e, 0x47);
    case 'jpg':
    case 'jpeg':
      return startsWith(0xff, 0xd8, 0xff);
    case 'webp':
      return startsWith(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...head.slice(8, 12)) === 'WEBP';
    case 'zip':
      return startsWith(0x50, 0x4b, 0x03, 0x04) || startsWith(0x50, 0x4b, 0x05, 0x06);
    case 'xml':
      return text.startsWith('<');
    case 'ofx':
      return /^(OFXHEADER|<\?xml|<OFX)/i.test(text);
    case 'pfx':
    case 'p12':
      return head[0] === 0x30; // DER sequence
    default:
      return false;
  }
}
