/**
 * The wall clock of an IANA time zone (ARCHITECTURE §6: a plant's days, charts and reports are in its zone). One
 * place reads it for the server, the simulator, the edge agent and the console, with one `Intl.DateTimeFormat`
 * per zone made once: each holds ICU's calendar and zone data, and a list of readings or table cells would
 * otherwise build one per value.
 */

/** A zone's wall-clock reading of an instant: calendar day and time of day, all numbers. */
export interface WallClock {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  /** 0–23. */
  hour: number;
  minute: number;
  second: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The formatter of `timeZone`; throws a RangeError for a zone name this runtime does not know. */
function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** True when `timeZone` is an IANA zone name this runtime knows. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    zoneFormat(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** What the wall clock of `timeZone` reads at instant `ms` (epoch milliseconds, or a Date). */
export function wallClock(timeZone: string, ms: number | Date): WallClock {
  const p: Record<string, number> = {};
  for (const part of zoneFormat(timeZone).formatToParts(ms)) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  return p as unknown as WallClock;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A wall-clock day as `YYYY-MM-DD`. */
export const dayKeyOf = (c: WallClock) => `${c.year}-${pad2(c.month)}-${pad2(c.day)}`;

/** A wall-clock time of day as `HH:mm:ss`. */
export const timeKeyOf = (c: WallClock) => `${pad2(c.hour)}:${pad2(c.minute)}:${pad2(c.second)}`;

/** The local day `YYYY-MM-DD` of instant `ms` in `timeZone`. */
export const zonedDay = (timeZone: string, ms: number | Date) => dayKeyOf(wallClock(timeZone, ms));
