import type { ImportedTransaction } from '../db/bank-statements';

/** Cora's partner API: the authorization-code flow and the statement (facts in shared/reference/external-apis.md). */
export interface CoraClient {
  /** `redirectUri`: where Cora sends the person back, when not the configured one (the same in `exchangeCode`). */
  authorizeUrl(state: string, redirectUri?: string): string;
  exchangeCode(code: string, redirectUri?: string): Promise<CoraTokens>;
  refresh(refreshToken: string): Promise<CoraTokens>;
  statement(accessToken: string, range: { start: string; end: string }): Promise<ImportedTransaction[]>;
}

export interface CoraTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
}

export interface CoraOptions {
  /** https://api.cora.com.br (stage: https://api.stage.cora.com.br), or the local fake. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Where Cora sends the person back: the SPA's /app/auth/cora/callback. */
  redirectUri: string;
  fetch?: typeof fetch;
  perPage?: number;
  now?: () => Date;
}

/** A refusal or failure of Cora, with a message a person can read. */
export class CoraError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The token is no longer valid: the person must connect again. */
    readonly reauthorize = false,
  ) {
    super(message);
  }
}

const SCOPES = 'statement';
const RETRIES = 3;
const TIMEOUT_MS = 20_000;

interface CoraEntry {
  id: string;
  type: 'CREDIT' | 'DEBIT';
  amount: number;
  createdAt: string;
  transaction?: { id?: string; type?: string; description?: string; counterParty?: { name?: string; identity?: string } };
  counterParty?: { name?: string; identity?: string };
}

/**
 * The calendar date of a Cora timestamp as São Paulo sees it. Cora writes short offsets ("-03") that `Date` refuses:
 * complete them ("-03:00") first.
 */
export function coraDate(createdAt: string): string {
  const normalized = createdAt.replace(/([+-]\d{2})$/, '$1:00').replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const date = new Date(normalized);
  if (Number.isNaN(date.getTime())) return createdAt.slice(0, 10);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(date);
}

/** A Cora entry as a movement: signed centavos, the counterparty (at either level) in the description. */
export function movementOf(entry: CoraEntry): ImportedTransaction {
  const counterParty = entry.counterParty ?? entry.transaction?.counterParty;
  const description =
    entry.transaction?.description?.trim() || counterParty?.name || (entry.type === 'CREDIT' ? 'Crédito' : 'Débito');
  return {
    externalId: entry.id,
    postedOn: coraDate(entry.createdAt),
    amountCents: entry.type === 'DEBIT' ? -Math.abs(entry.amount) : Math.abs(entry.amount),
    description,
    memo: counterParty?.name && !description.includes(counterParty.name) ? counterParty.name : null,
    type: entry.transaction?.type ?? entry.type,
  };
}

export function createCoraClient(options: CoraOptions): CoraClient {
  const fetchFn = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  const now = options.now ?? (() => new Date());

  async function token(body: Record<string, string>): Promise<CoraTokens> {
    let response: Response;
    try {
      response = await fetchFn(`${base}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ ...body, client_id: options.clientId, client_secret: options.clientSecret }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new CoraError('Não foi possível falar com a Cora agora. Tente novamente em instantes.', 503);
    }
    if (response.status === 400 || response.status === 401) {
      throw new CoraError('A autorização da Cora expirou ou já foi usada. Conecte a conta novamente.', 400, true);
    }
    if (!response.ok) throw new CoraError('A Cora não respondeu como esperado. Tente novamente em instantes.', 502);
    const json = (await response.json()) as { access_token: string; refresh_token: string; expires_in: number };
    return {
      accessToken: json.access_token,
      refreshToken: json.refresh_token,
      expiresAt: new Date(now().getTime() + (json.expires_in ?? 3600) * 1000),
    };
  }

  async function page(accessToken: string, range: { start: string; end: string }, n: number, perPage: number) {
    const url = `${base}/bank-statement/statement?start=${range.start}&end=${range.end}&page=${n}&perPage=${perPage}`;
    for (let attempt = 0; ; attempt++) {
      let response: Response | undefined;
      try {
        response = await fetchFn(url, {
          headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch {
        response = undefined;
      }
      if (response?.ok) return (await response.json()) as { entries: CoraEntry[]; totalPages?: number; totalItems?: number };
      if (response?.status === 401)
        throw new CoraError('A Cora não aceitou mais o acesso. Conecte a conta novamente.', 401, true);
      // 503/504 on large pages and network errors: wait a little and try again.
      if (attempt >= RETRIES || (response && ![429, 502, 503, 504].includes(response.status))) {
        throw new CoraError('A Cora não entregou o extrato agora. Tente sincronizar novamente em instantes.', 502);
      }
      await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
    }
  }

  return {
    authorizeUrl(state, redirectUri = options.redirectUri) {
      const url = new URL(`${base}/oauth/authorize`);
      url.searchParams.set('client_id', options.clientId);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('redirect_uri', redirectUri);
      // Cora's parameter is "scopes", plural.
      url.searchParams.set('scopes', SCOPES);
      url.searchParams.set('state', state);
      return url.toString();
    },
    exchangeCode: (code, redirectUri = options.redirectUri) =>
      token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
    refresh: (refreshToken) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    async statement(accessToken, range) {
      const perPage = options.perPage ?? 100;
      const movements: ImportedTransaction[] = [];
      for (let n = 1; n <= 1000; n++) {
        const answer = await page(accessToken, range, n, perPage);
        movements.push(...answer.entries.map(movementOf));
        const lastPage = answer.totalPages ?? (answer.entries.length < perPage ? n : n + 1);
        if (n >= lastPage || answer.entries.length === 0) break;
      }
      return movements;
    },
  };
}
