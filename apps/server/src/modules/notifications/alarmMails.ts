import { sql } from 'drizzle-orm';
import type { AlarmPush } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import type { Mail, Mailer } from '../../mail/Mailer.ts';
import { rowsOf } from '../../db/rowsOf.ts';

/** Alarm mails a user gets in one hour; the rest wait for one digest. */
export const ALARM_MAILS_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

interface Recipient {
  user_id: number;
  email: string;
  alarm_id: number;
}

interface AlarmText {
  id: number;
  code: number;
  plant_name: string;
  device_serial: string | null;
  collector_serial: string | null;
  description_zh: string | null;
  description_en: string | null;
  solution_zh: string | null;
  solution_en: string | null;
  occurred_at: string;
}

async function alarmTexts(db: Database, ids: number[]): Promise<Map<number, AlarmText>> {
  const rows = await rowsOf<AlarmText>(
    db,
    sql`select a.id, a.code, pl.name as plant_name, d.serial as device_serial, c.serial as collector_serial,
        fc.description_zh, fc.description_en, fc.solution_zh, fc.solution_en, a.occurred_at
      from alarms a join plants pl on pl.id = a.plant_id
      left join devices d on d.id = a.device_id
      left join collectors c on c.id = coalesce(a.collector_id, d.collector_id)
      left join fault_catalogue fc on fc.code = a.code
      where a.id = any(${sql.param(ids)}::bigint[])`,
  );
  return new Map(rows.map((r) => [Number(r.id), r]));
}

const line = (a: AlarmText) =>
  `${new Date(a.occurred_at).toISOString().replace('T', ' ').slice(0, 19)} UTC  ${a.plant_name}  ` +
  `${a.device_serial ?? a.collector_serial ?? ''}  #${a.code} ${a.description_zh ?? ''} / ${a.description_en ?? ''}`;

/** The mail of one alarm, in both console languages (users carry no language of their own). */
function alarmMail(to: string, a: AlarmText): Mail {
  return {
    to,
    subject: `[SolarOps] 故障告警 Fault alarm: ${a.plant_name} #${a.code}`,
    text: [
      `电站 Plant: ${a.plant_name}`,
      `设备 Device: ${a.device_serial ?? a.collector_serial ?? ''}`,
      `时间 Time: ${new Date(a.occurred_at).toISOString()}`,
      `故障 Fault: #${a.code} ${a.description_zh ?? ''} / ${a.description_en ?? ''}`,
      '',
      `处理建议: ${a.solution_zh ?? ''}`,
      `Solution: ${a.solution_en ?? ''}`,
      '',
      '不再接收告警邮件：个人中心 → 告警邮件。To stop alarm mails: personal centre → alarm mails.',
    ].join('\n'),
  };
}

/**
 * Level-3 alarms mail the plant's owner and installer (unless they opted out): at once up to
 * `ALARM_MAILS_PER_HOUR` a user per hour, the rest kept for one digest (`sendAlarmDigests`).
 */
export async function mailLevel3Alarms(
  db: Database,
  mailer: Mailer,
  alarms: AlarmPush[],
  perHour = ALARM_MAILS_PER_HOUR,
): Promise<void> {
  const ids = alarms.filter((a) => a.level === 3).map((a) => a.alarmId);
  if (ids.length === 0) return;
  const recipients = await rowsOf<Recipient>(
    db,
    sql`select u.id as user_id, u.email, a.id as alarm_id
      from alarms a join plants pl on pl.id = a.plant_id
      join users u on u.id in (pl.owner_id, pl.installer_id)
      left join alarm_user_settings s on s.user_id = u.id
      where a.id = any(${sql.param(ids)}::bigint[]) and u.enabled and u.email is not null and u.email <> ''
        and not coalesce(s.email_opt_out, false)
      order by a.id, u.id`,
  );
  const texts = await alarmTexts(db, ids);
  for (const r of recipients) {
    // Claim the (user, alarm) pair first: a mail is never sent twice, even by two instances.
    const [claimed] = await rowsOf<{ sent: number }>(
      db,
      sql`insert into alarm_mails (user_id, alarm_id) values (${r.user_id}, ${r.alarm_id})
        on conflict do nothing
        returning (select count(*)::int from alarm_mails m
          where m.user_id = ${r.user_id} and m.sent_at > now() - interval '1 hour') as sent`,
    );
    if (!claimed || claimed.sent >= perHour) continue;
    const text = texts.get(Number(r.alarm_id));
    if (!text) continue;
    await mailer.send(alarmMail(r.email, text));
    await db.execute(sql`update alarm_mails set sent_at = now()
      where user_id = ${r.user_id} and alarm_id = ${r.alarm_id}`);
  }
}

/**
 * Sends each user's waiting alarms as one digest once the user's last hour leaves room for a mail.
 * @param nowMs - the clock [ms]; tests move it forward
 */
export async function sendAlarmDigests(
  db: Database,
  mailer: Mailer,
  nowMs = Date.now(),
  perHour = ALARM_MAILS_PER_HOUR,
): Promise<number> {
  const now = new Date(nowMs).toISOString();
  const since = new Date(nowMs - HOUR_MS).toISOString();
  const waiting = await rowsOf<{ user_id: number; email: string; alarm_ids: number[] }>(
    db,
    sql`select m.user_id, u.email, array_agg(m.alarm_id order by m.alarm_id) as alarm_ids
      from alarm_mails m join users u on u.id = m.user_id
      where m.sent_at is null and u.email is not null
        and (select count(*) from alarm_mails x where x.user_id = m.user_id
          and x.sent_at > ${since}::timestamptz and x.sent_at <= ${now}::timestamptz) < ${perHour}
      group by m.user_id, u.email`,
  );
  for (const w of waiting) {
    const ids = w.alarm_ids.map(Number);
    const texts = await alarmTexts(db, ids);
    await mailer.send({
      to: w.email,
      subject: `[SolarOps] ${ids.length} 条故障告警汇总 Digest of ${ids.length} fault alarms`,
      text: [
        `本小时内超过 ${perHour} 封告警邮件，其余告警汇总如下。`,
        `More than ${perHour} alarm mails this hour; the others follow here.`,
        '',
        ...ids.flatMap((id) => {
          const t = texts.get(id);
          return t ? [line(t)] : [];
        }),
      ].join('\n'),
    });
    await db.execute(sql`update alarm_mails set sent_at = ${now}::timestamptz, digest = true
      where user_id = ${w.user_id} and alarm_id = any(${sql.param(ids)}::bigint[]) and sent_at is null`);
  }
  return waiting.length;
}
