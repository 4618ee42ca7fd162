import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { SessionContext } from '@machines/session.machine';
import { sessionMachine } from '@machines/session.machine';
import { admin, customer, newcomer, refreshed, stillStale } from '../session.harness';
import type { MachineModel } from './model';

// The specification's reload guard, written out: one reload in 10 seconds (docs/rules.md).
const TEN_SECONDS = 10 * 1000;

/** The identity provider's answer to a wrong password. */
export const WRONG_PASSWORD = Object.assign(new Error('E-mail ou senha incorretos.'), { code: 'auth/wrong-password' });

/** A fixed clock: the 401 recovery reads it to tell whether the page reloaded moments ago. */
export const SESSION_NOW = new Date('2026-11-22T12:00:00Z').getTime();

const events = [
  { type: 'auth.changed', auth: null },
  { type: 'auth.changed', auth: customer },
  { type: 'auth.changed', auth: newcomer },
  { type: 'auth.changed', auth: admin },
  { type: 'session.signIn', email: 'cliente@demo.test', password: 'demo12345' },
  { type: 'session.signOut' },
  { type: 'company.select', companyId: 'c2' },
  { type: 'company.loaded' },
  { type: 'company.failed', error: 'Empresa não encontrada.' },
  // Refused: the claims named a company the person no longer has.
  { type: 'company.failed', error: 'Você não tem acesso a esta empresa.', status: 403 },
  { type: 'api.unauthorized' },
  { type: 'page.unload' },
  { type: 'xstate.done.actor.signIn', output: customer },
  { type: 'xstate.done.actor.signIn', output: admin },
  { type: 'xstate.done.actor.signIn', output: newcomer },
  { type: 'xstate.error.actor.signIn', error: new Error('E-mail ou senha incorretos.') },
  // A wrong password counts towards the back-off: after a few, sign-in waits (the clock is frozen at SESSION_NOW).
  { type: 'xstate.error.actor.signIn', error: WRONG_PASSWORD },
  { type: 'xstate.done.actor.signOut', output: undefined },
  { type: 'xstate.error.actor.signOut', error: new Error('offline') },
  { type: 'xstate.done.actor.refreshToken', output: refreshed },
  { type: 'xstate.error.actor.refreshToken', error: new Error('offline') },
  { type: 'xstate.done.actor.recoverToken', output: refreshed },
  { type: 'xstate.error.actor.recoverToken', error: new Error('offline') },
  { type: 'xstate.after.tokenRefresh.session.signedIn.active' },
  { type: 'session.refresh' },
  { type: 'xstate.done.actor.refreshClaims', output: refreshed },
  { type: 'xstate.error.actor.refreshClaims', error: new Error('offline') },
  // Healing stale claims: a fresh token (naming another company, or still only the refused one), then the server's word.
  { type: 'xstate.done.actor.healClaims', output: refreshed },
  { type: 'xstate.done.actor.healClaims', output: stillStale },
  { type: 'xstate.error.actor.healClaims', error: new Error('offline') },
  { type: 'xstate.done.actor.findOwnCompany', output: 'c3' },
  { type: 'xstate.done.actor.findOwnCompany', output: null },
  { type: 'xstate.error.actor.findOwnCompany', error: new Error('offline') },
] as EventObject[];

const isRefusal = (event: EventObject) => event.type === 'company.failed' && (event as { status?: number }).status === 403;

/**
 * The events to try where the session is. One refusal per path is enough to walk the healing (a second refusal of
 * the same session heals the same way): without this bound the refused companies multiply the states of the graph.
 */
const eventsAt = (snapshot: AnyMachineSnapshot) =>
  (snapshot.context as SessionContext).refusedCompanyIds.length ? events.filter((event) => !isRefusal(event)) : events;

/**
 * The reload guard at its edge: a 401 met exactly 10 seconds after the recovery's reload is recovered again (one
 * reload in 10 seconds, docs/rules.md). Only the events that lead there; the browser's model (e2e) leaves it out.
 */
export const SESSION_EDGE_SCENARIOS = [
  {
    name: 'reloaded 10 seconds ago',
    input: { storedCompanyId: null, lastReloadAt: SESSION_NOW - TEN_SECONDS },
    events: events.filter((event) =>
      [
        'auth.changed',
        'company.loaded',
        'api.unauthorized',
        'xstate.done.actor.recoverToken',
        'xstate.error.actor.recoverToken',
      ].includes(event.type),
    ),
    now: SESSION_NOW,
  },
];

export const sessionModel: MachineModel = {
  machine: sessionMachine,
  // The company actor the session invokes tells it when a load ends.
  internalEvents: ['company.loaded', 'company.failed'],
  scenarios: [
    { name: 'no recent reload', input: { storedCompanyId: null, lastReloadAt: null }, events: eventsAt, now: SESSION_NOW },
    {
      name: 'reloaded moments ago',
      input: { storedCompanyId: null, lastReloadAt: SESSION_NOW - TEN_SECONDS / 2 },
      events: eventsAt,
      now: SESSION_NOW,
    },
  ],
};
