/**
 * The schedule's calendar (shared/rules/schedule.ts): wall-clock times in the
 * machine's local time, or in an IANA time zone through Intl, and calendar
 * days as day numbers so that day arithmetic knows no daylight saving.
 */
/** A wall-clock time; month 0-11 as in Date. */
export interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}
export interface Clock {
  wall(ms: number): Wall;
  instant(wall: Wall): number;
}

export const DAY_MS = 86_400_000;
export const localClock: Clock = {
  wall: (ms) => {
    const d = new Date(ms);
    return { year: d.getFullYear(), month: d.getMonth(), day: d.getDate(), hour: d.getHours(), minute: d.getMinutes() };
  },
  instant: (w) => new Date(w.year, w.month, w.day, w.hour, w.minute).getTime(),
};

export function zoneClock(timeZone: string): Clock {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
  const wall = (ms: number): Wall => {
    const part = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, Number(p.value)]));
    return { year: part.year!, month: part.month! - 1, day: part.day!, hour: part.hour! % 24, minute: part.minute! };
  };
  const offset = (ms: number) => {
    const w = wall(ms);
    return Date.UTC(w.year, w.month, w.day, w.hour, w.minute) - Math.floor(ms / 60_000) * 60_000;
  };
  return {
    wall,
    // The zone's offset at a first guess, then at the instant it gives (it differs across a daylight-saving change).
    instant: (w) => {
      const asUtc = Date.UTC(w.year, w.month, w.day, w.hour, w.minute);
      const guess = asUtc - offset(asUtc);
      const second = offset(guess);
      return second === asUtc - guess ? guess : asUtc - second;
    },
  };
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
export const pad2 = (n: number) => String(n).padStart(2, '0');
export const isoDay = (day: number) => {
  const w = wallOfDay(day);
  return `${w.year}-${pad2(w.month + 1)}-${pad2(w.day)}`;
};
