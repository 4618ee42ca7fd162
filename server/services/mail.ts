import { randomBytes } from 'node:crypto';
import net from 'node:net';
import tls from 'node:tls';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../db/executor';
import { outboxMessages } from '../db/schema';

/**
 * E-mail: every message is kept in `outbox_messages`; with SMTP configured it is also delivered. The local outbox is
 * the default in development and tests (nothing leaves the machine; the team reads it at `GET /api/dev/outbox`).
 */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export type MailTransport = 'outbox' | 'smtp';

export interface SentMail {
  /** The outbox row. */
  id: string;
  transport: MailTransport;
}

export interface MailService {
  readonly transport: MailTransport;
  send(message: MailMessage): Promise<SentMail>;
}

/** The message could not be handed to the SMTP server; the outbox row keeps the reason. */
export class MailDeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MailDeliveryError';
  }
}

export const DEFAULT_MAIL_FROM = 'Contábil <nao-responda@contabil.com.br>';

export interface MailServiceOptions {
  /** The database, or the transaction the message belongs to (so it is kept only if the transaction commits). */
  db: DbExecutor;
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`; none: the local outbox only. */
  smtpUrl?: string;
  /** The sender, `Name <address>`; `?from=` in the SMTP URL works too. */
  from?: string;
}

export function createMailService({ db, smtpUrl, from }: MailServiceOptions): MailService {
  if (!smtpUrl) return createOutboxMail(db);
  const smtp = parseSmtpUrl(smtpUrl);
  return createSmtpMail(db, { ...smtp, from: from || smtp.from });
}

/** Checked before anything is written: an address or subject with a line break would inject headers. */
function assertSendable(message: MailMessage) {
  if (!SIMPLE_ADDRESS.test(message.to)) throw new MailDeliveryError(`Invalid recipient address: ${message.to}`);
  if (/[\r\n]/.test(message.subject)) throw new MailDeliveryError('The subject cannot contain line breaks');
}

const SIMPLE_ADDRESS = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/** Writes a message into the outbox (refused first if it cannot be sent); answers its id. */
async function keepInOutbox(db: DbExecutor, message: MailMessage, transport: 'outbox' | 'smtp', sentAt: Date | null) {
  assertSendable(message);
  const [row] = await db
    .insert(outboxMessages)
    .values({
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      transport,
      sentAt,
    })
    .returning({ id: outboxMessages.id });
  return row.id;
}

/** Kept in the outbox only: the message counts as sent when it is written. */
export function createOutboxMail(db: DbExecutor): MailService {
  return {
    transport: 'outbox',
    async send(message) {
      const id = await keepInOutbox(db, message, 'outbox', new Date());
      return { id, transport: 'outbox' };
    },
  };
}

/** Kept in the outbox and delivered by SMTP; `sentAt` once the server accepted it, `error` when it did not. */
export function createSmtpMail(db: DbExecutor, options: SmtpOptions): MailService {
  return {
    transport: 'smtp',
    async send(message) {
      const id = await keepInOutbox(db, message, 'smtp', null);
      try {
        await deliverSmtp(options, message);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await db
          .update(outboxMessages)
          .set({ error: reason.slice(0, 1000) })
          .where(eq(outboxMessages.id, id));
        throw error instanceof MailDeliveryError ? error : new MailDeliveryError(reason, { cause: error });
      }
      await db.update(outboxMessages).set({ sentAt: new Date(), error: null }).where(eq(outboxMessages.id, id));
      return { id, transport: 'smtp' };
    },
  };
}

export interface SmtpOptions {
  host: string;
  port: number;
  /** TLS from the first byte (smtps); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user?: string;
  password?: string;
  from: string;
  /** Name given in EHLO. */
  clientName?: string;
  timeoutMs?: number;
  /** Extra TLS settings (a test's own certificate authority, say). */
  tls?: tls.ConnectionOptions;
}

export function parseSmtpUrl(value: string): SmtpOptions {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('SMTP_URL must be a URL such as smtp://user:password@smtp.example.com:587');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error('SMTP_URL must start with smtp:// or smtps://');
  if (!url.hostname) throw new Error('SMTP_URL needs a host');
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    user: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    from: url.searchParams.get('from') || DEFAULT_MAIL_FROM,
  };
}

/** "Contábil <a@b.com>" → "a@b.com". */
export function addressOf(mailbox: string): string {
  const match = /<([^<>]+)>\s*$/.exec(mailbox);
  return (match ? match[1] : mailbox).trim();
}

/** RFC 2047 for a header with non-ASCII text. */
function encodeHeader(text: string): string {
  return /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}

function encodeMailbox(mailbox: string): string {
  const match = /^(.*?)\s*<([^<>]+)>\s*$/.exec(mailbox);
  if (!match || !match[1]) return addressOf(mailbox);
  const name = match[1].replace(/^"|"$/g, '');
  return `${/^[\x20-\x7e]*$/.test(name) ? `"${name.replace(/(["\\])/g, '\\$1')}"` : encodeHeader(name)} <${match[2]}>`;
}

/** Base64 in lines of 76 characters (RFC 2045). */
function base64Lines(text: string): string {
  return (
    Buffer.from(text, 'utf8')
      .toString('base64')
      .match(/.{1,76}/g) ?? []
  ).join('\r\n');
}

/** The message as sent: UTF-8 parts in base64, so no line is too long and no charset is lost on the way. */
export function buildMimeMessage(
  message: MailMessage & { from: string },
  options: { date?: Date; messageId?: string } = {},
): string {
  const domain = addressOf(message.from).split('@')[1] ?? 'localhost';
  const messageId = options.messageId ?? `<${randomBytes(12).toString('hex')}@${domain}>`;
  const headers = [
    `From: ${encodeMailbox(message.from)}`,
    `To: ${message.to}`,
    `Subject: ${encodeHeader(message.subject)}`,
    `Date: ${(options.date ?? new Date()).toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: ${messageId}`,
    'MIME-Version: 1.0',
  ];
  const part = (type: string, body: string) =>
    [`Content-Type: ${type}; charset=UTF-8`, 'Content-Transfer-Encoding: base64', '', base64Lines(body)].join('\r\n');
  if (!message.html) return [...headers, part('text/plain', message.text)].join('\r\n');
  const boundary = `=_contabil_${randomBytes(8).toString('hex')}`;
  return [
    ...headers,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    part('text/plain', message.text),
    `--${boundary}`,
    part('text/html', message.html),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

interface Reply {
  code: number;
  lines: string[];
}

/** Reads SMTP replies (multi-line "250-…" up to "250 …") off a socket, one at a time. */
class ReplyReader {
  private buffer = '';
  private lines: string[] = [];
  private waiting: { resolve: (reply: Reply) => void; reject: (error: Error) => void } | null = null;
  private failure: Error | null = null;

  constructor(private socket: net.Socket) {
    this.attach(socket);
  }

  /** After STARTTLS the same conversation continues on the encrypted socket. */
  attach(socket: net.Socket) {
    this.socket.removeAllListeners('data');
    this.socket = socket;
    this.buffer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.drain();
    });
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new MailDeliveryError('The SMTP server closed the connection')));
  }

  private fail(error: Error) {
    this.failure ??= error;
    if (this.waiting) {
      this.waiting.reject(this.failure);
      this.waiting = null;
    }
  }

  private drain() {
    let end: number;
    while ((end = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, end).replace(/\r$/, '');
      this.buffer = this.buffer.slice(end + 1);
      this.lines.push(line);
      if (/^\d{3}(?: |$)/.test(line) && this.waiting) {
        const reply = { code: Number(line.slice(0, 3)), lines: this.lines.map((l) => l.slice(4)) };
        this.lines = [];
        const { resolve } = this.waiting;
        this.waiting = null;
        resolve(reply);
      }
    }
  }

  next(): Promise<Reply> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.drain();
    });
  }
}

function connect(options: SmtpOptions): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = options.secure
      ? tls.connect({
          host: options.host,
          port: options.port,
          servername: net.isIP(options.host) ? undefined : options.host,
          ...options.tls,
        })
      : net.connect({ host: options.host, port: options.port });
    socket.once(options.secure ? 'secureConnect' : 'connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

function upgrade(socket: net.Socket, options: SmtpOptions): Promise<tls.TLSSocket> {
  return new Promise((resolve, reject) => {
    const secure = tls.connect({ socket, servername: net.isIP(options.host) ? undefined : options.host, ...options.tls });
    secure.once('secureConnect', () => resolve(secure));
    secure.once('error', reject);
  });
}

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || host.startsWith('127.');

/** Hands one message to an SMTP server (EHLO, STARTTLS when offered, AUTH PLAIN, MAIL, RCPT, DATA, QUIT). */
export async function deliverSmtp(options: SmtpOptions, message: MailMessage): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  let socket = await connect(options).catch((error: Error) => {
    throw new MailDeliveryError(`Could not reach the SMTP server ${options.host}:${options.port}: ${error.message}`, {
      cause: error,
    });
  });
  const onTimeout = () => socket.destroy(new MailDeliveryError(`The SMTP server did not answer in ${timeoutMs} ms`));
  socket.setTimeout(timeoutMs, onTimeout);
  const reader = new ReplyReader(socket);
  let encrypted = options.secure;

  const expect = async (step: string, accepted: number[]) => {
    const reply = await reader.next();
    if (!accepted.includes(reply.code)) {
      throw new MailDeliveryError(`SMTP ${step} refused: ${reply.code} ${reply.lines.join(' ')}`.trim());
    }
    return reply;
  };
  const command = (line: string, step: string, accepted: number[]) => {
    socket.write(`${line}\r\n`);
    return expect(step, accepted);
  };

  try {
    await expect('greeting', [220]);
    const client = options.clientName ?? 'contabil.local';
    let hello = await command(`EHLO ${client}`, 'EHLO', [250]);
    if (!encrypted && hello.lines.some((line) => /^STARTTLS\b/i.test(line))) {
      await command('STARTTLS', 'STARTTLS', [220]);
      socket.setTimeout(0);
      socket = await upgrade(socket, options);
      socket.setTimeout(timeoutMs, onTimeout);
      reader.attach(socket);
      encrypted = true;
      hello = await command(`EHLO ${client}`, 'EHLO', [250]);
    }
    if (options.user) {
      // Credentials never cross the network in clear; a server on this machine is the only exception.
      if (!encrypted && !isLoopback(options.host)) {
        throw new MailDeliveryError('The SMTP server offers no TLS: credentials are not sent in clear');
      }
      const token = Buffer.from(`\0${options.user}\0${options.password ?? ''}`, 'utf8').toString('base64');
      await command(`AUTH PLAIN ${token}`, 'AUTH', [235]);
    }
    await command(`MAIL FROM:<${addressOf(options.from)}>`, 'MAIL FROM', [250]);
    await command(`RCPT TO:<${message.to}>`, 'RCPT TO', [250, 251]);
    await command('DATA', 'DATA', [354]);
    // Dot-stuffing: a line starting with "." gets another, so it cannot end the message early.
    const body = buildMimeMessage({ ...message, from: options.from }).replace(/^\./gm, '..');
    socket.write(`${body}\r\n.\r\n`);
    await expect('message', [250]);
    socket.write('QUIT\r\n');
    await reader.next().catch(() => undefined);
  } finally {
    socket.setTimeout(0);
    socket.destroy();
  }
}
