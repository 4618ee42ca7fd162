import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { Company, Track } from '@domain';
import { hasActiveSubscription, isSinglePartnerCompany } from '@domain';
import { errorMessage, errorStatus } from './errors';
import { guaranteed } from './guaranteed';

/** What `fetchCompany` answers: the company and its track (docs/api.md `GET /companies/{id}` and `/steps`). */
export interface LoadedCompany {
  company: Company;
  track: Track | null;
}

export interface CompanyContext {
  companyId: string | null;
  company: Company | null;
  track: Track | null;
  error: string | null;
  /** The HTTP status of the last failed load (403: the server says this person may not see the company). */
  errorStatus: number | null;
}

export type CompanyEvent = { type: 'company.load'; companyId: string } | { type: 'company.reload' } | { type: 'company.clear' };

/** Events this machine sends to the session machine that invokes it: a failure says why (its HTTP status too). */
export type CompanyParentEvent = { type: 'company.loaded' } | { type: 'company.failed'; error: string; status?: number | null };

const empty: CompanyContext = { companyId: null, company: null, track: null, error: null, errorStatus: null };

/** The company asked for: `loading` is entered by `company.load`, which sets it, and the other states come after. */
const companyToLoad = (context: CompanyContext) => ({ companyId: guaranteed(context.companyId, 'The company to load') });

type LoadDone = { event: { output: LoadedCompany } };
/** Keeps what a load answered and remembers the selection. */
const keepLoaded = [
  { type: 'storeLoaded', params: ({ event }: LoadDone) => event.output },
  {
    type: 'persistSelection',
    params: ({ event }: LoadDone) => ({ companyId: event.output.company.id, trackId: event.output.track?.trackId ?? null }),
  },
] as const;

/**
 * The selected company and its track: loading, reloading (the data stays on screen), switching to another company
 * and clearing on sign-out. Invoked by the session machine, which it tells when a load ends.
 */
export const companyMachine = setup({
  types: {
    context: {} as CompanyContext,
    events: {} as CompanyEvent,
  },
  actors: {
    fetchCompany: fromPromise<LoadedCompany, { companyId: string }>(async () => {
      throw new Error('fetchCompany must be provided');
    }),
  },
  actions: {
    storeLoaded: assign((_, loaded: LoadedCompany) => ({
      company: loaded.company,
      track: loaded.track,
      error: null,
      errorStatus: null,
    })),
    storeError: assign((_, params: { error: unknown }) => ({
      error: errorMessage(params.error),
      errorStatus: errorStatus(params.error),
    })),
    /** Remembers the selection (the session cookies of docs/rules.md); provided by the app. */
    persistSelection: (_, _params: { companyId: string; trackId: string | null }) => {},
    notifyLoaded: sendParent({ type: 'company.loaded' } satisfies CompanyParentEvent),
    notifyFailed: sendParent(
      ({ context }) =>
        ({
          type: 'company.failed',
          error: context.error ?? '',
          status: context.errorStatus,
        }) satisfies CompanyParentEvent,
    ),
  },
}).createMachine({
  id: 'company',
  initial: 'idle',
  context: empty,
  on: {
    'company.load': {
      target: '.loading',
      actions: assign(({ event }) => ({ ...empty, companyId: event.companyId })),
    },
    'company.clear': { target: '.idle', actions: assign(empty) },
  },
  states: {
    idle: {},
    loading: {
      invoke: {
        id: 'fetchCompany',
        src: 'fetchCompany',
        input: ({ context }) => companyToLoad(context),
        onDone: { target: 'loaded', actions: [...keepLoaded, 'notifyLoaded'] },
        onError: {
          target: 'failed',
          actions: [{ type: 'storeError', params: ({ event }) => ({ error: event.error }) }, 'notifyFailed'],
        },
      },
    },
    loaded: {
      on: { 'company.reload': 'reloading' },
    },
    /** Fetches again while the current data stays on screen. */
    reloading: {
      invoke: {
        id: 'refetchCompany',
        src: 'fetchCompany',
        input: ({ context }) => companyToLoad(context),
        onDone: { target: 'loaded', actions: keepLoaded },
        onError: {
          target: 'loaded',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      on: { 'company.reload': 'loading' },
    },
  },
});

type CompanySnapshot = { context: CompanyContext };

export const selectCompany = (snapshot: CompanySnapshot) => snapshot.context.company;
export const selectTrack = (snapshot: CompanySnapshot) => snapshot.context.track;
export const selectHasActiveSubscription = (snapshot: CompanySnapshot) => hasActiveSubscription(snapshot.context.company);
export const selectIsSinglePartnerCompany = (snapshot: CompanySnapshot) => isSinglePartnerCompany(snapshot.context.track);
