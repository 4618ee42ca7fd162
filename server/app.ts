import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { MAX_OFX_BYTES, MAX_PHOTO_BYTES, MAX_UPLOAD_BYTES, PHOTO_MESSAGES, UNAVAILABLE_MESSAGE, UPLOAD_MESSAGES } from '@domain';
import { withDatabaseClaims } from './auth/database-claims';
import type { AppDeps } from './deps';
import { HEAD_SCRIPT } from './site/document';
import { isDatabaseUnavailable, pgErrorOf } from './db/client';
import { bankConnectionsRoutes } from './routes/bank-connections';
import { featuresRoutes } from './routes/features';
import { healthRoutes } from './routes/health';
import { compression } from './http/compression';
import type { ErrorBody } from './http/errors';
import { httpErrorOf, notFound } from './http/errors';
import { rateLimiter } from './http/rate-limit';
import type { SecurityOptions } from './http/security';
import { defaultSecurityOptions, securityHeaders } from './http/security';
import type { AppEnv } from './http/types';
import { adminUsersRoutes } from './routes/admin-users';
import { billingRoutes } from './routes/billing';
import { filesRoutes } from './routes/files';
import { partnersRoutes } from './routes/partners';
import { referralsRoutes } from './routes/referrals';
import { bankStatementsRoutes } from './routes/bank-statements';
import { cnaesRoutes } from './routes/cnaes';
import { toolsRoutes } from './routes/tools';
import { companiesRoutes } from './routes/companies';
import { documentsRoutes } from './routes/documents';
import { invoicesRoutes } from './routes/invoices';
import { fiscalProfilesRoutes } from './routes/fiscal-profiles';
import { nfseRoutes } from './routes/nfse';
import { lucaRoutes } from './routes/luca';
import { ordersRoutes } from './routes/orders';
import { reportsRoutes } from './routes/reports';
import { obligationsRoutes } from './routes/obligations';
import { siteRoutes } from './routes/site';
import { stepsRoutes } from './routes/steps';
import { subscriptionsRoutes } from './routes/subscriptions';
import { EMAIL_TAKEN, usersRoutes } from './routes/users';
import { CNPJ_TAKEN } from './services/onboarding';

const JSON_BODY_LIMIT = 1024 * 1024;

function errorBody(code: ErrorBody['error']['code'], message: string): ErrorBody {
  return { error: { code, message } };
}

/** Unique indexes a request can run into when two of them race past the route's own check. */
const UNIQUE_MESSAGES: Record<string, string> = { companies_cnpj_key: CNPJ_TAKEN, users_email_key: EMAIL_TAKEN };

/**
 * What the database refuses of a request's data when a route let it through unchecked: a missing referenced row
 * (23503), a row that exists already (23505: two requests raced past the route's check), a value out of range or of
 * the wrong form (class 22), a limit of the engine (54000). The user typed it, so it is never a 500; the routes check
 * first, and this is the net under them.
 */
function refusedInput(error: unknown): { status: 400 | 404 | 409; body: ErrorBody } | null {
  const { code, constraint } = pgErrorOf(error);
  if (code === '23503') return { status: 404, body: errorBody('not_found', 'Não encontramos um dos registros indicados.') };
  if (code === '23505') {
    const message = (constraint && UNIQUE_MESSAGES[constraint]) ?? 'Este registro já existe. Atualize a página e confira.';
    return { status: 409, body: errorBody('conflict', message) };
  }
  if (code?.startsWith('22') || code === '54000') {
    return { status: 400, body: errorBody('bad_request', 'Um dos valores enviados não é aceito. Confira os dados.') };
  }
  return null;
}

/** The HTTP API: the main API under /api and the functions API under /fn. */
export function createApp(appDeps: AppDeps) {
  const security: SecurityOptions = { ...defaultSecurityOptions(appDeps.config.publicUrl), ...appDeps.security };
  // Every route sees the identity whose roles and companies come from the database, not from the token.
  const deps: AppDeps = {
    ...appDeps,
    identity: withDatabaseClaims(appDeps.identity, appDeps.db, {
      onError: (message, error) => appDeps.logger.error(message, error),
    }),
  };
  // Counted in the database, so every server process on it shares one count.
  const limited = (limit: keyof SecurityOptions['rateLimits'], message: (wait: string) => string) =>
    rateLimiter({
      limit: security.rateLimits[limit],
      trustProxy: security.trustProxy,
      methods: ['POST'],
      message,
      name: limit,
      db: appDeps.db,
    });
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
  // A photo has its own, smaller limit: the message must say its number, not the documents'.
  const photoLimit = bodyLimit({
    maxSize: MAX_PHOTO_BYTES + 64 * 1024,
    onError: (c) => c.json(errorBody('payload_too_large', PHOTO_MESSAGES.tooLarge), 413),
  });
  const api = new Hono<AppEnv>()
    // GET and HEAD carry no body: nothing to limit, and reading for one would cost every list call.
    .use((c, next) =>
      c.req.method === 'GET' || c.req.method === 'HEAD'
        ? next()
        : !(c.req.header('content-type') ?? '').startsWith('multipart/form-data')
          ? jsonLimit(c, next)
          : c.req.path.endsWith('/bank-statements/ofx/upload')
            ? ofxUploadLimit(c, next)
            : /\/users\/[^/]+\/photo$/.test(c.req.path)
              ? photoLimit(c, next)
              : uploadLimit(c, next),
    )
    .route('/', healthRoutes(deps))
    // Public calls that create something: a ceiling per address against scripts (signup makes a sign-in account).
    .use(
      '/users',
      limited('signup', (wait) => `Muitos cadastros feitos deste endereço em pouco tempo. Tente novamente ${wait}.`),
    )
    .use(
      '/leads',
      limited('leads', (wait) => `Muitos contatos enviados deste endereço em pouco tempo. Tente novamente ${wait}.`),
    )
    .route('/', usersRoutes(deps))
    .route('/', companiesRoutes(deps))
    .route('/', cnaesRoutes(deps))
    .route('/', toolsRoutes())
    .route('/', lucaRoutes(deps))
    .route('/', adminUsersRoutes(deps))
    .route('/', stepsRoutes(deps))
    .route('/', ordersRoutes(deps))
    .route('/', documentsRoutes(deps))
    .route('/', subscriptionsRoutes(deps))
    .route('/', invoicesRoutes(deps))
    .route('/', nfseRoutes(deps))
    .route('/', fiscalProfilesRoutes(deps))
    .route('/', siteRoutes(deps))
    .route('/', reportsRoutes(deps))
    .route('/', obligationsRoutes(deps))
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

  const functions = new Hono<AppEnv>();
  if (deps.site) functions.route('/', deps.site.functions);
  functions.all('*', () => {
    throw notFound('Recurso não encontrado.');
  });

  const app = new Hono<AppEnv>();
  // The public site's head script is the site's own: allowed by hash wherever the site is mounted.
  app.use(securityHeaders({ ...security, content: { ...security.content, siteInlineScripts: [HEAD_SCRIPT] } }));
  // Inside the security headers, so they are set on the compressed answer too.
  app.use(compression());
  app.route('/api', api);
  app.route('/fn', functions);
  if (deps.site) {
    const { site } = deps;
    app.route('/', site.app);
    // Any other address is the site's 404 page (the app's own addresses are under /app, served by the SPA).
    app.notFound((c) =>
      c.req.method === 'GET' || c.req.method === 'HEAD'
        ? site.notFoundResponse(c)
        : c.json(errorBody('not_found', 'Recurso não encontrado.'), 404),
    );
  }

  app.onError((error, c) => {
    const refusal = httpErrorOf(error);
    if (refusal) return c.json(refusal.toBody(), refusal.status);
    if (error instanceof HTTPException) {
      if (error.status === 400) return c.json(errorBody('bad_request', 'O corpo da requisição não é um JSON válido.'), 400);
      if (error.status === 413) return c.json(errorBody('payload_too_large', 'O conteúdo enviado é grande demais.'), 413);
      return c.json(errorBody(error.status === 401 ? 'unauthorized' : 'bad_request', error.message), error.status);
    }
    const refused = refusedInput(error);
    if (refused) {
      deps.logger.error(`Database refused the input of ${c.req.method} ${c.req.path}`, error);
      return c.json(refused.body, refused.status);
    }
    if (isDatabaseUnavailable(error)) {
      deps.logger.error('Database unavailable', error);
      return c.json(errorBody('unavailable', UNAVAILABLE_MESSAGE), 503);
    }
    deps.logger.error(`Unhandled error on ${c.req.method} ${c.req.path}`, error);
    return c.json(errorBody('internal', 'Erro interno. Tente novamente em instantes.'), 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
