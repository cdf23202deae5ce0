import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type IvScanResult, type IvStringRow, type IvTask } from '@solarops/contracts';
import { EXAMPLE_MODULE_400W, mulberry32, synthesizeScan, type IvFaultClass } from '@solarops/pv';
import { CollectorLink, CommandResponder } from '@solarops/simulator';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { pdfLineSegments, pdfText } from '../../../test/pdfText.ts';
import { DEFAULT_PASSWORD, createUser, loginAs } from '../../../test/factories.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { commands } from '../commands/tables.ts';
import { startEmbeddedBroker, type EmbeddedBroker } from '../deviceLink/startEmbeddedBroker.ts';

type Headers = Record<string, string>;

const template = {
  name: 'Example 400 W, 16 in series',
  description: 'South roof',
  module: EXAMPLE_MODULE_400W,
  moduleType: 'mono PERC',
  maker: 'Example Solar',
  firstYearDecayPct: 2,
  annualDecayPct: 0.55,
  modulesPerString: 16,
  connectionDate: new Date().toISOString().slice(0, 10),
  sensitivity: 'medium',
};

// IV scans through the command model to a simulated collector over the embedded broker: the collector's tracer
// sweeps two strings of 16 example modules at conditions and with faults the test sets.
describe('IV templates and scan tasks', () => {
  let t: TestApp;
  let broker: EmbeddedBroker;
  let plant: FixturePlant;
  let link: CollectorLink;
  let installer: Headers;
  let stranger: Headers;
  let endUser: Headers;
  let templateId: number;
  const sweep = { poaStartWm2: 850, poaEndWm2: 855, moduleTempC: 45 };
  const faults = new Map<string, IvFaultClass>();
  /** Modules in series of each inverter's strings as built (16 unless a test sets another). */
  const built = new Map<string, number>();
  const serial = (i: number) => plant.devices[i]!.serial;
  const rng = mulberry32(18);

  /** Whether the tracer's voltage jitters: neighbouring points out of order, and two of one voltage. */
  let jitter = false;
  const jittered = (points: [number, number][]) => {
    if (!jitter) return points;
    const p = points.map(([v, a]): [number, number] => [v, a]);
    [p[50], p[51]] = [p[51]!, p[50]!];
    p[61]![0] = p[60]![0];
    return p;
  };
  const scan = (target: string): IvScanResult => ({
    ...sweep,
    strings: [1, 2].map((string) => ({
      string,
      points: jittered(
        synthesizeScan(
          { module: EXAMPLE_MODULE_400W, modulesInSeries: built.get(target) ?? 16 },
          string === 1 ? (faults.get(target) ?? 'normal') : 'normal',
          sweep.poaStartWm2,
          sweep.moduleTempC,
          200,
          rng,
        ).points,
      ),
    })),
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers = installer,
  ) => t.app.inject({ method, url: `/prod-api${url}`, headers, ...(payload ? { payload } : {}) });

  const startTask = (
    serials: string[],
    o: { password?: string; lang?: string; headers?: Headers; templateId?: number } = {},
  ) =>
    call(
      'POST',
      `/iv/tasks?langType=${o.lang ?? 'en'}`,
      {
        name: 'Roof check',
        plantId: plant.plantId,
        templateId: o.templateId ?? templateId,
        serials,
        password: o.password ?? DEFAULT_PASSWORD,
      },
      o.headers ?? installer,
    );

  /** The task once every scan has ended and been settled (the device answers within a second). */
  const completed = async (id: number): Promise<IvTask> => {
    for (let i = 0; i < 600; i++) {
      const task = (await call('GET', `/iv/tasks/${id}`)).json().data.task as IvTask;
      if (task.state === 'complete') return task;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`task ${id} did not complete`);
  };
  const stringsOf = async (id: number, query = ''): Promise<IvStringRow[]> =>
    (await call('GET', `/iv/tasks/${id}/strings${query}`)).json().data;

  beforeAll(async () => {
    t = await createTestApp();
    broker = await startEmbeddedBroker({ link: t.app.deps.deviceLink, port: 0, host: '127.0.0.1' });
    const me = await createUser(t.db, { roleId: ROLE.installer });
    installer = (await loginAs(t.app, me)).headers;
    stranger = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.installer }))).headers;
    endUser = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.endUser }))).headers;
    // Devices alternate between the collectors: 0 and 2 on the online one, 1 (an inverter) and 3 (a meter) on
    // one that never connects.
    plant = await createFixturePlant(t.db, {
      ownerId: me.id,
      installerId: me.id,
      collectors: 2,
      devices: [{}, {}, {}, { kind: 'meter', model: 'SO-METER-3P' }],
    });
    const responder = new CommandResponder(new Map(), (r) => link.sendReply(r), { ivScan: scan, scanMs: 50 });
    const c = plant.collectors[0]!;
    link = new CollectorLink({
      url: `mqtt://127.0.0.1:${broker.port}`,
      serial: c.serial,
      secret: c.secret,
      onCommand: (m) => responder.handle(m),
    });
    await link.start();
    link.sendTelemetry([{ sn: serial(0), ts: Date.now(), acPowerW: 1000 }]);
    await link.drained();
    const res = await call('POST', '/iv/templates', template);
    expect(res.statusCode).toBe(200);
    templateId = res.json().data.id;
  }, 60_000);
  afterAll(async () => {
    await link.stop();
    await broker.close();
    await t.close();
  });

  it('keeps templates with their module parameters in %/K, refuses a bad one naming the field, and in scope', async () => {
    const list = (await call('GET', '/iv/templates')).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ name: template.name, modulesPerString: 16, sensitivity: 'medium' });
    expect(list[0].module.gammaPmaxPctPerK).toBe(EXAMPLE_MODULE_400W.gammaPmaxPctPerK);
    const bad = await call('POST', '/iv/templates', {
      ...template,
      module: { ...EXAMPLE_MODULE_400W, vmpV: EXAMPLE_MODULE_400W.vocV + 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toContain('module.vmpV');
    expect((await call('GET', '/iv/templates', undefined, stranger)).json().data).toEqual([]);
    expect((await call('DELETE', `/iv/templates/${templateId}`, undefined, stranger)).statusCode).toBe(404);
  });

  it('asks for the password again: a wrong one is refused and nothing is sent', async () => {
    const before = (await t.db.select().from(commands)).length;
    const res = await startTask([serial(0)], { password: 'not-my-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'password', message: 'The password is wrong' }]);
    expect((await t.db.select().from(commands)).length).toBe(before);
  });

  it('scans the online inverters, refuses the offline one and the meter, and diagnoses every string', async () => {
    faults.set(serial(0), 'open_circuit');
    const res = await startTask([serial(0), serial(1), serial(2), serial(3)]);
    expect(res.statusCode).toBe(200);
    const { task, refused } = res.json().data;
    expect(refused).toEqual([
      { serial: serial(1), message: 'Device Offline Cannot Scan!' },
      { serial: serial(3), message: 'Only inverters can scan IV curves' },
    ]);
    expect(task.inverters).toBe(2);
    const done = await completed(task.id);
    expect(done.strings).toBe(4);
    expect(done.classes).toEqual({ open_circuit: 1, normal: 3 });
    const rows = await stringsOf(task.id, '?sort=performanceFactor&order=asc');
    expect(rows[0]).toMatchObject({
      serial: serial(0),
      stringNo: 1,
      faultClass: 'open_circuit',
      insufficient: null,
    });
    expect(rows[0]!.performanceFactor).toBeLessThan(0.05);
    expect(rows[3]!.performanceFactor).toBeGreaterThan(0.95);
    expect(await stringsOf(task.id, '?faultClass=normal')).toHaveLength(3);
    const detail = (await call('GET', `/iv/strings/${rows[3]!.id}?langType=zh`)).json().data;
    expect(detail.points).toHaveLength(200);
    expect(detail.diagnosis.faultClass).toBe('normal');
    expect(detail.diagnosis.advice).toBe('组串正常，无需处理。');
    expect(detail.expectedStcPoints.at(-1)[0]).toBeCloseTo(16 * EXAMPLE_MODULE_400W.vocV, -1);
    faults.clear();

    // The task's report: every string in the PDF (Chinese drawn with real glyphs) and in the CSV.
    const pdf = await call('GET', `/iv/tasks/${task.id}/report?langType=zh`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(pdf.rawPayload)).join(' ');
    expect(text).toContain('IV 诊断报告');
    expect(text).toContain('开路');
    expect(text).toContain(serial(2));
    const csv = await call('GET', `/iv/tasks/${task.id}/report?format=csv&langType=en`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'Inverter serial,String,Diagnosis,Confidence,Performance factor,Pmp at STC (W),Energy lost (kWh/day),Irradiance (W/m²),Module temperature (°C)',
    );
    expect(lines.filter((l) => l.startsWith(`${serial(0)},1,Open circuit,`))).toHaveLength(1);
    expect(lines).toHaveLength(5);
  });

  it('answers “Device Offline Cannot Scan!” in the caller’s language when every inverter is offline', async () => {
    const en = await startTask([serial(1)]);
    expect(en.statusCode).toBe(400);
    expect(en.json().msg).toContain('Device Offline Cannot Scan!');
    const zh = await startTask([serial(1)], { lang: 'zh' });
    expect(zh.json().msg).toContain('设备离线，无法扫描！');
  });

  it('keeps a scan below 400 W/m² or with the light changing more than 5 % but does not diagnose it', async () => {
    Object.assign(sweep, { poaStartWm2: 320, poaEndWm2: 322 });
    const low = await completed((await startTask([serial(2)])).json().data.task.id);
    expect(low.classes).toEqual({ insufficient: 2 });
    Object.assign(sweep, { poaStartWm2: 800, poaEndWm2: 860 });
    const unstable = (await startTask([serial(2)])).json().data.task.id;
    await completed(unstable);
    const rows = await stringsOf(unstable);
    expect(rows.map((r) => [r.insufficient, r.faultClass])).toEqual([
      ['unstableIrradiance', null],
      ['unstableIrradiance', null],
    ]);
    expect(rows[0]!.poaChangePct).toBeCloseTo(7.5, 1);
    Object.assign(sweep, { poaStartWm2: 850, poaEndWm2: 855 });
  });

  it('diagnoses a curve whose voltages the tracer measured out of order or twice, in rising voltage', async () => {
    jitter = true;
    const task = await completed((await startTask([serial(0)])).json().data.task.id);
    jitter = false;
    expect(task.classes).toEqual({ normal: 2 });
    const [row] = await stringsOf(task.id);
    const detail = (await call('GET', `/iv/strings/${row!.id}`)).json().data as {
      points: [number, number][];
    };
    expect(detail.points).toHaveLength(199);
    expect(detail.points.every((p, k) => k === 0 || p[0] > detail.points[k - 1]![0])).toBe(true);
  });

  it('judges each inverter’s strings against its own layout: 18 and 15 modules under one template of 18', async () => {
    built.set(serial(0), 18);
    built.set(serial(2), 15);
    const of18 = (
      await call('POST', '/iv/templates', { ...template, name: '18 in series', modulesPerString: 18 })
    ).json().data.id as number;
    const layout = (modulesPerString: number) => ({
      layout: { inputs: [{ strings: 2, modulesPerString }], moduleType: null },
    });
    // Without layouts the template's 18 applies to both: the short strings are a length difference, no fault.
    const before = await completed(
      (await startTask([serial(0), serial(2)], { templateId: of18 })).json().data.task.id,
    );
    expect(before.classes).toEqual({ normal: 4 });
    expect((await stringsOf(before.id)).map((r) => r.modulesInSeries)).toEqual([18, 18, 18, 18]);

    // The installer sets each inverter's layout on the device; the string 1 of the 15-module inverter has a
    // shorted bypass diode, which only its own length tells from a string of 15.
    const put = await call('PUT', `/iv/devices/${serial(2)}/layout`, layout(15));
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toEqual({ serial: serial(2), pvStrings: 2, ...layout(15) });
    expect((await call('PUT', `/iv/devices/${serial(0)}/layout`, layout(18))).statusCode).toBe(200);
    faults.set(serial(2), 'bypass_diode_short');
    const task = await completed(
      (await startTask([serial(0), serial(2)], { templateId: of18 })).json().data.task.id,
    );
    faults.clear();
    const rows = await stringsOf(task.id);
    expect(rows.map((r) => [r.serial, r.stringNo, r.modulesInSeries, r.faultClass])).toEqual([
      [serial(0), 1, 18, 'normal'],
      [serial(0), 2, 18, 'normal'],
      [serial(2), 1, 15, 'bypass_diode_short'],
      [serial(2), 2, 15, 'normal'],
    ]);
    // The report shows the abnormal string's curve against its expected one, the class, the evidence in words and
    // what to do, in the plant's local time with its zone named.
    const pdf = (await call('GET', `/iv/tasks/${task.id}/report?langType=en`)).rawPayload;
    const pages = await pdfText(pdf);
    const local = (iso: string) =>
      new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', dateStyle: 'short', timeStyle: 'short' })
        .format(new Date(iso))
        .replace(',', '');
    expect(pages[0]).toContain('Times are the plant’s local time: Asia/Shanghai, UTC+08:00');
    expect(pages[0]).toContain(`Created ${local(task.createdAt)}`);
    const section = pages.findIndex((p) => p.includes(`${serial(2)} string 1: Bypass diode short`));
    expect(section).toBeGreaterThan(0);
    const text = pages.slice(section).join(' ');
    expect(text).toContain(`Scanned ${local(rows[2]!.scannedAt)}`);
    expect(text).toContain('Modules in series 15');
    expect(text).toContain('Measured Expected (same conditions)');
    // Evidence in words: the steps, the slopes near V_oc and I_sc, the missing substring.
    expect(text).toMatch(/Evidence: The curve (has no step|falls in \d+ step)/);
    expect(text).toMatch(/The slope near V_oc is [^.]+series resistance [\d.]+\s?Ω/);
    expect(text).toMatch(/The plateau near I_sc (tilts|is flat)/);
    expect(text).toMatch(/about [1-3]\.\d substrings missing/);
    expect(text).toContain('What to do: Open-circuit voltage is short by whole substrings');
    // Only the abnormal string gets a section, and its two curves are drawn (a point of each is a segment).
    expect(pages.join(' ')).not.toContain(`${serial(2)} string 2:`);
    expect((await pdfLineSegments(pdf))[section]).toBeGreaterThan(200 + 100);
    const zh = (
      await pdfText((await call('GET', `/iv/tasks/${task.id}/report?langType=zh`)).rawPayload)
    ).join(' ');
    expect(zh).toContain('时间均为电站当地时间：Asia/Shanghai, UTC+08:00');
    expect(zh).toContain(`${serial(2)} 组串 1：旁路二极管短路`);
    expect(zh).toContain('实测曲线');
    expect(zh).toContain('处理建议：');
    // The healthy short string: judged as 15 of 15 (no length difference), its expected curve that of 15 modules.
    const detail = (await call('GET', `/iv/strings/${rows[3]!.id}`)).json().data;
    expect(detail.modulesInSeries).toBe(15);
    expect(detail.diagnosis.stringLength).toBeNull();
    expect(detail.diagnosis.performanceFactor).toBeGreaterThan(0.95);
    expect(detail.expectedStcPoints.at(-1)[0]).toBeCloseTo(15 * EXAMPLE_MODULE_400W.vocV, -1);

    // A later edit of the device changes no finished diagnosis (the scan kept the layout it was judged against).
    await call('PUT', `/iv/devices/${serial(2)}/layout`, layout(18));
    expect((await call('GET', `/iv/strings/${rows[3]!.id}`)).json().data.modulesInSeries).toBe(15);
    expect(
      (await call('PUT', `/iv/devices/${serial(2)}/layout`, { layout: null })).json().data.layout,
    ).toBeNull();
    expect((await call('GET', `/iv/devices/${serial(0)}/layout`)).json().data.layout).toEqual(
      layout(18).layout,
    );
    built.clear();
  });

  it('refuses a layout it cannot use with a clear message, and changes nothing', async () => {
    const get = async () => (await call('GET', `/iv/devices/${serial(0)}/layout`)).json().data.layout;
    const kept = await get();
    const more = await call('PUT', `/iv/devices/${serial(0)}/layout?langType=en`, {
      layout: {
        inputs: [
          { strings: 2, modulesPerString: 18 },
          { strings: 1, modulesPerString: 15 },
        ],
        moduleType: null,
      },
    });
    expect(more.statusCode).toBe(400);
    expect(more.json().errors).toEqual([
      { field: 'inputs', message: 'More strings than the 2 strings this inverter has' },
    ]);
    const badModule = await call('PUT', `/iv/devices/${serial(0)}/layout`, {
      layout: {
        inputs: [{ strings: 2, modulesPerString: 18 }],
        moduleType: { maker: 'X', model: 'Y', module: { ...EXAMPLE_MODULE_400W, impA: 11 } },
      },
    });
    expect(badModule.statusCode).toBe(400);
    expect(badModule.json().errors.map((e: { field: string }) => e.field)).toEqual([
      'layout.moduleType.module.impA',
    ]);
    const meter = await call('PUT', `/iv/devices/${serial(3)}/layout?langType=zh`, {
      layout: { inputs: [{ strings: 1, modulesPerString: 1 }], moduleType: null },
    });
    expect(meter.statusCode).toBe(400);
    expect(meter.json().msg).toBe('只有逆变器可以设置组串配置');
    expect(await get()).toEqual(kept);
    expect(
      (await call('PUT', `/iv/devices/${serial(0)}/layout`, { layout: null }, stranger)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/iv/devices/${serial(0)}/layout`, undefined, stranger)).statusCode).toBe(404);
  });

  it('caps scans at 10 per inverter per day', async () => {
    // Serial 2 has five scans today (the first task, the two of the conditions, the two of the layouts); four more
    // stored as the command model stores them make nine.
    const device = plant.devices[2]!;
    await t.db.insert(commands).values(
      Array.from({ length: 4 }, () => ({
        id: randomUUID(),
        kind: 'ivScan' as const,
        route: 'diagnosis',
        plantId: plant.plantId,
        deviceId: device.id,
        deviceSerial: device.serial,
        collectorSerial: device.collectorSerial,
        params: { points: 200 },
        state: 'applied' as const,
        createdBy: 1,
      })),
    );
    expect((await startTask([serial(2)])).statusCode).toBe(200);
    const tenth = await startTask([serial(2)]);
    expect(tenth.statusCode).toBe(400);
    expect(tenth.json().msg).toContain('This inverter has been scanned 10 times today');
  });

  it('is for the diagnosis screens and the caller’s plants only', async () => {
    const inverters = (await call('GET', '/iv/inverters')).json().data;
    expect(inverters.map((d: { serial: string; online: boolean }) => [d.serial, d.online])).toEqual([
      [serial(0), true],
      [serial(1), false],
      [serial(2), true],
    ]);
    expect((await call('GET', '/iv/inverters', undefined, stranger)).json().data).toEqual([]);
    const [task] = (await call('GET', '/iv/tasks')).json().rows as IvTask[];
    expect((await call('GET', `/iv/tasks/${task!.id}`, undefined, stranger)).statusCode).toBe(404);
    expect((await call('GET', '/iv/tasks', undefined, stranger)).json()).toMatchObject({
      total: 0,
      rows: [],
    });
    expect((await startTask([serial(0)], { headers: stranger })).statusCode).toBe(404);
    expect((await call('GET', '/iv/tasks', undefined, endUser)).statusCode).toBe(403);
  });
});
