import { rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PLANT_LIMITS, ROLE, type PlantInput, type UploadedFile } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { conflict, fieldError, notFound } from '../../http/AppError.ts';
import type { AppDeps } from '../../http/deps.ts';
import { storeImage } from '../../http/storeImage.ts';
import { canSeeUser } from '../users/dataScope.ts';
import { plantScope, type Caller } from './plantScope.ts';

/**
 * The owner of a plant being created or edited: an end user or enterprise the caller may see. Anyone else is
 * refused with a message on the field, so that a plant never lands outside its creator's scope.
 */
async function ownerIdFor(db: Database, caller: Caller, userCode: string): Promise<number> {
  const [owner] = await rowsOf<{ id: number; role_id: number }>(
    db,
    sql`select id, role_id from users where user_code = ${userCode}`,
  );
  const ownable = owner && (owner.role_id === ROLE.endUser || owner.role_id === ROLE.enterprise);
  if (!ownable || !(await canSeeUser(db, caller, owner.id))) {
    throw fieldError('ownerUserCode', 'plantOwnerUnknown');
  }
  return owner.id;
}

const columnsOf = (input: PlantInput, ownerId: number) => sql`
  name = ${input.name}, owner_id = ${ownerId}, address = ${input.address}, time_zone = ${input.timeZone},
  picture = ${input.picture}, price_minor_per_kwh = ${input.priceMinorPerKwh}, currency = ${input.currency},
  capacity_w = ${input.capacityKw * 1000}, latitude = ${input.latitude}, longitude = ${input.longitude},
  type = ${input.type}, build_date = ${input.buildDate}::date, updated_at = now()`;

/** Creates a plant; an installer who creates one is its installer (its scope keeps the plant). */
export async function createPlant(db: Database, caller: Caller, input: PlantInput): Promise<number> {
  const ownerId = await ownerIdFor(db, caller, input.ownerUserCode);
  const installerId = caller.roleId === ROLE.installer ? caller.userId : null;
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`insert into plants (name, owner_id, installer_id, address, time_zone, picture, price_minor_per_kwh,
          currency, capacity_w, latitude, longitude, type, build_date)
        values (${input.name}, ${ownerId}, ${installerId}, ${input.address}, ${input.timeZone}, ${input.picture},
          ${input.priceMinorPerKwh}, ${input.currency}, ${input.capacityKw * 1000}, ${input.latitude},
          ${input.longitude}, ${input.type}, ${input.buildDate}::date)
        returning id`,
  );
  return row!.id;
}

/** What a write that others must hear about needs: the database and where to tell the change. */
type WriteDeps = Pick<AppDeps, 'db' | 'fleetChanges'>;

/** Edits a plant the caller may see (404 otherwise); answers the picture it showed before. */
export async function updatePlant(
  { db, fleetChanges }: WriteDeps,
  caller: Caller,
  id: number,
  input: PlantInput,
): Promise<string | null> {
  const ownerId = await ownerIdFor(db, caller, input.ownerUserCode);
  const rows = await rowsOf<{ picture: string | null }>(
    db,
    sql`with old as (select id, picture from plants where id = ${id} for update)
        update plants pl set ${columnsOf(input, ownerId)} from old
        where pl.id = old.id and ${plantScope(caller)} returning old.picture`,
  );
  if (rows.length === 0) throw notFound();
  // A new time zone changes the plant's local days, which the device link keeps in memory.
  fleetChanges.emit('plantEdited', id);
  return rows[0]!.picture;
}

/**
 * Deletes a plant without devices and answers the picture it showed. A plant with devices is refused (409): its
 * history belongs to the devices, which move with their collector to another plant first.
 */
export async function deletePlant(db: Database, caller: Caller, id: number): Promise<string | null> {
  const [plant] = await rowsOf<{ id: number; devices: number; picture: string | null }>(
    db,
    sql`select pl.id, pl.picture, (select count(*)::int from devices d where d.plant_id = pl.id) as devices
        from plants pl where pl.id = ${id} and ${plantScope(caller)}`,
  );
  if (!plant) throw notFound();
  if (plant.devices > 0) throw conflict('plantHasDevices');
  await db.transaction(async (tx) => {
    await tx.execute(sql`update collectors set plant_id = null where plant_id = ${id}`);
    await tx.execute(sql`delete from plant_energy where plant_id = ${id}`);
    await tx.execute(sql`delete from follows where kind = 'plant' and target = ${String(id)}`);
    await tx.execute(sql`delete from plants where id = ${id}`);
  });
  return plant.picture;
}

/** Stores a plant picture under FILES_DIR/plants; answers its path. */
export function savePlantPicture(deps: AppDeps, file: UploadedFile): Promise<string> {
  return storeImage(deps.config.filesDir, 'plants', file, PLANT_LIMITS.pictureMaxBytes);
}

/** The file behind a picture path this server issued (savePlantPicture), undefined for any other value. */
function pictureFile(deps: AppDeps, picture: string): string | undefined {
  const name = /^\/prod-api\/files\/plants\/([0-9a-f]{24}\.(?:png|jpg|webp))$/.exec(picture)?.[1];
  return name ? path.join(deps.config.filesDir, 'plants', name) : undefined;
}

/**
 * Removes a picture's file once no plant shows it (called after the commit that dropped it, so that a rolled-back
 * edit never loses its picture). A file already gone is no error; any other failure is logged, since the plant's
 * change is already committed.
 */
export async function removeUnusedPicture(
  deps: AppDeps,
  picture: string | null,
  log: { warn: (obj: object, msg: string) => void },
): Promise<void> {
  const file = picture ? pictureFile(deps, picture) : undefined;
  if (!file) return;
  const [used] = await rowsOf<{ id: number }>(
    deps.db,
    sql`select id from plants where picture = ${picture} limit 1`,
  );
  if (used) return;
  await rm(file, { force: true }).catch((err: unknown) =>
    log.warn({ err, file }, 'plant picture not removed'),
  );
}

/**
 * Binds a collector to a plant: the collector and the devices reporting through it move to the plant from now on
 * (their history stays with the plants of its time), and the move is told (`collectorMoved`) so that the device
 * link's next batch lands in the new plant. A collector not yet bound (imported by shipment) may be bound by
 * anyone who may see the plant; a bound one only by who may see its plant.
 */
export async function bindCollector(
  { db, fleetChanges }: WriteDeps,
  caller: Caller,
  plantId: number,
  serial: string,
) {
  const [plant] = await rowsOf<{ id: number }>(
    db,
    sql`select pl.id from plants pl where pl.id = ${plantId} and ${plantScope(caller)}`,
  );
  if (!plant) throw notFound();
  const [collector] = await rowsOf<{ id: number }>(
    db,
    sql`select c.id from collectors c left join plants pl on pl.id = c.plant_id
        where c.serial = ${serial} and (c.plant_id is null or ${plantScope(caller)})`,
  );
  if (!collector) throw fieldError('serial', 'collectorUnknown');
  await db.transaction(async (tx) => {
    await tx.execute(sql`update collectors set plant_id = ${plantId} where id = ${collector.id}`);
    await tx.execute(sql`update devices set plant_id = ${plantId} where collector_id = ${collector.id}`);
    await tx.execute(
      sql`update device_latest set plant_id = ${plantId}
          where device_id in (select id from devices where collector_id = ${collector.id})`,
    );
    // The mapping keeps the move: bindings to the old plant close now and reopen in this one, so that readings
    // before the move keep counting for the old plant (devices/plantSpans.ts).
    const moving = sql`select id from devices where collector_id = ${collector.id}`;
    await tx.execute(
      sql`update collector_devices set unbound_at = now()
          where device_id in (${moving}) and unbound_at is null and plant_id <> ${plantId}`,
    );
    await tx.execute(
      sql`insert into collector_devices (plant_id, collector_id, device_id, bound_at)
          select ${plantId}, ${collector.id}, d.id, now() from devices d
          where d.id in (${moving})
            and not exists (select 1 from collector_devices m where m.device_id = d.id and m.unbound_at is null)`,
    );
  });
  fleetChanges.emit('collectorMoved', collector.id, plantId);
}
