import { Duplex, pipeline, Transform, type TransformCallback } from 'node:stream';
import type { Socket } from 'node:net';

/** A packet larger than the cap was announced: the connection is closed before its body is read. */
export class PacketTooLarge extends Error {
  constructor(readonly bytes: number) {
    super(`MQTT packet of at least ${bytes} bytes is over the limit`);
    this.name = 'PacketTooLarge';
  }
}

/**
 * Passes an MQTT byte stream through unchanged while reading each packet's fixed header: the first byte, then the
 * remaining length (1 to 4 bytes of 7 bits each, MQTT 3.1.1 §2.2.3). As soon as an announced length passes
 * `maxBytes` it fails with `PacketTooLarge`, before handing on any byte of that chunk: the broker (aedes, which has
 * no size option and would gather the whole packet) never sees the packet, and it is neither buffered nor stored.
 */
export class PacketSizeGate extends Transform {
  /** Bytes of the current packet's body still to pass. */
  private body = 0;
  /** Whether the next byte belongs to a remaining length (after a first byte). */
  private inLength = false;
  private length = 0;
  private multiplier = 1;
  private lengthBytes = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let i = 0;
    while (i < chunk.length) {
      if (this.body > 0) {
        const n = Math.min(this.body, chunk.length - i);
        this.body -= n;
        i += n;
        continue;
      }
      if (!this.inLength) {
        // The first byte (type and flags): a remaining length follows.
        this.inLength = true;
        this.length = 0;
        this.multiplier = 1;
        this.lengthBytes = 0;
        i++;
        continue;
      }
      const byte = chunk[i++]!;
      this.length += (byte & 0x7f) * this.multiplier;
      this.multiplier *= 128;
      this.lengthBytes++;
      if (this.length > this.maxBytes) return done(new PacketTooLarge(this.length));
      if (byte & 0x80) {
        // A fifth length byte is malformed; the parser behind refuses it, let it through to say so.
        if (this.lengthBytes === 4) this.inLength = false;
        continue;
      }
      this.inLength = false;
      this.body = this.length;
    }
    done(null, chunk);
  }
}

/**
 * The connection a broker reads from and writes to: writes go to the socket, reads come through the gate. When the
 * gate trips, the socket is destroyed (the client is disconnected) and `onTooLarge` is told.
 */
export function gatedConnection(
  socket: Socket,
  maxBytes: number,
  onTooLarge: (error: PacketTooLarge) => void,
): Duplex {
  const gate = new PacketSizeGate(maxBytes);
  pipeline(socket, gate, (err) => {
    if (err instanceof PacketTooLarge) onTooLarge(err);
  });
  const connection = Duplex.from({ readable: gate, writable: socket });
  // Closing the broker's side closes the socket.
  connection.on('close', () => socket.destroy());
  return connection;
}
