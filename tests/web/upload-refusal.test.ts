import { describe, expect, it } from 'vitest';
import { uploadRefusal } from '@/lib/api/uploader';

describe('uploadRefusal: what the person reads when an upload is refused', () => {
  it("keeps our API's message", () => {
    const body = JSON.stringify({ error: { code: 'payload_too_large', message: 'O arquivo passa do limite de 10 MB.' } });
    expect(uploadRefusal(413, body)).toMatchObject({ status: 413, message: 'O arquivo passa do limite de 10 MB.' });
  });

  it("says in Portuguese what an S3-compatible store's XML error means", () => {
    const xml = (code: string, message: string) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
    expect(uploadRefusal(400, xml('EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size'))).toMatchObject({
      status: 413,
      message: 'O arquivo passa do limite de 10 MB.',
    });
    expect(uploadRefusal(400, xml('EntityTooSmall', 'Your proposed upload is smaller than the minimum'))).toMatchObject({
      message: 'O arquivo está vazio.',
    });
    expect(uploadRefusal(403, xml('AccessDenied', 'Invalid according to Policy: Policy expired.')).message).toBe(
      'Este link de arquivo expirou. Envie o arquivo de novo.',
    );
    expect(uploadRefusal(403, xml('SignatureDoesNotMatch', 'The request signature…')).message).toBe(
      'Você não tem permissão para acessar isto.',
    );
    expect(uploadRefusal(0, '').message).toMatch(/^Sem conexão/);
  });
});
