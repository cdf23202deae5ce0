import { describe, expect, it } from 'vitest';
import { PacketSizeGate, PacketTooLarge } from './packetSizeGate.ts';

/** The remaining length of MQTT 3.1.1 §2.2.3: 7 bits a byte, low first, the high bit saying more follows. */
function remainingLength(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    out.push(byte);
  } while (n > 0);
  return out;
}

/** A QoS 0 PUBLISH of `payloadBytes` bytes on `topic`. */
function publish(topic: string, payloadBytes: number): Buffer {
  const name = Buffer.from(topic);
  const body = Buffer.concat([
    Buffer.from([name.length >> 8, name.length & 0xff]),
    name,
    Buffer.alloc(payloadBytes, 0x61),
  ]);
  return Buffer.concat([Buffer.from([0x30, ...remainingLength(body.length)]), body]);
}

/** Feeds `chunks` through a gate; answers what it let through and how it ended. */
async function feed(maxBytes: number, chunks: Buffer[]) {
  const gate = new PacketSizeGate(maxBytes);
  const passed: Buffer[] = [];
  gate.on('data', (c: Buffer) => passed.push(c));
  let error: unknown;
  gate.on('error', (err) => (error ??= err));
  for (const chunk of chunks) {
    if (error) break;
    await new Promise<void>((resolve) =>
      gate.write(chunk, (err) => {
        error ??= err ?? undefined;
        resolve();
      }),
    );
  }
  return { passed: Buffer.concat(passed), error };
}

const bytewise = (b: Buffer) => [...b].map((x) => Buffer.from([x]));

describe('MQTT packet size gate', () => {
  it('passes packets within the limit unchanged, however the stream is cut', async () => {
    const stream = Buffer.concat([
      Buffer.from([0xc0, 0x00]), // PINGREQ: no body
      publish('dev/A/up/telemetry', 100),
      publish('dev/A/up/telemetry', 20_000), // a three-byte remaining length
      publish('dev/A/up/event', 0),
    ]);
    for (const chunks of [[stream], bytewise(stream), [stream.subarray(0, 7), stream.subarray(7)]]) {
      const { passed, error } = await feed(64 * 1024, chunks);
      expect(error).toBeUndefined();
      expect(passed.equals(stream)).toBe(true);
    }
  });

  it('refuses a packet over the limit from its header, without letting a byte of it through', async () => {
    const small = publish('dev/A/up/telemetry', 10);
    const big = publish('dev/A/up/telemetry', 2 * 1024 * 1024);
    for (const chunks of [
      [small, big],
      [...bytewise(small), ...bytewise(big.subarray(0, 8)), big.subarray(8)],
    ]) {
      const { passed, error } = await feed(1024 * 1024, chunks);
      expect(error).toBeInstanceOf(PacketTooLarge);
      // What came before the big packet went on; of the big one at most its fixed header (1 + up to 4 bytes, when
      // the stream is cut inside it), nothing of its body.
      expect(passed.subarray(0, small.length).equals(small)).toBe(true);
      expect(passed.length).toBeLessThan(small.length + 5);
    }
  });

  it('counts the limit on the whole remaining length: topic and payload', async () => {
    const exact = publish('t', 1000 - 3);
    expect((await feed(1000, [exact])).error).toBeUndefined();
    expect((await feed(999, [exact])).error).toBeInstanceOf(PacketTooLarge);
  });
});
