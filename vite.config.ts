import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { defineConfig, normalizePath } from 'vite';
import { CONFIG_PLACEHOLDER, configScript, loadConfig, publicConfigOf } from './server/config.ts';
import { APP_ROUTES_FILE, appRoutesOfRouteTree } from './server/spa-routes.ts';
import { ROUTE_CHUNKS_ID, routeChunkMap } from './scripts/route-chunks.ts';

const apiPort = Number(process.env.API_PORT ?? 3001);

/** In dev the page gets the same inlined configuration the server injects in production. */
function devAppConfig(): Plugin {
  return {
    name: 'dev-app-config',
    apply: 'serve',
    transformIndexHtml: (html) => html.replace(CONFIG_PLACEHOLDER, configScript(publicConfigOf(loadConfig()))),
  };
}

/** Each build gets an id, baked into the bundle and written to build.json, so a page can tell it is outdated. */
function buildId(): Plugin {
  const id = new Date().toISOString();
  return {
    name: 'build-id',
    config: () => ({ define: { __BUILD_ID__: JSON.stringify(id) } }),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'build.json', source: JSON.stringify({ id }) });
    },
  };
}

/**
 * The app's route patterns, read from the route tree this build bundles (as the router plugin generated it), written
 * to app-routes.json: the server answers 404 for an /app address none of them matches.
 */
function appRoutes(): Plugin {
  let routeTreeFile = '';
  let routes: string[] | undefined;
  return {
    name: 'app-routes',
    apply: 'build',
    // Before the TypeScript is stripped: the patterns are the keys of the tree's FileRoutesByTo interface.
    enforce: 'pre',
    configResolved(config) {
      routeTreeFile = normalizePath(resolve(config.root, 'src/routeTree.gen.ts'));
    },
    transform(code, id) {
      if (id.split('?')[0] === routeTreeFile) routes = appRoutesOfRouteTree(code);
      return null;
    },
    generateBundle() {
      if (!routes) this.error(`${routeTreeFile} was not part of the build: the server could not tell the app's pages`);
      this.emitFile({ type: 'asset', fileName: APP_ROUTES_FILE, source: JSON.stringify({ routes }) });
    },
  };
}

const HEAD_START = 'src/head-start.ts';

/**
 * The app's first script (src/head-start.ts) runs on its own, before the framework has arrived: a second `<script>` of
 * index.html would be bundled into the app's entry, so it is an entry of its own and its tag is written here. Beside
 * it, as data (not run, so outside the Content-Security-Policy's scripts), each page's code: the head start asks for
 * the page's when this browser holds a session (`scripts/route-chunks.ts`).
 */
function headStartScript(): Plugin {
  let root = process.cwd();
  return {
    name: 'head-start-script',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((output) => output.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith(`/${HEAD_START}`));
        const tags: HtmlTagDescriptor[] = [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src: entry ? `/${entry.fileName}` : `/${HEAD_START}` },
            injectTo: 'head',
          },
        ];
        const app = chunks.find((chunk) => chunk.isEntry && chunk.name === 'app');
        if (entry && app) {
          const initial = new Set<string>();
          const visit = (file: string) => {
            if (initial.has(file)) return;
            initial.add(file);
            for (const imported of chunks.find((chunk) => chunk.fileName === file)?.imports ?? []) visit(imported);
          };
          visit(app.fileName);
          visit(entry.fileName);
          const patterns = appRoutesOfRouteTree(readFileSync(resolve(root, 'src/routeTree.gen.ts'), 'utf8'));
          const pages = routeChunkMap(chunks, initial, patterns);
          tags.push({
            tag: 'script',
            attrs: { type: 'application/json', id: ROUTE_CHUNKS_ID },
            children: JSON.stringify(pages).replace(/</g, '\\u003c'),
            injectTo: 'head',
          });
        }
        return tags;
      },
    },
  };
}

export default defineConfig({
  // The router plugin must come before react().
  // The import aliases (@domain, @machines, @server, @/) come from tsconfig.base.json.
  resolve: { tsconfigPaths: true },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader comes in its component's chunk: what the loaders import (their features' queries) would
      // otherwise sit in the route tree every page loads first, the login page's included, and a chunk of its own
      // would cost the customer's pages, which start their queries without waiting for them, a request before the
      // data (docs/decisions/0006-pages-load-their-data-in-loaders.md).
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader', 'component'],
          ['pendingComponent', 'errorComponent', 'notFoundComponent'],
        ],
      },
    }),
    react(),
    tailwindcss(),
    devAppConfig(),
    buildId(),
    appRoutes(),
    headStartScript(),
  ],
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/fn': `http://127.0.0.1:${apiPort}`,
      // The public site is rendered by the API server; the app (/app) and Vite's own files (the app's modules,
      // domain/ and machines/ among them) stay here.
      '^/(?!app(?:[/?]|$)|@|src/|domain/|machines/|node_modules/|favicon\\.svg)': `http://127.0.0.1:${apiPort}`,
    },
  },
  build: {
    // DIST_DIR is where the server reads the SPA (`npm start` builds there).
    outDir: process.env.DIST_DIR || 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The server finds the public site's script and styles (a second, small entry) in the manifest.
    manifest: true,
    rolldownOptions: {
      input: { app: 'index.html', site: 'src/site/main.ts', 'head-start': HEAD_START },
      output: {
        codeSplitting: {
          groups: [
            // The libraries every page of the app runs from its first byte: one file, compressed as one.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|react-query|query-core|store|react-store)|use-sync-external-store|xstate|@xstate[\\/]react|use-isomorphic-layout-effect)[\\/]/,
              priority: 20,
            },
            // Below, the app's own shared code in a few files rather than the dozens of tiny chunks (one per set of
            // screens using a module) the automatic split made: each file costs its own gzip header and dictionary,
            // import lines and preload entries, ~10 KB over a customer's page (bench:bundles prints the effect).
            // What the public site loads must stay out of the app's groups, or its pages would load React.
            {
              // The site's first script needs these; so does the app (and Vite's preload helper, everyone's).
              name: 'site-base',
              test: /[\\/]domain[\\/](constants|slug)\.ts|[\\/]node_modules[\\/]js-cookie[\\/]|vite[\\/]preload-helper/,
              priority: 16,
            },
            {
              // The schemas the site's lead form and every page of the app validate with.
              name: 'forms',
              test: /[\\/](domain[\\/](claims|enums|track|navigation|digits|plans|brazil|users|pagination)\.ts|node_modules[\\/](valibot|@brazilian-utils)[\\/])/,
              priority: 15,
            },
            {
              // What every page of the app runs, the login page included: the session and its company, the API
              // client, the error pages and the first form's fields (their own imports come along). The toasts' and
              // outside pages' helpers are here too: the wizard's group would take them in, and every page with them.
              name: 'boot',
              test: /[\\/](machines[\\/](session|company)\.machine|domain[\\/](dates|validation)\.ts|src[\\/]lib[\\/](session|session-handle|guards|machine-log|live-inspection|test-overrides|toast|external|api[\\/]company-status)\.|src[\\/]components[\\/](ErrorPages|Brand)\.|src[\\/]components[\\/]ui[\\/](Button|Card|Field|TextField|Spinner)\.)/,
              priority: 12,
            },
            {
              // The signed-in frame around every page: menus, company selector, dialogs, badges, pagination.
              name: 'shell',
              test: /[\\/](src[\\/]routes[\\/]app[\\/]-components[\\/]|src[\\/]lib[\\/]company-state\.|src[\\/]components[\\/]ui[\\/](Modal|Badge|usePopup|Pagination)\.|src[\\/]components[\\/]StatusBadge\.|src[\\/]features[\\/]users[\\/]components[\\/]Avatar\.)/,
              priority: 11,
            },
            {
              // What the app's first script (src/head-start.ts) runs before the framework has arrived: the API client
              // with ofetch, the stored session, the session cookies. Nothing here may import React or XState.
              name: 'head-start',
              test: /[\\/](node_modules[\\/](ofetch|destr|ufo)[\\/]|src[\\/]config\.|src[\\/]lib[\\/](head-start|page-shell|stored-session|cookies|api[\\/](call|clients|errors))\.)/,
              priority: 13,
            },
            {
              // The input masks: the site's lead form uses them too, so they stay out of the app's kit below.
              name: 'masks',
              test: /[\\/](src[\\/]lib[\\/]masks\.|node_modules[\\/]maska[\\/])/,
              priority: 14,
            },
            {
              // The masked fields (dates, money, documents): they bring the masks, which a page without a form does not need.
              name: 'fields',
              test: /[\\/]src[\\/]components[\\/]ui[\\/](MaskedField|MoneyField|DateField)\./,
              priority: 10,
            },
            {
              // Uploading a file (the documents, a statement, the team's answer to a request): one file where it is used.
              name: 'uploads',
              test: /[\\/](machines[\\/]upload\.machine|src[\\/]lib[\\/](use-upload|api[\\/](uploader|upload-clients))|src[\\/]components[\\/](UploadStatus|ui[\\/]FileButton))\./,
              priority: 10,
            },
            {
              // The signed-in pages' kit beyond the frame — fields, tables, drawers, formats, icons, the lists' boundary:
              // one file instead of one request each (a page of the customer's made ~20 requests of ~1 KB after the
              // framework, six at a time over HTTP/1.1; docs/performance.md). With them, the field schemas the
              // signed-in areas share (domain/fields.ts), which the login page does not need.
              name: 'kit',
              test: /[\\/](domain[\\/]fields\.ts|src[\\/]components[\\/](QueryBoundary\.|ui[\\/](?!FileButton|choices|WhenVisible|MaskedField|MoneyField|DateField))|src[\\/]lib[\\/](format|form)\.|node_modules[\\/]@heroicons[\\/])/,
              priority: 10,
            },
            {
              // The onboarding wizards' frame and machines (with the step schemas they import), which every step of
              // either wizard runs: one file, not a dozen of 0.2–3.5 KB, each with its own header and import lines.
              // The steps' screens stay one chunk each, loaded when the wizard reaches them.
              name: 'wizard',
              test: /[\\/](src[\\/]features[\\/]onboarding[\\/](wizard|api)\.|src[\\/]features[\\/]onboarding[\\/]components[\\/](Wizard|WizardRoute|TrackProgress|wizard-context|StepCard)\.|machines[\\/](onboarding|companyOpeningWizard\.machine|companyMigrationWizard\.machine)\.)/,
              priority: 10,
            },
            {
              // The bank statement pages' category picker, badge and formats: one file, not three of under 0.6 KB,
              // each with its own header and import lines. Only modules whose imports live in other groups: a group
              // takes in what its modules import, and the API's download helper would bring it to the invoice pages.
              name: 'bank-statements',
              test: /[\\/]src[\\/]features[\\/]bank-statements[\\/](format|components[\\/](CategoryOptions|UncategorizedBadge))\./,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
