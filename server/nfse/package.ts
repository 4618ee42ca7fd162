/**
 * The national API's envelope for documents: the signed XML gzipped and base64-encoded, in JSON
 * (`POST /nfse` takes `{ dpsXmlGZipB64 }`; answers carry `nfseXmlGZipB64`; events take `pedidoRegistroEventoXmlGZipB64`).
 */
import { gunzipSync, gzipSync } from 'node:zlib';

/** The most a packed document may inflate to: a DPS is a few kilobytes, an NFS-e with its DPS a few more. */
export const MAX_UNPACKED_XML_BYTES = 1024 * 1024;

/** UTF-8 bytes of the XML, gzipped, base64 (standard alphabet, with padding). */
export function packXml(xml: string): string {
  return gzipSync(Buffer.from(xml, 'utf8')).toString('base64');
}

/** The XML a gzip+base64 field holds; throws on anything else, and on a document inflating past the limit. */
export function unpackXml(packed: string): string {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(packed.replace(/\s+/g, ''))) throw new Error('O conteúdo não está em base64.');
  const xml = gunzipSync(Buffer.from(packed, 'base64'), { maxOutputLength: MAX_UNPACKED_XML_BYTES });
  return xml.toString('utf8');
}

/** The body of `POST /nfse`: the signed DPS, packed. */
export function emissionRequestBody(signedDpsXml: string): { dpsXmlGZipB64: string } {
  return { dpsXmlGZipB64: packXml(signedDpsXml) };
}
