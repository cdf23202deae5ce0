import ModbusRTU from 'modbus-serial';

/** Why a request failed: an exception the device answered, no answer in time, or no connection. */
export type ModbusFailure = 'exception' | 'timeout' | 'connection';

export class ModbusError extends Error {
  constructor(
    message: string,
    readonly failure: ModbusFailure,
    /** The Modbus exception code (2 illegal address, 4 device failure, 6 busy, …) when `failure` is exception. */
    readonly exceptionCode?: number,
  ) {
    super(message);
    this.name = 'ModbusError';
  }
}

/** One physical link: a TCP connection to a device or gateway, or a serial port. */
export interface ModbusTransport {
  readonly isOpen: boolean;
  open(): Promise<void>;
  /** Reads holding registers (function 3); rejects with a {@link ModbusError}. */
  readHolding(unitId: number, address: number, count: number, timeoutMs: number): Promise<number[]>;
  /** Writes holding registers (function 16, one request); rejects with a {@link ModbusError}. */
  writeHolding(unitId: number, address: number, values: number[], timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Where a link goes. RTU over TCP is the cheap RS-485 to Ethernet converters' framing: RTU frames (unit, PDU,
 * CRC) on a TCP socket, which modbus-serial calls its telnet port. Its `connectTcpRTUBuffered` is something else
 * (Modbus TCP frames, with the MBAP header a transparent converter would pass on to the bus as garbage).
 */
export type LinkEndpoint =
  | { kind: 'tcp'; host: string; port?: number }
  | { kind: 'rtuOverTcp'; host: string; port?: number }
  | {
      kind: 'rtu';
      path: string;
      baudRate?: number;
      parity?: 'none' | 'even' | 'odd';
      dataBits?: number;
      stopBits?: number;
    };

export function describeEndpoint(e: LinkEndpoint): string {
  return e.kind === 'rtu'
    ? `${e.path}@${e.baudRate ?? 9600}`
    : `${e.kind === 'tcp' ? '' : 'rtu+'}tcp://${e.host}:${e.port ?? 502}`;
}

function toModbusError(err: unknown): ModbusError {
  const e = err as { message?: string; errno?: string; modbusCode?: number; code?: string };
  const message = e?.message ?? String(err);
  if (typeof e?.modbusCode === 'number') return new ModbusError(message, 'exception', e.modbusCode);
  if (e?.errno === 'ETIMEDOUT' || /timed out/i.test(message)) return new ModbusError(message, 'timeout');
  return new ModbusError(message, 'connection');
}

/**
 * Drops modbus-serial's record of the requests made so far. It keeps each request's entry, with the callback that
 * settled it and through it the answer's registers and buffer, until the transaction id comes round again: 256
 * per TCP link, a few megabytes of a gateway's memory for answers long used. With one request in flight per link
 * (the link's queue), none is waiting once a request has settled; an answer that comes after its timeout then
 * finds no entry and is ignored, as modbus-serial ignores an unknown transaction id.
 */
function forgetTransactions(client: ModbusRTU): void {
  (client as unknown as { _transactions: Record<number, unknown> })._transactions = {};
}

/**
 * The transport over `modbus-serial` (docs/decisions/0020-modbus-library.md). It does no queueing of its own: the
 * link's {@link LinkQueue} sends one request at a time. Serial links need the optional `serialport` package.
 */
export class ModbusSerialTransport implements ModbusTransport {
  private client: ModbusRTU | undefined;

  constructor(private readonly endpoint: LinkEndpoint) {}

  get isOpen(): boolean {
    return this.client?.isOpen ?? false;
  }

  async open(): Promise<void> {
    await this.close();
    const client = new ModbusRTU();
    const e = this.endpoint;
    try {
      if (e.kind === 'tcp') await client.connectTCP(e.host, { port: e.port ?? 502 });
      else if (e.kind === 'rtuOverTcp') await client.connectTelnet(e.host, { port: e.port ?? 502 });
      else
        await client.connectRTUBuffered(e.path, {
          baudRate: e.baudRate ?? 9600,
          parity: e.parity ?? 'none',
          dataBits: e.dataBits ?? 8,
          stopBits: e.stopBits ?? 1,
        });
    } catch (err) {
      throw new ModbusError(
        `cannot open ${describeEndpoint(e)}: ${(err as Error)?.message ?? err}`,
        'connection',
      );
    }
    this.client = client;
  }

  async readHolding(unitId: number, address: number, count: number, timeoutMs: number): Promise<number[]> {
    const client = this.client;
    if (!client?.isOpen) throw new ModbusError('link not open', 'connection');
    client.setID(unitId);
    client.setTimeout(timeoutMs);
    try {
      return (await client.readHoldingRegisters(address, count)).data;
    } catch (err) {
      throw toModbusError(err);
    } finally {
      forgetTransactions(client);
    }
  }

  async writeHolding(unitId: number, address: number, values: number[], timeoutMs: number): Promise<void> {
    const client = this.client;
    if (!client?.isOpen) throw new ModbusError('link not open', 'connection');
    client.setID(unitId);
    client.setTimeout(timeoutMs);
    try {
      await client.writeRegisters(address, values);
    } catch (err) {
      throw toModbusError(err);
    } finally {
      forgetTransactions(client);
    }
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    await new Promise<void>((resolve) => {
      try {
        client.close(() => resolve());
      } catch {
        resolve();
      }
      // A socket already gone never calls back.
      setTimeout(resolve, 200).unref();
    });
  }
}
