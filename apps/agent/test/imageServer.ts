import { createServer, type Server, type Socket } from 'node:net';
import { readFileSync } from 'node:fs';
import { ModbusError } from '../src/modbus/transport.ts';

/** A recorded register image (`test/images/*.json`). */
export interface RegisterImage {
  source: string;
  license: string;
  description: string;
  blocks: { kind: string; start: number; registers: (number | null)[] }[];
}

export function loadImage(name: string): RegisterImage {
  return JSON.parse(readFileSync(new URL(`./images/${name}.json`, import.meta.url), 'utf8')) as RegisterImage;
}

/** The image's registers as address → value (`null` = refused), optionally moved to another base address. */
export function registerMap(image: RegisterImage, base = 40000): Map<number, number | null> {
  const map = new Map<number, number | null>();
  for (const block of image.blocks) {
    block.registers.forEach((value, i) => map.set(block.start - 40000 + base + i, value));
  }
  return map;
}

/** What the server does wrong, changeable while it runs. */
export interface Faults {
  /** Answer each request this late [ms]. */
  delayMs?: number;
  /** Answer this exception code to the next `count` requests. */
  exception?: { code: number; count: number };
  /** Close the connection instead of answering the next `count` requests. */
  drop?: { count: number };
  /** Refuse a second client while one is connected (SolarEdge, Huawei dongles). */
  singleClient?: boolean;
}

/** One device behind the server: its unit id, registers, and whether it answers at all. */
export interface ServedDevice {
  unitId: number;
  registers: Map<number, number | null>;
  /** A dead device: requests to it get no answer (as on RS-485 behind a gateway). */
  dead?: boolean;
  /**
   * Writes (function 16, Modbus TCP framing): `store` keeps them (a writable image), `refuse` answers this
   * exception code and keeps nothing, `ignore` answers as if stored and keeps nothing (a device that takes a write
   * it does not carry out). Without it, writes answer exception 1 (illegal function), as a read-only device.
   */
  writes?: 'store' | 'ignore' | { refuse: number };
  faults?: Faults;
}

/**
 * A Modbus TCP server (function 3, and 16 where a device takes writes) serving register images, with the faults real devices show: slow answers,
 * exception codes, dropped connections, a second client refused. Registers outside the image or marked `null`
 * answer exception 2 (illegal data address), as a device refusing them does. Requests to a unit it does not
 * serve get exception 11 (gateway target failed to respond) unless `silentUnknownUnits`.
 */
export class ImageServer {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  readonly devices = new Map<number, ServedDevice>();
  /** Requests answered or refused, by unit id and function code (3 read, 16 write), with the time each arrived. */
  readonly requests: { unitId: number; fc: number; address: number; count: number; at: number }[] = [];
  refusedConnections = 0;
  port = 0;

  constructor(
    devices: ServedDevice[],
    readonly faults: Faults = {},
    /** `rtu`: RTU frames (unit, PDU, CRC-16) over TCP, as the cheap RS-485 to Ethernet converters pass them. */
    readonly framing: 'tcp' | 'rtu' = 'tcp',
  ) {
    for (const d of devices) this.devices.set(d.unitId, d);
  }

  async start(port = 0): Promise<number> {
    const server = createServer((socket) => this.accept(socket));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    return this.port;
  }

  /** Drops every open connection (a device rebooting, a gateway losing its uplink). */
  dropConnections(): void {
    for (const s of this.sockets) s.destroy();
  }

  async stop(): Promise<void> {
    this.dropConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private accept(socket: Socket): void {
    if (this.faults.singleClient && this.sockets.size > 0) {
      this.refusedConnections++;
      socket.destroy();
      return;
    }
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = Buffer.alloc(0);
    socket.on('data', (data) => {
      buffer = Buffer.concat([buffer, data]);
      // An RTU read request is 8 bytes: unit, function, address, count, CRC; given the answer a TCP frame gets.
      while (this.framing === 'rtu' && buffer.length >= 8) {
        const rtu = buffer.subarray(0, 8);
        buffer = buffer.subarray(8);
        if (crc16(rtu.subarray(0, 6)) !== rtu.readUInt16LE(6)) continue;
        const frame = Buffer.concat([Buffer.from([0, 0, 0, 0, 0, 6]), rtu.subarray(0, 6)]);
        void this.answer(socket, frame);
      }
      while (this.framing === 'tcp' && buffer.length >= 7) {
        const length = buffer.readUInt16BE(4);
        if (buffer.length < 6 + length) return;
        const frame = buffer.subarray(0, 6 + length);
        buffer = buffer.subarray(6 + length);
        void this.answer(socket, frame);
      }
    });
  }

  private async answer(socket: Socket, frame: Buffer): Promise<void> {
    const tid = frame.readUInt16BE(0);
    const unitId = frame.readUInt8(6);
    const fc = frame.readUInt8(7);
    const address = frame.readUInt16BE(8);
    const count = frame.readUInt16BE(10);
    this.requests.push({ unitId, fc, address, count, at: Date.now() });
    const device = this.devices.get(unitId);
    const faults = { ...this.faults, ...device?.faults };
    if (device?.dead) return;
    if (faults.drop && faults.drop.count > 0) {
      faults.drop.count--;
      socket.destroy();
      return;
    }
    if (faults.delayMs) await new Promise((r) => setTimeout(r, faults.delayMs));
    const reply = (pdu: Buffer): void => {
      if (this.framing === 'rtu') {
        const body = Buffer.concat([Buffer.from([unitId]), pdu]);
        const crc = Buffer.alloc(2);
        crc.writeUInt16LE(crc16(body));
        if (!socket.destroyed) socket.write(Buffer.concat([body, crc]));
        return;
      }
      const head = Buffer.alloc(7);
      head.writeUInt16BE(tid, 0);
      head.writeUInt16BE(0, 2);
      head.writeUInt16BE(pdu.length + 1, 4);
      head.writeUInt8(unitId, 6);
      if (!socket.destroyed) socket.write(Buffer.concat([head, pdu]));
    };
    const exception = (code: number): void => reply(Buffer.from([fc | 0x80, code]));
    if (!device) return exception(11);
    if (faults.exception && faults.exception.count > 0) {
      faults.exception.count--;
      return exception(faults.exception.code);
    }
    if (fc === 16 && device.writes) return this.write(device, frame, reply, exception);
    if (fc !== 3) return exception(1);
    if (count < 1 || count > 125) return exception(3);
    const pdu = Buffer.alloc(2 + count * 2);
    pdu.writeUInt8(3, 0);
    pdu.writeUInt8(count * 2, 1);
    for (let i = 0; i < count; i++) {
      const value = device.registers.get(address + i);
      if (value === undefined || value === null) return exception(2);
      pdu.writeUInt16BE(value, 2 + i * 2);
    }
    reply(pdu);
  }

  /** Function 16: address, count, byte count, values; answered with address and count once written. */
  private write(
    device: ServedDevice,
    frame: Buffer,
    reply: (pdu: Buffer) => void,
    exception: (code: number) => void,
  ): void {
    const address = frame.readUInt16BE(8);
    const count = frame.readUInt16BE(10);
    if (count < 1 || count > 123 || frame.readUInt8(12) !== count * 2) return exception(3);
    const writes = device.writes!;
    if (typeof writes === 'object') return exception(writes.refuse);
    for (let i = 0; i < count; i++) {
      const held = device.registers.get(address + i);
      if (held === undefined || held === null) return exception(2);
    }
    if (writes === 'store') {
      for (let i = 0; i < count; i++) device.registers.set(address + i, frame.readUInt16BE(13 + i * 2));
    }
    reply(frame.subarray(7, 12));
  }
}

/** Modbus RTU's CRC-16 (polynomial 0xA001, start 0xFFFF), sent low byte first. */
function crc16(bytes: Buffer): number {
  let crc = 0xffff;
  for (const b of bytes) {
    crc ^= b;
    for (let i = 0; i < 8; i++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

/** Reads straight from a register map, as a device would answer (exception 2 for refused registers). */
export function mapReader(
  registers: Map<number, number | null>,
): (address: number, count: number) => Promise<number[]> {
  return async (address, count) => {
    const out: number[] = [];
    for (let i = 0; i < count; i++) {
      const v = registers.get(address + i);
      if (v === undefined || v === null) throw new ModbusError('Modbus exception 2', 'exception', 2);
      out.push(v);
    }
    return out;
  };
}
