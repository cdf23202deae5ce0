import { createServer, type Server, type Socket } from 'node:net';

/** A unit's holding registers as it answers them now, by address; an address absent is one it refuses. */
export type RegisterImage = ReadonlyMap<number, number>;

/** Most registers one read may ask for (Modbus: 125), and one write (123). */
const MAX_READ = 125;
const MAX_WRITE = 123;

/**
 * What a unit does with a write of holding registers (function 16): the Modbus exception code that refuses it, or
 * undefined once the device holds the values.
 */
export type RegisterWriter = (address: number, values: number[]) => number | undefined;

/**
 * The simulator's Modbus TCP face: the devices behind one simulated gateway, each at its unit id, answering
 * "read holding registers" (function 3) from the image their simulated state gives at that moment, as a plant's
 * inverters, meters and batteries answer an edge agent. A register outside a unit's image answers exception 2
 * (illegal data address), an unknown unit exception 11 (gateway target failed to respond), any other function
 * exception 1: what the agent meets on real devices. A unit given a writer (`takeWrites`) takes "write multiple
 * registers" (function 16) as the writer says. Requests on one connection are answered in order.
 */
export class ModbusFace {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private readonly images = new Map<number, RegisterImage>();
  private readonly writers = new Map<number, RegisterWriter>();
  /** Requests answered (with data or an exception) since the start. */
  requests = 0;

  /** Sets what a unit answers from now on (each simulation step gives its devices' new values). */
  serve(unitId: number, image: RegisterImage): void {
    this.images.set(unitId, image);
  }

  /** Lets a unit take writes (function 16) through `writer`; a unit without one refuses them (exception 1). */
  takeWrites(unitId: number, writer: RegisterWriter): void {
    this.writers.set(unitId, writer);
  }

  /** Listens on `port` (0: a free one) of `host`; resolves with the port. */
  async start(port = 0, host = '127.0.0.1'): Promise<number> {
    const server = createServer((socket) => this.accept(socket));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    return (server.address() as { port: number }).port;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    // A client that goes away mid-request is its business, not the simulator's.
    socket.on('error', () => undefined);
    let buffer = Buffer.alloc(0);
    socket.on('data', (data) => {
      buffer = Buffer.concat([buffer, data]);
      // MBAP header: transaction, protocol, length (of unit + PDU), unit; then the PDU.
      while (buffer.length >= 7) {
        const length = buffer.readUInt16BE(4);
        if (length < 2 || length > 254) {
          socket.destroy();
          return;
        }
        if (buffer.length < 6 + length) return;
        const frame = buffer.subarray(0, 6 + length);
        buffer = buffer.subarray(6 + length);
        if (!socket.destroyed) socket.write(this.answer(frame));
      }
    });
  }

  /** The answer to one request frame. */
  answer(frame: Buffer): Buffer {
    this.requests++;
    const unitId = frame.readUInt8(6);
    const fc = frame.readUInt8(7);
    const reply = (pdu: Buffer): Buffer => {
      const head = Buffer.alloc(7);
      frame.copy(head, 0, 0, 4); // transaction and protocol ids as asked
      head.writeUInt16BE(pdu.length + 1, 4);
      head.writeUInt8(unitId, 6);
      return Buffer.concat([head, pdu]);
    };
    const exception = (code: number) => reply(Buffer.from([(fc | 0x80) & 0xff, code]));
    const image = this.images.get(unitId);
    if (!image) return exception(11);
    const writer = this.writers.get(unitId);
    if (fc === 16 && writer) {
      if (frame.length < 13) return exception(3);
      const address = frame.readUInt16BE(8);
      const count = frame.readUInt16BE(10);
      if (
        count < 1 ||
        count > MAX_WRITE ||
        frame.readUInt8(12) !== count * 2 ||
        frame.length < 13 + count * 2
      )
        return exception(3);
      const values = Array.from({ length: count }, (_, i) => frame.readUInt16BE(13 + i * 2));
      const refusal = writer(address, values);
      // Answered with the address and count written, as the protocol says.
      return refusal === undefined ? reply(frame.subarray(7, 12)) : exception(refusal);
    }
    if (fc !== 3) return exception(1);
    if (frame.length < 12) return exception(3);
    const address = frame.readUInt16BE(8);
    const count = frame.readUInt16BE(10);
    if (count < 1 || count > MAX_READ) return exception(3);
    const pdu = Buffer.alloc(2 + count * 2);
    pdu.writeUInt8(3, 0);
    pdu.writeUInt8(count * 2, 1);
    for (let i = 0; i < count; i++) {
      const value = image.get(address + i);
      if (value === undefined) return exception(2);
      pdu.writeUInt16BE(value, 2 + i * 2);
    }
    return reply(pdu);
  }
}
