import { sql } from 'drizzle-orm';
import { SERVER_FAULT_CODES } from '@solarops/contracts';
import { rowsOf } from '../../db/rowsOf.ts';
import { t } from '../../i18n/messages.ts';
import type { Mailer } from '../../mail/Mailer.ts';
import { raiseAlarms, type AlarmDeps } from '../alarms/service.ts';

/** Days before expiry at which a card's installer and owner are warned. */
export const EXPIRY_WARNING_DAYS = [30, 7, 1] as const;

/**
 * Warns of cards expiring in 30, 7 and 1 days: one notice each per card and expiry (`card_notices` keeps which were
 * given, so a later run or another instance never repeats one, and a renewal's new expiry is warned of again). A
 * notice is an alarm of the collector's plant in the console (code 903, pushed like any alarm) and a mail to the
 * plant's installer and owner, in both languages. Returns the notices given.
 */
export async function sendExpiryNotices(
  deps: AlarmDeps & { mailer: Mailer },
  today: string,
): Promise<number> {
  const due = await rowsOf<{
    card_id: number;
    days_before: number;
    iccid: string;
    expires_on: string;
    collector_id: number;
    collector: string;
    plant_id: number;
    plant: string;
    emails: string[];
  }>(
    deps.db,
    sql`with given as (
          insert into card_notices (card_id, days_before, expires_on)
          select sc.id, d.days, sc.expires_on
          from sim_cards sc join collectors c on c.id = sc.collector_id and c.plant_id is not null,
            unnest(${sql.param([...EXPIRY_WARNING_DAYS])}::int[]) as d(days)
          where sc.status in ('normal', 'testing') and sc.expires_on = ${today}::date + d.days
          on conflict do nothing
          returning card_id, days_before, expires_on
        )
        select g.card_id, g.days_before, sc.iccid, g.expires_on::text as expires_on, c.id as collector_id,
          c.serial as collector, pl.id as plant_id, pl.name as plant,
          array(select u.email from users u where u.id in (pl.owner_id, pl.installer_id) and u.email <> '')
            as emails
        from given g join sim_cards sc on sc.id = g.card_id join collectors c on c.id = sc.collector_id
          join plants pl on pl.id = c.plant_id`,
  );
  if (due.length === 0) return 0;
  await raiseAlarms(
    deps,
    due.map((n) => ({
      plantId: n.plant_id,
      deviceId: null,
      collectorId: n.collector_id,
      subject: `sim:${n.card_id}:${n.expires_on}:${n.days_before}`,
      code: SERVER_FAULT_CODES.simExpiring,
      level: 1,
      source: 'rule' as const,
      message: `${n.iccid} ${n.expires_on}`,
      occurredAtMs: Date.now(),
    })),
  );
  for (const n of due) {
    const params = {
      iccid: n.iccid,
      count: n.days_before,
      collector: n.collector,
      plant: n.plant,
      expiresOn: n.expires_on,
    };
    for (const to of n.emails)
      await deps.mailer.send({
        to,
        subject: `${t('zh', 'cards.expiryNotice.subject', params)} / ${t('en', 'cards.expiryNotice.subject', params)}`,
        text: `${t('zh', 'cards.expiryNotice.body', params)}\n\n${t('en', 'cards.expiryNotice.body', params)}`,
      });
  }
  return due.length;
}
