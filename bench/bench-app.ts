/** What several benchmarks share: the product's app served on a free loopback port, and a generated OFX statement. */
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from '@server/app';
import type { IdentityService } from '@server/auth/identity';
import type { Database } from '@server/db/client';
import { createBrasilApiLookup } from '@server/services/cnpj-lookup';
import { createSandboxPayments } from '@server/services/payments';
import { createLocalStorage } from '@server/services/storage';

/** The app `createApp` builds on `db`, on 127.0.0.1 at a free port. The calls measured reach no outside service. */
export async function serveBenchApp(db: Database, identity: IdentityService) {
  const app = createApp({
    db,
    identity,
    cnpjLookup: createBrasilApiLookup({ baseUrl: 'http://127.0.0.1:9' }),
    payments: createSandboxPayments({ baseUrl: 'http://127.0.0.1:9', apiKey: 'bench', webhookSecret: 'bench' }),
    storage: createLocalStorage(join(tmpdir(), 'contabil-bench-files')),
    config: { environment: 'test', publicUrl: 'http://127.0.0.1' },
    logger: { info() {}, error: console.error },
  });
  return serveOnLoopback(app);
}

/** An app served on 127.0.0.1 at a free port, once it listens. */
export async function serveOnLoopback(app: { fetch: (request: Request) => Response | Promise<Response> }) {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** An OFX statement as Brazilian banks export it (SGML, decimal commas): `count` movements over a year. */
export function ofxStatement(count: number, accountNumber = '12345-6'): string {
  const memos = ['PIX RECEBIDO CLIENTE', 'TARIFA BANCARIA', 'PAGAMENTO BOLETO FORNECEDOR', 'CARTAO DEBITO POSTO', 'PIX ENVIADO'];
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const day = new Date(Date.UTC(2025, 0, 1) + (i % 365) * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
    const cents = ((i * 7919) % 500_000) + 1;
    const amount = `${i % 3 === 0 ? '' : '-'}${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
    lines.push(
      `<STMTTRN>\n<TRNTYPE>OTHER\n<DTPOSTED>${day}100000[-03:BRT]\n<TRNAMT>${amount}\n<FITID>${i}\n<MEMO>${memos[i % memos.length]} ${i % 97}\n</STMTTRN>`,
    );
  }
  return `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>0341<BRANCHID>0001<ACCTID>${accountNumber}<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>20250101<DTEND>20251231\n${lines.join('\n')}\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;
}
