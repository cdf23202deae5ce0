/**
 * The fleet simulator: plant physics (`physics/`), the device-protocol transport (`transport/`) and the devices'
 * Modbus TCP face for an edge agent (`modbus/`, `agentPlant/`).
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
export * from './modbus/ModbusFace.ts';
export * from './modbus/sunspecImage.ts';
export * from './modbus/ImmediateControls.ts';
export * from './agentPlant/agentPlant.ts';
