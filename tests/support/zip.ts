import { deflateRawSync } from 'node:zlib';

/** One entry of a hand-built ZIP; the declared sizes may lie, as a forged archive's do. */
export interface ZipEntrySpec {
  name: string;
  data?: Uint8Array | string;
  /** `deflate` compresses with node:zlib; `store` keeps the bytes as they are (method 0). */
  method?: 'store' | 'deflate';
  /** Overrides the uncompressed size written in the headers. */
  declaredSize?: number;
  /** Writes the sizes as ZIP64 (0xFFFFFFFF in the headers, the real numbers in the extra field 0x0001). */
  zip64?: boolean;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A ZIP archive written by hand: local headers with their data, the central directory and its end record — what
 * `zip` writes, with room to declare sizes that are not the truth. `prefix` puts bytes before the archive (as a
 * self-extractor has).
 */
export function buildZip(entries: ZipEntrySpec[], options: { prefix?: Uint8Array; comment?: string } = {}): Uint8Array {
  const chunks: Uint8Array[] = [];
  let offset = 0;
  const push = (chunk: Uint8Array) => {
    chunks.push(chunk);
    offset += chunk.length;
  };
  if (options.prefix) push(options.prefix);
  const central: Uint8Array[] = [];
  for (const entry of entries) {
    const data = typeof entry.data === 'string' ? new TextEncoder().encode(entry.data) : (entry.data ?? new Uint8Array());
    const stored = entry.method === 'store';
    const body = stored ? data : new Uint8Array(deflateRawSync(data));
    const name = new TextEncoder().encode(entry.name);
    const size = entry.declaredSize ?? data.length;
    const crc = crc32(data);
    const zip64Extra = entry.zip64 ? new Uint8Array(4 + 16) : new Uint8Array();
    if (entry.zip64) {
      const view = new DataView(zip64Extra.buffer);
      view.setUint16(0, 0x0001, true);
      view.setUint16(2, 16, true);
      view.setBigUint64(4, BigInt(size), true);
      view.setBigUint64(12, BigInt(body.length), true);
    }
    const writtenSize = entry.zip64 ? 0xffffffff : size;
    const writtenCompressed = entry.zip64 ? 0xffffffff : body.length;

    const local = new Uint8Array(30 + name.length + zip64Extra.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, entry.zip64 ? 45 : 20, true);
    lv.setUint16(6, 0x0800, true); // UTF-8 names
    lv.setUint16(8, stored ? 0 : 8, true);
    lv.setUint32(14, crc, true);
    lv.setUint32(18, writtenCompressed, true);
    lv.setUint32(22, writtenSize, true);
    lv.setUint16(26, name.length, true);
    lv.setUint16(28, zip64Extra.length, true);
    local.set(name, 30);
    local.set(zip64Extra, 30 + name.length);
    const localOffset = offset;
    push(local);
    push(body);

    const header = new Uint8Array(46 + name.length + zip64Extra.length);
    const cv = new DataView(header.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 0x031e, true);
    cv.setUint16(6, entry.zip64 ? 45 : 20, true);
    cv.setUint16(8, 0x0800, true);
    cv.setUint16(10, stored ? 0 : 8, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, writtenCompressed, true);
    cv.setUint32(24, writtenSize, true);
    cv.setUint16(28, name.length, true);
    cv.setUint16(30, zip64Extra.length, true);
    cv.setUint32(42, localOffset - (options.prefix?.length ?? 0), true);
    header.set(name, 46);
    header.set(zip64Extra, 46 + name.length);
    central.push(header);
  }
  const directoryOffset = offset;
  for (const header of central) push(header);
  const comment = new TextEncoder().encode(options.comment ?? '');
  const end = new Uint8Array(22 + comment.length);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, offset - directoryOffset, true);
  ev.setUint32(16, directoryOffset - (options.prefix?.length ?? 0), true);
  ev.setUint16(20, comment.length, true);
  end.set(comment, 22);
  push(end);
  const all = new Uint8Array(offset);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return all;
}
