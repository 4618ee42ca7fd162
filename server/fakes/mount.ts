import type { Hono } from 'hono';
import type { ServerConfig, SiteConfig } from '../config';
import { LOCAL_TAG_MANAGER_SCRIPT } from '../config';
import type { AppEnv } from '../http/types';
import { brasilApiFake } from './brasilapi';
import { coraFake } from './cora';
import { tagManagerFake } from './gtm';
import { paymentsSandboxFake } from './payments';
import { viaCepFake } from './viacep';

/**
 * Mounts, under /fakes, the local stand-ins of the outside services that have no configured URL: the demo and the
 * tests run complete without any account elsewhere. Production configuration names real URLs, so none is mounted.
 */
export function mountFakes(
  app: Hono<AppEnv>,
  config: Pick<ServerConfig, 'services'> & { site?: Pick<SiteConfig, 'tagManager'> },
): string[] {
  const mounted: string[] = [];
  if (!config.services.viaCepUrl) {
    app.route('/fakes/viacep', viaCepFake());
    mounted.push('ViaCEP');
  }
  if (!config.services.cnpjApiUrl) {
    app.route('/fakes/brasilapi', brasilApiFake());
    mounted.push('BrasilAPI (CNPJ)');
  }
  if (!config.services.payments.url) {
    const { apiKey, webhookSecret } = config.services.payments;
    app.route('/fakes/payments', paymentsSandboxFake({ apiKey, webhookSecret }));
    mounted.push('pagamentos (sandbox)');
  }
  if (!config.services.cora?.url) {
    const { clientId, clientSecret } = config.services.cora ?? {
      clientId: 'contabil-sandbox',
      clientSecret: 'sandbox-cora-secret',
    };
    app.route('/fakes/cora', coraFake({ clientId, clientSecret }));
    mounted.push('Cora (sandbox)');
  }
  if (config.site?.tagManager?.scriptUrl === LOCAL_TAG_MANAGER_SCRIPT) {
    app.route('/fakes/gtm', tagManagerFake());
    mounted.push('Google Tag Manager (GTM-DEMO1)');
  }
  return mounted;
}
