import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser } from '../../../test/factories.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';

/** The samples of a Prometheus text answer by their name with labels, e.g. `x{state="queued"}`. */
function samples(text: string): Map<string, number> {
  const map = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    map.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return map;
}

describe('GET /metrics', () => {
  let t: TestApp;
  let plant: FixturePlant;
  beforeAll(async () => {
    t = await createTestApp({ metricsToken: 'scraper-token-0123456789' });
    plant = await createFixturePlant(t.db, { ownerId: (await createUser(t.db)).id });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer scraper-token-0123456789' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
    return samples(res.body);
  };

  it('is off until a token is set: 404 to anyone, whatever they send', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ url: '/metrics' })).statusCode).toBe(404);
      const guessed = await plain.app.inject({
        url: '/metrics',
        headers: { authorization: 'Bearer scraper-token-0123456789' },
      });
      expect(guessed.statusCode).toBe(404);
      expect(guessed.body).not.toContain('solarops_');
    } finally {
      await plain.close();
    }
  });

  it('refuses a scraper without the token, or with another one', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer scraper-token-9876543210' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('names every figure an operator watches, with the TYPE Prometheus needs', async () => {
    const res = await t.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer scraper-token-0123456789' },
    });
    for (const family of [
      'counter solarops_ingest_readings_total',
      'gauge solarops_ingest_queue_batches',
      'gauge solarops_commands_open',
      'counter solarops_command_changes_total',
      'gauge solarops_db_pool_connections',
      'summary nodejs_eventloop_delay_seconds',
      'gauge nodejs_memory_bytes',
      'counter process_cpu_seconds_total',
    ]) {
      const [type, name] = family.split(' ');
      expect(res.body).toContain(`# TYPE ${name} ${type}`);
    }
    const m = samples(res.body);
    expect(m.get('nodejs_memory_bytes{kind="rss"}')).toBeGreaterThan(10_000_000);
    expect(m.get('solarops_commands_open{state="queued"}')).toBe(0);
    expect(m.get('nodejs_eventloop_delay_seconds{quantile="0.99"}')).toBeGreaterThanOrEqual(0);
    // On PostgreSQL the app's pool holds at least the connection that counted the commands.
    if (t.config.databaseUrl) expect(m.get('solarops_db_pool_connections')).toBeGreaterThanOrEqual(1);
  });

  it('counts the readings a collector stores, so that rate() gives the ingest rate', async () => {
    const before = (await scrape()).get('solarops_ingest_readings_total')!;
    const c = plant.collectors[0]!;
    const now = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/prod-api/device/v1/telemetry',
      headers: { authorization: `Basic ${Buffer.from(`${c.serial}:${c.secret}`).toString('base64')}` },
      payload: {
        seq: 1,
        readings: [1, 2, 3].map((i) => ({
          sn: plant.devices[0]!.serial,
          ts: now - i * 300_000,
          acPowerW: 1000,
        })),
      },
    });
    expect(res.json().data).toMatchObject({ accepted: 3 });
    const after = await scrape();
    expect(after.get('solarops_ingest_readings_total')).toBe(before + 3);
    expect(after.get('solarops_ingest_batches_total')).toBeGreaterThanOrEqual(1);
  });
});
