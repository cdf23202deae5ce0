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
