import { onFirstUse } from '@domain';

const dateFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('pt-BR', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'America/Sao_Paulo',
    }),
);

/** ISO date → dd/mm/aaaa in São Paulo time (conventions). */
export function formatDate(iso: string | Date): string {
  return dateFormat().format(typeof iso === 'string' ? new Date(iso) : iso);
}

const relative = onFirstUse(() => new Intl.RelativeTimeFormat('pt-BR', { numeric: 'auto' }));
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "há 3 dias", "há 2 horas", "agora". */
export function formatRelative(iso: string, now = Date.now()): string {
  const elapsed = new Date(iso).getTime() - now;
  for (const [unit, ms] of UNITS) {
    if (Math.abs(elapsed) >= ms) return relative().format(Math.round(elapsed / ms), unit);
  }
  return 'agora';
}

const dateTimeFormat = onFirstUse(
  () => new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' }),
);

const momentFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('pt-BR', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'America/Sao_Paulo',
    }),
);

/** An instant (ISO) in São Paulo time as its day "dd/mm/aaaa" and time "hh:mm", from parts so no locale comma slips in. */
export function saoPauloMoment(iso: string): { day: string; time: string } {
  const part = Object.fromEntries(
    momentFormat()
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return { day: `${part.day}/${part.month}/${part.year}`, time: `${part.hour}:${part.minute}` };
}

/** ISO → "22/11/2026, 14:05" in São Paulo time. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat().format(new Date(iso));
}
