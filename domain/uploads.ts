/** An OFX file may be larger than other uploads: a year of a busy account runs to tens of thousands of lines. */
export const MAX_OFX_BYTES = 25 * 1024 * 1024;

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

/* ---------------------------------------------------------------- signed links (docs/api.md Other) */

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

/** The kinds of file the app sends: a company document, one of the person's own documents, a bank statement (OFX). */
export type UploadKind = 'document' | 'personal' | 'ofx';

export interface UploadRules {
  /** The extensions accepted, lower case, without the dot. */
  extensions: readonly string[];
  maxBytes: number;
  /** What to say of a file of another kind, or a larger one. */
  unsupported: string;
  tooLarge: string;
}

export const UPLOAD_RULES: Record<UploadKind, UploadRules> = {
  document: {
    extensions: Object.keys(UPLOAD_TYPES),
    maxBytes: MAX_UPLOAD_BYTES,
    unsupported: UPLOAD_MESSAGES.unsupported,
    tooLarge: UPLOAD_MESSAGES.tooLarge,
  },
  personal: {
    extensions: PERSONAL_UPLOAD_EXTENSIONS,
    maxBytes: MAX_UPLOAD_BYTES,
    unsupported: FILE_NAME_MESSAGES.personalType,
    tooLarge: UPLOAD_MESSAGES.tooLarge,
  },
  ofx: {
    extensions: ['ofx'],
    maxBytes: MAX_OFX_BYTES,
    unsupported: 'Envie um arquivo de extrato no formato OFX (.ofx).',
    tooLarge: `O arquivo passa do limite de ${MAX_OFX_BYTES / 1024 / 1024} MB. Exporte um período menor.`,
  },
};

/**
 * What is wrong with a file before it travels, for the kind of file asked (the browser's check; the server checks
 * again, by content too), or null.
 */
export function uploadProblem(file: { name: string; size: number }, kind: UploadKind = 'document'): string | null {
  const rules = UPLOAD_RULES[kind];
  if (!rules.extensions.includes(extensionOf(file.name))) return rules.unsupported;
  if (file.size === 0) return UPLOAD_MESSAGES.empty;
  if (file.size > rules.maxBytes) return rules.tooLarge;
  return fileNameProblem(file.name);
}

/** The `accept` of a personal document's file input. */
export const PERSONAL_UPLOAD_ACCEPT = PERSONAL_UPLOAD_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/* ---------------------------------------------------------------- ZIP archives */

/** Limits of an accepted ZIP, read from its central directory (nothing is decompressed to check them). */
export const ZIP_LIMITS = {
  /** Entries in one archive. */
  maxEntries: 1000,
  /** What the whole archive declares once decompressed. */
  maxUncompressedBytes: 100 * 1024 * 1024,
  /** Decompressed ÷ compressed, per entry and for the archive, past `ratioFloorBytes`; text rarely passes 20. */
  maxRatio: 200,
  /** Below this many decompressed bytes any ratio is harmless. */
  ratioFloorBytes: 1024 * 1024,
  /** Archives inside the archive (ZIP, RAR, 7z, gz…). */
  maxNestedArchives: 10,
  /** Levels of archives stored one inside another (the outer archive is level 1). */
  maxDepth: 2,
} as const;

export const ZIP_MESSAGES = {
  corrupt: 'O arquivo ZIP está corrompido ou incompleto: não foi possível ler a lista de arquivos dele.',
  // Written when read: a number formatted for pt-BR at load would load the browser's locale data before a page draws
  // (domain/intl.ts).
  get tooManyEntries() {
    return `O arquivo ZIP tem mais de ${ZIP_LIMITS.maxEntries.toLocaleString('pt-BR')} arquivos. Envie-o em partes menores.`;
  },
  tooLarge: `O arquivo ZIP passa de ${ZIP_LIMITS.maxUncompressedBytes / 1024 / 1024} MB depois de descompactado. Envie-o em partes menores.`,
  ratio: `O arquivo ZIP foi recusado por segurança: ele se expande mais de ${ZIP_LIMITS.maxRatio} vezes ao ser descompactado, o que é típico de um arquivo malicioso ("zip bomb").`,
  nested:
    'O arquivo ZIP tem arquivos compactados demais dentro dele (ZIP dentro de ZIP). Descompacte-os e envie os arquivos diretamente.',
  path: 'O arquivo ZIP contém caminhos inválidos (com ".." ou começando na raiz), que gravariam arquivos fora da pasta ao descompactar.',
} as const;

const NESTED_ARCHIVE = /\.(zip|rar|7z|gz|tgz|tar|bz2|xz|jar|cab|arj|lz|lzma|zst)$/i;

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

class ZipRefusal extends Error {}

/** The entries of the central directory, or a refusal; bytes are only read, never inflated. */
function readCentralDirectory(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const u64 = (at: number) => Number(view.getBigUint64(at, true));
  const corrupt = () => new ZipRefusal(ZIP_MESSAGES.corrupt);
  const inside = (at: number, length: number) => at >= 0 && length >= 0 && at + length <= bytes.length;

  // End of central directory: 22 bytes and a comment of up to 64 KB, at the very end.
  let eocd = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (u32(at) === 0x06054b50 && at + 22 + u16(at + 20) === bytes.length) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw corrupt();
  let total = u16(eocd + 10);
  let size = u32(eocd + 12);
  let offset = u32(eocd + 16);
  /** Where the directory ends: the end record, or the ZIP64 one. */
  let directoryEnd = eocd;
  if (total === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    // ZIP64: the real numbers are in the ZIP64 end record, which a locator just before points at.
    const locator = eocd - 20;
    if (!inside(locator, 20) || u32(locator) !== 0x07064b50) throw corrupt();
    const record = u64(locator + 8);
    if (!inside(record, 56) || u32(record) !== 0x06064b50) throw corrupt();
    total = u64(record + 32);
    size = u64(record + 40);
    offset = u64(record + 48);
    directoryEnd = record;
  }
  if (total > ZIP_LIMITS.maxEntries) throw new ZipRefusal(ZIP_MESSAGES.tooManyEntries);
  // Data before the archive (a self-extractor) shifts every offset: the directory then ends where the end record starts.
  const shift = inside(offset, 4) && u32(offset) === 0x02014b50 ? 0 : directoryEnd - size - offset;
  let at = offset + shift;
  if (!inside(at, size)) throw corrupt();

  const entries: ZipEntry[] = [];
  for (let i = 0; i < total; i++) {
    if (!inside(at, 46) || u32(at) !== 0x02014b50) throw corrupt();
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    const commentLength = u16(at + 32);
    if (!inside(at + 46, nameLength + extraLength + commentLength)) throw corrupt();
    let compressedSize = u32(at + 20);
    let uncompressedSize = u32(at + 24);
    let localHeaderOffset = u32(at + 42);
    // ZIP64 sizes: the extra field 0x0001 holds, in order, those of the three values that are 0xFFFFFFFF.
    if (uncompressedSize === 0xffffffff || compressedSize === 0xffffffff || localHeaderOffset === 0xffffffff) {
      let extra = at + 46 + nameLength;
      const end = extra + extraLength;
      let found = false;
      while (extra + 4 <= end) {
        const id = u16(extra);
        const length = u16(extra + 2);
        if (extra + 4 + length > end) break;
        if (id === 0x0001) {
          let field = extra + 4;
          const next = () => {
            if (field + 8 > extra + 4 + length) throw corrupt();
            const value = u64(field);
            field += 8;
            return value;
          };
          if (uncompressedSize === 0xffffffff) uncompressedSize = next();
          if (compressedSize === 0xffffffff) compressedSize = next();
          if (localHeaderOffset === 0xffffffff) localHeaderOffset = next();
          found = true;
          break;
        }
        extra += 4 + length;
      }
      if (!found) throw corrupt();
    }
    // Names are UTF-8 (flag bit 11) or CP437; the separators and dots that matter read the same either way.
    const nameBytes = bytes.subarray(at + 46, at + 46 + nameLength);
    const name = u16(at + 8) & 0x0800 ? new TextDecoder().decode(nameBytes) : String.fromCharCode(...nameBytes);
    entries.push({ name, method: u16(at + 10), compressedSize, uncompressedSize, localHeaderOffset: localHeaderOffset + shift });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Names that would write outside the folder they are extracted to (Zip Slip), or NUL tricks. */
function unsafeEntryName(name: string): boolean {
  const path = name.replace(/\\/g, '/');
  return (
    path.startsWith('/') ||
    /^[A-Za-z]:/.test(path) ||
    path.includes('\u0000') ||
    path.split('/').some((segment) => segment === '..')
  );
}

/** The bytes of a stored (uncompressed) entry, to look inside an archive kept within the archive. */
function storedBytes(bytes: Uint8Array, entry: ZipEntry): Uint8Array | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeaderOffset;
  if (at < 0 || at + 30 > bytes.length || view.getUint32(at, true) !== 0x04034b50) return null;
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.compressedSize > bytes.length) return null;
  return bytes.subarray(start, start + entry.compressedSize);
}

function checkZip(bytes: Uint8Array, depth: number): void {
  const entries = readCentralDirectory(bytes);
  let declared = 0;
  let compressed = 0;
  let archives = 0;
  let squeezed = false;
  for (const entry of entries) {
    if (unsafeEntryName(entry.name)) throw new ZipRefusal(ZIP_MESSAGES.path);
    declared += entry.uncompressedSize;
    compressed += entry.compressedSize;
    squeezed ||=
      entry.uncompressedSize > ZIP_LIMITS.ratioFloorBytes &&
      entry.uncompressedSize / Math.max(1, entry.compressedSize) > ZIP_LIMITS.maxRatio;
    if (NESTED_ARCHIVE.test(entry.name)) {
      archives += 1;
      // An archive stored as it is can be read in place: its own entries count, one level deeper.
      const inner = entry.method === 0 && /\.zip$/i.test(entry.name) ? storedBytes(bytes, entry) : null;
      if (inner && inner.length >= 22) {
        if (depth + 1 > ZIP_LIMITS.maxDepth) throw new ZipRefusal(ZIP_MESSAGES.nested);
        checkZip(inner, depth + 1);
      }
    }
  }
  // The plainest reason first: the size, then the compression, then the nesting.
  if (declared > ZIP_LIMITS.maxUncompressedBytes) throw new ZipRefusal(ZIP_MESSAGES.tooLarge);
  if (compressed > bytes.length) throw new ZipRefusal(ZIP_MESSAGES.corrupt);
  if (squeezed || (declared > ZIP_LIMITS.ratioFloorBytes && declared / bytes.length > ZIP_LIMITS.maxRatio)) {
    throw new ZipRefusal(ZIP_MESSAGES.ratio);
  }
  if (archives > ZIP_LIMITS.maxNestedArchives) throw new ZipRefusal(ZIP_MESSAGES.nested);
}

/**
 * Why a ZIP is refused, or null: read from its central directory without decompressing anything — too many entries,
 * too large or too compressed once expanded (a "zip bomb"), archives nested in archives, or entry names that climb
 * out of the extraction folder. The sizes are the ones the archive declares: whoever extracts it later must still cap
 * what it writes, as a forged archive can declare less than it holds.
 */
export function zipProblem(bytes: Uint8Array): string | null {
  try {
    checkZip(bytes, 1);
    return null;
  } catch (error) {
    if (error instanceof ZipRefusal) return error.message;
    // Any read past the data is a malformed archive, never a crash.
    if (error instanceof RangeError) return ZIP_MESSAGES.corrupt;
    throw error;
  }
}

/** What is wrong with a file's whole content beyond its first bytes, for the kinds that need it (ZIP), or null. */
export function uploadContentProblem(extension: string, bytes: Uint8Array): string | null {
  return extension === 'zip' ? zipProblem(bytes) : null;
}

/** 1536 → "1,5 KB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} ${units[unit]}`;
}

/* ---------------------------------------------------------------- profile photo */

export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;

/** What a profile photo may be: the image kinds every browser shows, recognised by their first bytes. */
export const PHOTO_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
} as const;
export type PhotoExtension = keyof typeof PHOTO_TYPES;
export const PHOTO_ACCEPT = 'image/png,image/jpeg,image/webp';

export const PHOTO_MESSAGES = {
  missing: 'Escolha uma imagem.',
  empty: 'A imagem está vazia.',
  tooLarge: `A foto passa do limite de ${MAX_PHOTO_BYTES / 1024 / 1024} MB.`,
  unsupported: 'Envie a foto em PNG, JPG ou WEBP.',
} as const;

/** The kind of image in `head` (its first bytes), whatever the file is called; null when it is none of ours. */
export function photoTypeOf(head: Uint8Array): PhotoExtension | null {
  for (const extension of Object.keys(PHOTO_TYPES) as PhotoExtension[]) {
    if (contentMatchesExtension(extension, head)) return extension;
  }
  return null;
}

/** Why a chosen photo cannot be sent, checked in the browser before the upload (the server checks again). */
export function photoProblem(file: { size: number }, head: Uint8Array): string | null {
  if (file.size === 0) return PHOTO_MESSAGES.empty;
  if (file.size > MAX_PHOTO_BYTES) return PHOTO_MESSAGES.tooLarge;
  return photoTypeOf(head) ? null : PHOTO_MESSAGES.unsupported;
}
