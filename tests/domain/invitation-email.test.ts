import { describe, expect, it } from 'vitest';
import { invitationEmail } from '@domain';

describe('invitation e-mail', () => {
  it('keeps the subject on one line even for a name stored with a line break', () => {
    const mail = invitationEmail({ inviterName: 'Ana\nSilva', inviteeName: 'Rui', link: 'https://contabil.com.br/c/x' });
    expect(mail.subject).toBe('Ana Silva convidou você para o Contábil');
    expect(mail.text).toContain('Olá, Rui!');
    expect(mail.html).toContain('href="https://contabil.com.br/c/x"');
  });

  it('escapes a name in the HTML', () => {
    expect(invitationEmail({ inviterName: '<b>Ana</b>', link: 'https://x.test' }).html).toContain('&lt;b&gt;Ana&lt;/b&gt;');
  });
});
