import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { MAX_OFX_BYTES, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '../domain';
import type { IdentityService } from './auth/identity';
import type { ServerConfig } from './config';
import type { Database } from './db/client';
import type { CnpjLookup } from './services/cnpj-lookup';
import type { PaymentProvider } from './services/payments';
import type { BankConnectionDeps } from './routes/bank-connections';
import { bankConnectionsRoutes } from './routes/bank-connections';
import { featuresRoutes } from './routes/features';
import type { FeatureFlagService } from './services/features';
import type { FileStorage } from './services/storage';
import type { LucaService } from './services/luca';
import type { ErrorBody } from './http/errors';
import { HttpError, notFound } from './http/errors';
import type { AppEnv } from './http/types';
import { adminUsersRoutes } from './routes/admin-users';
import { billingRoutes } from './routes/billing';
import { filesRoutes } from './routes/files';
import { partnersRoutes } from './routes/partners';
import { referralsRoutes } from './routes/referrals';
import { bankStatementsRoutes } from './routes/bank-statements';
import { cnaesRoutes } from './routes/cnaes';
import { companiesRoutes } from './routes/companies';
import { documentsRoutes } from './routes/documents';
import { invoicesRoutes } from './routes/invoices';
import { lucaRoutes } from './routes/luca';
import { ordersRoutes } from './routes/orders';
import { reportsRoutes } from './routes/reports';
import { siteRoutes } from './routes/site';
import { stepsRoutes } from './routes/steps';
import { subscriptionsRoutes } from './routes/subscriptions';
import { usersRoutes } from './routes/users';

export interface Logger {
  info(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}

/** Everything the API needs from outside; `index.ts` wires the real ones, tests their own. */
export interface AppDeps {
  db: Database;
  identity: IdentityService;
  /** The CNPJ lookup (BrasilAPI, or its local fake). */
  cnpjLookup: CnpjLookup;
  /** The payment provider (the local sandbox, or a real one). */
  payments: PaymentProvider;
  storage: FileStorage;
  /** The activity assistant; the local one, built from `db`, when not given. */
  luca?: LucaService;
  config: Pick<ServerConfig, 'environment' | 'publicUrl'>;
  /** Bank connections (Cora) and who may see them; without it those calls answer 503. */
  bank?: BankConnectionDeps;
  /** Spec §6 feature flags: who sees what; every flag off when not given. */
  features?: FeatureFlagService;
  logger: Logger;
}

const JSON_BODY_LIMIT = 1024 * 1024;

/** Errors a database gives while it is unreachable: the request may succeed later. */
function isUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' && ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', '08006', '08001'].includes(code)
  );
}

function errorBody(code: ErrorBody['error']['code'], message: string): ErrorBody {
  return { error: { code, message } };
}

/** The HTTP API: the main API under /api and the functions API under /fn. */
export function createApp(deps: AppDeps) {
  const jsonLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: (c) => c.json(errorBody('payload_too_large', 'O conteúdo enviado passa do limite de 1 MB.'), 413),
  });
  // Uploads may be larger; the upload route checks the file itself too.
  const uploadLimit = bodyLimit({
    maxSize: MAX_UPLOAD_BYTES + 64 * 1024,
    onError: (c) => c.json(errorBody('payload_too_large', UPLOAD_MESSAGES.tooLarge), 413),
  });
  const ofxUploadLimit = bodyLimit({
    maxSize: MAX_OFX_BYTES + 64 * 1024,
    onError: (c) =>
      c.json(
        errorBody(
          'payload_too_large',
          `O arquivo OFX passa do limite de ${MAX_OFX_BYTES / 1024 / 1024} MB. Exporte um período menor.`,
        ),
        413,
      ),
  });
  const api = new Hono<AppEnv>()
    .use((c, next) =>
      !(c.req.header('content-type') ?? '').startsWith('multipart/form-data')
        ? jsonLimit(c, next)
        : c.req.path.endsWith('/bank-statements/ofx/upload')
          ? ofxUploadLimit(c, next)
          : uploadLimit(c, next),
    )
    .get('/health', (c) => c.json({ data: { status: 'ok' } }))
    .route('/', usersRoutes(deps))
    .route('/', companiesRoutes(deps))
    .route('/', cnaesRoutes(deps))
    .route('/', lucaRoutes(deps))
    .route('/', adminUsersRoutes(deps))
    .route('/', stepsRoutes(deps))
    .route('/', ordersRoutes(deps))
    .route('/', documentsRoutes(deps))
    .route('/', subscriptionsRoutes(deps))
    .route('/', invoicesRoutes(deps))
    .route('/', siteRoutes(deps))
    .route('/', reportsRoutes(deps))
    .route('/', bankStatementsRoutes(deps))
    .route('/', bankConnectionsRoutes(deps))
    .route('/', featuresRoutes(deps))
    .route('/', filesRoutes(deps))
    .route('/', billingRoutes(deps))
    .route('/', referralsRoutes(deps))
    .route('/', partnersRoutes(deps))
    .all('*', () => {
      throw notFound('Recurso não encontrado.');
    });

  const functions = new Hono<AppEnv>().all('*', () => {
    throw notFound('Recurso não encontrado.');
  });

  const app = new Hono<AppEnv>();
  app.use(secureHeaders({ contentSecurityPolicy: undefined, crossOriginEmbedderPolicy: false }));
  app.route('/api', api);
  app.route('/fn', functions);

  app.onError((error, c) => {
    if (error instanceof HttpError) return c.json(error.toBody(), error.status);
    if (error instanceof HTTPException) {
      if (error.status === 400) return c.json(errorBody('bad_request', 'O corpo da requisição não é um JSON válido.'), 400);
      if (error.status === 413) return c.json(errorBody('payload_too_large', 'O conteúdo enviado é grande demais.'), 413);
      return c.json(errorBody(error.status === 401 ? 'unauthorized' : 'bad_request', error.message), error.status);
    }
    if (isUnavailable(error)) {
      deps.logger.error('Database unavailable', error);
      return c.json(errorBody('unavailable', 'Serviço temporariamente indisponível. Tente novamente em instantes.'), 503);
    }
    deps.logger.error(`Unhandled error on ${c.req.method} ${c.req.path}`, error);
    return c.json(errorBody('internal', 'Erro interno. Tente novamente em instantes.'), 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
