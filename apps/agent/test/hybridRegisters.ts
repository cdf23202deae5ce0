/**
 * The registers of a hybrid inverter without SunSpec as it would answer (the `hybridRegister` profile's layout,
 * Deye family), written word by word here from the values a user would read on its display, apart from the
 * agent's decoder: 3.52 kW AC out, 12.3 kWh today, 12 345.6 kWh in all, 231.4 V, 15.2 A, 50.02 Hz, 41.5 °C,
 * PV 1 at 352.1 V 6.4 A, PV 2 at 298.7 V 5.9 A, battery 52.31 V at 76 % charging with 1250 W, state normal.
 */
export function hybridRegisters(): Map<number, number | null> {
  const registers = new Map<number, number | null>();
  // Everything from 0 to 199 answers (a real map has values everywhere); 0 where nothing is said below.
  for (let a = 0; a < 200; a++) registers.set(a, 0);
  registers.set(59, 2); // state: normal
  registers.set(60, 123); // energy today, 0.1 kWh
  // Lifetime energy 123 456 (0.1 kWh) = 0x0001_E240, the low word first.
  registers.set(63, 0xe240);
  registers.set(64, 0x0001);
  registers.set(73, 2314); // AC voltage, 0.1 V
  registers.set(76, 152); // AC current, 0.1 A
  registers.set(79, 5002); // frequency, 0.01 Hz
  // AC power 35 200 (0.1 W) = 0x0000_8980, the low word first.
  registers.set(86, 0x8980);
  registers.set(87, 0x0000);
  registers.set(90, 1415); // temperature, 0.1 °C from −100 °C
  registers.set(109, 3521); // PV 1 voltage, 0.1 V
  registers.set(110, 64); // PV 1 current, 0.1 A
  registers.set(111, 2987);
  registers.set(112, 59);
  registers.set(183, 5231); // battery voltage, 0.01 V
  registers.set(184, 76); // battery SoC, %
  registers.set(190, 1250); // battery power, W, + charging
  return registers;
}

/** What a user reads on that display, in our reading's fields. */
export const HYBRID_READING = {
  status: 1,
  energyTodayKwh: 12.3,
  energyTotalKwh: 12345.6,
  gridVoltageV: [231.4],
  gridCurrentA: [15.2],
  gridFrequencyHz: [50.02],
  acPowerW: 3520,
  tempC: 41.5,
  pvVoltageV: [352.1, 298.7],
  pvCurrentA: [6.4, 5.9],
  batteryVoltageV: 52.31,
  batterySocPercent: 76,
  batteryPowerW: 1250,
};
