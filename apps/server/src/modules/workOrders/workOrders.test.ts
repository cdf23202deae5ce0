import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ROLE,
  WORK_ORDER_MOVES,
  WORK_ORDER_STATES,
  type WorkOrderDetail,
  type WorkOrderMove,
  type WorkOrderRow,
  type WorkOrderState,
} from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs, type TestUser } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';
import { pdfText } from '../../../test/pdfText.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { raiseAlarms, recoverAlarms } from '../alarms/service.ts';
import { runWorkOrderRules } from './service.ts';
import { sendSlaWarnings } from './slaWarnings.ts';

type Who = 'admin' | 'distributor' | 'installer' | 'otherInstaller' | 'owner' | 'stranger';

/** A 1×1 PNG: what a signature canvas gives, smallest. */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('work orders: created from alarms, one transition table, roles, SLA warnings, flapping alarms', () => {
  let t: TestApp;
  const u = {} as Record<Who, TestUser>;
  const h = {} as Record<Who, { authorization: string }>;
  let plant: FixturePlant;
  let code = 7000;

  const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/prod-api${url}`, headers: { ...h[who], cookie: 'language=en' }, payload });
  const detail = async (who: Who, id: number) => {
    const res = await call(who, 'GET', `/workorder/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as WorkOrderDetail;
  };
  const move = (who: Who, id: number, m: WorkOrderMove, extra: object = {}) =>
    call(who, 'POST', `/workorder/${id}/move`, { move: m, ...extra });
  const moved = async (who: Who, id: number, m: WorkOrderMove, extra: object = {}) => {
    const res = await move(who, id, m, extra);
    expect(res.statusCode, `${who} ${m}: ${res.body}`).toBe(200);
  };
  const upload = (who: Who, id: number, kind: 'signatures' | 'photos') => {
    const form = multipart({ file: { filename: 'picture.png', contentType: 'image/png', data: PNG_1PX } });
    return t.app.inject({
      method: 'POST',
      url: `/prod-api/workorder/${id}/${kind}`,
      headers: { ...h[who], ...form.headers },
      payload: form.payload,
    });
  };
  const sign = (who: Who, id: number) => upload(who, id, 'signatures');

  /** Raises a fresh alarm on the plant's first device (a new code each time) and returns its id. */
  const alarm = async (o: { level?: number; atMs?: number; code?: number } = {}) => {
    const [raised] = await raiseAlarms(t.app.deps, [
      {
        plantId: plant.plantId,
        deviceId: plant.devices[0]!.id,
        collectorId: null,
        subject: `d:${plant.devices[0]!.id}`,
        code: o.code ?? ++code,
        level: o.level ?? 2,
        source: 'event',
        occurredAtMs: o.atMs ?? Date.now() - 60_000,
      },
    ]);
    return raised!.alarmId;
  };
  const create = async (who: Who, body: object) => {
    const res = await call(who, 'POST', '/workorder', body);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { id: number }).id;
  };

  /** The moves that take a new order to `state`, each by who the table says. */
  const PATH: Record<WorkOrderState, [Who, WorkOrderMove][]> = {
    new: [],
    assigned: [['distributor', 'assign']],
    inProgress: [
      ['distributor', 'assign'],
      ['installer', 'start'],
    ],
    onHold: [
      ['distributor', 'assign'],
      ['installer', 'start'],
      ['installer', 'hold'],
    ],
    resolved: [
      ['distributor', 'assign'],
      ['installer', 'start'],
      ['installer', 'resolve'],
    ],
    pendingApproval: [
      ['distributor', 'assign'],
      ['installer', 'start'],
      ['installer', 'resolve'],
      ['installer', 'submit'],
    ],
    closed: [
      ['distributor', 'assign'],
      ['installer', 'start'],
      ['installer', 'resolve'],
      ['installer', 'submit'],
      ['distributor', 'approve'],
    ],
    cancelled: [['distributor', 'cancel']],
  };
  const orderIn = async (state: WorkOrderState, priority = 'normal') => {
    const id = await create('distributor', { alarmId: await alarm(), priority });
    for (const [who, m] of PATH[state]) {
      if (m === 'submit') expect((await sign(who, id)).statusCode).toBe(200);
      await moved(who, id, m, m === 'assign' ? { assigneeId: u.installer.id } : {});
    }
    expect((await detail('admin', id)).state).toBe(state);
    return id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    u.admin = await createUser(t.db, { roleId: ROLE.admin });
    u.distributor = await createUser(t.db, { roleId: ROLE.distributor });
    u.installer = await createUser(t.db, {
      roleId: ROLE.installer,
      dealercode: u.distributor.dealercode,
      name: 'Ivy Installer',
    });
    u.otherInstaller = await createUser(t.db, {
      roleId: ROLE.installer,
      dealercode: u.distributor.dealercode,
    });
    u.owner = await createUser(t.db, { roleId: ROLE.endUser, parent: u.installer });
    u.stranger = await createUser(t.db, { roleId: ROLE.distributor });
    plant = await createFixturePlant(t.db, {
      ownerId: u.owner.id,
      installerId: u.installer.id,
      name: '杭州西湖屋顶电站',
    });
    for (const who of Object.keys(u) as Who[]) h[who] = (await loginAs(t.app, u[who])).headers;
  });
  afterAll(async () => {
    await t.close();
  });

  it('opens one order per alarm by hand, refuses a second with its number, hides it from other tenants', async () => {
    const alarmId = await alarm({ level: 3 });
    const id = await create('distributor', { alarmId, note: 'Inverter off since the storm' });
    const again = await call('admin', 'POST', '/workorder', { alarmId });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(`This alarm already has an open work order (${id})`);

    const order = await detail('installer', id);
    expect(order).toMatchObject({ state: 'new', priority: 'high', occurrences: 1, alarmRecovered: false });
    expect(order.events).toEqual([expect.objectContaining({ move: 'create', toState: 'new' })]);

    expect((await call('stranger', 'GET', `/workorder/${id}`)).statusCode).toBe(404);
    expect((await call('stranger', 'POST', '/workorder', { alarmId: await alarm() })).statusCode).toBe(404);
    // End users see alarms but have no work-order screen.
    expect((await call('owner', 'POST', '/workorder', { alarmId: await alarm() })).statusCode).toBe(403);
    const list = await call('stranger', 'GET', '/workorder/list?pageNumber=1&pageSize=50');
    expect(list.json().total).toBe(0);
  });

  it('refuses every move the transition table does not allow from each state with 409, changing nothing', async () => {
    for (const state of WORK_ORDER_STATES) {
      const id = await orderIn(state);
      const before = (await detail('admin', id)).events.length;
      for (const m of Object.keys(WORK_ORDER_MOVES) as WorkOrderMove[]) {
        if ((WORK_ORDER_MOVES[m].from as readonly string[]).includes(state)) continue;
        const res = await move('admin', id, m, { assigneeId: u.installer.id });
        expect(res.statusCode, `${m} from ${state}`).toBe(409);
        expect(res.json().msg).toMatch(/^A work order that is .+ cannot be .+/);
      }
      const after = await detail('admin', id);
      expect(after.state).toBe(state);
      expect(after.events.length).toBe(before);
    }
  });

  it('offers as assignees of an order only the service users who can open it', async () => {
    const id = await orderIn('new');
    const listed = async (who: Who, query = '') => {
      const res = await call(who, 'GET', `/workorder/assignees${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { id: number }[]).map((a) => a.id);
    };
    for (const supervisor of ['admin', 'distributor'] as const) {
      const ofOrder = await listed(supervisor, `?workOrderId=${id}`);
      // Every service user the supervisor could name, with a session here: offered exactly when it opens the order.
      const everyone = (await listed(supervisor)).filter((userId) =>
        (['admin', 'distributor', 'installer', 'otherInstaller'] as const).some((w) => u[w].id === userId),
      );
      expect(everyone).toContain(u.otherInstaller.id);
      for (const userId of everyone) {
        const who = (['admin', 'distributor', 'installer', 'otherInstaller'] as const).find(
          (w) => u[w].id === userId,
        )!;
        const opens = (await call(who, 'GET', `/workorder/${id}`)).statusCode === 200;
        expect(ofOrder.includes(userId), `${supervisor} offers ${who}`).toBe(opens);
      }
      expect(ofOrder).toContain(u.installer.id);
      expect(ofOrder).not.toContain(u.otherInstaller.id);
    }
  });

  it('lets only the assignee work and resolve and only a supervisor approve, each move recorded with who', async () => {
    const id = await orderIn('new');
    expect((await move('installer', id, 'assign', { assigneeId: u.installer.id })).statusCode).toBe(403);
    expect((await move('distributor', id, 'assign', { assigneeId: u.owner.id })).statusCode).toBe(400);
    // An installer of the same distributor who does not see the order's plant could never open the order.
    const outside = await move('distributor', id, 'assign', { assigneeId: u.otherInstaller.id });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().msg).toBe(
      'The assignee cannot see this work order’s plant: choose a service user whose scope holds the plant',
    );
    const outsideZh = await call('admin', 'POST', `/workorder/${id}/move?langType=zh`, {
      move: 'assign',
      assigneeId: u.otherInstaller.id,
    });
    expect(outsideZh.statusCode).toBe(400);
    expect(outsideZh.json().msg).toBe('处理人看不到该工单的电站：请选择权限范围包含该电站的运维人员');
    await moved('distributor', id, 'assign', { assigneeId: u.installer.id });
    // Another installer of the distributor does not see the plant at all.
    expect((await move('otherInstaller', id, 'start')).statusCode).toBe(404);
    expect((await move('distributor', id, 'start')).statusCode).toBe(403);
    expect((await move('admin', id, 'start')).statusCode).toBe(403);
    await moved('installer', id, 'start');
    await moved('installer', id, 'hold', { note: 'Waiting for a spare fan' });
    await moved('installer', id, 'resume');
    const resolveByOther = await move('admin', id, 'resolve');
    expect(resolveByOther.statusCode).toBe(403);
    expect(resolveByOther.json().msg).toBe('Only the assignee of the work order may do this');
    await moved('installer', id, 'resolve');
    const unsigned = await move('installer', id, 'submit');
    expect(unsigned.statusCode).toBe(409);
    expect(unsigned.json().msg).toBe('A signature is needed before the work order goes to approval');
    expect((await sign('otherInstaller', id)).statusCode).toBe(404);
    expect((await call('owner', 'POST', `/workorder/${id}/notes`, { text: 'hi' })).statusCode).toBe(403);
    expect((await sign('installer', id)).statusCode).toBe(200);
    await moved('installer', id, 'submit');
    expect((await detail('installer', id)).moves).toEqual([]);
    expect((await detail('distributor', id)).moves).toEqual(['approve', 'rework']);
    const selfApproval = await move('installer', id, 'approve');
    expect(selfApproval.statusCode).toBe(403);
    expect(selfApproval.json().msg).toMatch(/^Only a supervisor/);
    await moved('distributor', id, 'rework', { note: 'Photo of the new fan missing' });
    await moved('installer', id, 'resolve');
    await moved('installer', id, 'submit');
    await moved('distributor', id, 'approve');

    const done = await detail('installer', id);
    expect(done.state).toBe('closed');
    expect(done.events.map((e) => [e.move, e.actor])).toEqual([
      ['create', expect.any(String)],
      ['assign', expect.any(String)],
      ['start', 'Ivy Installer'],
      ['hold', 'Ivy Installer'],
      ['resume', 'Ivy Installer'],
      ['resolve', 'Ivy Installer'],
      ['submit', 'Ivy Installer'],
      ['rework', expect.any(String)],
      ['resolve', 'Ivy Installer'],
      ['submit', 'Ivy Installer'],
      ['approve', expect.any(String)],
    ]);
    expect(done.events.find((e) => e.move === 'hold')?.note).toBe('Waiting for a spare fan');
    expect(done.evidence).toEqual([expect.objectContaining({ kind: 'signature' })]);
    expect(done.evidence[0]!.picture).toMatch(/^\/prod-api\/files\/workorders\/\w+\.png\?expires=\d+&sig=/);
    const picture = await t.app.inject({ method: 'GET', url: done.evidence[0]!.picture! });
    expect(picture.statusCode).toBe(200);
    // A closed order takes no more evidence.
    const late = await call('installer', 'POST', `/workorder/${id}/notes`, { text: 'one more' });
    expect(late.statusCode).toBe(409);
    // The operation log names each move and who made it.
    const [logged] = (
      (await t.db.execute(
        sql`select count(*)::int as n from operation_log
          where target = ${`#${id} approve`} and user_id = ${u.distributor.id}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(logged?.n).toBe(1);
  });

  it('warns the assignee once at 80 % and once at 100 % of the SLA, with the clock paused on hold', async () => {
    const id = await orderIn('inProgress', 'urgent'); // 4 h round the clock by default
    const held = await orderIn('onHold', 'urgent');
    const [row] = (
      (await t.db.execute(sql`select created_at from work_orders where id = ${id}`)) as unknown as {
        rows: { created_at: string }[];
      }
    ).rows;
    const start = new Date(row!.created_at).getTime();
    const at = (minutes: number) => new Date(start + minutes * 60_000);
    const warnings = async () =>
      (
        (await t.db.execute(
          sql`select work_order_id, threshold from work_order_sla_warnings
            where work_order_id in (${id}, ${held}) order by work_order_id, threshold`,
        )) as unknown as { rows: { work_order_id: number; threshold: number }[] }
      ).rows;

    await sendSlaWarnings(t.app.deps, at(180)); // 75 %
    expect(await warnings()).toEqual([]);
    await sendSlaWarnings(t.app.deps, at(193)); // 80.4 %
    await sendSlaWarnings(t.app.deps, at(200));
    expect(await warnings()).toEqual([{ work_order_id: id, threshold: 80 }]);
    await sendSlaWarnings(t.app.deps, at(241));
    await sendSlaWarnings(t.app.deps, at(600));
    // The order on hold since its first minute never reaches 80 %, however late the clock.
    expect(await warnings()).toEqual([
      { work_order_id: id, threshold: 80 },
      { work_order_id: id, threshold: 100 },
    ]);
    await expect
      .poll(
        () =>
          t.mail
            .to(u.installer.email)
            .map((m) => m.subject.replace(/\s/g, ''))
            // This order's mails only: the clock at 600 min also brings orders of earlier tests near their targets.
            .filter((s) => s.includes('Workorder') && new RegExp(`#${id}(?!\\d)`).test(s)),
        { timeout: 10_000 },
      )
      .toEqual([
        expect.stringContaining(`Workorderduesoon:#${id}`),
        expect.stringContaining(`Workorderoverdue:#${id}`),
      ]);
    const notices = await call('installer', 'GET', '/workorder/notices');
    const ofThisOrder = (notices.json().data as { workOrderId: number }[]).filter(
      (n) => n.workOrderId === id,
    );
    expect(ofThisOrder).toEqual([
      expect.objectContaining({ workOrderId: id, threshold: 100 }),
      expect.objectContaining({ workOrderId: id, threshold: 80 }),
    ]);
    const list = await call('installer', 'GET', `/workorder/list?keyword=${id}&pageNumber=1&pageSize=5`);
    const shown = (list.json().rows as WorkOrderRow[]).find((r) => r.id === id);
    expect(shown?.sla).toMatchObject({ targetMinutes: 240, businessHours: false, paused: false });
  });

  it('gives an alarm flapping 20 times in an hour one order with 20 occurrences, open after it recovers', async () => {
    const flapCode = 7900;
    const rule = await call('admin', 'POST', '/workorder/rules', {
      minLevel: 2,
      code: flapCode,
      minMinutes: 0,
      priority: 'high',
    });
    expect(rule.statusCode, rule.body).toBe(200);
    expect(
      (await call('distributor', 'POST', '/workorder/rules', { minLevel: 1, minMinutes: 0, priority: 'low' }))
        .statusCode,
    ).toBe(403);
    const now = Date.now();
    const subject = `d:${plant.devices[0]!.id}`;
    for (let i = 0; i < 20; i++) {
      const occurred = now - 58 * 60_000 + i * 3 * 60_000;
      await alarm({ code: flapCode, atMs: occurred });
      if (i < 19) {
        await recoverAlarms(
          t.app.deps,
          sql`a.subject = ${subject} and a.code = ${flapCode}`,
          sql`${new Date(occurred + 60_000).toISOString()}::timestamptz`,
        );
      }
    }
    const opened = await runWorkOrderRules(t.db, new Date());
    expect(opened).toHaveLength(1);
    expect(await runWorkOrderRules(t.db, new Date())).toEqual([]);
    const order = await detail('distributor', opened[0]!);
    expect(order).toMatchObject({ state: 'new', priority: 'high', occurrences: 20, alarmRecovered: false });
    expect(order.occurrenceList).toHaveLength(20);

    await recoverAlarms(t.app.deps, sql`a.subject = ${subject} and a.code = ${flapCode}`);
    const recovered = await detail('distributor', opened[0]!);
    expect(recovered).toMatchObject({ state: 'new', alarmRecovered: true });

    // It raises once more: the same order, 21 occurrences.
    await alarm({ code: flapCode, atMs: Date.now() });
    expect(await runWorkOrderRules(t.db, new Date())).toEqual([]);
    expect((await detail('distributor', opened[0]!)).occurrences).toBe(21);
  });

  it('opens an order by rule only once the alarm has lasted the rule’s minutes', async () => {
    const ruleCode = 7950;
    expect(
      (
        await call('admin', 'POST', '/workorder/rules', {
          minLevel: 3,
          code: ruleCode,
          plantId: plant.plantId,
          minMinutes: 30,
          priority: 'urgent',
        })
      ).statusCode,
    ).toBe(200);
    const now = Date.now();
    await alarm({ code: ruleCode, level: 3, atMs: now - 20 * 60_000 });
    await alarm({ code: ruleCode + 1, level: 3, atMs: now - 60 * 60_000 }); // another code: no rule
    expect(await runWorkOrderRules(t.db, new Date(now))).toEqual([]);
    const opened = await runWorkOrderRules(t.db, new Date(now + 11 * 60_000));
    expect(opened).toHaveLength(1);
    expect(await detail('installer', opened[0]!)).toMatchObject({ priority: 'urgent', code: ruleCode });
  });

  it('gives a service report PDF in the reader’s language: plant, alarm, states, moves, notes, pictures, signer', async () => {
    const id = await orderIn('resolved');
    const note = await call('installer', 'POST', `/workorder/${id}/notes`, {
      text: 'Replaced the cooling fan',
    });
    expect(note.statusCode).toBe(200);
    expect((await upload('installer', id, 'photos')).statusCode).toBe(200);
    expect((await sign('installer', id)).statusCode).toBe(200);
    await moved('installer', id, 'submit');
    await moved('distributor', id, 'approve');

    const report = (who: Who, lang: 'zh' | 'en') =>
      t.app.inject({
        method: 'GET',
        url: `/prod-api/workorder/${id}/report.pdf?langType=${lang}`,
        headers: h[who],
      });
    const zh = await report('installer', 'zh');
    expect(zh.statusCode, zh.body).toBe(200);
    expect(zh.headers['content-type']).toBe('application/pdf');
    expect(zh.headers['content-disposition']).toContain(encodeURIComponent(`工单-${id}-服务报告.pdf`));
    const zhText = (await pdfText(zh.rawPayload)).join('\n');
    expect(zhText).toContain('工单服务报告');
    expect(zhText).toContain('杭州西湖屋顶电站');
    expect(zhText).toContain(plant.devices[0]!.serial);
    // The states it passed, each move with who made it, the note and who signed.
    for (const words of [
      '已关闭',
      '新建',
      '已指派',
      '处理中',
      '已解决',
      '待审批',
      '审批关闭',
      'Ivy Installer',
    ]) {
      expect(zhText).toContain(words);
    }
    expect(zhText).toContain('Replaced the cooling fan');
    expect(zhText).toContain('签名由 Ivy Installer 于');
    // The photo and the signature are drawn as pictures.
    expect(zh.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBeGreaterThanOrEqual(2);

    const enText = (await pdfText((await report('distributor', 'en')).rawPayload)).join('\n');
    expect(enText).toContain('Work order service report');
    expect(enText).toContain('杭州西湖屋顶电站');
    for (const words of [
      'Closed',
      'Pending approval',
      'Approved',
      'Signature recorded by Ivy Installer at',
    ]) {
      expect(enText).toContain(words);
    }
    // Outside the caller's plants the order does not exist.
    expect((await report('stranger', 'en')).statusCode).toBe(404);
  });

  it('lets administrators change, and only them, the rules and SLA targets, refusing bad fields with a message', async () => {
    const rule = { minLevel: 2, code: 8100, plantId: plant.plantId, minMinutes: 15, priority: 'normal' };
    const unknownPlant = await call('admin', 'POST', '/workorder/rules', { ...rule, plantId: 999_999 });
    expect(unknownPlant.statusCode).toBe(400);
    expect(unknownPlant.json().msg).toBe('plantId: There is no such plant');
    const badLevel = await call('admin', 'POST', '/workorder/rules', { ...rule, minLevel: 4 });
    expect(badLevel.statusCode).toBe(400);
    expect(badLevel.json().errors[0].field).toBe('minLevel');
    const created = await call('admin', 'POST', '/workorder/rules', rule);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    expect(created.json().data).toMatchObject({ ...rule, plantName: '杭州西湖屋顶电站' });

    const changed = { ...rule, plantId: null, minMinutes: 45, priority: 'urgent' };
    expect((await call('distributor', 'PUT', `/workorder/rules/${id}`, changed)).statusCode).toBe(403);
    const put = await call('admin', 'PUT', `/workorder/rules/${id}`, changed);
    expect(put.statusCode, put.body).toBe(200);
    const rules = (await call('installer', 'GET', '/workorder/rules')).json().data as { id: number }[];
    expect(rules.find((r) => r.id === id)).toEqual({ id, ...changed, plantName: null });
    expect((await call('admin', 'PUT', '/workorder/rules/999999', changed)).statusCode).toBe(404);
    expect((await call('distributor', 'DELETE', `/workorder/rules/${id}`)).statusCode).toBe(403);
    expect((await call('admin', 'DELETE', `/workorder/rules/${id}`)).statusCode).toBe(200);
    expect((await call('admin', 'DELETE', `/workorder/rules/${id}`)).statusCode).toBe(404);

    const sla = async () =>
      ((await call('installer', 'GET', '/workorder/sla')).json().data as { priority: string }[]).find(
        (s) => s.priority === 'low',
      );
    expect(await sla()).toEqual({
      priority: 'low',
      targetMinutes: 72 * 60,
      businessHours: true,
      custom: false,
    });
    const tooShort = await call('admin', 'PUT', '/workorder/sla', {
      priority: 'low',
      targetMinutes: 10,
      businessHours: true,
    });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().errors[0].field).toBe('targetMinutes');
    const target = { priority: 'low', targetMinutes: 120, businessHours: false };
    expect((await call('distributor', 'PUT', '/workorder/sla', target)).statusCode).toBe(403);
    expect((await call('admin', 'PUT', '/workorder/sla', target)).statusCode).toBe(200);
    expect(await sla()).toEqual({ ...target, custom: true });
    expect((await call('distributor', 'DELETE', '/workorder/sla/low')).statusCode).toBe(403);
    expect((await call('admin', 'DELETE', '/workorder/sla/low')).statusCode).toBe(200);
    expect(await sla()).toMatchObject({ targetMinutes: 72 * 60, custom: false });
    expect((await call('admin', 'DELETE', '/workorder/sla/low')).statusCode).toBe(404);
  });
});
