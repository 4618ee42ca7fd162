import { createHash, randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { html } from 'hono/html';

/**
 * A local stand-in for Cora's partner API (shapes in shared/reference/external-apis.md): the authorize page a person
 * approves, `POST /oauth/token` (authorization code and refresh token, client credentials in the body or HTTP
 * Basic), and `GET /bank-statement/statement` paged, with short offsets in `createdAt` ("-03"), the counterparty at
 * either level, and a 503 for pages too large — the quirks the real adapter must handle.
 */
export interface CoraFakeOptions {
  clientId: string;
  clientSecret: string;
  /** Access-token lifetime in seconds. */
  expiresIn?: number;
  now?: () => Date;
}

interface Grant {
  redirectUri: string;
  used: boolean;
}

const MAX_PER_PAGE = 200;

/** Deterministic movements of the fake Cora account over the last 120 days. */
function fakeEntries(now: Date) {
  const entries: { id: string; type: 'CREDIT' | 'DEBIT'; amount: number; createdAt: string; [field: string]: unknown }[] = [];
  const clients = ['PADARIA PAO DOURADO LTDA', 'ESTUDIO AURORA DESIGN', 'CLINICA VIDA PLENA'];
  for (let back = 120; back >= 0; back -= 3) {
    const day = new Date(now.getTime() - back * 86_400_000);
    const date = day.toISOString().slice(0, 10);
    const n: number = entries.length;
    const credit = n % 3 === 0;
    const amount = credit ? 150_000 + (n % 7) * 12_345 : 2_990 + (n % 5) * 4_321;
    const counterParty = credit
      ? { name: clients[n % clients.length], identity: '11222333000181' }
      : { name: n % 2 ? 'POSTO IPIRANGA' : 'AMAZON WEB SERVICES', identity: '33000167000101' };
    const transaction = {
      id: `trx-${date}-${n}`,
      type: credit ? 'PIX' : 'BOLETO',
      description: credit ? `Pix recebido de ${counterParty.name}` : `Pagamento ${counterParty.name}`,
    };
    entries.push({
      id: `ent_${createHash('sha1').update(`${date}|${n}`).digest('hex').slice(0, 16)}`,
      type: credit ? 'CREDIT' : 'DEBIT',
      amount,
      // Cora's short offset, which `Date` refuses.
      createdAt: `${date}T10:${String(n % 60).padStart(2, '0')}:00-03`,
      transaction: n % 2 ? { ...transaction, counterParty } : transaction,
      ...(n % 2 ? {} : { counterParty }),
    });
  }
  return entries;
}

export function coraFake(options: CoraFakeOptions) {
  const now = options.now ?? (() => new Date());
  const codes = new Map<string, Grant>();
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Set<string>();

  const issueTokens = () => {
    const access = randomBytes(24).toString('base64url');
    const refresh = randomBytes(24).toString('base64url');
    const expiresIn = options.expiresIn ?? 3600;
    accessTokens.set(access, now().getTime() + expiresIn * 1000);
    refreshTokens.add(refresh);
    return { access_token: access, refresh_token: refresh, token_type: 'Bearer', expires_in: expiresIn };
  };

  const clientOf = (authorization: string | undefined, body: Record<string, string>) => {
    if (authorization?.startsWith('Basic ')) {
      const [id, secret] = Buffer.from(authorization.slice(6), 'base64').toString().split(':');
      return { id, secret };
    }
    return { id: body.client_id, secret: body.client_secret };
  };

  return new Hono()
    .get('/oauth/authorize', (c) => {
      const { client_id: clientId, redirect_uri: redirectUri, state, response_type: responseType, scopes } = c.req.query();
      if (clientId !== options.clientId || responseType !== 'code' || !redirectUri || !state) {
        return c.text('invalid_request: client_id, response_type=code, redirect_uri and state are required', 400);
      }
      const code = randomBytes(16).toString('base64url');
      codes.set(code, { redirectUri, used: false });
      const approve = new URL(redirectUri);
      approve.searchParams.set('code', code);
      approve.searchParams.set('state', state);
      const deny = new URL(redirectUri);
      deny.searchParams.set('error', 'access_denied');
      deny.searchParams.set('state', state);
      return c.html(
        html`<!doctype html>
          <html lang="pt-BR">
            <head>
              <meta charset="utf-8" />
              <meta name="viewport" content="width=device-width, initial-scale=1" />
              <title>Cora (ambiente de testes) — Autorizar acesso</title>
              <style>
                body {
                  font-family: system-ui, sans-serif;
                  background: #fdf2f4;
                  margin: 0;
                  padding: 2rem 1rem;
                  color: #1f2937;
                }
                main {
                  max-width: 28rem;
                  margin: auto;
                  background: #fff;
                  border-radius: 1rem;
                  padding: 2rem;
                  box-shadow: 0 1px 4px #0002;
                }
                .sandbox {
                  background: #fef3c7;
                  color: #92400e;
                  padding: 0.5rem 0.75rem;
                  border-radius: 0.5rem;
                  font-size: 0.875rem;
                }
                a {
                  display: block;
                  text-align: center;
                  margin-top: 1rem;
                  padding: 0.75rem;
                  border-radius: 0.5rem;
                  text-decoration: none;
                }
                .approve {
                  background: #fe3e6d;
                  color: #fff;
                  font-weight: 600;
                }
                .deny {
                  color: #374151;
                  border: 1px solid #d1d5db;
                }
              </style>
            </head>
            <body>
              <main>
                <p class="sandbox" role="note">Ambiente de testes: nenhuma conta real é acessada.</p>
                <h1>Cora</h1>
                <p>O Contábil quer acessar o extrato da sua conta PJ (${scopes ?? 'extrato'}).</p>
                <a class="approve" href="${approve.toString()}">Autorizar acesso</a>
                <a class="deny" href="${deny.toString()}">Não autorizar</a>
              </main>
            </body>
          </html>`,
      );
    })
    .post('/oauth/token', async (c) => {
      const body = (await c.req.parseBody()) as Record<string, string>;
      const client = clientOf(c.req.header('authorization'), body);
      if (client.id !== options.clientId || client.secret !== options.clientSecret) {
        return c.json({ error: 'invalid_client' }, 401);
      }
      if (body.grant_type === 'authorization_code') {
        const grant = codes.get(body.code);
        if (!grant || grant.used || grant.redirectUri !== body.redirect_uri) return c.json({ error: 'invalid_grant' }, 400);
        grant.used = true;
        return c.json(issueTokens());
      }
      if (body.grant_type === 'refresh_token') {
        if (!refreshTokens.delete(body.refresh_token)) return c.json({ error: 'invalid_grant' }, 400);
        return c.json(issueTokens());
      }
      return c.json({ error: 'unsupported_grant_type' }, 400);
    })
    .get('/bank-statement/statement', (c) => {
      const token = c.req.header('authorization')?.replace(/^Bearer /, '') ?? '';
      const expiresAt = accessTokens.get(token);
      if (!expiresAt || expiresAt < now().getTime()) return c.json({ code: 'UNAUTHORIZED', message: 'Invalid token' }, 401);
      const { start, end } = c.req.query();
      const page = Number(c.req.query('page') ?? 1);
      const perPage = Number(c.req.query('perPage') ?? 20);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(start ?? '') || !/^\d{4}-\d{2}-\d{2}$/.test(end ?? '')) {
        return c.json({ code: 'BAD_REQUEST', message: 'start and end are required (YYYY-MM-DD)' }, 400);
      }
      // Large pages time out upstream, as the real API does.
      if (perPage > MAX_PER_PAGE) return c.json({ code: 'SERVICE_UNAVAILABLE', message: 'Try a smaller page' }, 503);
      const all = fakeEntries(now()).filter((e) => e.createdAt.slice(0, 10) >= start && e.createdAt.slice(0, 10) <= end);
      const entries = all.slice((page - 1) * perPage, page * perPage);
      return c.json({
        start: { date: start, balance: 1_000_000 },
        end: { date: end, balance: 1_000_000 + all.reduce((s, e) => s + (e.type === 'CREDIT' ? e.amount : -e.amount), 0) },
        entries,
        totalItems: all.length,
        totalPages: Math.max(1, Math.ceil(all.length / perPage)),
      });
    });
}
