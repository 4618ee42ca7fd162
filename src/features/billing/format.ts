/** "2026-03-10" → "10/03/2026": a calendar day, shown as it is (no time zone shift). */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}
