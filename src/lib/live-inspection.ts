import type { StatelyInspectionEvent } from '@statelyai/inspect';
import type { ActorOptions, AnyActorLogic, InspectionEvent } from 'xstate';

type Inspect = NonNullable<ActorOptions<AnyActorLogic>['inspect']>;

/**
 * Live inspection with Stately's own inspector (@statelyai/inspect): the app's actors report through its
 * `createInspector`, and its events — Stately's format — travel over a BroadcastChannel to the statechart page in
 * another tab of the same browser. Offline: nothing leaves the browser unless the developer also turns on "Stately",
 * which sends the same stream to Stately's inspector window (createBrowserInspector). The package is loaded only once
 * inspection is on. On with `?inspect` in `npm run dev` (this tab), or with the team's switch on the statechart page.
 * See docs/machines.md.
 */

export const LIVE_CHANNEL = 'contabil.machines';
/** localStorage (the team's switch) or sessionStorage (`?inspect` in dev, this tab): '1' when on. */
export const LIVE_KEY = 'contabil.inspect';
/** localStorage: '1' also sends the stream to Stately's inspector window (stately.ai), for a developer. */
export const STATELY_KEY = 'contabil.inspect.stately';

/**
 * What crosses the channel: an inspection event of one tab; the statechart page asking the tabs where their machines
 * are (`who`; each answers `here`, then its latest events again); a tab going away (`gone`: reloaded or closed, its
 * actors with it).
 */
export type LiveMessage =
  | { type: 'inspection'; tab: string; event: StatelyInspectionEvent; replay?: boolean }
  | { type: 'who' }
  | { type: 'here'; tab: string }
  | { type: 'gone'; tab: string };

const stored = (storage: Storage, key = LIVE_KEY) => {
  try {
    return storage.getItem(key) === '1';
  } catch {
    return false;
  }
};

/** Whether this tab reports its machines now. */
export function liveInspectionOn(): boolean {
  if (typeof window === 'undefined' || typeof BroadcastChannel === 'undefined') return false;
  if (import.meta.env.DEV && new URLSearchParams(window.location.search).has('inspect')) {
    sessionStorage.setItem(LIVE_KEY, '1');
  }
  return stored(sessionStorage) || stored(localStorage);
}

export const statelyInspectorOn = () => typeof window !== 'undefined' && stored(localStorage, STATELY_KEY);

/** Turns the team's switch on or off for this browser (every tab follows at once). */
export function setLiveInspection(on: boolean) {
  if (on) localStorage.setItem(LIVE_KEY, '1');
  else localStorage.removeItem(LIVE_KEY);
  enabled = liveInspectionOn();
}

/** Also sends the stream to Stately's inspector window (takes effect when the app's tabs load again). */
export function setStatelyInspector(on: boolean) {
  if (on) localStorage.setItem(STATELY_KEY, '1');
  else localStorage.removeItem(STATELY_KEY);
}

const tab = Math.random().toString(36).slice(2, 8);
let enabled = false;
let channel: BroadcastChannel | null = null;
/** What a statechart page opened later needs: each actor's registration and its latest snapshot. */
const latest = new Map<string, StatelyInspectionEvent>();
/** The inspector, once the package has loaded; events meanwhile wait, in order (at most 200). */
type Report = (event: InspectionEvent) => void;
let inspector: Promise<Report> | null = null;
let loaded: Report | null = null;
const waiting: InspectionEvent[] = [];

function remember(event: StatelyInspectionEvent) {
  if (event.type === '@xstate.event') return;
  latest.set(`${event.type}:${event.sessionId}`, event);
  if (event.type === '@xstate.snapshot' && event.snapshot.status !== 'active') {
    latest.delete(`@xstate.actor:${event.sessionId}`);
    latest.delete(`@xstate.snapshot:${event.sessionId}`);
  }
}

/**
 * The part of Stately's event the statechart page reads, as plain data a BroadcastChannel copies: an actor's
 * registration (its definition) and its snapshots' state value; the raw snapshot may hold actor refs and functions.
 */
function forTheChannel(event: StatelyInspectionEvent): StatelyInspectionEvent | null {
  const base = {
    rootId: event.rootId,
    sessionId: event.sessionId,
    createdAt: event.createdAt,
    id: event.id,
    _version: event._version,
  };
  if (event.type === '@xstate.actor') {
    return { ...base, type: event.type, name: event.name, definition: event.definition, parentId: event.parentId, snapshot: {} };
  }
  if (event.type === '@xstate.snapshot') {
    const { status, value } = event.snapshot as { status?: string; value?: unknown };
    return {
      ...event,
      event: { type: event.event.type },
      snapshot: JSON.parse(JSON.stringify({ status, value })) as typeof event.snapshot,
    };
  }
  return null;
}

async function loadInspector(): Promise<Report> {
  const { createBrowserInspector, createInspector } = await import('@statelyai/inspect');
  const stately = statelyInspectorOn() ? createBrowserInspector({ autoStart: false }).adapter : null;
  stately?.start();
  const inspection = createInspector(
    {
      send(event) {
        stately?.send(event);
        const shared = forTheChannel(event);
        if (!shared) return;
        remember(shared);
        try {
          channel?.postMessage({ type: 'inspection', tab, event: shared } satisfies LiveMessage);
        } catch {
          // Something the channel cannot copy: this report is skipped, the app goes on.
        }
      },
    },
    // Neither the events' data nor the actors' context goes anywhere: people's data stays in the app.
    { sanitizeContext: () => ({}), sanitizeEvent: (event) => ({ type: event.type }) },
  );
  return (event) => inspection.inspect.next?.(event);
}

function start() {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  enabled = liveInspectionOn();
  channel = new BroadcastChannel(LIVE_CHANNEL);
  channel.onmessage = (message: MessageEvent<LiveMessage>) => {
    if (!enabled || message.data.type !== 'who') return;
    channel?.postMessage({ type: 'here', tab } satisfies LiveMessage);
    for (const event of latest.values())
      channel?.postMessage({ type: 'inspection', tab, event, replay: true } satisfies LiveMessage);
  };
  // Reloaded or closed: this tab's actors go with it (a page kept in the back-forward cache comes back with them).
  window.addEventListener('pagehide', (event) => {
    if (enabled && !event.persisted) channel?.postMessage({ type: 'gone', tab } satisfies LiveMessage);
  });
  // The switch turned in another tab.
  window.addEventListener('storage', (event) => {
    if (event.key === LIVE_KEY) enabled = liveInspectionOn();
  });
}

/** The inspector the app's actors are created with: it reports them only while live inspection is on. */
export function liveInspector(): Inspect {
  start();
  return (event: InspectionEvent) => {
    if (!enabled) return;
    if (loaded) return loaded(event);
    if (waiting.length < 200) waiting.push(event);
    inspector ??= loadInspector().then((inspect) => {
      loaded = inspect;
      waiting.splice(0).forEach((early) => inspect(early));
      return inspect;
    });
  };
}
