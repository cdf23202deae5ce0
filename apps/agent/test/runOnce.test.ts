import { describe, expect, it } from 'vitest';
import { telemetryReading } from '@solarops/contracts';
import { agent, undoneAfterEach } from './agentCli.ts';
import { ImageServer, loadImage, registerMap } from './imageServer.ts';
import { serialFromIdentity } from '@solarops/contracts';

const { later, configFile } = undoneAfterEach();

/**
 * `run --once --print` of an agent whose one Modbus TCP link serves the recorded SMA Sunny Boy on unit 126 and
 * the DER simulator on unit 2, with `devices` (agent.yaml's entries) on that link: its exit code and output.
 */
async function printOnce(o: { serial: string; timeZone?: string; devices: string[] }) {
  const server = new ImageServer([
    { unitId: 126, registers: registerMap(loadImage('DeviceSMASunnyBoy36Dated20250518')) },
    { unitId: 2, registers: registerMap(loadImage('EmulatedDER')) },
  ]);
  const port = await server.start();
  later(() => server.stop());
  const path = configFile(`
server:
  mqttUrl: mqtt://127.0.0.1:1
collector:
  serial: ${o.serial}
  secret: not-used-by-once
${o.timeZone ? `timeZone: ${o.timeZone}\n` : ''}links:
  - name: inverters
    tcp: { host: 127.0.0.1, port: ${port} }
    devices:
${o.devices.map((d) => `      - ${d}`).join('\n')}
`);
  return agent(['run', '--config', path, '--once', '--print']);
}

describe('solarops-agent run --once --print', () => {
  it('reads every device of agent.yaml once and prints the batch it would send', async () => {
    const { code, stdout } = await printOnce({
      serial: 'SOC230712345',
      timeZone: 'Europe/Berlin',
      devices: ['{ sn: SIN241800042, unitId: 126 }', '{ sn: SIN241800043, unitId: 2 }'],
    });
    expect(code).toBe(0);
    const batch = JSON.parse(stdout) as { sentAt: number; readings: { sn: string }[] };
    expect(batch.readings.map((r) => r.sn)).toEqual(['SIN241800042', 'SIN241800043']);
    expect(batch.readings[0]).toMatchObject({ acPowerW: 3680, energyTotalKwh: 30388.53, energyTodayKwh: 0 });
    expect(batch.readings[1]).toMatchObject({ acPowerW: 9800, gridVoltageV: [276.8, 277.3, 277.6] });
    for (const r of batch.readings) expect(telemetryReading.safeParse(r).success).toBe(true);
  }, 60_000);

  it('names a device given without a serial by the serial its SunSpec map says', async () => {
    // As the console writes it for an agent with no device yet: the unit only.
    const { code, stdout } = await printOnce({
      serial: 'AGT-ROOF-01',
      devices: ['{ unitId: 126 }', '{ unitId: 2 }'],
    });
    expect(code).toBe(0);
    const batch = JSON.parse(stdout) as { readings: { sn: string; acPowerW: number }[] };
    // The SMA's own serial; the DER simulator's "SN-Three-Phase" as it is (letters, digits and dashes).
    expect(batch.readings.map((r) => [r.sn, r.acPowerW])).toEqual([
      ['3005067415', 3680],
      ['SN-Three-Phase', 9800],
    ]);
  }, 60_000);

  it('makes a serial of what a device says only from the characters a serial may hold', () => {
    expect(serialFromIdentity('3005067415')).toBe('3005067415');
    expect(serialFromIdentity(' AB 12/34 ')).toBe('AB-12-34');
    expect(serialFromIdentity('x'.repeat(40))).toBe('x'.repeat(32));
    expect(serialFromIdentity('A1')).toBeUndefined();
    expect(serialFromIdentity(undefined)).toBeUndefined();
  });

  it('says what is wrong in agent.yaml and where, and reads nothing', async () => {
    const path = configFile(`
server: { mqttUrl: mqtt://127.0.0.1:1883 }
collector: { serial: SOC230712345, secret: s }
links:
  - tcp: { host: 127.0.0.1, port: 502 }
    rtu: { path: /dev/ttyUSB0 }
    devices: [{ sn: SIN241800042, unitId: 300 }]
`);
    const { code, stderr } = await agent(['run', '--config', path, '--once', '--print']);
    expect(code).toBe(2);
    expect(stderr).toContain('links.0.devices.0.unitId');
    expect(stderr).toContain('a link is exactly one of tcp, rtuOverTcp or rtu');
  }, 60_000);
});
