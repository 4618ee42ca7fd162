import type { SnapshotFrom } from 'xstate';
import { assign, fromPromise, setup } from 'xstate';
import type {
  BuiltDps,
  DpsIssue,
  IssuedNfse,
  LookupOutcome,
  SendOutcome,
  SignedDps,
  ValidationOutcome,
} from '@domain/nfseEmission';
import type { ExplainedNationalError } from '@domain/nfseErrors';
import { EMISSION_MESSAGES } from '@domain/nfseErrors';

export type { BuiltDps, DpsIssue, IssuedNfse, LookupOutcome, SendOutcome, SignedDps, ValidationOutcome };
import { errorMessage } from './errors';
import { guaranteed } from './guaranteed';

/**
 * One emission of an NFS-e through the national system: the DPS is built from the request and the fiscal profile
 * (`preparing`), checked against the national XSD (`validating`), signed with the company's certificate
 * (`signing`) and sent (`sending`). The national system issues it, refuses it for good (`rejected`, with its error
 * codes explained), or the answer never comes — a timeout, a dropped connection, a 5xx (`uncertain`). Then the DPS
 * is looked up by its id (`checking`) before anything is sent again: a DPS that became an NFS-e yields that NFS-e,
 * one that did not is sent again — the same signed DPS, never a new number — and when the national system cannot
 * tell, the emission stops with a retry plan (`retryLater`; the request stays "processing"). A DPS signed in an
 * earlier run comes back through the input and is looked up first, never rebuilt.
 *
 * Every step is an actor the caller provides: the server with the real builder, validator, signer and HTTP client;
 * the tests with fakes. What the emission ends with is the machine's output.
 */

export interface NfseEmissionInput {
  /** A DPS signed in an earlier run (and perhaps sent): looked up before anything else, never rebuilt. */
  signedDps?: SignedDps | null;
  /** How many times this run may send the DPS (default 3). */
  maxSends?: number;
  /** How many lookups may go unanswered in this run before it stops with a retry plan (default 3). */
  maxChecks?: number;
  /** When the next run should start, in seconds, if this one cannot conclude (default 300). */
  retryAfterSeconds?: number;
}

/** Why nothing was sent: the DPS could not be built, broke the layout, or could not be signed. */
export interface EmissionProblem {
  stage: 'preparing' | 'validating' | 'signing';
  message: string;
  issues: DpsIssue[];
}

export interface RetryPlan {
  /** Start the next run after this many seconds: it looks the same DPS up first. */
  afterSeconds: number;
  /** What went wrong last, in Portuguese. */
  reason: string;
  message: string;
}

export interface NfseEmissionContext {
  built: BuiltDps | null;
  signed: SignedDps | null;
  /** How many times this run sent the DPS. */
  sends: number;
  /** How many lookups went unanswered in this run. */
  unansweredChecks: number;
  maxSends: number;
  maxChecks: number;
  retryAfterSeconds: number;
  nfse: IssuedNfse | null;
  errors: ExplainedNationalError[];
  problem: EmissionProblem | null;
  /** Why the last answer could not be trusted. */
  lastFailure: string | null;
  retryPlan: RetryPlan | null;
}

/** How an emission ended. */
export type NfseEmissionOutput =
  | { status: 'issued'; nfse: IssuedNfse; dpsId: string }
  | { status: 'rejected'; errors: ExplainedNationalError[]; dpsId: string }
  | { status: 'invalid'; problem: EmissionProblem }
  | { status: 'retryLater'; plan: RetryPlan; signedDps: SignedDps };

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} must be provided`));

const failureOf = (error: unknown) => errorMessage(error);

/** Whether an outcome is of this kind: TypeScript narrows a generic union by this predicate, not by `===` alone. */
function isOutcome<T extends { outcome: string }, K extends T['outcome']>(
  value: T,
  outcome: K,
): value is Extract<T, { outcome: K }> {
  return value.outcome === outcome;
}

/**
 * An outcome as the kind the transition's guards established (a guard checked it, or the guards before it ruled the
 * other kinds out), so its actions read that kind's fields. Another kind is a bug in the machine.
 */
function outcomeOf<T extends { outcome: string }, K extends T['outcome']>(value: T, outcome: K): Extract<T, { outcome: K }> {
  if (isOutcome(value, outcome)) return value;
  throw new Error(`Expected a "${outcome}" outcome, not "${value.outcome}": the transition's guards say otherwise`);
}

const builtDps = (context: NfseEmissionContext) => guaranteed(context.built, 'The built DPS');
const signedDps = (context: NfseEmissionContext) => guaranteed(context.signed, 'The signed DPS');

export const nfseEmissionMachine = setup({
  types: {
    context: {} as NfseEmissionContext,
    input: {} as NfseEmissionInput,
    output: {} as NfseEmissionOutput,
  },
  actors: {
    /** Builds the DPS from the request and the profile; throws (in Portuguese) what cannot become a DPS. */
    buildDps: fromPromise<BuiltDps, void>(notProvided('buildDps')),
    validateDps: fromPromise<ValidationOutcome, BuiltDps>(notProvided('validateDps')),
    /** Signs and packs the DPS with the company's certificate; throws when the certificate cannot sign. */
    signDps: fromPromise<SignedDps, BuiltDps>(notProvided('signDps')),
    sendDps: fromPromise<SendOutcome, SignedDps>(notProvided('sendDps')),
    lookupDps: fromPromise<LookupOutcome, { id: string }>(notProvided('lookupDps')),
  },
  guards: {
    resumesSignedDps: ({ context }) => context.signed !== null,
    // The outcomes come as params, read from each transition's own event: typed by the actor that answered.
    dpsValid: (_, params: { validation: ValidationOutcome }) => params.validation.ok,
    sentAndIssued: (_, params: { sent: SendOutcome }) => params.sent.outcome === 'issued',
    sentAndRejected: (_, params: { sent: SendOutcome }) => params.sent.outcome === 'rejected',
    foundIssued: (_, params: { lookup: LookupOutcome }) => params.lookup.outcome === 'found',
    notFoundMaySendAgain: ({ context }, params: { lookup: LookupOutcome }) =>
      params.lookup.outcome === 'notFound' && context.sends < context.maxSends,
    notFound: (_, params: { lookup: LookupOutcome }) => params.lookup.outcome === 'notFound',
    mayCheckAgain: ({ context }) => context.unansweredChecks + 1 < context.maxChecks,
  },
  delays: {
    /** The wait before looking up a DPS whose answer never came: the national system may still be working on it. */
    checkDelay: 2_000,
  },
}).createMachine({
  id: 'nfseEmission',
  context: ({ input }) => ({
    built: null,
    signed: input.signedDps ?? null,
    sends: 0,
    unansweredChecks: 0,
    maxSends: input.maxSends ?? 3,
    maxChecks: input.maxChecks ?? 3,
    retryAfterSeconds: input.retryAfterSeconds ?? 300,
    nfse: null,
    errors: [],
    problem: null,
    lastFailure: null,
    retryPlan: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'resumesSignedDps', target: 'checking' }, { target: 'preparing' }],
    },
    preparing: {
      tags: ['busy'],
      invoke: {
        id: 'buildDps',
        src: 'buildDps',
        onDone: { target: 'validating', actions: assign({ built: ({ event }) => event.output }) },
        onError: {
          target: 'invalid',
          actions: assign({
            problem: ({ event }) => ({ stage: 'preparing' as const, message: failureOf(event.error), issues: [] }),
          }),
        },
      },
    },
    validating: {
      tags: ['busy'],
      invoke: {
        id: 'validateDps',
        src: 'validateDps',
        input: ({ context }) => builtDps(context),
        onDone: [
          { guard: { type: 'dpsValid', params: ({ event }) => ({ validation: event.output }) }, target: 'signing' },
          {
            target: 'invalid',
            actions: assign({
              problem: ({ event }) => {
                const refused = event.output;
                if (refused.ok) throw new Error('A valid DPS taken as invalid: the dpsValid guard says otherwise');
                return { stage: 'validating' as const, message: refused.message, issues: refused.issues };
              },
            }),
          },
        ],
        onError: {
          target: 'invalid',
          actions: assign({
            problem: ({ event }) => ({ stage: 'validating' as const, message: failureOf(event.error), issues: [] }),
          }),
        },
      },
    },
    signing: {
      tags: ['busy'],
      invoke: {
        id: 'signDps',
        src: 'signDps',
        input: ({ context }) => builtDps(context),
        onDone: { target: 'sending', actions: assign({ signed: ({ event }) => event.output }) },
        onError: {
          target: 'invalid',
          actions: assign({
            problem: ({ event }) => ({ stage: 'signing' as const, message: failureOf(event.error), issues: [] }),
          }),
        },
      },
    },
    sending: {
      tags: ['busy', 'mayBeAtTheNationalSystem'],
      entry: assign({ sends: ({ context }) => context.sends + 1 }),
      invoke: {
        id: 'sendDps',
        src: 'sendDps',
        input: ({ context }) => signedDps(context),
        onDone: [
          {
            guard: { type: 'sentAndIssued', params: ({ event }) => ({ sent: event.output }) },
            target: 'issued',
            actions: assign({ nfse: ({ event }) => outcomeOf(event.output, 'issued').nfse }),
          },
          {
            guard: { type: 'sentAndRejected', params: ({ event }) => ({ sent: event.output }) },
            target: 'rejected',
            actions: assign({ errors: ({ event }) => outcomeOf(event.output, 'rejected').errors }),
          },
          {
            target: 'uncertain',
            actions: assign({ lastFailure: ({ event }) => outcomeOf(event.output, 'uncertain').reason }),
          },
        ],
        // Whatever broke while sending, the DPS may have arrived: it is looked up, never taken as not sent.
        onError: { target: 'uncertain', actions: assign({ lastFailure: ({ event }) => failureOf(event.error) }) },
      },
    },
    uncertain: {
      tags: ['busy', 'mayBeAtTheNationalSystem'],
      after: { checkDelay: 'checking' },
    },
    checking: {
      tags: ['busy', 'mayBeAtTheNationalSystem'],
      invoke: {
        id: 'lookupDps',
        src: 'lookupDps',
        input: ({ context }) => ({ id: signedDps(context).id }),
        onDone: [
          {
            guard: { type: 'foundIssued', params: ({ event }) => ({ lookup: event.output }) },
            target: 'issued',
            actions: assign({ nfse: ({ event }) => outcomeOf(event.output, 'found').nfse }),
          },
          { guard: { type: 'notFoundMaySendAgain', params: ({ event }) => ({ lookup: event.output }) }, target: 'sending' },
          { guard: { type: 'notFound', params: ({ event }) => ({ lookup: event.output }) }, target: 'retryLater' },
          {
            guard: 'mayCheckAgain',
            target: 'uncertain',
            actions: assign({
              unansweredChecks: ({ context }) => context.unansweredChecks + 1,
              lastFailure: ({ event }) => outcomeOf(event.output, 'uncertain').reason,
            }),
          },
          {
            target: 'retryLater',
            actions: assign({
              unansweredChecks: ({ context }) => context.unansweredChecks + 1,
              lastFailure: ({ event }) => outcomeOf(event.output, 'uncertain').reason,
            }),
          },
        ],
        onError: [
          {
            guard: 'mayCheckAgain',
            target: 'uncertain',
            actions: assign({
              unansweredChecks: ({ context }) => context.unansweredChecks + 1,
              lastFailure: ({ event }) => failureOf(event.error),
            }),
          },
          {
            target: 'retryLater',
            actions: assign({
              unansweredChecks: ({ context }) => context.unansweredChecks + 1,
              lastFailure: ({ event }) => failureOf(event.error),
            }),
          },
        ],
      },
    },
    issued: { type: 'final' },
    rejected: { type: 'final' },
    invalid: { type: 'final' },
    retryLater: {
      type: 'final',
      tags: ['mayBeAtTheNationalSystem'],
      entry: assign({
        retryPlan: ({ context }) => ({
          afterSeconds: context.retryAfterSeconds,
          reason: context.lastFailure ?? EMISSION_MESSAGES.unexpected,
          message: EMISSION_MESSAGES.retryLater,
        }),
      }),
    },
  },
  output: ({ context }): NfseEmissionOutput => {
    if (context.nfse) return { status: 'issued', nfse: context.nfse, dpsId: signedDps(context).id };
    if (context.errors.length) return { status: 'rejected', errors: context.errors, dpsId: signedDps(context).id };
    if (context.problem) return { status: 'invalid', problem: context.problem };
    return { status: 'retryLater', plan: guaranteed(context.retryPlan, 'The retry plan'), signedDps: signedDps(context) };
  },
});

export type NfseEmissionSnapshot = SnapshotFrom<typeof nfseEmissionMachine>;
