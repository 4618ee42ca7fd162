import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The site's own entry in the Vite build (`vite.config.ts` names it). */
export const SITE_ENTRY = 'src/site/main.ts';

/**
 * What a public page loads: the CSS of its first screen inlined, then — once it is painted — the whole stylesheet and
 * its script, so no request stands before the first paint.
 */
export interface SiteAssets {
  /**
   * The site's CSS, from which each page inlines in a `<style>` the rules of its own first screen
   * (`critical-css.ts`); null when the stylesheets are linked as they are (development).
   */
  inlineCss: string | null;
  /** Stylesheets the page waits for (development, where Vite serves them). */
  stylesheets: string[];
  /** The whole stylesheet, content-hashed and cached for a year: loaded once the page is painted. */
  deferredStylesheets: string[];
  /** Module scripts: fetched at once, run once the page is painted. */
  scripts: string[];
  /** Chunks the entry imports at once, fetched early too. */
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
  const cssFiles = entry.css ?? [];
  const css = cssFiles.map((file) => readFileSync(join(distDir, file), 'utf8')).join('\n');
  const preloads = new Set<string>();
  const visit = (key: string) => {
    for (const imported of manifest[key]?.imports ?? []) {
      if (preloads.has(`/${manifest[imported].file}`)) continue;
      preloads.add(`/${manifest[imported].file}`);
      visit(imported);
    }
  };
  visit(SITE_ENTRY);
  return {
    inlineCss: css,
    stylesheets: [],
    deferredStylesheets: cssFiles.map((file) => `/${file}`),
    scripts: [`/${entry.file}`],
    preloads: [...preloads],
  };
}

/** During `npm run dev` Vite serves the sources with hot reload; the page asks it for them. */
export const devSiteAssets: SiteAssets = {
  inlineCss: null,
  stylesheets: ['/src/site/site.css'],
  deferredStylesheets: [],
  scripts: ['/@vite/client', `/${SITE_ENTRY}`],
  preloads: [],
};
