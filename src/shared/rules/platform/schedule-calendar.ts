/**
 * The schedule's calendar (shared/rules/platform/schedule.ts): wall-clock times in the
 * machine's local time, or in an IANA time zone through Intl, and calendar
 * days as day numbers so that day arithmetic knows no daylight saving.
 *
 * Daylight saving (runs keep their wall-clock time across a change):
 * - A wall time that does not exist (the spring gap, e.g. 02:30 on the night
 *   clocks go 02:00 -> 03:00) becomes the first valid instant after the gap,
 *   the moment of the change (03:00). Not JavaScript's own choice (it adds the
 *   gap: 03:30): a job due in the skipped hour runs as soon as it can.
 * - A wall time that occurs twice (the autumn hour) is its first occurrence,
 *   so a run in that hour happens once.
 * The machine's clock and a named zone's follow the same rules.
 */
/** A wall-clock time; month 0-11 as in Date. */
interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}
interface Clock {
  wall(ms: number): Wall;
  instant(wall: Wall): number;
}

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** A wall time coded as the UTC instant with the same fields ("wall ms"): wall arithmetic without daylight saving. */
export const wallMs = (w: Wall) => Date.UTC(w.year, w.month, w.day, w.hour, w.minute);
export const wallOfMs = (ms: number): Wall => {
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth(), day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes() };
};

/** A clock from its wall-time reading: the instant of a wall time follows the daylight-saving rules above. */
function clockOf(wall: (ms: number) => Wall): Clock {
  /** The zone's offset (wall minus instant) at `ms`. */
  const offset = (ms: number) => wallMs(wall(ms)) - Math.floor(ms / MINUTE_MS) * MINUTE_MS;
  const instant = (w: Wall): number => {
    const wanted = wallMs(w);
    // The offsets a day before and a day after bracket any change near this wall time.
    const before = offset(wanted - DAY_MS);
    const after = offset(wanted + DAY_MS);
    if (before === after) return wanted - before;
    const candidates = [wanted - before, wanted - after].sort((a, b) => a - b);
    const exact = candidates.find((ms) => wallMs(wall(ms)) === wanted);
    if (exact !== undefined) return exact; // the earlier one when the time occurs twice
    // The gap: the first minute whose wall time is past the wanted one (the change itself).
    let [low, high] = candidates as [number, number];
    while (high - low > MINUTE_MS) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
      if (wallMs(wall(middle)) < wanted) low = middle;
      else high = middle;
    }
    return high;
  };
  return { wall, instant };
}

const localClock: Clock = clockOf((ms) => {
  const d = new Date(ms);
  return { year: d.getFullYear(), month: d.getMonth(), day: d.getDate(), hour: d.getHours(), minute: d.getMinutes() };
});

const zoneClocks = new Map<string, Clock>();
/** A named zone's clock (an unknown zone throws a RangeError, as Intl does). */
export function zoneClock(timeZone: string): Clock {
  const known = zoneClocks.get(timeZone);
  if (known) return known;
  const format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
  const clock = clockOf((ms) => {
    const part = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, Number(p.value)]));
    return { year: part.year!, month: part.month! - 1, day: part.day!, hour: part.hour! % 24, minute: part.minute! };
  });
  zoneClocks.set(timeZone, clock);
  return clock;
}

/** The machine's local time, or the zone's. */
export const clockFor = (timeZone?: string): Clock => (timeZone ? zoneClock(timeZone) : localClock);
/** A calendar day as a day number (days since 1970-01-01), so day arithmetic knows no daylight saving. */
export const dayNumber = (year: number, month: number, day: number) => Math.floor(Date.UTC(year, month, day) / DAY_MS);
export const dayOf = (clock: Clock, ms: number) => {
  const w = clock.wall(ms);
  return dayNumber(w.year, w.month, w.day);
};
export const wallOfDay = (day: number) => {
  const d = new Date(day * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth(), day: d.getUTCDate() };
};
/** 0 is Sunday (1970-01-01 was a Thursday). */
export const weekday = (day: number) => (((day + 4) % 7) + 7) % 7;
export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/**
 * The day number of the `week`th `dayOfWeek` (0 Sunday) of a month: week 1-5,
 * or 0 for the last one. Null when the month has no such day (a fifth Monday).
 */
export function nthWeekdayOfMonth(year: number, month: number, dayOfWeek: number, week: number): number | null {
  if (week === 0) {
    const last = dayNumber(year, month, daysInMonth(year, month));
    return last - ((weekday(last) - dayOfWeek + 7) % 7);
  }
  const first = dayNumber(year, month, 1);
  const day = first + ((dayOfWeek - weekday(first) + 7) % 7) + (week - 1) * 7;
  return day < first + daysInMonth(year, month) ? day : null;
}

export const pad2 = (n: number) => String(n).padStart(2, '0');
export const isoDay = (day: number) => {
  const w = wallOfDay(day);
  return `${w.year}-${pad2(w.month + 1)}-${pad2(w.day)}`;
};
