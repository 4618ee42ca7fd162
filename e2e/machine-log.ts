import type { Page } from '@playwright/test';
import type { AnyStateMachine } from 'xstate';
import type { LoggedTransition } from '@/lib/machine-log';
import { allTransitions } from '../tests/machines/models/transitions';

export type { LoggedTransition };

/**
 * The app's log of its machines' transitions (src/lib/machine-log.ts: asked for with localStorage
 * `contabil.test.machineLog`, kept in sessionStorage across reloads); empty while the page is between documents.
 */
export async function machineLog(page: Page): Promise<LoggedTransition[]> {
  const log = await page.evaluate(() => sessionStorage.getItem('contabil.machineLog')).catch(() => null);
  return JSON.parse(log ?? '[]') as LoggedTransition[];
}

/**
 * For a machine, the key (`allTransitions`) of a logged transition — matched by source, event, targets and guard — or
 * null when the machine has no such transition.
 */
export function transitionKeyOf(machine: AnyStateMachine): (entry: LoggedTransition) => string | null {
  const transitions = allTransitions(machine);
  return (entry) => {
    const event = entry.event === '' ? '(always)' : entry.event;
    const match = transitions.find(
      (t) =>
        t.source === entry.source && t.event === event && t.targets.join() === entry.targets.join() && t.guard === entry.guard,
    );
    return match?.key ?? null;
  };
}
