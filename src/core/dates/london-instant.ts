/**
 * Instants counted in London's calendar: "7 days from now" on the wall clock a UK user reads,
 * so a trial started at 10:00 ends at 10:00 seven days later whether or not the clocks change.
 */
const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** London's offset from UTC at an instant, in minutes (0 in winter, 60 in summer). */
export function londonOffsetMinutes(instant: Date): number {
  const parts = londonParts.formatToParts(instant);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant `days` London calendar days after `instant` at the same London wall-clock time.
 * A wall time the clocks skip (01:30 on the spring-forward Sunday) lands an hour later.
 */
export function addLondonDays(instant: Date, days: number): Date {
  const offset = londonOffsetMinutes(instant);
  const wallMs = instant.getTime() + offset * 60_000 + days * 86_400_000;
  const guess = new Date(wallMs - offset * 60_000);
  const offsetThere = londonOffsetMinutes(guess);
  if (offsetThere === offset) return guess;
  const shifted = new Date(wallMs - offsetThere * 60_000);
  // In a skipped hour neither reading holds; the earlier-offset reading is the later instant.
  return londonOffsetMinutes(shifted) === offsetThere ? shifted : guess;
}

/** The instant `months` months after `instant` in London's calendar (31 January + 1 month = 28/29 February). */
export function addLondonMonths(instant: Date, months: number): Date {
  const parts = londonParts.formatToParts(instant);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const year = n('year');
  const month = n('month') - 1 + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(n('day'), lastDay);
  const target = new Date(Date.UTC(year, month, day));
  const dayShift = Math.round((target.getTime() - Date.UTC(year, n('month') - 1, n('day'))) / 86_400_000);
  return addLondonDays(instant, dayShift);
}
