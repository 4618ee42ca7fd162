import type { ActorOptions, AnyActorLogic, InspectionEvent } from 'xstate';

type Inspect = NonNullable<ActorOptions<AnyActorLogic>['inspect']>;

/**
 * Live inspection, offline: the app's running machines (session, company, the open wizard, the status control) tell
 * the statechart page — in another tab of the same browser — where they are and what happened, over a
 * BroadcastChannel. Nothing leaves the browser. On with `?inspect` in `npm run dev` (for the tab), or with the team's
 * switch on the statechart page (this browser, also in production).
 */

export const LIVE_CHANNEL = 'contabil.machines';
/** localStorage (the team's switch) or sessionStorage (`?inspect` in dev, this tab): '1' when on. */
export const LIVE_KEY = 'contabil.inspect';

/** What a running machine reports after each of its steps. */
export interface LiveSnapshot {
  type: 'snapshot';
  /** The tab, and the actor within it (`x:3`). */
  tab: string;
  actor: string;
  /** The machine's id (`session`, `wizard`, …) and its actor's system id, when it has one. */
  machine: string;
  systemId: string | null;
  /** The event that led here (`xstate.init` at the start). */
  event: string;
  /** Every state node the actor is in (`session.signedIn`, `session.signedIn.active`). */
  active: string[];
  status: string;
  at: number;
  /** Sent again for a statechart page that opened later (not a new step). */
  replay?: boolean;
}
/** The statechart page asks the tabs where their machines are (it opened after them). */
export interface LiveRequest {
  type: 'who';
}
export type LiveMessage = LiveSnapshot | LiveRequest;

const stored = (storage: Storage) => {
  try {
    return storage.getItem(LIVE_KEY) === '1';
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

/** Turns the team's switch on or off for this browser (every tab follows at once). */
export function setLiveInspection(on: boolean) {
  if (on) localStorage.setItem(LIVE_KEY, '1');
  else localStorage.removeItem(LIVE_KEY);
  enabled = liveInspectionOn();
}

const tab = Math.random().toString(36).slice(2, 8);
let enabled = false;
let channel: BroadcastChannel | null = null;
/** The last report of each running machine, for a statechart page that opens later. */
const latest = new Map<string, LiveSnapshot>();

function post(message: LiveSnapshot) {
  latest.set(message.actor, message);
  if (message.status !== 'active') latest.delete(message.actor);
  channel?.postMessage(message);
}

function start() {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  enabled = liveInspectionOn();
  channel = new BroadcastChannel(LIVE_CHANNEL);
  channel.onmessage = (message: MessageEvent<LiveMessage>) => {
    if (enabled && message.data.type === 'who') latest.forEach((snapshot) => channel?.postMessage({ ...snapshot, replay: true }));
  };
  // The switch turned in another tab.
  window.addEventListener('storage', (event) => {
    if (event.key === LIVE_KEY) enabled = liveInspectionOn();
  });
}

interface MachineSnapshotLike {
  status: string;
  _nodes?: { id: string }[];
}

/** The inspector the app's actors are created with: it reports machines only while live inspection is on. */
export function liveInspector(): Inspect {
  start();
  return (event: InspectionEvent) => {
    if (!enabled || event.type !== '@xstate.snapshot') return;
    const logic = (event.actorRef as { logic?: { id?: string; root?: unknown } }).logic;
    const snapshot = event.snapshot as MachineSnapshotLike;
    if (!logic?.root || !snapshot._nodes) return;
    post({
      type: 'snapshot',
      tab,
      actor: `${tab}:${event.actorRef.sessionId}`,
      machine: logic.id ?? '',
      systemId: (event.actorRef as { _systemId?: string })._systemId ?? null,
      event: event.event.type,
      active: snapshot._nodes.map((node) => node.id),
      status: snapshot.status,
      at: Date.now(),
    });
  };
}
