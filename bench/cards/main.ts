/**
 * bench/cards: CARDS internet cards (default 100 000; one per collector of a one-collector plant, as the demo
 * fleet has them) in PostgreSQL, and the `card` screen's filtered list (`GET /prod-api/card/list`, 5 rows, the
 * count beside) asked ROUNDS times (default 40) for each of its filters — status, operator, expiry range, ICCID
 * prefix, plant name, status with expiry — by an administrator, who sees every card. Timed from request to answer
 * through the real server (child process); the server's and PostgreSQL's CPU seconds per request printed beside.
 * Run: `node scripts/with-postgres.mjs npm run bench:cards -w bench`.
 * BASELINE_TREE=<dir>: another tree's server (a worktree of an older commit) measured in the same run, TREE_ROUNDS
 * times each (default 2; ROUNDS here counts the requests) in turn with this one, each on a fresh database
 * (lib/sameRun.ts); the ratios of CPU per request and of latency are printed before the last line, which then holds
 * this tree's rounds pooled.
 * Last line: requests, p50 and p95 of the filtered list [ms] (target p95 <= 100), CPU per request [ms].
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { luhnDigit } from '@solarops/contracts';
import { createLoadFleet, prepareDatabase } from '../lib/benchFleet.ts';
import { percentile, signInHeaders, startBenchServer } from '../lib/benchServer.ts';
import { cpuSeconds, pgCpuSeconds } from '../lib/cpuTime.ts';
import { ratio, roundsOf, sameRunRounds, type BenchTree } from '../lib/sameRun.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is required (node scripts/with-postgres.mjs ...)');
  process.exit(1);
}
const cards = Number(process.env.CARDS ?? 100_000);
const rounds = Number(process.env.ROUNDS ?? 40);
const adminPassword = 'Bench#Cards2026';
const tag = `c${Date.now().toString(36)}`;

/** What one round measured of one tree's server. */
interface CardsRound {
  cards: number;
  /** Request to answer [ms], one per timed request. */
  samples: number[];
  wall: number;
  serverCpu: number;
  pgCpu: number;
}

/** One round: the cards seeded on `dbUrl` (made with the tree's migrations), the tree's server asked for them. */
async function cardsRound(dbUrl: string, tree: BenchTree, roundTag: string): Promise<CardsRound> {
  await prepareDatabase(dbUrl, tree.migrationsDir);
  let started = performance.now();
  await createLoadFleet(dbUrl, tag, cards, 0);
  const client = new pg.Client({ connectionString: dbUrl });
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
  console.log(
    `${roundTag}seeded ${collectors.length} cards in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const server = await startBenchServer(dbUrl, { ADMIN_PASSWORD: adminPassword }, undefined, tree.serverDir);
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
    const pg0 = await pgCpuSeconds(dbUrl);
    started = performance.now();
    for (let r = 0; r < rounds; r++)
      for (const [i, f] of filters.entries()) {
        const ms = await ask(f);
        samples.push(ms);
        perFilter[i]!.push(ms);
      }
    const wall = (performance.now() - started) / 1000;
    const serverCpu = cpuSeconds(server.child.pid!) - cpu0;
    const pgCpu = (await pgCpuSeconds(dbUrl)) - pg0;
    for (const [i, f] of filters.entries())
      console.log(
        `  ${roundTag}${new URLSearchParams(f).toString()}: p50 ${percentile(perFilter[i]!, 50).toFixed(1)} ms, p95 ${percentile(perFilter[i]!, 95).toFixed(1)} ms`,
      );
    const figures = { cards: collectors.length, samples, wall, serverCpu, pgCpu };
    // Alone, this tree's round is the last line itself.
    if (roundTag) console.log(roundTag + cardListLine(figures));
    return figures;
  } finally {
    await server.stop();
  }
}

/** The figures of a round, or of a tree's rounds pooled, as the last line says them. */
const cardListLine = (f: CardsRound) => {
  const n = f.samples.length;
  return (
    `card list over ${f.cards} cards: ${n} filtered requests in ${f.wall.toFixed(1)} s (${(n / f.wall).toFixed(1)}/s), ` +
    `p50 ${percentile(f.samples, 50).toFixed(1)} ms, p95 ${percentile(f.samples, 95).toFixed(1)} ms (target 100), ` +
    `CPU per request: server ${((f.serverCpu * 1000) / n).toFixed(1)} ms, PostgreSQL ${((f.pgCpu * 1000) / n).toFixed(1)} ms`
  );
};

/** Rounds of one tree as one: requests pooled, seconds summed. */
const pooled = (all: CardsRound[]): CardsRound => ({
  cards: all[0]!.cards,
  samples: all.flatMap((r) => r.samples),
  wall: all.reduce((a, r) => a + r.wall, 0),
  serverCpu: all.reduce((a, r) => a + r.serverCpu, 0),
  pgCpu: all.reduce((a, r) => a + r.pgCpu, 0),
});

// ROUNDS counts this bench's requests, so the trees' rounds are TREE_ROUNDS.
const measured = await sameRunRounds(url, 'cards', cardsRound, {
  BASELINE_TREE: process.env.BASELINE_TREE,
  ROUNDS: process.env.TREE_ROUNDS,
});
const mine = pooled(roundsOf(measured, 'this tree'));
if (measured.length > 1) {
  const base = pooled(roundsOf(measured, 'baseline'));
  const perRequest = (cpu: number, f: CardsRound) => (cpu * 1000) / f.samples.length;
  const p = (f: CardsRound, q: number) => percentile(f.samples, q);
  console.log(
    `card list same run (${measured.length / 2} rounds each): ` +
      `this tree p50 ${p(mine, 50).toFixed(1)} ms, p95 ${p(mine, 95).toFixed(1)} ms, CPU per request ${perRequest(mine.serverCpu, mine).toFixed(1)} ms server + ${perRequest(mine.pgCpu, mine).toFixed(1)} ms PostgreSQL; ` +
      `baseline p50 ${p(base, 50).toFixed(1)} ms, p95 ${p(base, 95).toFixed(1)} ms, CPU per request ${perRequest(base.serverCpu, base).toFixed(1)} ms server + ${perRequest(base.pgCpu, base).toFixed(1)} ms PostgreSQL; ` +
      `this tree / baseline: server CPU per request ${ratio(perRequest(mine.serverCpu, mine), perRequest(base.serverCpu, base))}, ` +
      `PostgreSQL ${ratio(perRequest(mine.pgCpu, mine), perRequest(base.pgCpu, base))}, ` +
      `p50 ${ratio(p(mine, 50), p(base, 50))}, p95 ${ratio(p(mine, 95), p(base, 95))}; load average ${loadavg()[0]!.toFixed(2)}`,
  );
}
console.log(cardListLine(mine));
