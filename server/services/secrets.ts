import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** Seals bank tokens at rest with AES-256-GCM: a leaked database row reveals nothing without the key. */
export interface TokenSealer {
  seal(plain: string): string;
  open(sealed: string): string;
}

/** Any passphrase (TOKEN_ENCRYPTION_KEY) becomes a 256-bit key. */
export function createTokenSealer(passphrase: string): TokenSealer {
  const key = createHash('sha256').update(passphrase).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !data) throw new Error('Unknown sealed token format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
