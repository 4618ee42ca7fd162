import net from 'node:net';
import tls from 'node:tls';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/client';
import { openDatabase } from '@server/db/client';
import { outboxMessages } from '@server/db/schema';
import { MailDeliveryError, buildMimeMessage, createMailService, deliverSmtp, parseSmtpUrl } from '@server/services/mail';

/** A self-signed certificate for 127.0.0.1 (valid until 2126), only for the STARTTLS test below. */
const TEST_CERT = `-----BEGIN CERTIFICATE-----
MIIBmjCCAUGgAwIBAgIUPV49WWZus8s5DHg9kM1iSc3pI3MwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyMzEyMTEwN1oYDzIxMjYxMDMw
MTIxMTA3WjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAS7sh/J/lTblVev9+CSo/b5ik7ID/kTe95iwOtA3C7I9O1WxkM46HSw
FQ0pN+EgBvyARlBTheA+1L0zV+hofAmxo28wbTAdBgNVHQ4EFgQUcHsiroL2NjKF
hCiXWVmS/NrmGfkwHwYDVR0jBBgwFoAUcHsiroL2NjKFhCiXWVmS/NrmGfkwDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARhwR/AAABgglsb2NhbGhvc3QwCgYIKoZI
zj0EAwIDRwAwRAIgRYtYW0hHt9bQNhkYAIwJI7+B4ezXYXehjQydwI9Zw20CIB5C
TmsXp3bqRvy3PZ4zQ58aXb7EHEwXZE0iv8k4Atwc
-----END CERTIFICATE-----`;
const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg26DmyDqF487/HlTC
zAPMttxAlRRPT/5IYcwgwV0ZgqahRANCAAS7sh/J/lTblVev9+CSo/b5ik7ID/kT
e95iwOtA3C7I9O1WxkM46HSwFQ0pN+EgBvyARlBTheA+1L0zV+hofAmx
-----END PRIVATE KEY-----`;

interface Received {
  commands: string[];
  data: string;
  secured: boolean;
}

/** A small SMTP server: EHLO (STARTTLS, AUTH PLAIN), MAIL, RCPT, DATA, QUIT; RCPT answers `rcptCode`. */
async function fakeSmtp(options: { starttls?: boolean; rcptCode?: number } = {}) {
  const received: Received[] = [];
  const server = net.createServer((socket) => {
    const session: Received = { commands: [], data: '', secured: false };
    received.push(session);
    let current: net.Socket = socket;
    let buffer = '';
    let inData = false;
    const reply = (text: string) => current.write(`${text}\r\n`);
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          session.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          reply('250 2.0.0 Ok: queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        session.commands.push(line);
        const verb = line.split(' ')[0].toUpperCase();
        if (verb === 'EHLO') {
          const extensions = [...(options.starttls && !session.secured ? ['STARTTLS'] : []), 'AUTH PLAIN', '8BITMIME'];
          reply(
            ['fake.smtp.test', ...extensions].map((text, i, all) => `250${i === all.length - 1 ? ' ' : '-'}${text}`).join('\r\n'),
          );
        } else if (verb === 'STARTTLS') {
          reply('220 2.0.0 Ready to start TLS');
          current.removeListener('data', onData);
          const secure = new tls.TLSSocket(current, { isServer: true, key: TEST_KEY, cert: TEST_CERT });
          session.secured = true;
          current = secure;
          buffer = '';
          secure.on('data', onData);
          return;
        } else if (verb === 'AUTH') reply('235 2.7.0 Authentication successful');
        else if (verb === 'MAIL') reply('250 2.1.0 Ok');
        else if (verb === 'RCPT')
          reply(options.rcptCode ? `${options.rcptCode} 5.1.1 Recipient address rejected` : '250 2.1.5 Ok');
        else if (verb === 'DATA') {
          reply('354 End data with <CR><LF>.<CR><LF>');
          inData = true;
        } else if (verb === 'QUIT') {
          reply('221 2.0.0 Bye');
          current.end();
          return;
        } else reply('502 5.5.2 Command not recognized');
      }
    };
    socket.on('data', onData);
    socket.on('error', () => {});
    reply('220 fake.smtp.test ESMTP');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The parts of a MIME message: headers, and each body decoded from base64. */
function readMime(raw: string) {
  const [head, ...rest] = raw.split('\r\n\r\n');
  const headers = Object.fromEntries(
    head.split('\r\n').map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 2)]),
  );
  const bodies = [
    ...raw.matchAll(
      /Content-Type: (text\/\w+); charset=UTF-8\r\nContent-Transfer-Encoding: base64\r\n\r\n([A-Za-z0-9+/=\r\n]+)/g,
    ),
  ].map(([, type, data]) => ({ type, text: Buffer.from(data.replace(/\r\n/g, ''), 'base64').toString('utf8') }));
  return { headers, bodies, rest };
}

const decodeWord = (value: string) => {
  const match = /^=\?UTF-8\?B\?(.+)\?=$/.exec(value);
  return match ? Buffer.from(match[1], 'base64').toString('utf8') : value;
};

const message = {
  to: 'maria@exemplo.com.br',
  subject: 'Carlos convidou você para o Contábil',
  text: `Olá, Maria!\n.linha que começa com ponto\n${'x'.repeat(200)}`,
  html: '<p>Olá, <strong>Maria</strong>!</p>',
};

describe('SMTP_URL', () => {
  it('reads host, port, TLS mode, credentials and sender', () => {
    expect(parseSmtpUrl('smtp://apikey:s%40cret@smtp.exemplo.com.br?from=Cont%C3%A1bil%20%3Ca%40b.com%3E')).toEqual({
      host: 'smtp.exemplo.com.br',
      port: 587,
      secure: false,
      user: 'apikey',
      password: 's@cret',
      from: 'Contábil <a@b.com>',
    });
    expect(parseSmtpUrl('smtps://mail.exemplo.com:2465')).toMatchObject({ port: 2465, secure: true, user: undefined });
    expect(() => parseSmtpUrl('http://mail.exemplo.com')).toThrow('smtp://');
    expect(() => parseSmtpUrl('não é url')).toThrow('SMTP_URL');
  });
});

describe('the MIME message', () => {
  it('carries UTF-8 headers and both parts intact, in lines short enough for any server', () => {
    const raw = buildMimeMessage({ ...message, from: 'Contábil <nao-responda@contabil.com.br>' });
    const { headers, bodies } = readMime(raw);
    expect(decodeWord(headers.subject)).toBe(message.subject);
    expect(headers.from).toBe(`${`=?UTF-8?B?${Buffer.from('Contábil').toString('base64')}?=`} <nao-responda@contabil.com.br>`);
    expect(headers.to).toBe('maria@exemplo.com.br');
    expect(headers['content-type']).toMatch(/^multipart\/alternative; boundary="/);
    expect(bodies).toEqual([
      { type: 'text/plain', text: message.text },
      { type: 'text/html', text: message.html },
    ]);
    expect(raw.split('\r\n').every((line) => line.length <= 998)).toBe(true);
    const plain = readMime(buildMimeMessage({ to: message.to, subject: 'Oi', text: 'só texto', from: 'a@b.com' }));
    expect(plain.headers['content-type']).toBe('text/plain; charset=UTF-8');
    expect(plain.bodies).toEqual([{ type: 'text/plain', text: 'só texto' }]);
  });
});

describe('delivery by SMTP', () => {
  it('authenticates and hands the message over', async () => {
    const smtp = await fakeSmtp();
    try {
      await deliverSmtp(
        {
          host: '127.0.0.1',
          port: smtp.port,
          secure: false,
          user: 'eu',
          password: 'segredo',
          from: 'Contábil <n@contabil.com.br>',
        },
        message,
      );
      const [session] = smtp.received;
      expect(session.commands).toEqual([
        'EHLO contabil.local',
        `AUTH PLAIN ${Buffer.from('\0eu\0segredo').toString('base64')}`,
        'MAIL FROM:<n@contabil.com.br>',
        'RCPT TO:<maria@exemplo.com.br>',
        'DATA',
        'QUIT',
      ]);
      expect(readMime(session.data).bodies[0].text).toBe(message.text);
    } finally {
      await smtp.close();
    }
  });

  it('moves to TLS when the server offers STARTTLS, before sending the credentials', async () => {
    const smtp = await fakeSmtp({ starttls: true });
    try {
      await deliverSmtp(
        {
          host: '127.0.0.1',
          port: smtp.port,
          secure: false,
          user: 'eu',
          password: 'segredo',
          from: 'n@contabil.com.br',
          tls: { ca: TEST_CERT },
        },
        message,
      );
      const [session] = smtp.received;
      expect(session.secured).toBe(true);
      expect(session.commands.slice(0, 4)).toEqual([
        'EHLO contabil.local',
        'STARTTLS',
        'EHLO contabil.local',
        `AUTH PLAIN ${Buffer.from('\0eu\0segredo').toString('base64')}`,
      ]);
      expect(readMime(session.data).bodies[1].text).toBe(message.html);
    } finally {
      await smtp.close();
    }
  });

  it('reports a refusal with the server’s answer, and an unreachable server', async () => {
    const smtp = await fakeSmtp({ rcptCode: 550 });
    try {
      await expect(
        deliverSmtp({ host: '127.0.0.1', port: smtp.port, secure: false, from: 'n@contabil.com.br' }, message),
      ).rejects.toThrow('SMTP RCPT TO refused: 550 5.1.1 Recipient address rejected');
    } finally {
      await smtp.close();
    }
    const closed = await fakeSmtp();
    await closed.close();
    await expect(
      deliverSmtp({ host: '127.0.0.1', port: closed.port, secure: false, from: 'n@contabil.com.br' }, message),
    ).rejects.toBeInstanceOf(MailDeliveryError);
  });
});

describe('the mail service', () => {
  let db: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await openDatabase({ kind: 'pglite' }));
  }, 60_000);
  afterAll(() => close?.());

  const row = async (id: string) => (await db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0];

  it('keeps the message in the outbox when no SMTP is configured', async () => {
    const mail = createMailService({ db });
    expect(mail.transport).toBe('outbox');
    const sent = await mail.send(message);
    expect(await row(sent.id)).toMatchObject({
      toAddress: 'maria@exemplo.com.br',
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      transport: 'outbox',
      error: null,
      sentAt: expect.any(Date),
    });
    await expect(mail.send({ ...message, to: 'maria@exemplo.com.br\r\nBcc: x@y.com' })).rejects.toThrow('Invalid recipient');
    await expect(mail.send({ ...message, subject: 'Oi\r\nBcc: x@y.com' })).rejects.toThrow('line breaks');
  });

  it('with SMTP, records when the server accepted it, or why it did not', async () => {
    const smtp = await fakeSmtp();
    const refusing = await fakeSmtp({ rcptCode: 550 });
    try {
      const sent = await createMailService({ db, smtpUrl: `smtp://127.0.0.1:${smtp.port}` }).send(message);
      expect(await row(sent.id)).toMatchObject({ transport: 'smtp', error: null, sentAt: expect.any(Date) });
      expect(smtp.received).toHaveLength(1);

      const before = await db.select().from(outboxMessages);
      await expect(createMailService({ db, smtpUrl: `smtp://127.0.0.1:${refusing.port}` }).send(message)).rejects.toBeInstanceOf(
        MailDeliveryError,
      );
      const failed = (await db.select().from(outboxMessages)).find((r) => !before.some((b) => b.id === r.id))!;
      expect(failed).toMatchObject({ transport: 'smtp', sentAt: null, error: expect.stringContaining('550') });
    } finally {
      await smtp.close();
      await refusing.close();
    }
  });
});
