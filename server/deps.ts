import type { IdentityService } from './auth/identity';
import type { ServerConfig } from './config';
import type { Database } from './db/client';
import type { SecurityOptions } from './http/security';
import type { Logger } from './logger';
import type { CnpjLookup } from './services/cnpj-lookup';
import type { CoraClient } from './services/cora';
import type { FeatureFlagService } from './services/features';
import type { LucaService } from './services/luca';
import type { NfseDeps } from './services/nfse-emission';
import type { PaymentProvider } from './services/payments';
import type { TokenSealer } from './services/secrets';
import type { FileStorage } from './services/storage';
import type { Site } from './site';

/** Bank connections: the Cora client and the sealer of its tokens. */
export interface BankConnectionDeps {
  cora: CoraClient;
  tokens: TokenSealer;
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
  /** `mail`: SMTP or the outbox only (absent: the outbox only). */
  config: Pick<ServerConfig, 'environment' | 'publicUrl'> & Partial<Pick<ServerConfig, 'mail'>>;
  /** Bank connections (Cora) and who may see them; without it those calls answer 503. */
  bank?: BankConnectionDeps;
  /**
   * The national NFS-e system (Sefin Nacional, or the local stand-in) and the sealer of the companies' certificates;
   * without it the emission and the certificate upload answer 503.
   */
  nfse?: NfseDeps;
  /** docs/security.md feature flags: who sees what; every flag off when not given. */
  features?: FeatureFlagService;
  /** The public site (pages, sitemap, short links, the functions API); without it those addresses answer 404. */
  site?: Site;
  /** Security headers, proxies and rate limits; `defaultSecurityOptions(config.publicUrl)` for what is not given. */
  security?: Partial<SecurityOptions>;
  logger: Logger;
}
