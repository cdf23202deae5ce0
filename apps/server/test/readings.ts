/** One valid reading of a string inverter at `ts`, its total energy growing with time (tests of the ingest). */
export const testReading = (sn: string, ts: number) => ({
  sn,
  ts,
  acPowerW: 1500,
  energyTodayKwh: 4.1,
  energyTotalKwh: 1000 + ts / 3.6e9,
  gridVoltageV: [230.1],
  pvVoltageV: [350, 351],
  pvCurrentA: [2.1, 2.2],
  status: 1,
});

/**
 * A plant time zone whose day has already run at least four hours, with its midnight and a moment a minute ago,
 * for fixtures that report a day's energy from two readings. The energy between two readings is capped by the
 * device's rating over their interval (telemetry/guardedEnergy.ts), so in the first hours after UTC midnight a
 * UTC plant's day would be cut short: then the fixture's plants live in Shanghai (UTC+8, no summer time), whose
 * day is eight hours old.
 */
export function elapsedDay(now = Date.now()): { timeZone: string; start: number; last: number } {
  const [timeZone, offsetHours] = new Date(now).getUTCHours() >= 4 ? ['UTC', 0] : ['Asia/Shanghai', 8];
  const offsetMs = offsetHours * 3_600_000;
  const localDate = new Date(now + offsetMs).toISOString().slice(0, 10);
  return { timeZone, start: Date.parse(`${localDate}T00:00:00Z`) - offsetMs, last: now - 60_000 };
}
