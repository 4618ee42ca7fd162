/** Calendar rules every layer shares: São Paulo's today, month keys, how many days a month has. */
import { onFirstUse } from './intl';

const SAO_PAULO = 'America/Sao_Paulo';

/**
 * São Paulo's calendar and clock, one formatter made on first use: a new one costs ~140 µs a call in Node (~9 µs
 * reusing one), and the first one a page makes loads the browser's locale data (docs/performance.md).
 */
const saoPauloClock = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: SAO_PAULO,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }),
);

/** A moment as São Paulo's calendar and clock read it, each part two digits (the year four): "2026", "03", "05", "14"… */
export function saoPauloTime(now: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const parts = saoPauloClock().formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** Today's date in São Paulo: the day the schedules and the reports go by. */
export function saoPauloDate(now: Date): { year: number; month: number; day: number } {
  const { year, month, day } = saoPauloTime(now);
  return { year: Number(year), month: Number(month), day: Number(day) };
}

/** A moment as the São Paulo calendar day, YYYY-MM-DD: the day due dates and payments go by. */
export function saoPauloDay(date: Date): string {
  const { year, month, day } = saoPauloDate(date);
  return `${monthKey(year, month)}-${String(day).padStart(2, '0')}`;
}

/** A month key as the product writes it everywhere (a competence, a statement's month): AAAA-MM. */
export const MONTH_KEY = /^\d{4}-(0[1-9]|1[0-2])$/;

export const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/** A calendar day YYYY-MM-DD as people read it: "20/11/2026". */
export const formatDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

const weekdays = onFirstUse(() => new Intl.DateTimeFormat('pt-BR', { weekday: 'long', timeZone: 'UTC' }));
/** The weekday of a calendar day YYYY-MM-DD: "segunda-feira". */
export const weekdayOf = (day: string) => weekdays().format(new Date(`${day}T12:00:00Z`));

/** How many days a month (1–12) of a year has, leap years told. */
export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
