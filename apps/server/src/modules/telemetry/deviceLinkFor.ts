import type { Database } from '../../db/openDatabase.ts';
import { DeviceRegistry } from '../devices/DeviceRegistry.ts';
import { IngestPipeline } from './IngestPipeline.ts';
import type { WarnLogger } from './RejectionLog.ts';

const links = new WeakMap<Database, IngestPipeline>();

/**
 * The one ingest pipeline of a database: the HTTP ingest route, the MQTT transports and the jobs share it (and its
 * counters and group commit). The first caller's logger is used for refusals.
 */
export function deviceLinkFor(db: Database, logger?: WarnLogger): IngestPipeline {
  let p = links.get(db);
  if (!p) {
    p = new IngestPipeline(db, new DeviceRegistry(db), { logger });
    links.set(db, p);
  }
  return p;
}
