/**
 * Mailing custom reports on their schedules (and "send a test report now"). A job looks every minute for templates
 * whose period has ended and whose hour has come in their zone, makes the report as its owner would see it, and
 * mails its workbook or PDF to the recipients; `last_sent` keeps each period to one mail, and a run missed (the server was
 * down) is caught up on the next turn, and a new schedule mails the period just ended at its first turn. A daily report waits for its day's data to be complete, or until 02:00
 * local, and its mail says which.
 */
import { eq, isNotNull, sql } from 'drizzle-orm';
import type { ReportSchedule, ReportTemplate } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import type { Mailer } from '../../mail/Mailer.ts';
import type { Caller } from '../plants/plantScope.ts';
import { localDay, localDayStartMs, nextDay } from '../../time/localDay.ts';
import { runCustomReport } from './customReport.ts';
import { isTooCostly } from './reportCost.ts';
import { CUSTOM_REPORT_LABELS, customReportWorkbook } from './customReportWorkbook.ts';
import { customReportPdf } from './reportPdf.ts';
import { periodDays, previousDay, weekDays } from './periods.ts';
import { reportTemplates } from './tables.ts';

/** A daily report whose data is incomplete waits at most until this local hour of the next day. */
export const DAILY_WAIT_UNTIL_HOUR = 2;

const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;
const HOUR = 3_600_000;

/** The period a schedule mails next at `nowMs`: its key, the local day the report is made for, and when it is due. */
export function duePeriod(s: ReportSchedule, nowMs: number): { key: string; date: string; dueMs: number } {
  const today = localDay(s.timeZone, nowMs);
  const at = (day: string, hour: number) => localDayStartMs(s.timeZone, day) + hour * HOUR;
  if (s.frequency === 'daily') {
    const date = previousDay(today);
    return { key: `d:${date}`, date, dueMs: at(today, s.hour) };
  }
  if (s.frequency === 'weekly') {
    // The week just ended (Monday–Sunday), mailed on the schedule's weekday of the week after.
    const thisWeek = weekDays(today).from;
    const last = weekDays(previousDay(thisWeek));
    let sendDay = thisWeek;
    for (let i = 1; i < s.weekday; i++) sendDay = nextDay(sendDay);
    return { key: `w:${last.from}`, date: last.to, dueMs: at(sendDay, s.hour) };
  }
  const first = periodDays('month', today).from;
  const last = periodDays('month', previousDay(first));
  return { key: `m:${last.from.slice(0, 7)}`, date: last.to, dueMs: at(first, s.hour) };
}

type Owner = Caller & { name: string };

async function ownerOf(db: Database, userId: number): Promise<Owner | undefined> {
  const [row] = await rowsOf<{ id: number; role_id: number; dealercode: string | null; name: string }>(
    db,
    sql`select id, role_id, dealercode, name from users where id = ${userId} and enabled`,
  );
  return row && { userId: row.id, roleId: row.role_id, dealercode: row.dealercode, name: row.name };
}

const TEXT = {
  zh: {
    subject: (name: string, from: string, to: string) => `【报表】${name} ${from} ~ ${to}`,
    body: (name: string, from: string, to: string) => `${name}：${from} 至 ${to} 的报表见附件。`,
    complete: '当日数据已完整。',
    incomplete: (pct: string) => `当日数据仍不完整（${pct}），已到 02:00，按现有数据发送。`,
    completeness: (pct: string) => `数据完整率：${pct}`,
    test: '这是一封测试报表。',
  },
  en: {
    subject: (name: string, from: string, to: string) => `[Report] ${name} ${from} to ${to}`,
    body: (name: string, from: string, to: string) => `${name}: the report of ${from} to ${to} is attached.`,
    complete: 'The day’s data is complete.',
    incomplete: (pct: string) =>
      `The day’s data is still incomplete (${pct}); it is 02:00, so the report goes as it is.`,
    completeness: (pct: string) => `Data completeness: ${pct}`,
    test: 'This is a test report.',
  },
};

/**
 * Makes a template's report for `date` as its owner sees it and mails it to the schedule's recipients.
 * `daily` is null for a test or a weekly or monthly report; else whether the day's data was complete.
 */
async function mailReport(
  db: Database,
  mailer: Mailer,
  owner: Owner,
  t: ReportTemplate,
  s: ReportSchedule,
  date: string,
  note: { test?: boolean; daily?: boolean | null },
  nowMs: number,
) {
  const result = await runCustomReport(db, owner, t.definition, date, nowMs);
  // Schedules saved before reports came as PDF carry no format: they keep their workbook.
  const format = (s as Partial<ReportSchedule>).format ?? 'xlsx';
  const file =
    format === 'pdf'
      ? await customReportPdf(result, t.name, s.language, s.timeZone)
      : await customReportWorkbook(result, t.name, s.language);
  const L = TEXT[s.language];
  const ratio = await completenessOf(db, owner, t, date, nowMs);
  const pct = `${(ratio * 100).toFixed(2)} %`;
  const lines = [
    L.body(t.name, result.from, result.to),
    note.daily === true ? L.complete : note.daily === false ? L.incomplete(pct) : L.completeness(pct),
    ...(note.test ? [L.test] : []),
  ];
  const group = CUSTOM_REPORT_LABELS[s.language][t.definition.groupBy];
  for (const to of s.recipients)
    await mailer.send({
      to,
      subject: L.subject(t.name, result.from, result.to),
      text: `${lines.join('\n')}\n${group}: ${result.rows.length}`,
      attachments: [
        {
          filename: `report-${result.from}-${result.to}.${format}`,
          content: file,
          contentType: CONTENT_TYPES[format],
        },
      ],
    });
  return result;
}

/** Readings received ÷ expected over the template's period for its owner's plants. */
async function completenessOf(db: Database, owner: Owner, t: ReportTemplate, date: string, nowMs: number) {
  const r = await runCustomReport(db, owner, { ...t.definition, fields: ['completeness'] }, date, nowMs);
  const v = r.totals.completeness;
  return typeof v === 'number' ? v : 1;
}

/** "Send a test report now": the current period (up to today) to the schedule's recipients. */
export async function sendTestReport(
  db: Database,
  mailer: Mailer,
  t: ReportTemplate,
  userId: number,
  nowMs = Date.now(),
): Promise<{ from: string; to: string; recipients: string[] } | null> {
  const s = t.schedule;
  const owner = await ownerOf(db, userId);
  if (!s || !owner) return null;
  const result = await mailReport(
    db,
    mailer,
    owner,
    t,
    s,
    localDay(s.timeZone, nowMs),
    { test: true },
    nowMs,
  );
  return { from: result.from, to: result.to, recipients: s.recipients };
}

/** One turn of the job: mails every template whose period is due and not yet mailed. */
export async function mailDueReports(db: Database, mailer: Mailer, nowMs = Date.now()): Promise<number> {
  const rows = await db.select().from(reportTemplates).where(isNotNull(reportTemplates.schedule));
  let sent = 0;
  for (const row of rows) {
    const s = row.schedule!;
    const due = duePeriod(s, nowMs);
    if (nowMs < due.dueMs || row.lastSent === due.key) continue;
    const owner = await ownerOf(db, row.userId);
    if (!owner) continue;
    const t: ReportTemplate = {
      id: row.id,
      name: row.name,
      definition: row.definition,
      schedule: s,
      updatedAt: row.updatedAt.toISOString(),
      lastSent: row.lastSent,
    };
    try {
      let daily: boolean | null = null;
      if (s.frequency === 'daily') {
        const complete = (await completenessOf(db, owner, t, due.date, nowMs)) >= 1;
        const deadline = localDayStartMs(s.timeZone, nextDay(due.date)) + DAILY_WAIT_UNTIL_HOUR * HOUR;
        if (!complete && nowMs < deadline) continue;
        daily = complete;
      }
      await mailReport(db, mailer, owner, t, s, due.date, { daily }, nowMs);
    } catch (e) {
      // A template whose report costs more than one may (its owner's fleet grew) is not mailed; the others are.
      if (isTooCostly(e)) continue;
      throw e;
    }
    await db.update(reportTemplates).set({ lastSent: due.key }).where(eq(reportTemplates.id, row.id));
    sent++;
  }
  return sent;
}
