/**
 * Days and months as a person in Brazil types them (dd/mm/aaaa, mm/aaaa) ↔ as the forms, the schemas and the server
 * keep them (ISO: YYYY-MM-DD, YYYY-MM). Two fixed formats and a leap-year rule: no date library needed.
 */

import { daysInMonth } from '@domain';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_MONTH = /^(\d{4})-(\d{2})$/;
const BR_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const BR_MONTH = /^(\d{2})\/(\d{4})$/;

/** The typing masks (maska: `#` a digit). */
export const DATE_MASK = '##/##/####';
export const MONTH_MASK = '##/####';

const realMonth = (year: number, month: number) => year >= 1 && month >= 1 && month <= 12;

/** "20/05/1990" → "1990-05-20"; undefined when incomplete or not a real day (31/02/2026). */
export function brDateToIso(text: string): string | undefined {
  const match = BR_DATE.exec(text.trim());
  if (!match) return undefined;
  const [day, month, year] = match.slice(1).map(Number);
  if (!realMonth(year, month) || day < 1 || day > daysInMonth(year, month)) return undefined;
  return `${match[3]}-${match[2]}-${match[1]}`;
}

/** "10/2026" → "2026-10"; undefined when incomplete or not a month (13/2026). */
export function brMonthToIso(text: string): string | undefined {
  const match = BR_MONTH.exec(text.trim());
  if (!match || !realMonth(Number(match[2]), Number(match[1]))) return undefined;
  return `${match[2]}-${match[1]}`;
}

/** "1990-05-20" → "20/05/1990"; anything else (what was typed, still incomplete) as it is. */
export function isoDateToBr(value: string): string {
  const match = ISO_DATE.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** "2026-10" → "10/2026"; anything else as it is. */
export function isoMonthToBr(value: string): string {
  const match = ISO_MONTH.exec(value);
  return match ? `${match[2]}/${match[1]}` : value;
}

/**
 * What a date field gives its form: the ISO day once a real one is typed, "" when empty, otherwise the text as typed
 * — which every date schema refuses with its own message, so the form says what is wrong and keeps the text.
 */
export function dateFieldValue(typed: string): string {
  return typed.trim() === '' ? '' : (brDateToIso(typed) ?? typed);
}

/** The same for a month field: "2026-10", "" or the text as typed. */
export function monthFieldValue(typed: string): string {
  return typed.trim() === '' ? '' : (brMonthToIso(typed) ?? typed);
}

/** Whether a field's value is a complete ISO month (a filter applies only then). */
export const isIsoMonth = (value: string) => ISO_MONTH.test(value) && brMonthToIso(isoMonthToBr(value)) !== undefined;
