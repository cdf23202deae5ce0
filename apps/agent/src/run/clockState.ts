import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CollectorStatusMessage } from '@solarops/contracts';

/** Where systemd-timesyncd (the clock service of Raspberry Pi OS and Debian) says its state. */
export const TIMESYNC_DIR = '/run/systemd/timesync';

/**
 * The gateway's clock for the status message: now, which the server compares with its own (every reading is
 * stamped with this clock), and whether it is synchronised. systemd-timesyncd creates `synchronized` in its run
 * folder once it has set the clock from NTP; without that folder (another NTP client, none at all) the agent
 * cannot tell and says nothing of it.
 */
export function clockState(
  now = Date.now(),
  timesyncDir = TIMESYNC_DIR,
): NonNullable<CollectorStatusMessage['clock']> {
  if (!existsSync(timesyncDir)) return { ms: now };
  return { ms: now, synced: existsSync(join(timesyncDir, 'synchronized')) };
}
