/**
 * The fleet simulator: plant physics (`physics/`) and the device-protocol transport (`transport/`).
 */
export * from './physics/index.ts';
export * from './transport/CollectorLink.ts';
export * from './transport/runFleet.ts';
export * from './transport/toProtocolReading.ts';
export * from './transport/toDeviceEvents.ts';
export * from './commands/DeviceSettings.ts';
export * from './commands/CommandResponder.ts';
export * from './commands/FirmwareUpdater.ts';
export * from './commands/ivScanner.ts';
