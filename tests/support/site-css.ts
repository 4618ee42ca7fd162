import tailwindcss from '@tailwindcss/vite';
import { build } from 'vite';

/**
 * The public site's stylesheet as the build makes it (Tailwind over the site's sources, minified), for tests that
 * need the real thing rather than a stand-in: built in memory, nothing written.
 */
export async function buildSiteCss(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [tailwindcss()],
    build: { write: false, rolldownOptions: { input: 'src/site/site.css' } },
  });
  const outputs = (Array.isArray(output) ? output : [output]).flatMap((result) => ('output' in result ? result.output : []));
  const css = outputs.find((file) => file.type === 'asset' && file.fileName.endsWith('.css'));
  if (!css || css.type !== 'asset') throw new Error('The site stylesheet was not built');
  return typeof css.source === 'string' ? css.source : new TextDecoder().decode(css.source);
}
