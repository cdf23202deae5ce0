/**
 * The command model's front door: what other modules may use of it. Everything that acts on a device goes
 * through here (the engine, the one way to store new commands, the reads and the types); the rest of the folder
 * is the model's own, and no other module writes its tables. `importBoundaries.unit.test.ts` holds the line.
 */
export { CommandCenter, type CommandEvents, type ProgressTaker, type SendToDevice } from './CommandCenter.ts';
export { COMMAND_JOB_SECONDS } from './commandJobsHook.ts';
export { createCommands, type Created, type Refusal } from './createCommands.ts';
export { listDeviceTargets, type DeviceTarget } from './deviceTargets.ts';
export { enqueueCommands, type NewCommand } from './enqueueCommands.ts';
export { commandsById, listCommands, type OpenCommandCounts } from './queries.ts';
export { CHANGE_WINDOW, lockChangesOf } from './sameChange.ts';
export type { CommandRecord } from './stateMachine.ts';
export type { UpgradeParams } from './wire.ts';
