import type { EventEmitter } from 'node:events';
import type { CommandMessage } from '@solarops/contracts';

/** The latest reading of a device in a committed telemetry batch. */
export interface CommittedReading {
  deviceId: number;
  plantId: number;
  collectorId: number;
  /** Device time [ms since epoch]. */
  tsMs: number;
  /** Fault code of the reading, 0 or absent for none. */
  faultCode: number;
}

/** A stored device event (fault raised or cleared), with what the device recorded with it. */
export interface StoredDeviceEvent {
  deviceId: number;
  plantId: number;
  collectorId: number;
  tsMs: number;
  code: number;
  level: 1 | 2 | 3;
  state: 'raised' | 'cleared';
  stringIndex: number | undefined;
  record: unknown;
}

/** What the device link tells the rest of the server, after the data is committed. */
export interface DeviceLinkEventMap {
  telemetry: [readings: CommittedReading[], collectorIds: number[]];
  events: [events: StoredDeviceEvent[]];
  /** Collectors and devices that went offline just now (offline detection or the collector's last will). */
  offline: [collectorIds: number[], deviceIds: number[]];
  /** A collector said it is online. */
  online: [collectorId: number];
  /** A message for an HTTP collector expired before its next telemetry call took it (DeviceOutbox). */
  undelivered: [serial: string, message: CommandMessage];
}

/**
 * The in-process events of the device link: the ingest and the offline job emit, the alarms module listens.
 * Emitted after the commit, so that a listener reads what was stored; a listener must catch its errors.
 */
export type DeviceLinkEvents = EventEmitter<DeviceLinkEventMap>;
