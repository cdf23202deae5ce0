import type { WorkOrderDetail, WorkOrderPriority } from '@solarops/contracts';
import { IMAGE_TYPES, JPEG, PNG, sniffType } from '../../http/fileTypes.ts';
import { readStoredImage } from '../../http/storeImage.ts';
import type { Lang } from '../../i18n/messages.ts';
import { PdfDocument } from '../../pdf/PdfDocument.ts';
import { zoneOffsetMs } from '../../time/localDay.ts';
import { MOVE_NAMES, STATE_NAMES } from './service.ts';

/** The report's own words, in both languages (states and moves come from the transition table's names). */
const TEXT = {
  zh: {
    title: '工单服务报告',
    order: '工单',
    number: '工单号',
    state: '状态',
    priority: '优先级',
    plant: '电站',
    timeZone: '电站时区',
    device: '设备序列号',
    collector: '采集器序列号',
    assignee: '处理人',
    createdBy: '创建人',
    byRule: '规则自动创建',
    createdAt: '创建时间',
    updatedAt: '最后更新',
    alarm: '告警',
    code: '告警代码',
    description: '告警描述',
    level: '告警等级',
    alarmState: '告警当前状态',
    alarmActive: '未恢复',
    alarmRecovered: '已恢复',
    occurrences: '发生次数',
    occurredAt: '发生时间',
    recoveredAt: '恢复时间',
    stillActive: '未恢复',
    sla: '处理时限（SLA）',
    target: '时限',
    counting: '计时方式',
    businessHours: '电站当地工作时间（周一至周五 08:00-18:00）',
    roundTheClock: '全天计时',
    elapsed: '已用时间',
    used: '已用比例',
    clock: '计时状态',
    paused: '已暂停',
    running: '计时中',
    hours: (h: string) => `${h} 小时`,
    timeline: '处理过程',
    time: '时间',
    move: '操作',
    change: '状态变化',
    actor: '操作人',
    note: '备注',
    rule: '规则',
    created: '创建',
    notes: '备注',
    author: '记录人',
    none: '无',
    photos: '现场照片',
    photoBy: (who: string, at: string) => `${who} · ${at}`,
    notShown: '（该格式的图片无法放入报告，请在控制台查看）',
    signature: '现场签名',
    signedBy: (who: string, at: string) => `签名由 ${who} 于 ${at} 记录`,
    unsigned: '尚无签名',
    levels: { 1: '提醒', 2: '警告', 3: '故障' } as Record<number, string>,
    priorities: { urgent: '紧急', high: '高', normal: '普通', low: '低' } as Record<
      WorkOrderPriority,
      string
    >,
    fileName: (id: number) => `工单-${id}-服务报告.pdf`,
  },
  en: {
    title: 'Work order service report',
    order: 'Work order',
    number: 'Number',
    state: 'State',
    priority: 'Priority',
    plant: 'Plant',
    timeZone: "Plant's time zone",
    device: 'Device serial',
    collector: 'Collector serial',
    assignee: 'Assignee',
    createdBy: 'Created by',
    byRule: 'a rule',
    createdAt: 'Created',
    updatedAt: 'Last change',
    alarm: 'Alarm',
    code: 'Alarm code',
    description: 'Description',
    level: 'Level',
    alarmState: 'Alarm now',
    alarmActive: 'active',
    alarmRecovered: 'recovered',
    occurrences: 'Occurrences',
    occurredAt: 'Occurred',
    recoveredAt: 'Recovered',
    stillActive: 'not recovered',
    sla: 'Resolution target (SLA)',
    target: 'Target',
    counting: 'Counted',
    businessHours: "in the plant's business hours (Mon-Fri 08:00-18:00)",
    roundTheClock: 'round the clock',
    elapsed: 'Elapsed',
    used: 'Used',
    clock: 'Clock',
    paused: 'paused',
    running: 'running',
    hours: (h: string) => `${h} h`,
    timeline: 'Timeline',
    time: 'Time',
    move: 'Move',
    change: 'State',
    actor: 'By',
    note: 'Note',
    rule: 'Rule',
    created: 'Created',
    notes: 'Notes',
    author: 'Written by',
    none: 'None',
    photos: 'Photos',
    photoBy: (who: string, at: string) => `${who} · ${at}`,
    notShown: '(a picture in a format the report cannot hold; see it in the console)',
    signature: 'Signature on site',
    signedBy: (who: string, at: string) => `Signature recorded by ${who} at ${at}`,
    unsigned: 'Not signed yet',
    levels: { 1: 'Alerting', 2: 'Warning', 3: 'Fault' } as Record<number, string>,
    priorities: { urgent: 'Urgent', high: 'High', normal: 'Normal', low: 'Low' } as Record<
      WorkOrderPriority,
      string
    >,
    fileName: (id: number) => `work-order-${id}-service-report.pdf`,
  },
} as const;

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** `2026-11-24 09:05` in the plant's time zone: the times a technician and the plant's owner read. */
function localTime(iso: string, timeZone: string): string {
  const ms = new Date(iso).getTime();
  return new Date(ms + zoneOffsetMs(timeZone, ms)).toISOString().slice(0, 16).replace('T', ' ');
}

/** An SLA warning the assignee was sent (80 or 100 per cent of the target), with when. */
export interface SentSlaWarning {
  threshold: number;
  at: string;
}

/** The report's file name in the reader's language. */
export const serviceReportName = (id: number, lang: Lang) => TEXT[lang].fileName(id);

/**
 * The service report of one work order, in the reader's language and the plant's local time: what the order is
 * about (plant, device, alarm and its occurrences), where its SLA stands, every move with who and when, the notes,
 * the photos and the signature as pictures. Pictures are read from the files directory; one the PDF cannot hold
 * (WebP) is named instead of drawn.
 */
export async function serviceReport(
  order: WorkOrderDetail,
  options: { lang: Lang; filesDir: string; warnings: readonly SentSlaWarning[] },
): Promise<Buffer> {
  const { lang, filesDir } = options;
  const t = TEXT[lang];
  const i = lang === 'zh' ? 0 : 1;
  const at = (iso: string) => localTime(iso, order.timeZone);
  const state = (s: keyof typeof STATE_NAMES) => capital(STATE_NAMES[s][i]);
  const moveName = (m: string) =>
    m === 'create' ? t.created : capital(MOVE_NAMES[m as keyof typeof MOVE_NAMES]?.[i] ?? m);
  const hours = (minutes: number) => t.hours((minutes / 60).toFixed(1));

  const pdf = new PdfDocument({
    title: t.title,
    subtitle: `#${order.id} · ${order.plantName}`,
    lang,
    timeZone: order.timeZone,
  })
    .heading(t.order)
    .keyValues([
      [t.number, `#${order.id}`],
      [t.state, state(order.state)],
      [t.priority, t.priorities[order.priority]],
      [t.plant, order.plantName],
      [t.device, order.deviceSerial ?? '—'],
      [t.collector, order.collectorSerial ?? '—'],
      [t.assignee, order.assigneeName ?? '—'],
      [t.createdBy, order.createdBy || t.byRule],
      [t.createdAt, at(order.createdAt)],
      [t.updatedAt, at(order.updatedAt)],
      [t.timeZone, order.timeZone],
    ])
    .heading(t.alarm)
    .keyValues([
      [t.code, `#${order.code}`],
      [t.level, t.levels[order.level] ?? String(order.level)],
      [t.description, order.description],
      [t.alarmState, order.alarmRecovered ? t.alarmRecovered : t.alarmActive],
      [t.occurrences, String(order.occurrences)],
    ])
    .table(
      [{ title: t.occurredAt }, { title: t.recoveredAt }],
      order.occurrenceList.map((o) => [at(o.occurredAt), o.recoveredAt ? at(o.recoveredAt) : t.stillActive]),
    )
    .heading(t.sla)
    .keyValues([
      [t.target, hours(order.sla.targetMinutes)],
      [t.counting, order.sla.businessHours ? t.businessHours : t.roundTheClock],
      [t.elapsed, hours(order.sla.elapsedMinutes)],
      [t.used, `${order.sla.percent} %`],
      [t.clock, order.sla.paused ? t.paused : t.running],
      ...options.warnings.map((w): [string, string] => [`${w.threshold} %`, at(w.at)]),
    ])
    .heading(t.timeline)
    .table(
      [
        { title: t.time, width: 0.2 },
        { title: t.move, width: 0.18 },
        { title: t.change, width: 0.22 },
        { title: t.actor, width: 0.15 },
        { title: t.note },
      ],
      order.events.map((e) => [
        at(e.at),
        moveName(e.move),
        e.fromState ? `${state(e.fromState)} → ${state(e.toState)}` : state(e.toState),
        e.actor || t.rule,
        e.note,
      ]),
    );

  const notes = order.evidence.filter((e) => e.kind === 'note');
  pdf.heading(t.notes);
  if (notes.length === 0) pdf.paragraph(t.none, { muted: true });
  else
    pdf.table(
      [{ title: t.time, width: 0.2 }, { title: t.author, width: 0.18 }, { title: t.note }],
      notes.map((n) => [at(n.at), n.author, n.text]),
    );

  const picture = async (url: string | null, height: number) => {
    const file = url ? await readStoredImage(filesDir, url) : undefined;
    const type = file && sniffType(file, IMAGE_TYPES);
    if (file && (type === PNG || type === JPEG)) pdf.image(file, { height });
    else pdf.paragraph(t.notShown, { muted: true });
  };
  const photos = order.evidence.filter((e) => e.kind === 'photo');
  pdf.heading(t.photos);
  if (photos.length === 0) pdf.paragraph(t.none, { muted: true });
  for (const photo of photos) {
    pdf.paragraph(t.photoBy(photo.author, at(photo.at)), { muted: true });
    await picture(photo.picture, 220);
  }

  // The latest signature is the one that sent the work to approval.
  const signature = order.evidence.filter((e) => e.kind === 'signature').at(-1);
  pdf.heading(t.signature);
  if (!signature) pdf.paragraph(t.unsigned, { muted: true });
  else {
    pdf.paragraph(t.signedBy(signature.author, at(signature.at)));
    await picture(signature.picture, 90);
  }
  return pdf.toBuffer();
}
