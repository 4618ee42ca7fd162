import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MAX_UNPACKED_XML_BYTES, emissionRequestBody, packXml, unpackXml } from '@server/nfse/package';

describe('the API’s gzip + base64 packaging', () => {
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?><DPS xmlns="http://www.sped.fazenda.gov.br/nfse"><x>Ação &amp; café</x></DPS>';

  it('round-trips the XML byte for byte, accents included', () => {
    const packed = packXml(xml);
    expect(packed).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(packed, 'base64').subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // the gzip magic
    expect(unpackXml(packed)).toBe(xml);
  });

  it('is the body of POST /nfse', () => {
    const body = emissionRequestBody(xml);
    expect(Object.keys(body)).toEqual(['dpsXmlGZipB64']);
    expect(unpackXml(body.dpsXmlGZipB64)).toBe(xml);
  });

  it('refuses what is not base64, not gzip, or inflates past the limit', () => {
    expect(() => unpackXml('não é base64!')).toThrow('O conteúdo não está em base64.');
    expect(() => unpackXml(Buffer.from(xml).toString('base64'))).toThrow();
    const bomb = gzipSync(Buffer.alloc(MAX_UNPACKED_XML_BYTES + 1, 0x20)).toString('base64');
    expect(() => unpackXml(bomb)).toThrow();
  });
});
