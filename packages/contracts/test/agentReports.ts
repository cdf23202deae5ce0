import type { AgentDeviceReport } from '../src/device.ts';

/**
 * Devices as an edge agent's SunSpec discovery reports them in its status (`agent.devices`), for the tests of
 * both sides that show or accept what an agent found: the server's, which take the report in, and the console's,
 * which draw it. One description of each device, so that the two sides test the same report.
 */

/** A device discovery identified on unit `unitId` of link `inverters`, read under `sn`, with no failed poll. */
export const discoveredDevice = (
  sn: string,
  unitId: number,
  identity: NonNullable<AgentDeviceReport['identity']>,
  models: number[],
): AgentDeviceReport => ({ sn, link: 'inverters', unitId, profile: 'sunspec', identity, models, errors: {} });

/**
 * The recorded SMA Sunny Boy 3.6 (the agent's image `DeviceSMASunnyBoy36Dated20250518`) on unit 126: its common
 * model's identity and the models of its chain the console names (the image has more). `sn` is the name the agent
 * reads it under: its discovered serial unless the agent's configuration names it.
 */
export const discoveredSmaInverter = (sn = '3005067415'): AgentDeviceReport =>
  discoveredDevice(
    sn,
    126,
    { manufacturer: 'SMA', model: 'SB3.6-1AV-41', serial: '3005067415', version: '4.00.75.R' },
    [1, 101, 120, 123, 160],
  );

/** A Carlo Gavazzi EM24 meter serial `serial` on unit 3: its common model and meter model 203. */
export const discoveredMeter = (serial: string): AgentDeviceReport =>
  discoveredDevice(serial, 3, { manufacturer: 'Carlo Gavazzi', model: 'EM24', serial }, [1, 203]);
