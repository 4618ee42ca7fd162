import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';

/**
 * `bench/nfse-dps.ts` builds its DPS with the product's own rules, which grow: its fiscal profile once lacked what a
 * newer rule asks (E0712, the Simples Nacional rate) and the bench stopped at its first document. A few documents are
 * enough to know it still runs.
 */
it('the DPS benchmark still builds, validates and signs its documents', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/nfse-dps.ts'], {
    env: { ...process.env, BENCH_DPS_COUNT: '5' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  expect(run.stdout).toMatch(/5 DPS, ms per document:\n {2}build /);
}, 90_000);
