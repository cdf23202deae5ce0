import type { DeviceEvent } from '@solarops/contracts';
import type { FaultTransition } from '../physics/demoShowcase.ts';
import { faultRecordOf } from './faultRecordOf.ts';

/**
 * Fault starts and ends as the device protocol's events (docs/device-protocol.md): an ended fault is `cleared`,
 * a started one `raised` with what the device recorded (a waveform, an arc spectrum).
 */
export function toDeviceEvents(transitions: readonly FaultTransition[]): DeviceEvent[] {
  const events: DeviceEvent[] = [];
  for (const { device, timeMs, was, is } of transitions) {
    if (was)
      events.push({ sn: device.serial, ts: timeMs, code: was.code, level: was.level, state: 'cleared' });
    if (is) {
      const record = faultRecordOf(is, 'ratedPowerW' in device ? device.ratedPowerW : 1000);
      events.push({
        sn: device.serial,
        ts: timeMs,
        code: is.code,
        level: is.level,
        state: 'raised',
        ...(is.stringIndex !== undefined ? { stringIndex: is.stringIndex } : {}),
        ...(record ? { record } : {}),
      });
    }
  }
  return events;
}
