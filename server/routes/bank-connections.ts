import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { and, eq, lt } from 'drizzle-orm';
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import type { BankConnection, BankSyncResult } from '@domain';
import { CompanyQuerySchema, CoraCallbackQuerySchema, MAX_PAGE_SIZE } from '@domain';
import type { AppDeps, BankConnectionDeps } from '../deps';
import { authenticate, validCompany } from '../auth/middleware';
import { coraRedirectUri } from '../config';
import type { DbExecutor } from '../db/executor';
import { assertCompanyExists } from '../services/companies';
import { importStatement } from '../db/bank-statements';
import { bankConnections, oauthStates } from '../db/schema';
import { HttpError, badRequest, forbidden, notFound } from '../http/errors';
import { atOwnAddress, ownBaseUrl } from '../http/own-address';
import { json } from '../http/json';
import type { AppEnv } from '../http/types';
import type { CoraTokens } from '../services/cora';
import { CoraError } from '../services/cora';

type ConnectionRow = typeof bankConnections.$inferSelect;

const CONNECTION_NOT_FOUND = 'Conexão bancária não encontrada.';
const STATE_INVALID = 'Autorização inválida ou expirada. Tente conectar de novo.';
/** An authorization not finished within this time must start again. */
const STATE_TTL_MS = 15 * 60_000;
/** The first pull brings this much history; later ones overlap the last sync by a week (dedup keeps it exact). */
const FIRST_SYNC_DAYS = 90;
const OVERLAP_DAYS = 7;
const DAY = 86_400_000;

const connectionIdParam = validator('param', (params: Record<string, string>) => {
  if (!v.is(v.pipe(v.string(), v.uuid()), params.id)) throw notFound(CONNECTION_NOT_FOUND);
  return { id: params.id };
});

function toConnectionDto(row: ConnectionRow): BankConnection {
  return {
    id: row.id,
    companyId: row.companyId,
    provider: row.provider,
    accountId: row.accountId,
    status: row.status,
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A company's bank connection, or 404 (another company's id is answered the same). */
async function connectionOf(db: DbExecutor, companyId: string, id: string): Promise<ConnectionRow> {
  const [row] = await db
    .select()
    .from(bankConnections)
    .where(and(eq(bankConnections.companyId, companyId), eq(bankConnections.id, id)));
  if (!row) throw notFound(CONNECTION_NOT_FOUND);
  return row;
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** Pulls the statement since `from` into the Cora account of the company; one database transaction. */
async function pullStatement(db: DbExecutor, bank: BankConnectionDeps, companyId: string, accessToken: string, from: Date) {
  const transactions = await bank.cora.statement(accessToken, { start: isoDate(from), end: isoDate(new Date()) });
  return importStatement(db, companyId, [
    {
      source: 'cora',
      bankId: '403',
      branchId: '0001',
      accountNumber: 'Conta PJ Cora',
      kind: 'checking',
      currency: 'BRL',
      skipped: 0,
      transactions,
    },
  ]);
}

/** A refusal of Cora as our answer: a pt-BR message, 409 when the person must connect again. */
function coraFailure(error: unknown): never {
  if (error instanceof CoraError) {
    throw new HttpError(error.reauthorize ? 409 : 502, error.reauthorize ? 'conflict' : 'bad_gateway', error.message);
  }
  throw error;
}

/** docs/api.md Bank statements, connections: the Cora authorization-code flow, the connection, and its sync. */
export function bankConnectionsRoutes({ db, identity, bank, features, config }: AppDeps) {
  /**
   * Cora's sign-in at the person's own address of this server: our local stand-in (under PUBLIC_URL) is given, and
   * sends them back, at the address the request came to (http/own-address.ts); a real Cora keeps its registered return.
   */
  const coraAddress = (c: Context<AppEnv>, cora: BankConnectionDeps['cora']) => {
    const base = ownBaseUrl(c.req.url, config.publicUrl);
    const standIn = cora.authorizeUrl('').startsWith(`${config.publicUrl}/`);
    return {
      redirectUri: standIn && base !== config.publicUrl ? coraRedirectUri({ publicUrl: base }) : undefined,
      own: (url: string) => atOwnAddress(url, config.publicUrl, base),
    };
  };
  /** The Cora calls exist only for the people the flag names, and only where Cora is configured. */
  const requireCora = async (c: Context<AppEnv>): Promise<BankConnectionDeps> => {
    if (!bank) throw new HttpError(503, 'unavailable', 'A conexão com a Cora não está configurada neste ambiente.');
    if (!(await features?.flagsFor(c.var.identity.email))?.cora) {
      throw forbidden('A conexão com a Cora ainda não está disponível para sua conta.');
    }
    return bank;
  };

  return new Hono<AppEnv>()
    .use('/bank-statements/connections', authenticate(identity))
    .use('/bank-statements/connections/*', authenticate(identity))
    .get('/bank-statements/connections/oauth/cora', validCompany('query', CompanyQuerySchema), async (c) => {
      const cora = await requireCora(c);
      const { companyId } = c.req.valid('query');
      await assertCompanyExists(db, companyId);
      const state = randomBytes(24).toString('base64url');
      await db.delete(oauthStates).where(lt(oauthStates.createdAt, new Date(Date.now() - STATE_TTL_MS)));
      await db.insert(oauthStates).values({ state, provider: 'cora', companyId, userId: c.var.identity.uid });
      const address = coraAddress(c, cora.cora);
      return json(c, 'GET /bank-statements/connections/oauth/cora', {
        data: { url: address.own(cora.cora.authorizeUrl(state, address.redirectUri)) },
      });
    })
    .post('/bank-statements/connections/oauth/cora', validCompany('query', CoraCallbackQuerySchema), async (c) => {
      const cora = await requireCora(c);
      const { companyId, code, state } = c.req.valid('query');
      // The state is used once, by the person who started, for the same company, within its time (CSRF).
      const [started] = await db.delete(oauthStates).where(eq(oauthStates.state, state)).returning();
      if (
        !started ||
        started.provider !== 'cora' ||
        started.companyId !== companyId ||
        started.userId !== c.var.identity.uid ||
        started.createdAt.getTime() < Date.now() - STATE_TTL_MS
      ) {
        throw badRequest(STATE_INVALID, { state: STATE_INVALID });
      }
      let tokens: CoraTokens;
      let summary;
      try {
        tokens = await cora.cora.exchangeCode(code, coraAddress(c, cora.cora).redirectUri);
        summary = await pullStatement(db, cora, companyId, tokens.accessToken, new Date(Date.now() - FIRST_SYNC_DAYS * DAY));
      } catch (error) {
        coraFailure(error);
      }
      const values = {
        companyId,
        provider: 'cora' as const,
        accountId: summary.accounts[0]?.id ?? null,
        status: 'active' as const,
        accessTokenSealed: cora.tokens.seal(tokens.accessToken),
        refreshTokenSealed: cora.tokens.seal(tokens.refreshToken),
        expiresAt: tokens.expiresAt,
        lastSyncAt: new Date(),
        lastError: null,
        createdBy: c.var.identity.uid,
      };
      const [connection] = await db
        .insert(bankConnections)
        .values(values)
        .onConflictDoUpdate({
          target: [bankConnections.companyId, bankConnections.provider],
          set: { ...values, updatedAt: new Date() },
        })
        .returning();
      const result: BankSyncResult = { connection: toConnectionDto(connection), import: summary };
      return json(c, 'POST /bank-statements/connections/oauth/cora', { data: result }, 201);
    })
    .get('/bank-statements/connections', validCompany('query', CompanyQuerySchema), async (c) => {
      const { companyId } = c.req.valid('query');
      // One per provider and company (a unique index), so never more than a page.
      const rows = await db.select().from(bankConnections).where(eq(bankConnections.companyId, companyId)).limit(MAX_PAGE_SIZE);
      return json(c, 'GET /bank-statements/connections', { data: rows.map(toConnectionDto), total: rows.length });
    })
    .get('/bank-statements/connections/:id', connectionIdParam, validCompany('query', CompanyQuerySchema), async (c) => {
      const { companyId } = c.req.valid('query');
      const row = await connectionOf(db, companyId, c.req.valid('param').id);
      return json(c, 'GET /bank-statements/connections/:id', { data: toConnectionDto(row) });
    })
    .post('/bank-statements/connections/:id/sync', connectionIdParam, validCompany('query', CompanyQuerySchema), async (c) => {
      const cora = await requireCora(c);
      const { companyId } = c.req.valid('query');
      const row = await connectionOf(db, companyId, c.req.valid('param').id);
      try {
        let accessToken = cora.tokens.open(row.accessTokenSealed);
        // A token about to expire is renewed first; the new pair replaces the old one at once.
        if (row.expiresAt.getTime() < Date.now() + 60_000) {
          const renewed = await cora.cora.refresh(cora.tokens.open(row.refreshTokenSealed));
          accessToken = renewed.accessToken;
          await db
            .update(bankConnections)
            .set({
              accessTokenSealed: cora.tokens.seal(renewed.accessToken),
              refreshTokenSealed: cora.tokens.seal(renewed.refreshToken),
              expiresAt: renewed.expiresAt,
            })
            .where(eq(bankConnections.id, row.id));
        }
        const from = row.lastSyncAt
          ? new Date(row.lastSyncAt.getTime() - OVERLAP_DAYS * DAY)
          : new Date(Date.now() - FIRST_SYNC_DAYS * DAY);
        const summary = await pullStatement(db, cora, companyId, accessToken, from);
        const [updated] = await db
          .update(bankConnections)
          .set({
            status: 'active',
            lastSyncAt: new Date(),
            lastError: null,
            accountId: summary.accounts[0]?.id ?? row.accountId,
            updatedAt: new Date(),
          })
          .where(eq(bankConnections.id, row.id))
          .returning();
        const result: BankSyncResult = { connection: toConnectionDto(updated), import: summary };
        return json(c, 'POST /bank-statements/connections/:id/sync', { data: result });
      } catch (error) {
        if (error instanceof CoraError) {
          await db
            .update(bankConnections)
            .set({ status: 'error', lastError: error.message, updatedAt: new Date() })
            .where(eq(bankConnections.id, row.id));
        }
        coraFailure(error);
      }
    });
}
