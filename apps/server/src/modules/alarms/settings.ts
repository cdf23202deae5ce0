import { sql } from 'drizzle-orm';
import type { AlarmUserSettings } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';

/** A user's alarm settings (defaults when never set). */
export async function alarmSettingsOf(db: Database, userId: number): Promise<AlarmUserSettings> {
  const [row] = await rowsOf<{ auto_popup: boolean; email_opt_out: boolean }>(
    db,
    sql`select auto_popup, email_opt_out from alarm_user_settings where user_id = ${userId}`,
  );
  return { alarmAutoPopup: row?.auto_popup ?? false, emailOptOut: row?.email_opt_out ?? false };
}

/** Changes some of a user's alarm settings. */
export async function updateAlarmSettings(
  db: Database,
  userId: number,
  change: Partial<AlarmUserSettings>,
): Promise<AlarmUserSettings> {
  await db.execute(sql`insert into alarm_user_settings (user_id, auto_popup, email_opt_out)
    values (${userId}, ${change.alarmAutoPopup ?? false}, ${change.emailOptOut ?? false})
    on conflict (user_id) do update set
      auto_popup = ${change.alarmAutoPopup === undefined ? sql`alarm_user_settings.auto_popup` : sql`${change.alarmAutoPopup}`},
      email_opt_out = ${change.emailOptOut === undefined ? sql`alarm_user_settings.email_opt_out` : sql`${change.emailOptOut}`},
      updated_at = now()`);
  return alarmSettingsOf(db, userId);
}

/** Grants or withdraws the dialog that opens by itself; undefined when there is no such user. */
export async function setAutoPopup(
  db: Database,
  userId: number,
  change: Pick<AlarmUserSettings, 'alarmAutoPopup'>,
): Promise<AlarmUserSettings | undefined> {
  const [user] = await rowsOf<{ id: number }>(db, sql`select id from users where id = ${userId}`);
  return user ? updateAlarmSettings(db, userId, change) : undefined;
}
