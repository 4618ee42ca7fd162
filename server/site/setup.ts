import type { Logger } from '../logger';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import type { ContentClient } from '../services/content';
import { createCnaeSearch } from '../services/cnae-search';
import { createContentClient } from '../services/content';
import { createLocalContentClient } from '../services/local-content';
import type { SiteAssets } from './assets';
import { createSiteContent } from './content';
import { createSite } from './index';

/** The content source the configuration names: a Storyblok space, or the project's content folder. */
export function contentClientFor(site: ServerConfig['site']): ContentClient {
  return site.storyblok
    ? createContentClient({ baseUrl: site.storyblok.url, token: site.storyblok.token })
    : createLocalContentClient(site.contentDir);
}

/** The public site as the configuration describes it, over `client` (the configured source unless given). */
export function buildSite(options: {
  db: Database;
  config: Pick<ServerConfig, 'site' | 'publicUrl' | 'publicApiUrl'>;
  assets: SiteAssets;
  logger: Logger;
  client?: ContentClient;
}) {
  const { config, logger } = options;
  const cacheMs = config.site.contentCacheSeconds * 1000;
  const content = createSiteContent(options.client ?? contentClientFor(config.site), {
    cacheMs,
    onInvalid: (story, issues) => logger.error(`Content story ${story.full_slug} left out: ${issues}`),
  });
  return createSite({
    db: options.db,
    searchCnaes: createCnaeSearch(options.db),
    content,
    shell: {
      assets: options.assets,
      publicUrl: config.publicUrl,
      apiUrl: config.publicApiUrl,
      tagManager: config.site.tagManager,
    },
    pageCacheMs: cacheMs,
  });
}
