export {
  LinkQueue,
  MAX_REGISTERS_PER_READ,
  DeviceBackedOffError,
  type LinkQueueOptions,
} from './modbus/LinkQueue.ts';
export {
  ModbusError,
  ModbusSerialTransport,
  type LinkEndpoint,
  type ModbusTransport,
} from './modbus/transport.ts';
export { SunSpecDevice, type DeviceIdentity } from './sunspec/SunSpecDevice.ts';
export { toReadingFields, type ReadingFields } from './mapping/toReading.ts';
export { scan, type ScannedDevice } from './scan.ts';
