/**
 * `npm run test:mutants`: proves the model-based tests catch a wrong machine. Each mutant is a copy of machines/ with
 * one deliberate mistake — a broken guard, a dropped transition, a swapped target, a forgotten effect — and the model
 * tests (the tests in tests/machines whose names say "paths": paths generated from each machine's graph, checked
 * for what every state means) that import the mutated file run against it. A mutant that passes them is a hole in the
 * tests, and fails this script. The unmutated copy must pass first, so a mutant is killed by its mistake, not by the copying.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

interface Mutant {
  file: string;
  kind: 'guard' | 'transition' | 'target' | 'effect';
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
    from: "        'auth.changed': { guard: 'reportsUser' },",
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
    from: '(event as { error?: { code?: unknown } }).error?.code === CNPJ_NOT_FOUND.code',
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
    from: "(event as { output?: LookupOutcome }).output?.outcome === 'notFound' && context.sends < context.maxSends",
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
    from: "{ guard: 'dpsValid', target: 'signing' },",
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
];

const root = join(import.meta.dirname, '..');
const workDir = join(root, 'node_modules', '.mutants');
/** Mutants judged at a time, each in its own copy (a vitest run on a file or two is mostly one core's start-up). */
const LANES = Math.max(1, Number(process.env.MUTANT_LANES ?? 2));

/** A lane: its own copy of machines/ and a vitest config pointing `@machines` at it. */
function lane(index: number) {
  const dir = join(workDir, `lane-${index}`);
  const copy = join(dir, 'machines');
  const config = join(dir, 'vitest.config.ts');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    config,
    `import { defineConfig } from 'vitest/config';
// The model tests, with @machines pointing at the mutated copy.
export default defineConfig({
  root: ${JSON.stringify(root)},
  resolve: {
    alias: [
      { find: /^@machines\\/(.*)$/, replacement: ${JSON.stringify(copy)} + '/$1' },
      { find: /^@domain$/, replacement: ${JSON.stringify(join(root, 'domain', 'index.ts'))} },
      { find: /^@domain\\/(.*)$/, replacement: ${JSON.stringify(join(root, 'domain'))} + '/$1' },
    ],
    tsconfigPaths: true,
  },
  test: { include: ['tests/machines/**/*.test.ts'], exclude: ['tests/machines/coverage.test.ts'], environment: 'node' },
});
`,
  );
  return { copy, config };
}
type Lane = ReturnType<typeof lane>;

function prepare({ copy }: Lane, mutant: Mutant | null) {
  rmSync(copy, { recursive: true, force: true });
  mkdirSync(copy, { recursive: true });
  cpSync(join(root, 'machines'), copy, { recursive: true });
  if (!mutant) return;
  const file = join(copy, mutant.file);
  const source = readFileSync(file, 'utf8');
  const at = source.indexOf(mutant.from);
  if (at === -1 || source.indexOf(mutant.from, at + 1) !== -1) {
    throw new Error(`The mutant "${mutant.what}" no longer matches ${mutant.file} exactly once: update it.`);
  }
  writeFileSync(file, source.replace(mutant.from, mutant.to));
}

rmSync(workDir, { recursive: true, force: true });
const lanes = Array.from({ length: LANES }, (_, index) => lane(index));

/** The model test files: the tests in tests/machines (the coverage test judges the graphs, not the machines' meaning). */
const testDir = join(root, 'tests', 'machines');
const modelTestFiles = readdirSync(testDir)
  .filter((name) => name.endsWith('.test.ts') && name !== 'coverage.test.ts')
  .map((name) => join(testDir, name));

const IMPORT = /(?:from|import)\s*\(?\s*'([^']+)'/g;

/** The files under machines/ a test file reaches through its imports (relative ones and `@machines/…`). */
function machineFilesReached(testFile: string): Set<string> {
  const reached = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (file.startsWith(join(root, 'machines'))) reached.add(relative(join(root, 'machines'), file));
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const base = specifier!.startsWith('@machines/')
        ? join(root, 'machines', specifier!.slice('@machines/'.length))
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

const reachedBy = new Map(modelTestFiles.map((file) => [file, machineFilesReached(file)]));

/** The model test files that import the mutated file (directly or through other files): only they can kill it. */
function testsOf(mutant: Mutant): string[] {
  const files = modelTestFiles.filter((file) => reachedBy.get(file)!.has(mutant.file));
  if (files.length === 0)
    throw new Error(`No model test imports machines/${mutant.file}: the mutant "${mutant.what}" cannot be judged.`);
  return files;
}

/** Runs the model tests (these files, or all) on the lane's copy; true when they pass. */
function modelTestsPass({ config }: Lane, files: string[] = modelTestFiles): Promise<boolean> {
  return new Promise((resolvePass) => {
    const run = spawn(
      'npx',
      ['vitest', 'run', '--config', config, '-t', 'paths', '--reporter=dot', ...files.map((file) => relative(root, file))],
      { cwd: root, stdio: 'ignore' },
    );
    run.once('error', () => resolvePass(false));
    run.once('close', (code) => resolvePass(code === 0));
  });
}

// Every mutant must still match its machine, and be importable by some model test, before anything runs.
const judged = MUTANTS.map((mutant) => ({ mutant, files: testsOf(mutant) }));
prepare(lanes[0]!, null);
if (!(await modelTestsPass(lanes[0]!))) {
  console.error('The model tests fail on an unmutated copy of machines/: fix them before judging mutants.');
  process.exit(1);
}

console.log(`${MUTANTS.length} mutants of machines/, each against the model tests that import its file (${LANES} at a time):`);
const killed: boolean[] = [];
let next = 0;
await Promise.all(
  lanes.map(async (own) => {
    for (let i = next++; i < judged.length; i = next++) {
      const { mutant, files } = judged[i]!;
      prepare(own, mutant);
      killed[i] = !(await modelTestsPass(own, files));
      console.log(`  ${killed[i] ? 'killed  ' : 'SURVIVED'}  ${mutant.file.padEnd(28)} ${mutant.kind.padEnd(10)} ${mutant.what}`);
    }
  }),
);
rmSync(workDir, { recursive: true, force: true });
const survived = killed.filter((wasKilled) => !wasKilled).length;
console.log(`${MUTANTS.length - survived} killed, ${survived} survived`);
process.exit(survived === 0 ? 0 : 1);
