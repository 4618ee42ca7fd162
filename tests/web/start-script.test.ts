import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { SERVER_DIST, SERVER_NODE_ARGS } from '../../scripts/build-server';

it('npm start runs the server bundle with the node flags the benchmarks and browser tests start it with', () => {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  expect(scripts.start!.endsWith(`&& exec node ${SERVER_NODE_ARGS.join(' ')} ${SERVER_DIST}/start.js`)).toBe(true);
});
