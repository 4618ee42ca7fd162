import type { StatelyInspectionEvent } from '@statelyai/inspect';
import { useEffect, useState } from 'react';
import type { LiveMessage } from '@/lib/live-inspection';
import { LIVE_CHANNEL } from '@/lib/live-inspection';

const LOG_SIZE = 40;
/** How often the page asks the tabs where their machines are; a tab silent for two rounds is gone (closed, crashed). */
const ROLL_CALL_MS = 5_000;

/** Where a running machine stands, read from Stately's inspection events. */
export interface LiveSnapshot {
  tab: string;
  /** The machine's id (`session`, `companyStatus`, …). */
  machine: string;
  /** The event that led here (`xstate.init` at the start). */
  event: string;
  /** Every state node the actor is in (`session.signedIn`, `session.signedIn.active`). */
  active: string[];
  status: string;
  at: number;
}

/** A running machine as the statechart page follows it: its last report, by tab and machine. */
export interface LiveActor {
  key: string;
  last: LiveSnapshot;
}

/** The ids of the state nodes a state value stands in: `{ signedIn: 'active' }` → `id.signedIn`, `id.signedIn.active`. */
export function activeStateIds(machineId: string, value: unknown): string[] {
  const ids = [machineId];
  const walk = (at: unknown, prefix: string) => {
    if (typeof at === 'string') ids.push(`${prefix}.${at}`);
    else if (at && typeof at === 'object') {
      for (const [key, child] of Object.entries(at)) {
        ids.push(`${prefix}.${key}`);
        walk(child, `${prefix}.${key}`);
      }
    }
  };
  walk(value, machineId);
  return ids;
}

/** The machine's id from an actor registration's definition (a machine's config); null for other actors (callbacks). */
export function machineIdOf(event: StatelyInspectionEvent): string | null {
  if (event.type !== '@xstate.actor' || !event.definition) return null;
  try {
    const { id, states } = JSON.parse(event.definition) as { id?: unknown; states?: unknown };
    return typeof id === 'string' && typeof states === 'object' && states !== null ? id : null;
  } catch {
    return null;
  }
}

/** The actors listed without those of a tab that went away. */
export function withoutTab<T>(actors: ReadonlyMap<string, T>, tab: string): Map<string, T> {
  return new Map([...actors].filter(([key]) => !key.startsWith(`${tab}:`)));
}

/**
 * The app's running machines in this browser's other tabs (src/lib/live-inspection.ts): the last report of each (one
 * per tab and machine: a control started again replaces the one before) and the latest events, newest first. A tab
 * reloaded or closed says so (`gone`), and one that stops answering the page's roll call is dropped too: only the
 * machines that run now are listed.
 */
export function useLiveMachines(): { actors: LiveActor[]; log: LiveSnapshot[] } {
  const [actors, setActors] = useState<Map<string, LiveSnapshot>>(new Map());
  const [log, setLog] = useState<LiveSnapshot[]>([]);
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(LIVE_CHANNEL);
    /** Each tab's actors (by session id) and the machine they run: only machines are followed. */
    const machines = new Map<string, string>();
    /** When each tab was last heard from. */
    const heard = new Map<string, number>();
    const forget = (tab: string) => {
      heard.delete(tab);
      for (const actor of machines.keys()) if (actor.startsWith(`${tab}:`)) machines.delete(actor);
      setActors((current) => withoutTab(current, tab));
    };
    channel.onmessage = ({ data }: MessageEvent<LiveMessage>) => {
      if (data.type === 'gone') return forget(data.tab);
      if (data.type === 'here' || data.type === 'inspection') heard.set(data.tab, Date.now());
      if (data.type !== 'inspection') return;
      const { event } = data;
      const actor = `${data.tab}:${event.sessionId}`;
      const registered = machineIdOf(event);
      if (registered) machines.set(actor, registered);
      if (event.type !== '@xstate.snapshot') return;
      const machine = machines.get(actor);
      if (!machine) return;
      const status = event.snapshot.status ?? 'active';
      const snapshot: LiveSnapshot = {
        tab: data.tab,
        machine,
        event: event.event.type,
        active: activeStateIds(machine, (event.snapshot as { value?: unknown }).value),
        status,
        at: Date.parse(event.createdAt) || Date.now(),
      };
      const key = `${data.tab}:${machine}`;
      setActors((current) => {
        const next = new Map(current);
        if (status === 'active') next.set(key, snapshot);
        else next.delete(key);
        return next;
      });
      if (!data.replay) setLog((current) => [snapshot, ...current].slice(0, LOG_SIZE));
    };
    // Tabs opened before this page say where their machines are; asked again and again, the silent ones are gone.
    channel.postMessage({ type: 'who' } satisfies LiveMessage);
    const rollCall = setInterval(() => {
      for (const [tab, at] of heard) if (Date.now() - at > 2 * ROLL_CALL_MS + 1_000) forget(tab);
      channel.postMessage({ type: 'who' } satisfies LiveMessage);
    }, ROLL_CALL_MS);
    return () => {
      clearInterval(rollCall);
      channel.close();
    };
  }, []);
  return { actors: [...actors].map(([key, last]) => ({ key, last })), log };
}

/** The innermost states of a report (`signedIn.active`), for people. */
export function leafStates(snapshot: LiveSnapshot): string {
  const leaves = snapshot.active.filter((id) => !snapshot.active.some((other) => other.startsWith(`${id}.`)));
  return leaves.map((id) => id.split('.').slice(1).join('.') || id).join(', ');
}
