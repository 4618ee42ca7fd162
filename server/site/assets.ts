import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The site's own entry in the Vite build (`vite.config.ts` names it). */
export const SITE_ENTRY = 'src/site/main.ts';

/** What a public page loads: its CSS (inlined: one small file, no request that blocks the first paint) and script. */
export interface SiteAssets {
  /** CSS to inline in a `<style>`, or null when it is linked instead (development). */
  inlineCss: string | null;
  stylesheets: string[];
  /** Module scripts, loaded without blocking the page. */
  scripts: string[];
  /** Chunks the entry imports at once, announced early. */
  preloads: string[];
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/** The assets of a production build in `distDir` (its `.vite/manifest.json`). */
export function builtSiteAssets(distDir: string): SiteAssets {
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    throw new Error(`The site is not built (${manifestFile} is missing): run "npm run build" first`);
  }
  const entry = manifest[SITE_ENTRY];
  if (!entry) throw new Error(`The build has no entry ${SITE_ENTRY}`);
  const css = (entry.css ?? []).map((file) => readFileSync(join(distDir, file), 'utf8')).join('\n');
  const preloads = new Set<string>();
  const visit = (key: string) => {
    for (const imported of manifest[key]?.imports ?? []) {
      if (preloads.has(`/${manifest[imported].file}`)) continue;
      preloads.add(`/${manifest[imported].file}`);
      visit(imported);
    }
  };
  visit(SITE_ENTRY);
  return { inlineCss: css, stylesheets: [], scripts: [`/${entry.file}`], preloads: [...preloads] };
}

/** During `npm run dev` Vite serves the sources with hot reload; the page asks it for them. */
export const devSiteAssets: SiteAssets = {
  inlineCss: null,
  stylesheets: ['/src/site/site.css'],
  scripts: ['/@vite/client', `/${SITE_ENTRY}`],
  preloads: [],
};
