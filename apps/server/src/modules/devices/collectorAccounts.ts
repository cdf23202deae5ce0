import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { AppError, conflict, notFound } from '../../http/AppError.ts';
import type { BrokerAccounts, CollectorAccount } from './BrokerAccounts.ts';
import { generateDeviceSecret, hashDeviceSecret } from './deviceSecrets.ts';
import { collectors } from './tables.ts';

/**
 * Gives the broker the accounts of collectors being written in the caller's transaction, before it commits: a
 * broker that refuses or does not answer rolls the write back (503), so that no collector exists whose secret the
 * broker does not know. (A commit failing after this leaves accounts of serials that do not exist: they are
 * replaced when the serial is written again, and let nothing in that the ACL of a serial does not allow.)
 */
export async function issueBrokerAccounts(
  accounts: BrokerAccounts,
  list: readonly CollectorAccount[],
): Promise<void> {
  if (list.length > 0) await onBroker(() => accounts.issue(list));
}

/** A broker call whose failure the caller is told about (503 with the broker's reason). */
async function onBroker(call: () => Promise<void>): Promise<void> {
  try {
    await call();
  } catch (err) {
    throw new AppError(503, 'brokerAccountsFailed', { params: { reason: (err as Error).message } });
  }
}

/**
 * A new device secret for the collector `serial` (a leaked one, or a collector made before the broker held
 * accounts): stored hashed, given to the broker, answered once. The old secret stops working at once: the broker
 * closes the connection that used it.
 */
export async function rekeyCollector(
  db: Database,
  accounts: BrokerAccounts,
  serial: string,
): Promise<CollectorAccount> {
  const secret = generateDeviceSecret();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(collectors)
      .set({ secretHash: hashDeviceSecret(secret) })
      .where(eq(collectors.serial, serial))
      .returning({ serial: collectors.serial });
    if (!row) throw notFound();
    await issueBrokerAccounts(accounts, [{ serial, secret }]);
    return { serial, secret };
  });
}

/**
 * Removes a collector that never reported a device (shipped in error, or retired before installation) and its
 * broker account. One with devices or history stays: its readings keep naming it (409).
 */
export async function removeCollector(db: Database, accounts: BrokerAccounts, serial: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await rowsOf<{ id: number; used: boolean }>(
      tx as unknown as Database,
      sql`select c.id,
            exists (select 1 from devices d where d.collector_id = c.id)
            or exists (select 1 from collector_devices cd where cd.collector_id = c.id)
            or exists (select 1 from sim_cards s where s.collector_id = c.id) as used
          from collectors c where c.serial = ${serial} for update`,
    );
    if (!row) throw notFound();
    if (row.used) throw conflict('collectorInUse');
    await tx.delete(collectors).where(eq(collectors.id, row.id));
    await onBroker(() => accounts.revoke([serial]));
  });
}
