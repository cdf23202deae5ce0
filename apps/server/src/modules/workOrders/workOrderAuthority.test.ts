import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { WorkOrderRow, WorkOrderState } from '@solarops/contracts';
import {
  matrixCases,
  MATRIX_ROLES,
  scopeMatrixApp,
  seesEverything,
  wholeOrNothing,
  type MatrixRole,
  type Reach,
} from '../../../test/scopeMatrix.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import type { FixturePlant } from '../devices/deviceFixtures.ts';
import { raiseAlarms } from '../alarms/service.ts';

const ACTIONS = ['open', 'view', 'report', 'note', 'assign', 'start', 'cancel'] as const;
type Action = (typeof ACTIONS)[number];

/** The roles holding the work order screen (`question`) by default. */
const hasQuestionScreen = (role: MatrixRole) => role !== 'endUser' && role !== 'enterprise';
/** Supervisors assign, approve and cancel (decision 0014). */
const isSupervisor = (role: MatrixRole) => seesEverything(role) || role === 'distributor';

/** The state each action is tried from: moves need theirs; the others an order assigned to the installer. */
const FROM: Record<Action, WorkOrderState> = {
  open: 'new',
  view: 'assigned',
  report: 'assigned',
  note: 'assigned',
  assign: 'new',
  start: 'assigned',
  cancel: 'new',
};
const TO: Partial<Record<Action, WorkOrderState>> = {
  assign: 'assigned',
  start: 'inProgress',
  cancel: 'cancelled',
};

/** What the caller sees when its role may act at all on an order wholly in its scope. */
function inScopeAnswer(role: MatrixRole, action: Action): { status: 200 | 403; msg?: string } {
  if ((action === 'assign' || action === 'cancel') && !isSupervisor(role))
    return { status: 403, msg: 'Only a supervisor (administrator, staff or distributor) may do this' };
  if (action === 'start' && role !== 'installer')
    return { status: 403, msg: 'Only the assignee of the work order may do this' };
  return { status: 200 };
}

/**
 * Who may act on a work order, by whether its plant lies in the caller's scope. An order is about one alarm
 * subject of one plant (decision 0024), so it is wholly in scope or not at all: the "part" column of the matrix
 * is the list of orders over several plants, tested below. Every order here is assigned to the installer, even on
 * the stranger's plant (as after that plant went to another installer): being named assignee opens nothing
 * outside one's scope.
 */
describe('who may act on a work order: role × action × scope', () => {
  const m = scopeMatrixApp();
  const { call } = m;
  let code = 7100;

  /** A fresh alarm (a new code each time) on the plant's inverter. */
  const alarmOn = async (plant: FixturePlant) => {
    const device = plant.devices[0]!;
    const [raised] = await raiseAlarms(m.t.app.deps, [
      {
        plantId: plant.plantId,
        deviceId: device.id,
        collectorId: null,
        subject: `d:${device.id}`,
        code: ++code,
        level: 2,
        source: 'event',
        occurredAtMs: Date.now() - 60_000,
      },
    ]);
    return raised!.alarmId;
  };
  /** An order the administrator opened on `plant`, put in `state` (assigned to the installer past `new`). */
  const orderOn = async (plant: FixturePlant, state: WorkOrderState) => {
    const res = await call('admin', 'POST', '/workorder', { alarmId: await alarmOn(plant) });
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json().data as { id: number }).id;
    if (state !== 'new')
      await m.t.db.execute(
        sql`update work_orders set state = ${state}, assignee_id = ${m.world.users.installer.id} where id = ${id}`,
      );
    return id;
  };
  const orderState = async (id: number) =>
    (await rowsOf<{ state: WorkOrderState }>(m.t.db, sql`select state from work_orders where id = ${id}`))[0]!
      .state;
  const notes = async (id: number) =>
    (
      await rowsOf<{ n: number }>(
        m.t.db,
        sql`select count(*)::int as n from work_order_evidence where work_order_id = ${id}`,
      )
    )[0]!.n;
  const ordersOfAlarm = async (alarmId: number) =>
    (
      await rowsOf<{ n: number }>(
        m.t.db,
        sql`select count(*)::int as n from work_order_alarms where alarm_id = ${alarmId}`,
      )
    )[0]!.n;

  const CASES = matrixCases(ACTIONS).filter(([, , reach]) => reach !== 'part');

  it.each(CASES)('%s, %s, an order %s in scope', async (role, action, reach: Reach) => {
    const { world } = m;
    const [plant] = world.plantsOf(role, reach);
    const scoped = wholeOrNothing(role, reach, hasQuestionScreen(role));
    const want: { status: number; msg?: string } =
      scoped === 200 ? inScopeAnswer(role, action) : { status: scoped };

    if (action === 'open') {
      const alarmId = await alarmOn(plant!);
      const res = await call(role, 'POST', '/workorder', { alarmId });
      expect(res.statusCode, res.body).toBe(want.status);
      expect(await ordersOfAlarm(alarmId)).toBe(want.status === 200 ? 1 : 0);
      return;
    }
    const id = await orderOn(plant!, FROM[action]);
    const res =
      action === 'view'
        ? await call(role, 'GET', `/workorder/${id}`)
        : action === 'report'
          ? await call(role, 'GET', `/workorder/${id}/report.pdf`)
          : action === 'note'
            ? await call(role, 'POST', `/workorder/${id}/notes`, { text: 'Checked the fuses' })
            : await call(role, 'POST', `/workorder/${id}/move`, {
                move: action,
                // Administrators and staff take the order themselves (they see every plant); a distributor
                // gives it to its installer, who sees the plant.
                ...(action === 'assign'
                  ? { assigneeId: seesEverything(role) ? world.users[role].id : world.users.installer.id }
                  : {}),
              });
    expect(res.statusCode, res.body).toBe(want.status);
    if (want.msg) expect(res.json().msg).toBe(want.msg);
    if (action === 'report' && want.status === 200)
      expect(res.headers['content-type']).toBe('application/pdf');
    if (action === 'note') expect(await notes(id)).toBe(want.status === 200 ? 1 : 0);
    const to = TO[action];
    if (to) expect(await orderState(id)).toBe(want.status === 200 ? to : FROM[action]);
  });

  it('lists each role its own part of the orders over its plant and the stranger’s, and counts that part', async () => {
    const { world } = m;
    const mine = await orderOn(world.home.installer, 'new');
    const theirs = await orderOn(world.home.enterprise, 'new');
    const outside = await orderOn(world.outside, 'new');
    for (const role of MATRIX_ROLES) {
      const res = await call(role, 'GET', '/workorder/list?pageNumber=1&pageSize=200');
      if (!hasQuestionScreen(role)) {
        expect(res.statusCode, role).toBe(403);
        continue;
      }
      expect(res.statusCode, res.body).toBe(200);
      const ids = (res.json().rows as WorkOrderRow[]).map((r) => r.id);
      expect(ids, role).toEqual(expect.arrayContaining([mine, theirs]));
      expect(ids.includes(outside), role).toBe(seesEverything(role));
      expect(res.json().total, role).toBe(ids.length);
    }
  });

  it('offers no assignees for an order outside the caller’s scope: 404, as for the order itself', async () => {
    const { world } = m;
    const outside = await orderOn(world.outside, 'new');
    const refused = await call('distributor', 'GET', `/workorder/assignees?workOrderId=${outside}`);
    expect(refused.statusCode, refused.body).toBe(404);
    const home = await orderOn(world.home.distributor, 'new');
    const offered = await call('distributor', 'GET', `/workorder/assignees?workOrderId=${home}`);
    expect(offered.statusCode, offered.body).toBe(200);
    expect((offered.json().data as { id: number }[]).map((u) => u.id)).toContain(world.users.installer.id);
    const admin = await call('admin', 'GET', `/workorder/assignees?workOrderId=${outside}`);
    expect(admin.statusCode, admin.body).toBe(200);
  });
});
