import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { SVG_DIR, machineSvgs } from '../../scripts/statecharts/render';

/** docs/machines/*.svg (shown in docs/machines.md) are the machines as they are: `npm run build` writes them again. */
it('has one SVG per machine in docs/machines, drawn from the machine as it is now', async () => {
  const svgs = await machineSvgs();
  expect(readdirSync(SVG_DIR).sort(), 'run `npm run statecharts`').toEqual([...svgs.keys()].map((name) => `${name}.svg`).sort());
  for (const [name, svg] of svgs) {
    expect(
      readFileSync(join(SVG_DIR, `${name}.svg`), 'utf8') === svg,
      `docs/machines/${name}.svg is stale: run \`npm run statecharts\``,
    ).toBe(true);
  }
  // Laying out every machine takes ~2 s alone and more than 5 s on a busy 2-core machine.
}, 30_000);
