import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vite';
import { CONFIG_PLACEHOLDER, configScript, loadConfig, publicConfigOf } from './server/config.ts';

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

export default defineConfig({
  // The router plugin must come before react().
  // The import aliases (@domain, @machines, @server, @/) come from tsconfig.base.json.
  resolve: { tsconfigPaths: true },
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss(), devAppConfig(), buildId()],
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
    outDir: 'dist',
    sourcemap: true,
    // The server finds the public site's script and styles (a second, small entry) in the manifest.
    manifest: true,
    rollupOptions: { input: { app: 'index.html', site: 'src/site/main.ts' } },
  },
});
