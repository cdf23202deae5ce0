import { z } from 'zod';
import { idSchema, isoDateTime, uploadedFile } from './common.ts';
import { pageQuery } from './envelope.ts';

/** The states of a work order (the `question` screen), in the order a normal order passes them. */
export const WORK_ORDER_STATES = [
  'new',
  'assigned',
  'inProgress',
  'onHold',
  'resolved',
  'pendingApproval',
  'closed',
  'cancelled',
] as const;
export type WorkOrderState = (typeof WORK_ORDER_STATES)[number];

/** States after which nothing moves any more; an order in any other state is open. */
export const WORK_ORDER_FINAL_STATES: readonly WorkOrderState[] = ['closed', 'cancelled'];

/**
 * Who may make a move: the order's assignee, or a supervisor of its plant (decision 0014: administrators,
 * staff and the distributor whose scope holds the plant).
 */
export type WorkOrderActor = 'assignee' | 'supervisor';

/**
 * The one transition table of work orders: each move, the states it starts from, where it leads and who makes it.
 * The server refuses a move from any other state with 409 and a move by anyone else with 403; the console shows
 * the moves the server lists as allowed for the caller.
 */
export const WORK_ORDER_MOVES = {
  assign: { from: ['new', 'assigned'], to: 'assigned', by: 'supervisor' },
  start: { from: ['assigned'], to: 'inProgress', by: 'assignee' },
  hold: { from: ['inProgress'], to: 'onHold', by: 'assignee' },
  resume: { from: ['onHold'], to: 'inProgress', by: 'assignee' },
  resolve: { from: ['inProgress'], to: 'resolved', by: 'assignee' },
  submit: { from: ['resolved'], to: 'pendingApproval', by: 'assignee' },
  approve: { from: ['pendingApproval'], to: 'closed', by: 'supervisor' },
  rework: { from: ['resolved', 'pendingApproval'], to: 'inProgress', by: 'supervisor' },
  cancel: { from: ['new', 'assigned', 'inProgress', 'onHold'], to: 'cancelled', by: 'supervisor' },
} as const satisfies Record<
  string,
  { from: readonly WorkOrderState[]; to: WorkOrderState; by: WorkOrderActor }
>;
export type WorkOrderMove = keyof typeof WORK_ORDER_MOVES;
export const WORK_ORDER_MOVE_NAMES = Object.keys(WORK_ORDER_MOVES) as WorkOrderMove[];

export const WORK_ORDER_PRIORITIES = ['urgent', 'high', 'normal', 'low'] as const;
export type WorkOrderPriority = (typeof WORK_ORDER_PRIORITIES)[number];

/** Largest photo or signature the server keeps: the console resizes photos to at most 1600 px before upload. */
export const WORK_ORDER_IMAGE_MAX_BYTES = 3 * 1024 * 1024;
/** Longest side of a photo after the console resized it. */
export const WORK_ORDER_PHOTO_MAX_PX = 1600;
export const WORK_ORDER_NOTE_MAX = 2000;

/** `POST /workorder`: a work order from an alarm, by hand. */
export const workOrderCreate = z.object({
  alarmId: idSchema,
  /** Default: from the alarm's level (3 high, 2 normal, 1 low). */
  priority: z.enum(WORK_ORDER_PRIORITIES).optional(),
  note: z.string().trim().max(WORK_ORDER_NOTE_MAX).optional(),
});
export type WorkOrderCreate = z.infer<typeof workOrderCreate>;

/** `POST /workorder/{id}/move`. */
export const workOrderMoveBody = z.object({
  move: z.enum(WORK_ORDER_MOVE_NAMES as [WorkOrderMove, ...WorkOrderMove[]]),
  /** Required by `assign`. */
  assigneeId: idSchema.optional(),
  note: z.string().trim().max(WORK_ORDER_NOTE_MAX).optional(),
});
export type WorkOrderMoveBody = z.infer<typeof workOrderMoveBody>;

export const workOrderNoteBody = z.object({ text: z.string().trim().min(1).max(WORK_ORDER_NOTE_MAX) });
export const workOrderImageForm = z.object({ file: uploadedFile });

export const workOrderQuery = pageQuery.extend({
  state: z.enum(WORK_ORDER_STATES).optional(),
  priority: z.enum(WORK_ORDER_PRIORITIES).optional(),
  /** Plant name, device or collector serial, or the order number. */
  keyword: z.string().trim().max(60).optional(),
  /** Only orders assigned to the caller. */
  mine: z.enum(['true', 'false']).optional(),
});
export type WorkOrderQuery = z.infer<typeof workOrderQuery>;

/** Where an order's resolution time stands (SLA): counted in the plant's local time, paused while on hold. */
export const workOrderSla = z.object({
  targetMinutes: z.number().int(),
  /** Counted only Monday to Friday, 08:00 to 18:00 in the plant's time zone. */
  businessHours: z.boolean(),
  elapsedMinutes: z.number().int(),
  /** Share of the target used, in per cent (above 100 once breached). */
  percent: z.number().int(),
  /** Whether the clock stands still now (on hold, or resolved and waiting). */
  paused: z.boolean(),
});
export type WorkOrderSla = z.infer<typeof workOrderSla>;

export const workOrderRow = z.object({
  id: z.number().int(),
  state: z.enum(WORK_ORDER_STATES),
  priority: z.enum(WORK_ORDER_PRIORITIES),
  plantId: z.number().int(),
  plantName: z.string(),
  deviceSerial: z.string().nullable(),
  code: z.number().int(),
  level: z.number().int(),
  description: z.string(),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  occurrences: z.number().int(),
  /** Whether the alarm's latest occurrence has recovered (the order stays open until someone closes it). */
  alarmRecovered: z.boolean(),
  createdBy: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  sla: workOrderSla,
});
export type WorkOrderRow = z.infer<typeof workOrderRow>;

export const workOrderEvent = z.object({
  id: z.number().int(),
  move: z.string(),
  fromState: z.enum(WORK_ORDER_STATES).nullable(),
  toState: z.enum(WORK_ORDER_STATES),
  actor: z.string(),
  note: z.string(),
  at: isoDateTime,
});
export type WorkOrderEvent = z.infer<typeof workOrderEvent>;

export const WORK_ORDER_EVIDENCE_KINDS = ['note', 'photo', 'signature'] as const;
export const workOrderEvidence = z.object({
  id: z.number().int(),
  kind: z.enum(WORK_ORDER_EVIDENCE_KINDS),
  text: z.string(),
  /** A signed link to the picture (photos and signatures). */
  picture: z.string().nullable(),
  author: z.string(),
  at: isoDateTime,
});
export type WorkOrderEvidence = z.infer<typeof workOrderEvidence>;

export const workOrderOccurrence = z.object({
  alarmId: z.number().int(),
  occurredAt: isoDateTime,
  recoveredAt: isoDateTime.nullable(),
});

export const workOrderDetail = workOrderRow.extend({
  timeZone: z.string(),
  collectorSerial: z.string().nullable(),
  events: z.array(workOrderEvent),
  evidence: z.array(workOrderEvidence),
  occurrenceList: z.array(workOrderOccurrence),
  /** The moves the caller may make now (state and role both allow them). */
  moves: z.array(z.enum(WORK_ORDER_MOVE_NAMES as [WorkOrderMove, ...WorkOrderMove[]])),
  /** Whether the caller may add notes, photos and a signature. */
  canAddEvidence: z.boolean(),
});
export type WorkOrderDetail = z.infer<typeof workOrderDetail>;

export const workOrderAssignee = z.object({ id: z.number().int(), name: z.string(), userCode: z.string() });
/** `GET /workorder/assignees`: of one order, only the users who see its plant (those an assignment accepts). */
export const workOrderAssigneesQuery = z.object({ workOrderId: idSchema.optional() });

/** An SLA warning of an order assigned to the caller (the console's notice). */
export const workOrderNotice = z.object({
  workOrderId: z.number().int(),
  threshold: z.number().int(),
  plantName: z.string(),
  at: isoDateTime,
});
export type WorkOrderNotice = z.infer<typeof workOrderNotice>;

export const slaTarget = z.object({
  priority: z.enum(WORK_ORDER_PRIORITIES),
  targetMinutes: z
    .number()
    .int()
    .min(15)
    .max(60 * 24 * 60),
  businessHours: z.boolean(),
});
export type SlaTarget = z.infer<typeof slaTarget>;
/** A priority's target as listed: `custom` when an administrator set it, else the built-in default. */
export const slaTargetRow = slaTarget.extend({ custom: z.boolean() });
export type SlaTargetRow = z.infer<typeof slaTargetRow>;
export const slaPriorityParams = z.object({ priority: z.enum(WORK_ORDER_PRIORITIES) });

/** A rule that opens a work order for open alarms matching it once they have lasted `minMinutes`. */
export const workOrderRuleInput = z.object({
  minLevel: z.number().int().min(1).max(3),
  code: z.number().int().min(0).max(65_535).nullable().default(null),
  plantId: idSchema.nullable().default(null),
  minMinutes: z
    .number()
    .int()
    .min(0)
    .max(60 * 24 * 30),
  priority: z.enum(WORK_ORDER_PRIORITIES),
});
export type WorkOrderRuleInput = z.input<typeof workOrderRuleInput>;
export const workOrderRule = workOrderRuleInput.extend({
  id: z.number().int(),
  /** The plant's name when the rule is for one plant. */
  plantName: z.string().nullable(),
});
export type WorkOrderRule = z.infer<typeof workOrderRule>;
