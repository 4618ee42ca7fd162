/**
 * `npm run test:mutants`: proves the model-based tests catch a wrong machine. Each mutant is a copy of machines/ (and
 * domain/, whose rules the machines call) with one deliberate mistake — a broken guard, a dropped transition, a swapped
 * target, a forgotten effect, a wrong time, a rule wrong at its edge — and the model tests (the tests in tests/machines
 * whose names say "paths": paths generated from each machine's graph, checked for what every state means) that import
 * the mutated file run against it. A mutant that passes them is a hole in the tests, and fails this script. The
 * unmutated copy must pass first, so a mutant is killed by its mistake, not by the copying.
 *
 * `MUTANTS=<text>` judges only the mutants whose description contains the text (or one of `a|b`; one at a time: `MUTANT_LANES=1`), and
 * `MUTANT_TESTS=<text>` only against the model test files whose name contains it (a quick look while writing a test).
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

interface Mutant {
  /** The file under machines/, or under domain/ when `layer` says so. */
  file: string;
  layer?: 'machines' | 'domain';
  kind: 'guard' | 'transition' | 'target' | 'effect' | 'timer' | 'rule';
  what: string;
  from: string;
  to: string;
}

const MUTANTS: Mutant[] = [
  {
    file: 'companyStatus.machine.ts',
    kind: 'guard',
    what: 'a disabled company goes back to any status, not the one it had',
    from: 'event.to === params.status && context.previousStatus === params.status',
    to: 'context.previousStatus !== null',
  },
  {
    file: 'companyStatus.machine.ts',
    kind: 'target',
    what: 're-enabling a disabled company always lands on "pending"',
    from: "guard: { type: 'wasPreviously' as const, params: { status } },\n          target: status,",
    to: "guard: { type: 'wasPreviously' as const, params: { status } },\n          target: 'pending' as const,",
  },
  {
    file: 'nfsRequest.machine.ts',
    kind: 'guard',
    what: 'any status change takes the first move listed',
    from: 'isTo: ({ event }, params: { status: NfsRequestStatus }) => event.to === params.status,',
    to: 'isTo: () => true,',
  },
  {
    file: 'session.machine.ts',
    kind: 'guard',
    what: 'a 401 met moments after the recovery reloaded the page starts another recovery (a request storm)',
    from: 'context.lastReloadAt !== null && Date.now() - context.lastReloadAt < RELOAD_GUARD_MS,',
    to: 'false,',
  },
  {
    file: 'session.machine.ts',
    kind: 'transition',
    what: 'a 401 while signed in is ignored',
    from: "        'api.unauthorized': onUnauthorized,\n        'session.refresh': 'refreshingClaims',",
    to: "        'session.refresh': 'refreshingClaims',",
  },
  {
    file: 'session.machine.ts',
    kind: 'target',
    what: 'a 401 that cannot be recovered keeps the person signed in',
    from: "        onError: {\n          target: 'signedOut',\n          actions: [\n            { type: 'logError', params: ({ event }) => ({ message: 'Session recovery failed'",
    to: "        onError: {\n          target: 'signedIn',\n          actions: [\n            { type: 'logError', params: ({ event }) => ({ message: 'Session recovery failed'",
  },
  {
    file: 'session.machine.ts',
    kind: 'effect',
    what: 'a 401 that cannot be recovered does not send the person to the login page',
    from: "  'forgetStoredSession',\n  'redirectToLogin',",
    to: "  'forgetStoredSession',",
  },
  {
    file: 'session.machine.ts',
    kind: 'transition',
    what: 'the listener’s report of the user cuts a sign-in short (in a browser its own answer then never counts)',
    from: "        'auth.changed': { guard: { type: 'reportsUser', params: reported } },",
    to: '',
  },
  {
    file: 'session.machine.ts',
    kind: 'target',
    what: 'a 401 met moments after the recovery reloaded the page keeps the person signed in',
    from: "    guard: 'reloadedMomentsAgo',\n    target: '#session.signedOut',",
    to: "    guard: 'reloadedMomentsAgo',\n    target: '#session.signedIn',",
  },
  {
    file: 'session.machine.ts',
    kind: 'effect',
    what: 'a company loaded (another one chosen) does not have the pages’ guards decide again',
    from: "        'company.loaded': { target: 'signedIn', actions: 'recheckGuards' },",
    to: "        'company.loaded': { target: 'signedIn' },",
  },
  {
    file: 'session.machine.ts',
    kind: 'guard',
    what: 'a company the server refused (stale claims) is chosen again after the fresh token',
    from: 'requestedCompanyId: chooseCompanyId(context.storedCompanyId, withoutRefused(context.claims, context.refusedCompanyIds)),',
    to: 'requestedCompanyId: chooseCompanyId(context.storedCompanyId, context.claims),',
  },
  {
    file: 'session.machine.ts',
    kind: 'transition',
    what: 'a company refused for stale claims is left on screen, unhealed (the error page instead of the panel)',
    from: "          { guard: 'companyRefused', target: 'healingClaims', actions: 'refuseCompany' },\n",
    to: '',
  },
  {
    file: 'company.machine.ts',
    kind: 'target',
    what: 'a failed reload throws away the company on screen',
    from: "        onError: {\n          target: 'loaded',",
    to: "        onError: {\n          target: 'failed',",
  },
  {
    file: 'company.machine.ts',
    kind: 'effect',
    what: 'the session is never told that the company loaded',
    from: "onDone: { target: 'loaded', actions: [...keepLoaded, 'notifyLoaded'] },",
    to: "onDone: { target: 'loaded', actions: [...keepLoaded] },",
  },
  {
    file: 'ducaWizard.machine.ts',
    kind: 'guard',
    what: 'the Duca wizard goes on without the person confirming that Duca brought them',
    from: 'confirmationReady: ({ context }) => Object.keys(confirmationProblems(context)).length === 0,',
    to: 'confirmationReady: () => true,',
  },
  {
    file: 'onboarding.ts',
    kind: 'guard',
    what: 'a wizard step is sent with problems in its form',
    from: '      return Object.keys(stepProblems(context.trackId, stepId, context.drafts[stepId], context.track, new Date())).length === 0;',
    to: '      return stepId !== undefined;',
  },
  {
    file: 'onboarding.ts',
    kind: 'guard',
    what: 'any report of the track leaves the payment or team step, moved past it or not',
    from: "event.type === 'track.updated' && !!event.track && currentStep(event.track)?.stepId !== params.stepId,",
    to: "event.type === 'track.updated' && params.stepId !== undefined,",
  },
  {
    file: 'onboarding.ts',
    kind: 'target',
    what: 'after the plan is saved the wizard goes back to the plans instead of opening the payment page',
    from: "            target: 'startingPayment',",
    to: "            target: 'choosing',",
  },
  {
    file: 'onboarding.ts',
    kind: 'effect',
    what: 'a step sent keeps its draft in the browser',
    from: "              { type: 'forgetDraft', params: { stepId } },\n",
    to: '',
  },
  {
    file: 'onboarding.ts',
    kind: 'guard',
    what: 'the step list opens any step done, even the company’s data after its plan was paid',
    from: '  !!context.track && revisableSteps(context.track).includes(stepId);',
    to: "  !!context.track && context.track.steps.some((step) => step.stepId === stepId && step.status === 'done');",
  },
  {
    file: 'onboarding.ts',
    kind: 'transition',
    what: '“Voltar” leaves a step while it is being sent',
    from: "      'step.back': [\n        { guard: 'busyNow' },\n",
    to: "      'step.back': [\n",
  },
  {
    file: 'onboarding.ts',
    kind: 'effect',
    what: '“Continuar com este CNPJ” sends the CNPJ again without the customer’s confirmation',
    from: "      drafts: { ...context.drafts, 'pre-registration': withCnpjConfirmed(context.drafts['pre-registration']) },\n",
    to: '',
  },
  {
    file: 'onboarding.ts',
    kind: 'guard',
    what: 'every refusal of the first step is taken for a CNPJ the Receita Federal does not know',
    from: 'errorCode(params.error) === CNPJ_NOT_FOUND.code',
    to: 'true',
  },
  {
    file: 'upload.machine.ts',
    kind: 'guard',
    what: 'a file of the wrong kind or too large travels all the same',
    from: "fileRefused: ({ context, event }) => event.type === 'file.choose' && uploadProblem(event.file, context.kind) !== null,",
    to: 'fileRefused: () => false,',
  },
  {
    file: 'upload.machine.ts',
    kind: 'transition',
    what: 'an upload on its way cannot be cancelled',
    from: "        'upload.cancel': 'cancelled',\n",
    to: '',
  },
  {
    file: 'upload.machine.ts',
    kind: 'guard',
    what: 'a file the server refused for good is offered "Tentar de novo", to be refused again',
    from: "refusedForGood: ({ event }) => event.type === 'upload.failed' && refusedForGood(event.error),",
    to: 'refusedForGood: () => false,',
  },
  {
    file: 'upload.machine.ts',
    kind: 'effect',
    what: 'a file that arrived is never handed over (the document not registered, the import not shown)',
    from: "            { type: 'sent', params: ({ event }) => ({ output: event.output }) },\n",
    to: '',
  },
  {
    file: 'nfseEmission.machine.ts',
    kind: 'guard',
    what: 'an NFS-e emission sends the DPS again when the lookup could not tell whether it arrived',
    from: "params.lookup.outcome === 'notFound' && context.sends < context.maxSends",
    to: 'context.sends < context.maxSends',
  },
  {
    file: 'nfseEmission.machine.ts',
    kind: 'guard',
    what: 'the next run of an uncertain NFS-e emission builds and signs a new DPS instead of looking the old one up',
    from: 'resumesSignedDps: ({ context }) => context.signed !== null,',
    to: 'resumesSignedDps: () => false,',
  },
  {
    file: 'nfseEmission.machine.ts',
    kind: 'target',
    what: 'a DPS whose connection dropped while sending is taken as never sent',
    from: "onError: { target: 'uncertain', actions: assign({ lastFailure",
    to: "onError: { target: 'invalid', actions: assign({ lastFailure",
  },
  {
    file: 'nfseEmission.machine.ts',
    kind: 'guard',
    what: 'a DPS the national XSD refused is signed and sent all the same',
    from: "{ guard: { type: 'dpsValid', params: ({ event }) => ({ validation: event.output }) }, target: 'signing' },",
    to: "{ target: 'signing' },",
  },
  {
    file: 'nfseBulkEmission.machine.ts',
    kind: 'guard',
    what: '"Parar" in a bulk emission is not heard: every request is sent all the same',
    from: "{ guard: 'stopping', target: 'stopped' }",
    to: "{ guard: () => false, target: 'stopped' }",
  },
  {
    file: 'nfseBulkEmission.machine.ts',
    kind: 'target',
    what: 'a request of a bulk emission that could not be sent ends the run, the others never sent',
    from: "onError: {\n          target: 'next',",
    to: "onError: {\n          target: 'stopped',",
  },
  // Written for docs/testing.md's second round: bugs of the kinds the first suite let through (the context a path
  // was taken in, times read from the constants, oracles that called the rule under test, fixtures without edges).
  {
    file: 'claims.ts',
    layer: 'domain',
    kind: 'timer',
    what: 'the token is refreshed a minute early, at 49 minutes instead of 50',
    from: "if (typeof issuedAt !== 'number' || !Number.isFinite(issuedAt)) return TOKEN_REFRESH_INTERVAL_MS;",
    to: "if (typeof issuedAt !== 'number' || !Number.isFinite(issuedAt)) return TOKEN_REFRESH_INTERVAL_MS - 60_000;",
  },

  {
    file: 'constants.ts',
    layer: 'domain',
    kind: 'timer',
    what: 'the reload guard lasts 15 seconds, not 10: a 401 met 10 s after the reload ends the session',
    from: 'export const RELOAD_GUARD_MS = 10_000;',
    to: 'export const RELOAD_GUARD_MS = 15_000;',
  },
  {
    file: 'session.machine.ts',
    kind: 'effect',
    what: 'a sign-out that failed leaves the company loaded on the company actor',
    from: "message: 'Sign-out failed', error: event.error }) },\n            'clearSession',\n            'clearCompany',\n",
    to: "message: 'Sign-out failed', error: event.error }) },\n            'clearSession',\n",
  },
  {
    file: 'session.machine.ts',
    kind: 'effect',
    what: 'a 401 recovery whose refresh failed leaves the company loaded',
    from: "message: 'Session recovery failed', error: event.error }) },\n            ...expireSession,",
    to: "message: 'Session recovery failed', error: event.error }) },\n            ...expireSession.filter((action) => action !== 'clearCompany'),",
  },
  {
    file: 'session.machine.ts',
    kind: 'transition',
    what: 'a system admin is treated as a customer at sign-in: a companies claim loads that company',
    from: "  {\n    guard: { type: 'isSystemAdmin', params: reported },\n    target: '#session.signedIn',\n    actions: [...rememberAuth, 'clearCompany', 'recheckGuards'],\n  },\n",
    to: '',
  },
  {
    file: 'claims.ts',
    layer: 'domain',
    kind: 'rule',
    what: 'only a first role of "system-admin" makes a system admin (a customer who is also on the team loads a company)',
    from: "  return hasRole(claims, 'system-admin');",
    to: "  return claims?.roles?.[0] === 'system-admin';",
  },
  {
    file: 'claims.ts',
    layer: 'domain',
    kind: 'rule',
    what: 'the company chosen after sign-in is the companyId claim before the first of companies',
    from: '  return claims?.companies?.[0] ?? claims?.companyId ?? null;',
    to: '  return claims?.companyId ?? claims?.companies?.[0] ?? null;',
  },
  {
    file: 'session.machine.ts',
    kind: 'guard',
    what: 'the company selector loads any company asked for, not only the person’s',
    from: 'chooseCompanyId(event.companyId, withoutRefused(context.claims, context.refusedCompanyIds)) === event.companyId,',
    to: 'event.companyId !== context.requestedCompanyId,',
  },
  {
    file: 'session.machine.ts',
    kind: 'timer',
    what: 'a failed token refresh restarts the 50-minute timer instead of stopping it',
    from: "              target: 'refreshStopped',",
    to: "              target: 'active',",
  },
  {
    file: 'session.machine.ts',
    kind: 'guard',
    what: 'a system admin’s claims refresh loads the first company the fresh token names',
    from: '      !isSystemAdmin(context.claims) &&\n',
    to: '',
  },
  {
    file: 'company.ts',
    layer: 'domain',
    kind: 'rule',
    what: 'a pending subscription is treated as active (the panel’s payment reminder never shows)',
    from: "  return company?.currentSubscription?.status === 'active';",
    to: "  return ['active', 'pending'].includes(company?.currentSubscription?.status ?? '');",
  },
  {
    file: 'track.ts',
    layer: 'domain',
    kind: 'rule',
    what: 'a company whose partners list is empty counts as single-partner',
    from: '  return Array.isArray(partners) && partners.length === 1;',
    to: '  return Array.isArray(partners) && partners.length <= 1;',
  },
  {
    file: 'track.ts',
    layer: 'domain',
    kind: 'rule',
    what: 'a migrating company’s partners are read from the opening’s step: one partner is never single-partner',
    from: "  return trackId === 'create-company' ? 'partner-registration' : 'partner-registration-basic';",
    to: "  return 'partner-registration';",
  },
  {
    file: 'onboarding.ts',
    kind: 'timer',
    what: 'the slow-payment notice shows after 30 seconds instead of 90',
    from: 'paymentConfirmation: 90_000,',
    to: 'paymentConfirmation: 30_000,',
  },
  {
    file: 'onboarding.ts',
    kind: 'guard',
    what: 'a company without a track is routed as finished (the team’s waiting page) instead of to the first step',
    from: 'hasNoCompany: ({ context }) => !context.company || !context.track,',
    to: 'hasNoCompany: ({ context }) => !context.company,',
  },
  {
    file: 'onboarding.ts',
    kind: 'guard',
    what: 'a payment cancelled on the provider’s page is waited for as if it were paid',
    from: "paymentReturnedPaid: ({ context }) => context.paymentReturn === 'paid',",
    to: 'paymentReturnedPaid: ({ context }) => context.paymentReturn !== null,',
  },
  {
    file: 'steps.ts',
    layer: 'domain',
    kind: 'rule',
    what: 'after the payment the company’s size and the plan may still be changed (the charge no longer matches)',
    from: '    .filter((step) => !(paid && CHARGE_STEPS.includes(step.stepId)))\n',
    to: '',
  },
  {
    file: 'navigation.ts',
    layer: 'domain',
    kind: 'rule',
    what: 'a company still opening counts as operating: the wizard sends it to the panel too soon',
    from: "  return company.status === 'active' || company.status === 'overdue';",
    to: "  return company.status !== 'pending' && company.status !== 'awaiting_opening' && company.status !== 'disabled';",
  },
  {
    file: 'upload.machine.ts',
    kind: 'effect',
    what: 'an upload’s progress is shown as reported, past 100 % or below 0',
    from: 'progress: ({ event }) => Math.max(0, Math.min(100, Math.round(event.percent))) }),',
    to: 'progress: ({ event }) => Math.round(event.percent) }),',
  },
  {
    file: 'upload.machine.ts',
    kind: 'effect',
    what: 'a file sent again starts at the progress the last attempt reached',
    from: 'entry: assign({ progress: 0, error: null, fieldErrors: {}, output: null }),',
    to: 'entry: assign({ error: null, fieldErrors: {}, output: null }),',
  },
  {
    file: 'uploads.ts',
    layer: 'domain',
    kind: 'rule',
    what: 'a file of exactly the size limit (10 MB, 25 MB for a statement) is refused as too large',
    from: '  if (file.size > rules.maxBytes) return rules.tooLarge;',
    to: '  if (file.size >= rules.maxBytes) return rules.tooLarge;',
  },
  {
    file: 'companyStatus.ts',
    layer: 'domain',
    kind: 'rule',
    what: 'a company without a track may be moved to "awaiting opening" (any track but the migration counts)',
    from: "      return facts.trackId === 'create-company';",
    to: "      return facts.trackId !== 'migrate-company';",
  },
];

const root = join(import.meta.dirname, '..');
// In the checkout itself, not under node_modules: worktrees that share one node_modules must not share their copies.
const workDir = join(root, '.mutants');
const LAYERS = ['machines', 'domain'] as const;
const layerOf = (mutant: Mutant) => mutant.layer ?? 'machines';
/** Mutants judged at a time, each in its own copy (a vitest run on a file or two is mostly one core's start-up). */
const LANES = Math.max(1, Number(process.env.MUTANT_LANES ?? 2));

/** A lane: its own copy of machines/ and domain/, and a vitest config pointing `@machines` and `@domain` at them. */
function lane(index: number) {
  const dir = join(workDir, `lane-${index}`);
  const copy = join(dir, 'machines');
  const domainCopy = join(dir, 'domain');
  const config = join(dir, 'vitest.config.ts');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    config,
    `import { defineConfig } from 'vitest/config';
// The model tests, with @machines and @domain pointing at the (mutated) copies.
export default defineConfig({
  root: ${JSON.stringify(root)},
  resolve: {
    alias: [
      { find: /^@machines\\/(.*)$/, replacement: ${JSON.stringify(copy)} + '/$1' },
      { find: /^@domain$/, replacement: ${JSON.stringify(join(domainCopy, 'index.ts'))} },
      { find: /^@domain\\/(.*)$/, replacement: ${JSON.stringify(domainCopy)} + '/$1' },
    ],
    tsconfigPaths: true,
  },
  test: {
    include: ['tests/machines/**/*.test.ts'],
    exclude: ['tests/machines/coverage.test.ts'],
    environment: 'node',
    // A test that runs out of time on a busy machine would count as a kill: only a failed check may.
    testTimeout: 120_000,
  },
});
`,
  );
  return { dir, config };
}
type Lane = ReturnType<typeof lane>;

function prepare({ dir }: Lane, mutant: Mutant | null) {
  for (const layer of LAYERS) {
    rmSync(join(dir, layer), { recursive: true, force: true });
    // Without the layer's tsconfig.json, which extends a base the copy has no path to (types are not checked here).
    cpSync(join(root, layer), join(dir, layer), { recursive: true, filter: (from) => !from.endsWith('tsconfig.json') });
  }
  if (!mutant) return;
  const file = join(dir, layerOf(mutant), mutant.file);
  writeFileSync(file, mutated(readFileSync(file, 'utf8'), mutant));
}

/** The source with the mutant's mistake, which must match it exactly once. */
function mutated(source: string, mutant: Mutant): string {
  const at = source.indexOf(mutant.from);
  if (at === -1 || source.indexOf(mutant.from, at + 1) !== -1) {
    throw new Error(`The mutant "${mutant.what}" no longer matches ${layerOf(mutant)}/${mutant.file} exactly once: update it.`);
  }
  return source.replace(mutant.from, mutant.to);
}

rmSync(workDir, { recursive: true, force: true });
const lanes = Array.from({ length: LANES }, (_, index) => lane(index));

/**
 * The model test files: the tests in tests/machines whose names say "paths" (the coverage test judges the graphs, not
 * the machines' meaning). A file that never writes the word has no such test, and is not even loaded.
 */
const testDir = join(root, 'tests', 'machines');
const modelTestFiles = readdirSync(testDir)
  .filter((name) => name.endsWith('.test.ts') && name !== 'coverage.test.ts')
  .map((name) => join(testDir, name))
  .filter((file) => readFileSync(file, 'utf8').includes('paths'));

const IMPORT = /(?:from|import)\s*\(?\s*'([^']+)'/g;

/**
 * The files under machines/ and domain/ a test file reaches through its imports (relative ones, `@machines/…` and
 * `@domain`), as `machines/<file>` and `domain/<file>`.
 */
function filesReached(testFile: string): Set<string> {
  const reached = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const layer of LAYERS) if (file.startsWith(join(root, layer, '/'))) reached.add(relative(root, file));
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const alias = /^@(machines|domain)(?:\/(.*))?$/.exec(specifier!);
      const base = alias
        ? join(root, alias[1]!, alias[2] ?? 'index')
        : specifier!.startsWith('.')
          ? resolve(dirname(file), specifier!)
          : null;
      if (!base) continue;
      const target = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
        (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
      );
      if (target) visit(target);
    }
  };
  visit(testFile);
  return reached;
}

const reachedBy = new Map(modelTestFiles.map((file) => [file, filesReached(file)]));

/** The model test files that import the mutated file (directly or through other files): only they can kill it. */
function testsOf(mutant: Mutant): string[] {
  const path = `${layerOf(mutant)}/${mutant.file}`;
  const files = modelTestFiles.filter((file) => reachedBy.get(file)!.has(path) && file.includes(process.env.MUTANT_TESTS ?? ''));
  if (files.length === 0) throw new Error(`No model test imports ${path}: the mutant "${mutant.what}" cannot be judged.`);
  return files;
}

/**
 * Runs the model tests (these files, or all) on the lane's copy; true when they pass. A mutant's run stops at its first
 * failed test (`bail`): one is enough to kill it.
 */
function modelTestsPass({ config }: Lane, files: string[] = modelTestFiles, bail = false): Promise<boolean> {
  return new Promise((resolvePass) => {
    const run = spawn(
      'npx',
      [
        'vitest',
        'run',
        '--config',
        config,
        '-t',
        'paths',
        '--reporter=dot',
        ...(bail ? ['--bail=1'] : []),
        ...files.map((file) => relative(root, file)),
      ],
      { cwd: root, stdio: process.env.MUTANTS_VERBOSE ? 'inherit' : 'ignore' },
    );
    run.once('error', () => resolvePass(false));
    run.once('close', (code) => resolvePass(code === 0));
  });
}

// Every mutant must still match its file, and be importable by some model test, before anything runs.
const only = process.env.MUTANTS;
const chosen = only ? MUTANTS.filter((mutant) => only.split('|').some((text) => mutant.what.includes(text))) : MUTANTS;
if (chosen.length === 0) throw new Error(`No mutant's description contains "${only}".`);
for (const mutant of MUTANTS) mutated(readFileSync(join(root, layerOf(mutant), mutant.file), 'utf8'), mutant);
const judged = chosen.map((mutant) => ({ mutant, files: testsOf(mutant) }));
prepare(lanes[0]!, null);
if (!(await modelTestsPass(lanes[0]!, only ? [...new Set(judged.flatMap(({ files }) => files))] : modelTestFiles))) {
  console.error('The model tests fail on unmutated copies of machines/ and domain/: fix them before judging mutants.');
  process.exit(1);
}

console.log(
  `${chosen.length} mutants of machines/ and domain/, each against the model tests that import its file (${LANES} at a time):`,
);
const killed: boolean[] = [];
let next = 0;
await Promise.all(
  lanes.map(async (own) => {
    for (let i = next++; i < judged.length; i = next++) {
      const { mutant, files } = judged[i]!;
      prepare(own, mutant);
      killed[i] = !(await modelTestsPass(own, files, true));
      const path = `${layerOf(mutant)}/${mutant.file}`;
      console.log(`  ${killed[i] ? 'killed  ' : 'SURVIVED'}  ${path.padEnd(36)} ${mutant.kind.padEnd(10)} ${mutant.what}`);
    }
  }),
);
rmSync(workDir, { recursive: true, force: true });
const survived = killed.filter((wasKilled) => !wasKilled).length;
console.log(
  `${chosen.length - survived} killed, ${survived} survived (${Math.round((100 * (chosen.length - survived)) / chosen.length)} %)`,
);
process.exit(survived === 0 ? 0 : 1);
