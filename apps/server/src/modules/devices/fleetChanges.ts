import { EventEmitter } from 'node:events';

/**
 * Changes to plants, collectors and devices that other parts must hear: the device link keeps them in memory
 * (DeviceRegistry) and reads them again when told. Emitted after the change is committed.
 */
export interface FleetChangeMap {
  /** A plant's details changed (its time zone among them, which decides its devices' local days). */
  plantEdited: [plantId: number];
  /** A collector was bound to a plant, its devices moving with it. */
  collectorMoved: [collectorId: number, plantId: number];
  /** Plants, collectors or devices were added (the demo fleet's seeding, a device an agent found accepted). */
  fleetAdded: [];
  /** Collectors were re-keyed or removed (their stored secrets changed): their serials. */
  collectorsChanged: [serials: string[]];
  /**
   * A collector was given a new secret, which the administrator was just shown. Heard by the demo fleet only: for
   * a simulated collector it is the installer typing that secret into the device, so that it signs in again.
   */
  collectorRekeyed: [serial: string, secret: string];
}

export type FleetChanges = EventEmitter<FleetChangeMap>;

export const createFleetChanges = (): FleetChanges => new EventEmitter<FleetChangeMap>();
