import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import {
  ROLE,
  SHIPMENT_MAX_ROWS,
  type ShipmentImportResult,
  type ShipmentItemRow,
  type ShipmentRow,
  type ShipmentRowError,
  type UploadedFile,
} from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { escapeLike } from '../../db/escapeLike.ts';
import { AppError, fieldError } from '../../http/AppError.ts';
import { t, type Lang, type MessageKey } from '../../i18n/messages.ts';
import type { AuthContext } from '../auth/AuthContext.ts';
import { createCollectors, existingCollectorSerials } from '../devices/service.ts';
import type { BrokerAccounts } from '../devices/BrokerAccounts.ts';
import { devices } from '../devices/tables.ts';
import { serialViolation } from '../serials/checkSerial.ts';
import { serialRulesByModel } from '../serials/queries.ts';
import { seesAll } from '../users/dataScope.ts';
import { users } from '../users/tables.ts';
import { readShipmentFile, type ShipmentFileRow } from './shipmentWorkbook.ts';
import { shipmentItems, shipments } from './tables.ts';

/** Rows per INSERT: PostgreSQL takes at most 65 535 parameters in one statement. */
const CHUNK = 1000;

const KINDS: Record<string, 'collector' | 'device'> = {
  collector: 'collector',
  采集器: 'collector',
  device: 'device',
  设备: 'device',
};

const chunks = <T>(xs: readonly T[]) => {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += CHUNK) out.push(xs.slice(i, i + CHUNK));
  return out;
};

interface GoodRow extends ShipmentFileRow {
  kindValue: 'collector' | 'device';
}

/** Serials among `serials` that the system already knows: shipped before, or a collector or device. */
async function knownSerials(db: Database, serials: string[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (const part of chunks(serials)) {
    for (const s of await existingCollectorSerials(db, part)) known.add(s);
    const d = await db.select({ s: devices.serial }).from(devices).where(inArray(devices.serial, part));
    const i = await db
      .select({ s: shipmentItems.serial })
      .from(shipmentItems)
      .where(inArray(shipmentItems.serial, part));
    for (const r of [...d, ...i]) known.add(r.s);
  }
  return known;
}

/**
 * Checks every row of a shipment file: kind, serial against its model's rule, repeats in the file, serials already
 * known, ICCID, distributor code and a device's collector. Returns the good rows and one error per bad row (the
 * first reason, as a person fixes it).
 */
async function validate(db: Database, rows: ShipmentFileRow[], lang: Lang) {
  const rules = await serialRulesByModel(db);
  const dealers = new Set(
    (
      await db.select({ code: users.dealercode }).from(users).where(eq(users.roleId, ROLE.distributor))
    ).flatMap((r) => (r.code ? [r.code] : [])),
  );
  const known = await knownSerials(db, rows.map((r) => r.serial).filter(Boolean));
  const firstRow = new Map<string, number>();
  const collectorsInFile = new Set(
    rows.filter((r) => KINDS[r.kind.toLowerCase()] === 'collector').map((r) => r.serial),
  );
  const deviceCollectors = rows.map((r) => r.collectorSerial).filter((s) => s && !collectorsInFile.has(s));
  const knownCollectors = await existingCollectorSerials(db, [...new Set(deviceCollectors)]);

  const errors: ShipmentRowError[] = [];
  const good: GoodRow[] = [];
  for (const r of rows) {
    const fail = (field: string, key: MessageKey, params: Record<string, string | number> = {}) =>
      errors.push({ row: r.row, serial: r.serial, field, message: t(lang, key, params) });
    const kindValue = KINDS[r.kind.toLowerCase()];
    const rule = rules.get(r.model.toLowerCase());
    const seen = firstRow.get(r.serial);
    if (r.serial && seen === undefined) firstRow.set(r.serial, r.row);
    if (!kindValue) fail('kind', 'shipmentKind');
    else if (!r.serial) fail('serial', 'validation.required');
    else if (!r.model) fail('model', 'validation.required');
    else if (!rule) fail('model', 'serialModelUnknown');
    else if (rule.kind !== kindValue) fail('model', 'shipmentKindModel');
    else if (serialViolation(rule, r.serial)) fail('serial', serialViolation(rule, r.serial) as MessageKey);
    else if (seen !== undefined) fail('serial', 'shipmentDuplicate', { row: seen });
    else if (known.has(r.serial)) fail('serial', 'shipmentExists');
    else if (r.firmware.length > 40) fail('firmware', 'shipmentTooLong');
    else if (r.iccid && !/^\d{19,20}$/.test(r.iccid)) fail('iccid', 'shipmentIccid');
    else if (!dealers.has(r.dealercode)) fail('dealercode', 'shipmentDealer');
    else if (
      kindValue === 'device' &&
      r.collectorSerial &&
      !collectorsInFile.has(r.collectorSerial) &&
      !knownCollectors.has(r.collectorSerial)
    )
      fail('collectorSerial', 'shipmentCollector');
    else good.push({ ...r, kindValue });
  }
  return { good, errors };
}

/**
 * Imports a shipment file. With `all`, a file with any bad row stores nothing; with `goodRows`, the good rows are
 * stored and the bad ones reported. Either way everything stored is stored in one transaction, so a failure
 * half-way leaves nothing behind. Imported collectors get device secrets, returned once, and their broker accounts
 * (a broker that refuses them undoes the import).
 */
export async function importShipment(
  db: Database,
  accounts: BrokerAccounts,
  caller: AuthContext,
  file: UploadedFile,
  mode: 'all' | 'goodRows',
  lang: Lang,
): Promise<ShipmentImportResult> {
  const rows = await readShipmentFile(file.data);
  if (!rows) throw fieldError('file', 'shipmentFile');
  if (rows.length === 0) throw fieldError('file', 'shipmentEmpty');
  if (rows.length > SHIPMENT_MAX_ROWS)
    throw new AppError(400, 'validationFailed', {
      fieldErrors: [{ field: 'file', key: 'shipmentTooMany', params: { max: SHIPMENT_MAX_ROWS } }],
    });
  const { good, errors } = await validate(db, rows, lang);
  const nothing = { stored: false, shipmentId: null, rows: rows.length, imported: 0, errors, secrets: [] };
  if ((mode === 'all' && errors.length > 0) || good.length === 0) return nothing;

  const collectorRows = good.filter((r) => r.kindValue === 'collector');
  return db.transaction(async (tx) => {
    const [shipment] = await tx
      .insert(shipments)
      .values({
        fileName: file.filename.slice(0, 200),
        importedBy: caller.userCode,
        collectors: collectorRows.length,
        devices: good.length - collectorRows.length,
      })
      .returning({ id: shipments.id });
    for (const part of chunks(good)) {
      await tx.insert(shipmentItems).values(
        part.map((r) => ({
          shipmentId: shipment!.id,
          kind: r.kindValue,
          serial: r.serial,
          model: r.model,
          firmware: r.firmware,
          iccid: r.iccid || null,
          dealercode: r.dealercode,
          collectorSerial: r.kindValue === 'device' && r.collectorSerial ? r.collectorSerial : null,
        })),
      );
    }
    const secrets: { serial: string; secret: string }[] = [];
    for (const part of chunks(collectorRows)) {
      // The device link's own insert, inside this transaction (a transaction offers the same calls as the database).
      const made = await createCollectors(
        tx as unknown as Database,
        accounts,
        part.map((r) => ({
          serial: r.serial,
          plantId: null,
          model: r.model,
          firmwareVersion: r.firmware,
          iccid: r.iccid || null,
        })),
      );
      for (const m of made) secrets.push({ serial: m.serial, secret: m.secret });
    }
    return {
      stored: true,
      shipmentId: shipment!.id,
      rows: rows.length,
      imported: good.length,
      errors,
      secrets,
    };
  });
}

/** Imported shipment files, newest first: the factory side's (a distributor sees none of them). */
export async function listShipments(
  db: Database,
  caller: AuthContext,
  window: { limit: number; offset: number },
): Promise<{ total: number; rows: ShipmentRow[] }> {
  if (!seesAll(caller)) return { total: 0, rows: [] };
  const [total] = await db.select({ n: count() }).from(shipments);
  const rows = await db
    .select()
    .from(shipments)
    .orderBy(desc(shipments.id))
    .limit(window.limit)
    .offset(window.offset);
  return { total: total?.n ?? 0, rows: rows.map((r) => ({ ...r, importedAt: r.importedAt.toISOString() })) };
}

/** Shipped items, newest first; a distributor sees only what was shipped to it. */
export async function listShipmentItems(
  db: Database,
  caller: AuthContext,
  filter: { shipmentId?: number | undefined; serial?: string | undefined; dealercode?: string | undefined },
  window: { limit: number; offset: number },
): Promise<{ total: number; rows: ShipmentItemRow[] }> {
  const conditions: (SQL | undefined)[] = [
    filter.shipmentId ? eq(shipmentItems.shipmentId, filter.shipmentId) : undefined,
    filter.serial ? ilike(shipmentItems.serial, `%${escapeLike(filter.serial)}%`) : undefined,
    filter.dealercode ? eq(shipmentItems.dealercode, filter.dealercode) : undefined,
    seesAll(caller) ? undefined : eq(shipmentItems.dealercode, caller.dealercode ?? ''),
  ];
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(shipmentItems).where(where);
  const rows = await db
    .select()
    .from(shipmentItems)
    .where(where)
    .orderBy(desc(shipmentItems.id))
    .limit(window.limit)
    .offset(window.offset);
  return {
    total: total?.n ?? 0,
    rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}
