import { serve } from '@hono/node-server';
import { createApp } from './app';
import type { Logger } from './logger';
import { createFirebaseIdentity } from './auth/firebase';
import { withVerifiedTokenCache } from './auth/token-cache';
import { join } from 'node:path';
import { configScriptBody, coraRedirectUri, isLoopbackHost, publicConfigOf, serviceUrl } from './config';
import { securityOptionsFrom } from './http/security';
import type { DatabaseTarget } from './db/client';
import { StartupError, exitOnStartupFailure, loadStartupConfig, openDatabaseWhenReachable } from './startup';
import { DEMO_LOGINS, DEMO_PASSWORD, ensureDemoIdentities, isDatabaseEmpty, seedDemoData } from './seed/demo';
import { seedReferenceData } from './seed/reference';
import { IMPORT_STALE_MS, undoInterruptedImports } from './db/statement-imports';
import { activityCatalog } from './services/activity-catalog';
import { mountFakes } from './fakes/mount';
import { createBrasilApiLookup } from './services/cnpj-lookup';
import { createMailService } from './services/mail';
import { startEmissionRecovery, startScheduleRunner } from './services/nfs-scheduler';
import { startTaxReminders } from './services/tax-reminders';
import { createCoraClient } from './services/cora';
import { createSandboxPayments } from './services/payments';
import { createTokenSealer } from './services/secrets';
import { createFeatureFlags, remoteConfigSource } from './services/features';
import { createLocalStorage } from './services/storage';
import { builtSiteAssets, devSiteAssets } from './site/assets';
import { buildSite } from './site/setup';
import { mountSpa } from './spa';
import type { ServedStandIn } from './fakes/nfse-stand-in-served';
import { serveNfseStandIn } from './fakes/nfse-stand-in-served';
import { ensureDemoCertificate, seedDemoNfse } from './seed/demo-nfse';
import type { NfseDeps } from './services/nfse-emission';
import { createNfseEmissionService, nfseEnvironmentFor } from './services/nfse-emission';

const logger: Logger = {
  info: (message, ...details) => console.log(message, ...details),
  error: (message, ...details) => console.error(message, ...details),
};

/**
 * STARTUP_TRACE=1: each step of the start with the milliseconds since the process began and the CPU time it used
 * (on a busy machine the second says more than the first; docs/performance.md).
 */
const trace = process.env.STARTUP_TRACE === '1';
const mark = (step: string) => {
  if (!trace) return;
  const { user, system } = process.cpuUsage();
  const cpu = ((user + system) / 1000).toFixed(0).padStart(6);
  logger.info(`[start ${performance.now().toFixed(0).padStart(6)} ms, cpu ${cpu} ms] ${step}`);
};

/** Starts the product: database (migrated and seeded), API, functions API and the built SPA on one port. */
export async function startServer(options: { serveSpa?: boolean } = {}) {
  mark('modules loaded');
  const config = loadStartupConfig();
  for (const warning of config.warnings) logger.error(warning);
  // Each token verified once, then trusted until it expires (at most 5 min): server/auth/token-cache.ts.
  const identity = withVerifiedTokenCache(createFirebaseIdentity(config.firebase));
  // The AWS SDK (~1.5 s to load here) only when S3 is configured.
  const storage = config.s3
    ? (await import('./services/s3-storage')).createS3Storage(config.s3)
    : createLocalStorage(join(config.dataDir, 'files'));
  // The national NFS-e: the real Sefin when NFSE_NACIONAL_URL names it, the local stand-in otherwise (never in
  // production, which loadConfig refuses without the URL: the stand-in issues no real invoice). The stand-in's CA
  // and records live under DATA_DIR, so the demo's certificate and invoices outlive a restart.
  const nfseUrl = config.services.nfseNacionalUrl ?? null;
  const sealer = createTokenSealer(config.tokenEncryptionKey);
  const standIn: ServedStandIn | undefined = nfseUrl ? undefined : await serveNfseStandIn({ dataDir: config.dataDir });
  mark('NFS-e stand-in');
  const signatureAlgorithm = config.services.nfseSignatureAlgorithm;
  const nfse: NfseDeps = standIn
    ? {
        baseUrl: standIn.url,
        parametersUrl: standIn.parametersUrl,
        environment: 'homologation',
        trustedCaPem: [standIn.caCertificatePem],
        sealer,
        signatureAlgorithm,
      }
    : {
        baseUrl: nfseUrl!,
        parametersUrl: config.services.nfseParametersUrl ?? undefined,
        environment: nfseEnvironmentFor(nfseUrl!),
        sealer,
        signatureAlgorithm,
      };
  const demoNfse = standIn && {
    nfse,
    storage,
    logger,
    ca: { issue: standIn.issueCompanyCertificate, issued: standIn.issued },
  };
  const target: DatabaseTarget = config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir };
  const database = await openDatabaseWhenReachable(target, {
    waitSeconds: config.databaseWaitSeconds,
    log: (line) => logger.error(line),
    // Servers started at once on one PostgreSQL take turns to migrate and seed.
    setup: async (db) => {
      mark('database open and migrated');
      if (await seedReferenceData(db)) logger.info('Reference data loaded (CNAE, MEI occupations, municipalities).');
      if (config.seedDemo) {
        if (await isDatabaseEmpty(db)) {
          await seedDemoData(db, identity, { storage, appUrl: config.publicUrl });
          if (demoNfse) await seedDemoNfse(db, demoNfse);
          logger.info('Demo data created.');
        } else {
          if (config.firebase.authEmulatorHost) await ensureDemoIdentities(db, identity);
          if (demoNfse && (await ensureDemoCertificate(db, demoNfse))) {
            logger.info('Demo: the A1 certificate of Mendes Tech was issued again by the local NFS-e CA.');
          }
        }
      }
    },
  });
  mark('reference data and demo checked');
  logger.info(`Database: ${database.engine === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}`);
  // Imports a dead server left half written are undone: on PGlite (this process alone opens its files) every unfinished
  // one; on PostgreSQL, which other servers share, those whose heartbeat stopped.
  const undone = await undoInterruptedImports(database.db, {
    staleMs: database.engine === 'pglite' ? 0 : IMPORT_STALE_MS,
  });
  if (undone) logger.info(`Bank statement imports interrupted by a stop, undone: ${undone}.`);
  logger.info(
    config.s3
      ? `Files: S3 bucket ${config.s3.bucket} at ${config.s3.endpoint ?? `AWS ${config.s3.region}`}`
      : `Files: ${join(config.dataDir, 'files')}`,
  );

  mark('interrupted imports checked');
  const { webhookSecret, apiKey } = config.services.payments;
  // `npm run dev` (no SPA here) lets Vite serve the site's scripts and styles with hot reload.
  const serveSpa = options.serveSpa ?? config.serveSpa;
  const siteAssets = serveSpa ? builtSiteAssets(config.distDir) : devSiteAssets;
  const site = buildSite({ db: database.db, config, assets: siteAssets, logger });
  const publicConfig = publicConfigOf(config);
  const app = createApp({
    site,
    db: database.db,
    identity,
    cnpjLookup: createBrasilApiLookup({ baseUrl: serviceUrl(config, 'brasilapi') }),
    payments: createSandboxPayments({ baseUrl: serviceUrl(config, 'payments'), apiKey, webhookSecret }),
    storage,
    config,
    logger,
    // The pages' own inline script and styles are allowed by hash in the Content-Security-Policy.
    security: securityOptionsFrom(config, {
      appInlineScripts: serveSpa ? [configScriptBody(publicConfig)] : [],
      siteInlineStyles: siteAssets.inlineCss === null ? null : [siteAssets.inlineCss],
    }),
    bank: {
      cora: createCoraClient({
        baseUrl: serviceUrl(config, 'cora'),
        clientId: config.services.cora!.clientId,
        clientSecret: config.services.cora!.clientSecret,
        redirectUri: coraRedirectUri(config),
      }),
      tokens: sealer,
    },
    nfse,
    features: createFeatureFlags({
      defaults: { cora: config.features.coraEmails, panel: config.features.panelEmails },
      // A real Firebase project may hold the audiences in Remote Config; the emulator has none.
      remote: config.firebase.authEmulatorHost ? undefined : remoteConfigSource(config.firebase.projectId),
      onError: (error) => logger.error('Remote Config unavailable; using the configured feature flags', error),
    }),
  });
  mark('app built');
  const fakes = mountFakes(app, config);
  if (fakes.length) logger.info(`Local stand-ins under /fakes: ${fakes.join(', ')}.`);
  logger.info(
    standIn
      ? `NFS-e nacional: the local stand-in at ${standIn.url} (restricted production, its CA and records in ${config.dataDir}).`
      : `NFS-e nacional: ${nfseUrl} (${nfse.environment === 'production' ? 'production' : 'restricted production'}).`,
  );
  if (serveSpa) mountSpa(app, config.distDir, publicConfig);

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
  } catch (error) {
    await database.close();
    if ((error as { code?: string }).code === 'EADDRINUSE') {
      throw new StartupError(`Port ${config.port} on ${config.host} is in use (another instance?): set PORT to a free one.`);
    }
    throw error;
  }
  mark('listening');
  const emissions = createNfseEmissionService({ db: database.db, storage, nfse, logger });
  // Monthly invoices from the schedules; SCHEDULER_DISABLED=1 leaves that to another process.
  const scheduler = config.scheduler.enabled
    ? startScheduleRunner({ db: database.db, logger, intervalMs: config.scheduler.intervalMs, emissions })
    : undefined;
  // Emissions a stopped server left, and retries due: every server sweeps, so any one of them resumes them.
  const recovery = startEmissionRecovery({ emissions, logger, intervalMs: config.nfseRecovery.intervalMs });
  // Tax guides' reminders: every server runs them; each e-mail is claimed by one (docs/taxes.md "Reminders").
  const reminders = startTaxReminders({
    db: database.db,
    mail: createMailService({ db: database.db, ...config.mail }),
    appUrl: config.publicUrl,
    logger,
    intervalMs: config.taxReminders.intervalMs,
  });
  const loopback = isLoopbackHost(config.host);
  const url = `http://${loopback ? 'localhost' : config.host}:${config.port}`;
  logger.info(!serveSpa ? `\nAPI running at ${url}/api` : `\nContábil is running at ${url}`);
  logger.info(
    loopback
      ? `Listening on ${config.host} only (this machine); HOST=0.0.0.0 opens it to the network.`
      : `Listening on ${config.host}:${config.port}.`,
  );
  if (config.seedDemo) {
    logger.info(`Demo logins (password ${DEMO_PASSWORD}):`);
    for (const login of DEMO_LOGINS) logger.info(`  ${login.email.padEnd(20)} ${login.description}`);
  }

  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      // Idle keep-alive connections would otherwise hold the port open.
      if ('closeIdleConnections' in server) server.closeIdleConnections();
    });
    await scheduler?.stop();
    await recovery.stop();
    await reminders.stop();
    await standIn?.close();
    await database.close();
  };
  // Warm-up, once the server answers (docs/performance.md): the activity index is built in memory (~0.3–1.4 s) now, not
  // on the first search someone types. A second later, so that the first requests do not wait behind it. The NFS-e
  // code and schemas load with the first emission instead: ~40 MB a server that never emits does not hold.
  setTimeout(() => {
    if (closing) return;
    void activityCatalog(database.db)
      .then(() => mark('warm-ups done'))
      .catch((error) => closing || logger.error('Could not build the activity index', error));
  }, 1000).unref();
  return { url, close, config };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const running = await startServer().catch(exitOnStartupFailure);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, async () => {
      await running.close();
      process.exit(0);
    });
  }
}
