import type { Database } from '../../db/openDatabase.ts';
import type { CommandCenter } from '../commands/index.ts';
import { settleScans } from './settleScans.ts';

/**
 * Settles IV scans as soon as their command is applied on this instance (every read of the scans settles what is
 * left: a reply taken by another instance, or one that arrived while this one was stopping). Wired by
 * `buildDeps`; answers the stop, which waits for the settling under way.
 */
export function settleScansOnApplied(
  db: Database,
  commandCenter: Pick<CommandCenter, 'events'>,
  logger: { error(obj: object, msg: string): void },
): () => Promise<void> {
  let settling = Promise.resolve();
  const onChanged = (changes: { push: { state: string } }[]) => {
    if (!changes.some((c) => c.push.state === 'applied')) return;
    settling = settling
      .then(() => settleScans(db))
      .then(
        () => undefined,
        (error: unknown) => logger.error({ err: error }, 'IV scans not settled'),
      );
  };
  commandCenter.events.on('changed', onChanged);
  return async () => {
    commandCenter.events.off('changed', onChanged);
    await settling;
  };
}
