import { useEffect, useState } from 'react';
import type { LiveMessage, LiveSnapshot } from '@/lib/live-inspection';
import { LIVE_CHANNEL } from '@/lib/live-inspection';

const LOG_SIZE = 40;

/** A running machine as the statechart page follows it: its last report, by tab, machine and actor. */
export interface LiveActor {
  key: string;
  last: LiveSnapshot;
}

/**
 * The app's running machines in this browser's other tabs (src/lib/live-inspection.ts): the last report of each (one
 * per tab and machine: a control started again replaces the one before) and the latest events, newest first.
 */
export function useLiveMachines(): { actors: LiveActor[]; log: LiveSnapshot[] } {
  const [actors, setActors] = useState<Map<string, LiveSnapshot>>(new Map());
  const [log, setLog] = useState<LiveSnapshot[]>([]);
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(LIVE_CHANNEL);
    channel.onmessage = ({ data }: MessageEvent<LiveMessage>) => {
      if (data.type !== 'snapshot') return;
      const key = `${data.tab}:${data.machine}:${data.systemId ?? ''}`;
      setActors((current) => {
        const next = new Map(current);
        if (data.status === 'active') next.set(key, data);
        else next.delete(key);
        return next;
      });
      if (!data.replay) setLog((current) => [data, ...current].slice(0, LOG_SIZE));
    };
    // Tabs opened before this page say where their machines are.
    channel.postMessage({ type: 'who' } satisfies LiveMessage);
    return () => channel.close();
  }, []);
  return { actors: [...actors].map(([key, last]) => ({ key, last })), log };
}

/** The innermost states of a report (`signedIn.active`), for people. */
export function leafStates(snapshot: LiveSnapshot): string {
  const leaves = snapshot.active.filter((id) => !snapshot.active.some((other) => other.startsWith(`${id}.`)));
  return leaves.map((id) => id.split('.').slice(1).join('.') || id).join(', ');
}
