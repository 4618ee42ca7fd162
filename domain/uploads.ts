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

/* ---------------------------------------------------------------- signed links (spec §7 Other) */

/** How long a signed link works: long enough for a slow upload to start, short enough to be useless once leaked. */
export const UPLOAD_LINK_TTL_SECONDS = 10 * 60;
export const DOWNLOAD_LINK_TTL_SECONDS = 5 * 60;

/** A person's own documents (RG/CNH, CPF, proof of address) are scans or photos. */
export const PERSONAL_UPLOAD_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg', 'webp'] as const;

export const FILE_NAME_MESSAGES = {
  missing: 'Informe o nome do arquivo.',
  tooLong: 'O nome do arquivo pode ter no máximo 200 caracteres.',
  path: 'Nome de arquivo inválido: envie só o nome do arquivo, sem pastas nem caminhos.',
  control: 'Nome de arquivo inválido: ele contém caracteres de controle.',
  personalType: 'Tipo de arquivo não aceito para documentos pessoais. Envie PDF ou imagem (PNG, JPG, WEBP).',
} as const;

/**
 * Why a file name given in a URL is refused, or null when it is a plain name. The storage key is always ours, so the
 * name is only data; refusing path tricks anyway stops them reaching logs, headers and other people's screens.
 */
export function fileNameProblem(name: string): string | null {
  if (!name.trim()) return FILE_NAME_MESSAGES.missing;
  if (name.length > 200) return FILE_NAME_MESSAGES.tooLong;
  // NUL and the other control characters (also as %00 after a double encoding).
  if (/[\u0000-\u001f\u007f]/.test(name) || /%00/i.test(name)) return FILE_NAME_MESSAGES.control;
  // Folders, parent folders, absolute and drive paths, and slashes or dots encoded twice to slip past a decoder.
  if (/[/\\]/.test(name) || name.includes('..') || /^[A-Za-z]:/.test(name) || /%(2f|5c|2e)/i.test(name)) {
    return FILE_NAME_MESSAGES.path;
  }
  return null;
}

/** What is wrong with a file before it travels (the browser's check; the server checks again, by content too). */
export function uploadProblem(file: { name: string; size: number }, options: { personal?: boolean } = {}): string | null {
  const ext = extensionOf(file.name);
  if (!UPLOAD_TYPES[ext]) return UPLOAD_MESSAGES.unsupported;
  if (options.personal && !(PERSONAL_UPLOAD_EXTENSIONS as readonly string[]).includes(ext))
    return FILE_NAME_MESSAGES.personalType;
  if (file.size === 0) return UPLOAD_MESSAGES.empty;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
  return fileNameProblem(file.name);
}

/** The `accept` of a personal document's file input. */
export const PERSONAL_UPLOAD_ACCEPT = PERSONAL_UPLOAD_EXTENSIONS.map((ext) => `.${ext}`).join(',');
