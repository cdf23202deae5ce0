/**
 * The device link's front door (decision 0010): what other modules may use of it. Everything else in this folder
 * (ingest, transports, outbox, registry internals) is the link's own; modules reach the running link through
 * `app.deps.deviceLink` and its `events`.
 */
export { DeviceLink, type Delivery, type HeardOver } from './DeviceLink.ts';
export type {
  CommittedReading,
  DeviceLinkEventMap,
  DeviceLinkEvents,
  StoredDeviceEvent,
} from './deviceLinkEvents.ts';
export type { CollectorInfo, DeviceInfo, DeviceRegistry } from './DeviceRegistry.ts';
