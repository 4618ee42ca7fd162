/**
 * `npm run build` (after the SPA): one SVG per machine of machines/ in docs/machines/, drawn from the machine's own
 * definition by the same code as the statechart page (/app/dev/machines), laid out by ELK — docs/machines.md shows them.
 * tests/web/statechart-svgs.test.ts fails when a machine changed and its drawing was not written again.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Measure } from '@/features/statecharts/layout';
import { FONT, layoutStatechart } from '@/features/statecharts/layout';
import { isMachine, readStatechart } from '@/features/statecharts/statechart';
import { StatechartSvg } from '@/features/statecharts/components/StatechartView';

const ROOT = join(import.meta.dirname, '..', '..');
export const SVG_DIR = join(ROOT, 'docs', 'machines');

/** Widths of a sans-serif font's characters, in ems, without a browser to measure them. */
function em(char: string): number {
  if ("iljI.,:;|!'’ ".includes(char)) return 0.3;
  if ('mwMW@'.includes(char)) return 0.85;
  if (/[A-Z0-9#{}]/.test(char)) return 0.66;
  return 0.55;
}
const measure: Measure = (text, font) => [...text].reduce((width, char) => width + em(char) * FONT[font].size, 0);

/** Each machine file's machines as SVG documents, by name (`session`, or `file:export` when a file has several). */
export async function machineSvgs(): Promise<Map<string, string>> {
  const svgs = new Map<string, string>();
  const elk = new ELK();
  const files = readdirSync(join(ROOT, 'machines'))
    .filter((file) => file.endsWith('.machine.ts'))
    .sort();
  for (const file of files) {
    const module = (await import(pathToFileURL(join(ROOT, 'machines', file)).href)) as Record<string, unknown>;
    const machines = Object.entries(module).filter(([, value]) => isMachine(value));
    for (const [exportName, machine] of machines) {
      const chart = readStatechart(machine as Parameters<typeof readStatechart>[0]);
      const layout = await layoutStatechart(chart, elk, measure);
      const name = file.replace(/\.machine\.ts$/, '') + (machines.length > 1 ? `-${exportName}` : '');
      svgs.set(
        name,
        `<?xml version="1.0" encoding="UTF-8"?>\n${renderToStaticMarkup(<StatechartSvg layout={layout} title={exportName} />)}\n`,
      );
    }
  }
  return svgs;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  mkdirSync(SVG_DIR, { recursive: true });
  const svgs = await machineSvgs();
  for (const [name, svg] of svgs) writeFileSync(join(SVG_DIR, `${name}.svg`), svg);
  console.log(`docs/machines: ${[...svgs.keys()].map((name) => `${name}.svg`).join(', ')}`);
}
