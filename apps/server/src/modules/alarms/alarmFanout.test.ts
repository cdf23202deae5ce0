import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmPush } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { openDatabase, type OpenedDatabase } from '../../db/openDatabase.ts';
import { createAlarmBus, type AlarmBus } from './alarmBus.ts';
import { startAlarmFanout } from './alarmFanout.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(cond: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await sleep(20);
  }
}
const byId = (a: AlarmPush, b: AlarmPush) => a.alarmId - b.alarmId;

describe.runIf(Boolean(process.env.DATABASE_URL))('alarm events between server instances', () => {
  let t: TestApp;
  let other: OpenedDatabase;
  let otherBus: AlarmBus;
  const stops: (() => Promise<void>)[] = [];
  const logger = { error: () => undefined };
  beforeAll(async () => {
    t = await createTestApp();
    // A second instance: its own pool and its own bus on the same database.
    other = await openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
    otherBus = createAlarmBus();
    stops.push(
      await startAlarmFanout(t.database, t.app.deps.alarmBus, logger),
      await startAlarmFanout(other, otherBus, logger),
    );
  });
  afterAll(async () => {
    for (const stop of stops) await stop();
    await other.close();
    await t.close();
  });

  it('tells the other instance every alarm raised or changed here, once, and nothing comes back', async () => {
    const here: AlarmPush[] = [];
    const there: AlarmPush[] = [];
    const thereChanged: AlarmPush[] = [];
    t.app.deps.alarmBus.on('raised', (a) => here.push(...a));
    otherBus.on('raised', (a) => there.push(...a));
    otherBus.on('changed', (a) => thereChanged.push(...a));
    // More than one notification holds: they are sent in parts.
    const raised = Array.from({ length: 130 }, (_, i) => ({
      alarmId: i + 1,
      level: 3 as const,
      code: 501,
      plantId: 7,
      status: 0,
    }));
    t.app.deps.alarmBus.emit('raised', raised);
    t.app.deps.alarmBus.emit('changed', [{ ...raised[0]!, status: 1 }]);
    await until(() => there.length >= 130 && thereChanged.length >= 1);
    await sleep(300);
    expect([...there].sort(byId)).toEqual(raised);
    expect(thereChanged).toEqual([{ ...raised[0]!, status: 1 }]);
    // The instance that raised them heard its own event only.
    expect(here).toHaveLength(130);
  });
});
