// A zone's wall clock and the instants it shows, with Intl alone (no zone database to ship):
// the server reads floating calendar times with it, the browser what a person types.

const formatters = new Map<string, Intl.DateTimeFormat>();

/** How far the zone's clocks are ahead of UTC at the instant, in milliseconds. */
export function zoneOffsetMs(instant: number, zone: string): number {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  const parts = Object.fromEntries(
    formatter.formatToParts(new Date(instant)).map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(
    +parts.year!,
    +parts.month! - 1,
    +parts.day!,
    +parts.hour!,
    +parts.minute!,
    +parts.second!,
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

export interface WallClock {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The instant at which a zone's clocks show the given wall-clock time. */
export function wallClockToUtc(clock: WallClock, zone: string): number {
  const naive = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  let instant = naive - zoneOffsetMs(naive, zone);
  // a second pass settles times next to a DST change
  instant = naive - zoneOffsetMs(instant, zone);
  return instant;
}
