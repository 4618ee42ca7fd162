import { describe, expect, it } from 'vitest';
import type { DownloadGrant } from '@server/services/signed-links';
import { SignedLinkError, createSignedLinks } from '@server/services/signed-links';

const links = createSignedLinks('a-test-secret-of-enough-length-for-hmac');
const grant: DownloadGrant = {
  op: 'download',
  key: 'company/8c6d.pdf',
  name: 'Contrato social.pdf',
  companyId: 'company',
  ownerUserId: null,
  exp: Math.floor(Date.now() / 1000) + 300,
  documentId: 'doc-1',
  contentType: 'application/pdf',
};
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function failure(token: string): string | null {
  try {
    links.verify(token, 'download');
    return null;
  } catch (error) {
    return error instanceof SignedLinkError ? error.reason : String(error);
  }
}

describe('signed links', () => {
  it('accept the link as signed', () => {
    expect(links.verify(links.sign(grant), 'download')).toMatchObject({ documentId: 'doc-1', companyId: 'company' });
  });

  it('refuse a signature changed in its last character, even where base64 would decode it to the same bytes', () => {
    const token = links.sign(grant);
    const last = token.at(-1)!;
    const index = ALPHABET.indexOf(last);
    // 32 bytes take 43 characters: the last one carries 4 bits and 2 spare ones, which decoding ignores.
    const sameBytes = [1, 2, 3].map((spare) => ALPHABET[(index & ~3) | spare]).filter((c) => c !== last);
    for (const other of [...sameBytes, last === 'A' ? 'B' : 'A']) {
      expect(failure(token.slice(0, -1) + other), other).toBe('tampered');
    }
  });

  it('refuse a changed grant, a link for the other use and an expired one', () => {
    const [version, body, signature] = links.sign(grant).split('.');
    const altered = Buffer.from(JSON.stringify({ ...grant, companyId: 'other' })).toString('base64url');
    expect(failure(`${version}.${altered}.${signature}`)).toBe('tampered');
    expect(() => links.verify(`${version}.${body}.${signature}`, 'upload')).toThrow(SignedLinkError);
    expect(failure(links.sign({ ...grant, exp: Math.floor(Date.now() / 1000) - 1 }))).toBe('expired');
  });
});
