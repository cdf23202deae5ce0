import { afterEach, describe, expect, it } from 'vitest';
import { agent } from './agentCli.ts';
import { ImageServer, loadImage, registerMap } from './imageServer.ts';

const servers: ImageServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.stop();
});

describe('solarops-agent scan', () => {
  it('probes unit 1, then 126 where the SMA serves SunSpec, and prints one JSON object', async () => {
    // Unit 1 is SMA's own map: it answers, but without "SunS" anywhere.
    const server = new ImageServer([
      { unitId: 1, registers: new Map() },
      { unitId: 126, registers: registerMap(loadImage('DeviceSMASunnyBoy36Dated20250518')) },
    ]);
    servers.push(server);
    const port = await server.start();
    const { code, stdout } = await agent(['scan', '--host', '127.0.0.1', '--port', String(port), '--json']);
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(stdout)).toEqual({
      devices: [
        {
          unitId: 126,
          identity: {
            manufacturer: 'SMA',
            model: 'SB3.6-1AV-41',
            serial: '3005067415',
            version: '4.01.15.R',
          },
          models: [1, 11, 12, 101, 120, 121, 122, 123, 124, 126, 127, 128, 131, 132, 160, 129, 130],
          reading: {
            acPowerW: 3680,
            energyTotalKwh: 30388.53,
            gridVoltageV: [244],
            gridCurrentA: [15.1],
            gridFrequencyHz: [49.99],
            tempC: 44,
            status: 1,
            faultCode: 0,
            pvVoltageV: [301, 242],
            pvCurrentA: [7.3, 6.6],
          },
        },
      ],
    });
  }, 60_000);

  it('reads the unit it is given, and prints the human form without --json', async () => {
    const server = new ImageServer([{ unitId: 3, registers: registerMap(loadImage('EmulatedDER')) }]);
    servers.push(server);
    const port = await server.start();
    const { code, stdout } = await agent([
      'scan',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--unit',
      '3',
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain('unit 3: DERSec DER Simulator');
    expect(stdout).toMatch(/acPowerW\s+9800/);
    expect(server.requests.every((r) => r.unitId === 3)).toBe(true);
  }, 60_000);

  it('exits non-zero with a clear message when nothing answers', async () => {
    const server = new ImageServer([]);
    servers.push(server);
    const port = await server.start();
    await server.stop();
    const { code, stdout, stderr } = await agent([
      'scan',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--json',
    ]);
    expect(code).not.toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/no SunSpec device at tcp:\/\/127\.0\.0\.1:\d+ \(unit 1: .*; unit 126: .*\)/);
  }, 60_000);

  it('refuses a port out of range before connecting', async () => {
    const { code, stderr } = await agent(['scan', '--host', '127.0.0.1', '--port', '70000']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--port of 1 to 65535/);
  }, 60_000);
});
