import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context, Hono } from 'hono';
import type { PublicConfig } from '@domain';
import { REDIRECTS } from '@domain';
import { CONFIG_PLACEHOLDER, configScript } from './config';
import { CompressedText, sendText } from './http/compression';
import { serveBuildFiles } from './http/static-files';
import type { AppEnv } from './http/types';
import { appRouteMatcher, readAppRoutes } from './spa-routes';

/**
 * Serves the built SPA: hashed assets with a long cache, and for every GET under /app the index.html with the public
 * configuration inlined — with 404 where the app has no page, which the SPA then shows as its own 404.
 */
export function mountSpa(app: Hono<AppEnv>, distDir: string, publicConfig: PublicConfig) {
  const indexFile = join(distDir, 'index.html');
  let template: string;
  try {
    template = readFileSync(indexFile, 'utf8');
  } catch {
    throw new Error(`The SPA is not built (${indexFile} is missing): run "npm run build" first`);
  }
  // The same page for every /app address: each encoding is made once, on first demand.
  const html = new CompressedText(template.replace(CONFIG_PLACEHOLDER, configScript(publicConfig)), 'build');
  // The old addresses count as pages: the SPA's router redirects them, a trailing slash included.
  const isPage = appRouteMatcher([...readAppRoutes(distDir), ...Object.keys(REDIRECTS)]);

  app.use('/assets/*', serveBuildFiles(distDir, { cacheControl: 'public, max-age=31536000, immutable' }));
  // A missing asset (an old build's file) is a 404, never the page: the browser would run HTML as a script.
  app.get('/assets/*', (c) => c.text('Not found', 404));
  // Old addresses answer 301 here too, for visitors and crawlers that run no JavaScript.
  for (const [from, to] of Object.entries(REDIRECTS)) app.get(from, (c) => c.redirect(to, 301));
  // Files of the build (favicon, robots.txt…): only paths that name a file.
  const files = serveBuildFiles(distDir);
  app.use('*', (c, next) => (/\.[a-z0-9]+$/i.test(c.req.path) ? files(c, next) : next()));
  // The app lives under /app (history fallback: the router shows its own 404 there, and the status says so); the
  // public site is rendered by the server, and other addresses are the site's 404.
  const page = (c: Context<AppEnv>) => {
    c.header('Cache-Control', 'no-cache');
    return sendText(c, html, isPage(c.req.path) ? 200 : 404, 'text/html; charset=UTF-8');
  };
  app.get('/app', page);
  app.get('/app/*', page);
}
