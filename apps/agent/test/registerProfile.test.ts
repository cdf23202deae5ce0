import { describe, expect, it } from 'vitest';
import { telemetryReading } from '@solarops/contracts';
import { HYBRID_READING, hybridRegisters } from './hybridRegisters.ts';
import { agent, undoneAfterEach } from './agentCli.ts';
import { ImageServer } from './imageServer.ts';
import { MAX_REGISTERS_PER_READ } from '../src/modbus/LinkQueue.ts';
import { readingPointValue } from '../src/profiles/RegisterProfileDevice.ts';

const { later, configFile } = undoneAfterEach();

function profileConfig(port: number, profile: string): string {
  return configFile(
    `server: { httpUrl: "http://127.0.0.1:1" }
collector: { serial: SOC230712345, secret: not-used-by-once }
links:
  - tcp: { host: 127.0.0.1, port: ${port} }
    devices:
      - { sn: SIN241800044, unitId: 1, profile: ${profile} }
`,
  );
}

async function hybridServer(registers = hybridRegisters()): Promise<ImageServer> {
  const server = new ImageServer([{ unitId: 1, registers }]);
  await server.start();
  later(() => server.stop());
  return server;
}

describe('a hybrid inverter without SunSpec, read through its register profile', () => {
  it('reads what its display shows into our reading, in requests of at most 125 registers', async () => {
    const server = await hybridServer();
    const { code, stdout, stderr } = await agent([
      'run',
      '--config',
      profileConfig(server.port, 'hybridRegister'),
      '--once',
      '--print',
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const reading = (JSON.parse(stdout) as { readings: unknown[] }).readings[0];
    expect(reading).toEqual({ sn: 'SIN241800044', ts: expect.any(Number), ...HYBRID_READING });
    expect(telemetryReading.safeParse(reading).success).toBe(true);
    // Never a SunSpec marker looked for: the profile says where the values are.
    expect(server.requests.every((r) => r.address < 200)).toBe(true);
    expect(server.requests.every((r) => r.count <= MAX_REGISTERS_PER_READ)).toBe(true);
  }, 60_000);

  it('leaves out the values of registers the device refuses and reads the rest', async () => {
    const registers = hybridRegisters();
    // This unit has no battery: it refuses the battery registers, and its second PV input's current.
    for (const a of [183, 184, 190, 112]) registers.set(a, null);
    const server = await hybridServer(registers);
    const { code, stdout } = await agent([
      'run',
      '--config',
      profileConfig(server.port, 'hybridRegister'),
      '--once',
      '--print',
    ]);
    expect(code).toBe(0);
    const reading = (JSON.parse(stdout) as { readings: Record<string, unknown>[] }).readings[0]!;
    expect(reading).not.toHaveProperty('batterySocPercent');
    expect(reading).not.toHaveProperty('batteryPowerW');
    expect(reading).not.toHaveProperty('batteryVoltageV');
    expect(reading.pvVoltageV).toEqual([352.1, 298.7]);
    expect(reading.pvCurrentA).toEqual([6.4]);
    expect(reading).toMatchObject({ acPowerW: 3520, energyTotalKwh: 12345.6, tempC: 41.5 });
  }, 60_000);

  it('refuses a profile that does not say where readings are, naming the ones that do', async () => {
    const { code, stderr } = await agent([
      'run',
      '--config',
      profileConfig(502, 'yongfuStorage'),
      '--once',
      '--print',
    ]);
    expect(code).toBe(2);
    expect(stderr).toContain('links.0.devices.0.profile');
    expect(stderr).toContain('hybridRegister');
  }, 60_000);

  it('decodes signed 32-bit values in either word order, and a state it does not know as absent', () => {
    const point = { field: 'acPowerW', register: 0, registerType: 's32', scale: -1 } as const;
    // −1 500.0 W = −15 000 (0.1 W) = 0xFFFF_C568.
    expect(readingPointValue(point, [0xffff, 0xc568])).toBe(-1500);
    expect(readingPointValue({ ...point, lowWordFirst: true }, [0xc568, 0xffff])).toBe(-1500);
    expect(readingPointValue(point, [0xffff, undefined])).toBeUndefined();
    const state = {
      field: 'status',
      register: 0,
      registerType: 'u16',
      scale: 0,
      states: { '2': 1 },
    } as const;
    expect(readingPointValue(state, [2])).toBe(1);
    expect(readingPointValue(state, [9])).toBeUndefined();
  });
});
