/**
 * The narrow entry the server's demo-fleet start hook uses (`@solarops/simulator/fleet`): generate the demo
 * fleet, backfill its history as protocol readings, and run it live against a broker. Nothing else of the
 * simulator is the server's business; the device vocabulary both speak lives in `@solarops/contracts`.
 */
export { generateDemoFleet, type DemoFleet, type DemoPlant } from './physics/demoFleet.ts';
export { backfillPlants } from './physics/backfill.ts';
export { dailyEnergy } from './physics/dailyEnergy.ts';
export { createPlantState, type PlantState } from './physics/plantModel.ts';
export type { DeviceStateInit } from './physics/deviceState.ts';
export { DEFAULT_FAULT_RATES } from './physics/faultInjector.ts';
export { toProtocolReading } from './transport/toProtocolReading.ts';
export { runFleet } from './transport/runFleet.ts';
export { makerPublicKey } from './commands/firmwareSignature.ts';
export { historyShowcase, liveShowcase } from './physics/demoShowcase.ts';
export { toDeviceEvents } from './transport/toDeviceEvents.ts';
export {
  DEMO_FIRMWARE_VERSION,
  demoFirmwareImage,
  demoMaker,
  signFirmware,
  type DemoMaker,
} from './commands/demoMaker.ts';
export { withAgentPlant, type AgentPlant, type AgentDevice } from './agentPlant/agentPlant.ts';
export { startAgentProcess, type AgentProcess } from './agentPlant/agentProcess.ts';
