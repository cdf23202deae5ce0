import { useState } from 'react';
import type { CommandRow, CreatedCommands, PointValues } from '@solarops/contracts';
import { useCommandsById } from './api.ts';

/** What a settings read answers once applied: the values by point and the seconds left on reverting ones. */
interface ReadResult {
  values?: PointValues;
  revertLeftS?: Record<string, number>;
}

/**
 * A read command sent to a device and followed until it finishes (by push, with polling as a fallback): its
 * state, the device's reason when refused, and, once applied, the values read and when each reverting value
 * falls back.
 */
export function useDeviceRead() {
  const [created, setCreated] = useState<CreatedCommands | undefined>();
  const id = created?.commands[0]?.id;
  const followed = useCommandsById(id ? [id] : []);
  const command: CommandRow | undefined = followed.data?.[0] ?? created?.commands[0];
  const result = command?.state === 'applied' ? (command.result as ReadResult | null) : null;
  // An applied read has its finishing time: the time left counts from then.
  const readAt = Date.parse(command?.finishedAt ?? '');
  const reverts = Object.fromEntries(
    Object.entries(result?.revertLeftS ?? {})
      .filter(([, s]) => s > 0 && !Number.isNaN(readAt))
      .map(([name, s]) => [name, readAt + s * 1000]),
  );
  return {
    /** Starts following the command a read call created. */
    follow: setCreated,
    command,
    refused: created?.refused ?? [],
    values: result?.values,
    result: command?.state === 'applied' ? command.result : undefined,
    reverts,
    reset: () => setCreated(undefined),
  };
}
