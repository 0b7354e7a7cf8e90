import { tzOffset } from "@date-fns/tz";

/**
 * The centre's own time zone: staff pick dates and times in it, whatever the computer they use
 * is set to, and see them shown in it. Shared by the browser and the server; the offsets come
 * from @date-fns/tz (the platform's time zone data), never from a hand-kept table.
 */
export const CENTRE_TIME_ZONE = "Europe/Amsterdam";

/**
 * What a date and time on the centre's clocks means:
 * - `exact`: one moment;
 * - `gap`: the clocks skip it (the spring change, 02:00–03:00); `instant` is as far past the
 *   jump as the time was past 02:00 (02:30 becomes 03:30 summer time);
 * - `overlap`: the clocks show it twice (the autumn change, 02:00–03:00), first in summer time,
 *   then in winter time.
 */
export type WallTimeResolution =
  | { kind: "exact"; instant: Date }
  | { kind: "gap"; instant: Date }
  | { kind: "overlap"; earlier: Date; later: Date };

const DAY_MS = 24 * 3600_000;

/** `date` as YYYY-MM-DD and `time` as HH:mm on the clocks of `zone`; null when malformed. */
export function resolveWallTime(
  date: string,
  time: string,
  zone: string = CENTRE_TIME_ZONE,
): WallTimeResolution | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const [year, month, day, hour, minute] = [d[1], d[2], d[3], t[1], t[2]].map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59)
    return null;
  // The zone's offsets a day either side cover every change of its clocks in between.
  const offsets = [
    ...new Set([tzOffset(zone, new Date(wall - DAY_MS)), tzOffset(zone, new Date(wall + DAY_MS))]),
  ];
  const moments = offsets
    .map((offset) => ({ offset, instant: wall - offset * 60_000 }))
    .filter(({ offset, instant }) => tzOffset(zone, new Date(instant)) === offset)
    .map(({ instant }) => instant)
    .sort((a, b) => a - b);
  if (moments.length === 2) {
    return { kind: "overlap", earlier: new Date(moments[0]), later: new Date(moments[1]) };
  }
  if (moments.length === 1) return { kind: "exact", instant: new Date(moments[0]) };
  const before = tzOffset(zone, new Date(wall - DAY_MS));
  return { kind: "gap", instant: new Date(wall - before * 60_000) };
}

/** The date (YYYY-MM-DD) and time (HH:mm) the centre's clocks show at `instant`. */
export function wallTimeOf(
  instant: Date,
  zone: string = CENTRE_TIME_ZONE,
): { date: string; time: string } {
  const shifted = new Date(instant.getTime() + tzOffset(zone, instant) * 60_000);
  const iso = shifted.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** Minutes the centre's clocks are ahead of UTC at `instant` (60 in winter, 120 in summer). */
export function centreOffsetMinutes(instant: Date, zone: string = CENTRE_TIME_ZONE): number {
  return tzOffset(zone, instant);
}
