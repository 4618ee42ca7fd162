/**
 * National holidays, for moving a due date to the next business day (docs/taxes.md). Fixed dates are data with the
 * law that sets them and the year they started; Good Friday moves with Easter. Carnival is a federal "ponto
 * facultativo", not a national holiday, and is not here; state and municipal holidays are not either.
 */
export interface FixedHoliday {
  month: number;
  day: number;
  name: string;
  /** The first year it is a national holiday. */
  fromYear: number;
  source: string;
}

const LEI_662 = 'Lei 662/1949, art. 1º, na redação da Lei 10.607/2002';

export const NATIONAL_HOLIDAYS: readonly FixedHoliday[] = [
  { month: 1, day: 1, name: 'Confraternização Universal', fromYear: 1949, source: LEI_662 },
  { month: 4, day: 21, name: 'Tiradentes', fromYear: 1949, source: LEI_662 },
  { month: 5, day: 1, name: 'Dia do Trabalho', fromYear: 1949, source: LEI_662 },
  { month: 9, day: 7, name: 'Independência do Brasil', fromYear: 1949, source: LEI_662 },
  { month: 10, day: 12, name: 'Nossa Senhora Aparecida', fromYear: 1980, source: 'Lei 6.802/1980' },
  { month: 11, day: 2, name: 'Finados', fromYear: 2002, source: LEI_662 },
  { month: 11, day: 15, name: 'Proclamação da República', fromYear: 1949, source: LEI_662 },
  {
    month: 11,
    day: 20,
    name: 'Dia Nacional de Zumbi e da Consciência Negra',
    fromYear: 2024,
    source: 'Lei 14.759/2023',
  },
  { month: 12, day: 25, name: 'Natal', fromYear: 1949, source: LEI_662 },
];

/** Good Friday, two days before Easter: in the federal calendar of holidays every year (Lei 9.093/1995, art. 2º). */
export const GOOD_FRIDAY_SOURCE = 'Lei 9.093/1995, art. 2º; calendário anual de feriados da União (portaria do MGI)';

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, "Meeus/Jones/Butcher"), as [month, day]. */
export function easterSunday(year: number): [number, number] {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return [month, day];
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: string): [number, number, number] {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`Invalid date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

const iso = (utc: Date) => utc.toISOString().slice(0, 10);

/** The national holiday on a date (YYYY-MM-DD), or null. */
export function nationalHoliday(date: string): string | null {
  const [year, month, day] = parts(date);
  const fixed = NATIONAL_HOLIDAYS.find((h) => h.month === month && h.day === day && year >= h.fromYear);
  if (fixed) return fixed.name;
  const [easterMonth, easterDay] = easterSunday(year);
  const goodFriday = iso(new Date(Date.UTC(year, easterMonth - 1, easterDay - 2)));
  return goodFriday === date ? 'Paixão de Cristo' : null;
}

export function isBusinessDay(date: string): boolean {
  const [year, month, day] = parts(date);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && nationalHoliday(date) === null;
}

/**
 * The date itself when it is a business day, else the next one: a tax due on a day without banking hours is paid on
 * the next business day (Res. CGSN 140/2018, art. 40 § 1, for the DAS; docs/taxes.md).
 */
export function nextBusinessDay(date: string): string {
  const [year, month, day] = parts(date);
  let current = date;
  for (let add = 1; !isBusinessDay(current); add++) current = iso(new Date(Date.UTC(year, month - 1, day + add)));
  return current;
}
