/**
 * bench/cards: CARDS internet cards (default 100 000; one per collector of a one-collector plant, as the demo
 * fleet has them) in PostgreSQL, and the `card` screen's filtered list (`GET /prod-api/card/list`, 5 rows, the
 * count beside) asked ROUNDS times (default 40) for each of its filters — status, operator, expiry range, ICCID
 * prefix, plant name, status with expiry — by an administrator, who sees every card. Timed from request to answer
 * through the real server (child process); the server's and PostgreSQL's CPU seconds per request printed beside.
 * Run: `node scripts/with-postgres.mjs npm run bench:cards -w bench`.
 * Last line: requests, p50 and p95 of the filtered list [ms] (target p95 <= 100), CPU per request [ms].
 */
import pg from 'pg';
import { luhnDigit } from '@solarops/contracts';
import { createLoadFleet, prepareDatabase } from '../lib/benchFleet.ts';
import { percentile, signInHeaders, startBenchServer } from '../lib/benchServer.ts';
import { cpuSeconds, pgCpuSeconds } from '../lib/cpuTime.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is required (node scripts/with-postgres.mjs ...)');
  process.exit(1);
}
const cards = Number(process.env.CARDS ?? 100_000);
const rounds = Number(process.env.ROUNDS ?? 40);
const adminPassword = 'Bench#Cards2026';
const tag = `c${Date.now().toString(36)}`;

await prepareDatabase(url);
let started = performance.now();
await createLoadFleet(url, tag, cards, 0);
const client = new pg.Client({ connectionString: url });
await client.connect();
// ICCIDs with their Luhn check digit, written in batches; states, expiry and traffic spread as a fleet's are.
const { rows: collectors } = await client.query<{ id: number }>(
  `select id from collectors where serial like 'BC' || $1 || '%' order by id`,
  [tag],
);
const iccidOf = (id: number) => {
  const body = `8986${tag.length}${String(id).padStart(14, '0')}`.slice(0, 19);
  return body + luhnDigit(body);
};
const BATCH = 10_000;
for (let i = 0; i < collectors.length; i += BATCH) {
  const ids = collectors.slice(i, i + BATCH).map((c) => c.id);
  const iccids = ids.map(iccidOf);
  await client.query(
    `insert into sim_cards (iccid, msisdn, operator, status, carrier_state, shutdown_reason, expires_on,
        activated_at, used_mb, total_mb, collector_id)
     select v.iccid, '1440' || lpad(v.id::text, 9, '0'),
       (array['chinaMobile','chinaUnicom','chinaTelecom'])[1 + v.id % 3],
       case when v.id % 10 = 0 then 'shutDown' when v.id % 25 = 1 then 'testing' else 'normal' end,
       case when v.id % 10 = 0 then 'stopped' else 'active' end,
       case when v.id % 10 = 0 then 'expired' end,
       current_date + (v.id % 730) - 60, now() - interval '300 days', (v.id % 1200)::float8, 1024, v.id
     from unnest($1::int[], $2::text[]) as v(id, iccid)`,
    [ids, iccids],
  );
}
// Vacuumed as autovacuum keeps a settled table: the visibility map lets the exact counts read indexes alone.
for (const table of ['sim_cards', 'collectors', 'plants']) await client.query(`vacuum analyze ${table}`);
await client.end();
console.log(`seeded ${collectors.length} cards in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const server = await startBenchServer(url, { ADMIN_PASSWORD: adminPassword });
try {
  const base = `http://127.0.0.1:${server.httpPort}/prod-api`;
  const auth = await signInHeaders(base, 'admin', adminPassword);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const filters: Record<string, string>[] = [
    { status: 'shutDown' },
    { operator: 'chinaUnicom' },
    { expiresFrom: day(0), expiresTo: day(30) },
    // About a hundred cards share the first 17 digits.
    { iccid: iccidOf(collectors[cards >> 1]!.id).slice(0, 17) },
    { plantName: `plant ${tag}123` },
    { status: 'normal', expiresFrom: day(0), expiresTo: day(7) },
  ];
  const ask = async (f: Record<string, string>) => {
    const qs = new URLSearchParams({ ...f, pageStart: '1', pageSize: '5' });
    const t0 = performance.now();
    const res = await fetch(`${base}/card/list?${qs.toString()}`, { headers: auth });
    const body = (await res.json()) as { total: number };
    if (!res.ok || !(body.total > 0))
      throw new Error(`${qs.toString()}: ${res.status} ${JSON.stringify(body)}`);
    return performance.now() - t0;
  };
  // A first pass warms the server's code paths and PostgreSQL's caches; it is not counted.
  for (const f of filters) await ask(f);
  const samples: number[] = [];
  const perFilter = filters.map(() => [] as number[]);
  const cpu0 = cpuSeconds(server.child.pid!);
  const pg0 = await pgCpuSeconds(url);
  started = performance.now();
  for (let r = 0; r < rounds; r++)
    for (const [i, f] of filters.entries()) {
      const ms = await ask(f);
      samples.push(ms);
      perFilter[i]!.push(ms);
    }
  const wall = (performance.now() - started) / 1000;
  const serverCpu = cpuSeconds(server.child.pid!) - cpu0;
  const pgCpu = (await pgCpuSeconds(url)) - pg0;
  for (const [i, f] of filters.entries())
    console.log(
      `  ${new URLSearchParams(f).toString()}: p50 ${percentile(perFilter[i]!, 50).toFixed(1)} ms, p95 ${percentile(perFilter[i]!, 95).toFixed(1)} ms`,
    );
  const n = samples.length;
  console.log(
    `card list over ${collectors.length} cards: ${n} filtered requests in ${wall.toFixed(1)} s (${(n / wall).toFixed(1)}/s), ` +
      `p50 ${percentile(samples, 50).toFixed(1)} ms, p95 ${percentile(samples, 95).toFixed(1)} ms (target 100), ` +
      `CPU per request: server ${((serverCpu * 1000) / n).toFixed(1)} ms, PostgreSQL ${((pgCpu * 1000) / n).toFixed(1)} ms`,
  );
} finally {
  await server.stop();
}
