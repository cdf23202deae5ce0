/**
 * SunSpec, shared by the edge agent (which reads devices by it) and the simulator (which serves its devices by
 * it): the official model definitions vendored in `packages/contracts/sunspec/json`, their decoder and encoder.
 * A subpath of its own (`@solarops/contracts/sunspec`), apart from the package's front, because it reads files
 * with Node's `fs`: the console in the browser imports the front only.
 */
export { modelDef, type GroupDef, type ModelDef, type PointDef } from './models.ts';
export {
  applyScale,
  bitsSet,
  decodeModel,
  layoutModel,
  pointDef,
  rawPointValue,
  symbolOf,
  type DecodedGroup,
  type DecodedModel,
  type ModelRegisters,
  type Placement,
} from './decode.ts';
export { encodeModel, sunspecMap, SUNSPEC_END, SUNSPEC_MARKER, type GroupValues } from './encode.ts';
export { SUNSPEC_EVENT_FAULTS, SUNSPEC_INVERTER_STATUS } from './eventFaults.ts';
