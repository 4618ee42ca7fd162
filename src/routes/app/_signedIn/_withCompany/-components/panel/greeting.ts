/**
 * "Bom dia", "Boa tarde" or "Boa noite" by the person's own clock, wherever they are. Read from the Date alone: the
 * first Intl object a page makes loads the browser's locale data (~120 ms on a phone before the panel's heading could
 * show, docs/performance.md).
 */
export function greeting(now = new Date()): string {
  const hour = now.getHours();
  return hour < 12 ? 'Bom dia' : hour < 18 ? 'Boa tarde' : 'Boa noite';
}
