import { describe, expect, it } from 'vitest';
import { discoverSunSpec } from '../src/sunspec/discover.ts';
import { SunSpecDevice } from '../src/sunspec/SunSpecDevice.ts';
import { layoutModel, modelDef } from '@solarops/contracts/sunspec';
import { MAPPED_MODELS } from '../src/mapping/toReading.ts';
import { loadImage, mapReader, registerMap } from './imageServer.ts';

const SMA = 'DeviceSMASunnyBoy36Dated20250518';

/** The SMA image with its model 101 at `at` in the map changed by `edit` (offsets from the model's ID register). */
function smaWith(
  edit: (registers: Map<number, number | null>) => void,
  base = 40000,
): Map<number, number | null> {
  const registers = registerMap(loadImage(SMA), base);
  edit(registers);
  return registers;
}

/** Address of a model's ID register in the SMA image (its chain, as discovery found it on the unchanged image). */
const SMA_101 = 40185;
const SMA_END = 40875;

describe('SunSpec discovery', () => {
  for (const base of [40000, 0, 50000, 40001, 39999, 1]) {
    it(`finds the marker at ${base} and walks the same chain from there`, async () => {
      const map = await discoverSunSpec(mapReader(registerMap(loadImage(SMA), base)));
      expect(map?.base).toBe(base);
      expect(map?.models.map((m) => m.id)).toEqual([
        1, 11, 12, 101, 120, 121, 122, 123, 124, 126, 127, 128, 131, 132, 160, 129, 130,
      ]);
      expect(map?.models[3]?.address).toBe(base + (SMA_101 - 40000));
    });
  }

  it('ends the chain at a model id 0 (some devices end with 0, not 0xFFFF)', async () => {
    const registers = smaWith((r) => {
      r.set(SMA_101, 0);
      r.set(SMA_101 + 1, 0);
    });
    const map = await discoverSunSpec(mapReader(registers));
    expect(map?.models.map((m) => m.id)).toEqual([1, 11, 12]);
  });

  it('ends the chain where the device refuses to read further (no end model at all)', async () => {
    const registers = smaWith((r) => {
      r.delete(SMA_END);
      r.delete(SMA_END + 1);
    });
    const map = await discoverSunSpec(mapReader(registers));
    expect(map?.models.at(-1)?.id).toBe(130);
  });

  it('reads the end model whose length register the device refuses (the id alone), one request per model', async () => {
    const registers = smaWith((r) => r.delete(SMA_END + 1));
    const read = mapReader(registers);
    let requests = 0;
    const map = await discoverSunSpec((address, count) => {
      requests++;
      return read(address, count);
    });
    expect(map?.models.map((m) => m.id)).toEqual([
      1, 11, 12, 101, 120, 121, 122, 123, 124, 126, 127, 128, 131, 132, 160, 129, 130,
    ]);
    // The marker, a header read per model, and the end model's refused header then its id alone.
    expect(requests).toBe(1 + 17 + 2);
  });

  it('stops a runaway chain: a device answering every register with the same plausible header', async () => {
    const registers = new Map<number, number | null>();
    for (let a = 0; a < 65536; a++) registers.set(a, 1);
    registers.set(40000, 0x5375);
    registers.set(40001, 0x6e53);
    const map = await discoverSunSpec(mapReader(registers));
    expect(map?.models.length).toBeLessThanOrEqual(200);
    expect(map!.models.every((m) => m.address + 2 + m.length <= 0x10000)).toBe(true);
  });

  it('answers undefined for a device that answers without a SunSpec map, and rejects when nothing answers', async () => {
    const plain = new Map<number, number | null>([
      [40000, 1],
      [40001, 2],
    ]);
    await expect(discoverSunSpec(mapReader(plain))).resolves.toBeUndefined();
    await expect(
      discoverSunSpec(() => Promise.reject(new (class extends Error {})('Timed out'))),
    ).rejects.toThrow(/Timed out/);
  });

  it('lists vendor models it does not know but never reads them', async () => {
    const registers = registerMap(loadImage('EmulatedDER'));
    const read = mapReader(registers);
    const asked: number[] = [];
    const device = (await SunSpecDevice.discover(read))!;
    expect(device.modelIds.at(-1)).toBe(64412);
    await device.read((address, count) => {
      asked.push(address);
      return read(address, count);
    });
    const vendor = device.map.models.at(-1)!;
    expect(asked.some((a) => a >= vendor.address && a < vendor.address + 2 + vendor.length)).toBe(false);
  });
});

describe('SunSpec values a device does not give', () => {
  it('leaves out values not implemented (0x8000, 0xFFFF, 0 for an accumulator), never sends 0 or -32768', async () => {
    const registers = smaWith((r) => {
      r.set(SMA_101 + 2 + 12, 0x8000); // W (int16) not implemented
      r.set(SMA_101 + 2 + 22, 0); // WH (acc32) high word
      r.set(SMA_101 + 2 + 23, 0); // WH low word: an accumulator of 0 is "not implemented"
      r.set(SMA_101 + 2 + 14, 0xffff); // Hz (uint16)
    });
    const read = mapReader(registers);
    const reading = await (await SunSpecDevice.discover(read))!.read(read);
    expect(reading).not.toHaveProperty('acPowerW');
    expect(reading).not.toHaveProperty('energyTotalKwh');
    expect(reading).not.toHaveProperty('gridFrequencyHz');
    expect(reading.gridVoltageV).toEqual([244]);
  });

  it('leaves out a value whose scale factor is not implemented', async () => {
    const registers = smaWith((r) => r.set(SMA_101 + 2 + 13, 0x8000)); // W_SF
    const read = mapReader(registers);
    const reading = await (await SunSpecDevice.discover(read))!.read(read);
    expect(reading).not.toHaveProperty('acPowerW');
    expect(reading.gridFrequencyHz).toEqual([49.99]);
  });

  it('publishes the rest of a read when the device refuses some of its registers', async () => {
    // The device refuses the frequency register: one read of model 101 fails with exception 2.
    const registers = smaWith((r) => r.set(SMA_101 + 2 + 14, null));
    const read = mapReader(registers);
    const device = (await SunSpecDevice.discover(read))!;
    const reading = await device.read(read);
    expect(reading).not.toHaveProperty('gridFrequencyHz');
    expect(reading).toMatchObject({
      acPowerW: 3680,
      gridVoltageV: [244],
      energyTotalKwh: 30388.53,
      status: 1,
    });
    // The next read plans around the refused register: no request is refused again.
    let refusals = 0;
    await device.read(async (address, count) => {
      try {
        return await read(address, count);
      } catch (err) {
        refusals++;
        throw err;
      }
    });
    expect(refusals).toBe(0);
  });

  it('reads a single-phase voltage given only as PPVphAB', async () => {
    const registers = smaWith((r) => {
      r.set(SMA_101 + 2 + 5, 2301); // PPVphAB = 230.1 V with V_SF -1
      r.set(SMA_101 + 2 + 8, 0xffff); // PhVphA not implemented
    });
    const read = mapReader(registers);
    const reading = await (await SunSpecDevice.discover(read))!.read(read);
    expect(reading.gridVoltageV).toEqual([230.1]);
  });

  it('reads a common model of 65 registers (SolarEdge) and finds the next model right after it', async () => {
    // Rebuild the SMA chain the way the recorded SolarEdge SE3000H lays it out: model 1 says 65, 101 at 40069.
    const source = registerMap(loadImage(SMA));
    const registers = new Map<number, number | null>();
    for (let a = 40000; a < 40002 + 2 + 65; a++) registers.set(a, source.get(a)!);
    registers.set(40003, 65);
    let to = 40069;
    for (let from = SMA_101; from <= SMA_END + 1; from++) registers.set(to++, source.get(from)!);
    const read = mapReader(registers);
    const device = (await SunSpecDevice.discover(read))!;
    expect(device.map.models.slice(0, 2)).toEqual([
      { id: 1, length: 65, address: 40002 },
      { id: 101, length: 50, address: 40069 },
    ]);
    expect(device.identity).toEqual({
      manufacturer: 'SMA',
      model: 'SB3.6-1AV-41',
      serial: '3005067415',
      version: '4.01.15.R',
    });
    expect((await device.read(read)).acPowerW).toBe(3680);
  });
});

describe('SunSpec reads', () => {
  it('asks for at most 125 registers at a time, with each scale factor in the request of its values', async () => {
    const registers = registerMap(loadImage('EmulatedDER'));
    const read = mapReader(registers);
    const device = (await SunSpecDevice.discover(read))!;
    await device.read(read);
    const requests: [number, number][] = [];
    await device.read((address, count) => {
      requests.push([address, count]);
      return read(address, count);
    });
    expect(requests.length).toBeGreaterThan(0);
    expect(Math.max(...requests.map(([, c]) => c))).toBeLessThanOrEqual(125);
    // Every scaled value of the models read (model 701 takes two requests) comes in one request with its factor.
    let scaled = 0;
    for (const location of device.map.models.filter((m) => MAPPED_MODELS.has(m.id))) {
      const regs = Array.from(
        { length: 2 + location.length },
        (_, i) => registers.get(location.address + i) ?? null,
      );
      for (const p of layoutModel(modelDef(location.id)!, regs).placements) {
        if (p.sfOffset === undefined) continue;
        const [v, sf] = [location.address + p.offset, location.address + p.sfOffset];
        const inOne = requests.some(
          ([a, c]) => a <= Math.min(v, sf) && a + c >= Math.max(v + p.size, sf + 1),
        );
        expect(inOne, `model ${location.id} ${p.path}`).toBe(true);
        scaled++;
      }
    }
    expect(scaled).toBeGreaterThan(50);
  });
});
