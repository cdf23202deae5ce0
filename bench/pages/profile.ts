/**
 * bench/pages/profile: where Chromium's main thread spends a navigation to the plant list, from outside the console
 * and from its menu, as a sampled JavaScript profile (DevTools' `Profiler`), summed over RUNS navigations (default
 * 5) and printed as self time per package and per function. Over the queries bench's dataset, like bench/pages:
 * `node scripts/with-postgres.mjs npx tsx bench/pages/profile.ts`. Options: PLANTS (default 2 000), RUNS, TOP
 * (functions listed, default 25), REUSE_DATASET=1, WEB_DIST_DIR=<dir> (another build), INCLUSIVE=1 (also each
 * function's time with what it called: which component or handler the time is spent under). Packages are named
 * from the build's source maps when it has them (`vite build --sourcemap`); without them, by script file.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { startBenchServer } from '../lib/benchServer.ts';
import { prepareDatabase } from '../lib/benchFleet.ts';
import { existingDataset, generateDataset } from '../queries/generateDataset.ts';

const PLANT_ROW = '[data-testid="plant-table"] tbody tr.ant-table-row >> visible=true';
const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is required (node scripts/with-postgres.mjs ...)');
  process.exit(1);
}
const runs = Number(process.env.RUNS ?? 5);
const top = Number(process.env.TOP ?? 25);
const webDist = process.env.WEB_DIST_DIR ?? fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time of each call frame of a profile [ms], keyed by the frame. */
function selfTimes(profile: Profile, into: Map<string, { frame: CallFrame; ms: number }>) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const key = `${frame.functionName}@${frame.url}:${frame.lineNumber}:${frame.columnNumber}`;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const entry = into.get(key) ?? { frame, ms: 0 };
    entry.ms += ms;
    into.set(key, entry);
  });
}

const maps = new Map<string, TraceMap | undefined>();
/** The package (or the console's own folder) a frame's code comes from, by the build's source map. */
function origin(frame: CallFrame): { where: string; name: string } {
  // Chromium's own entries ((program), (garbage collector)) and frames without a position map to nothing.
  if (!frame.url || frame.lineNumber < 0)
    return { where: frame.functionName || '(native)', name: frame.functionName || '(native)' };
  const file = new URL(frame.url).pathname;
  if (!maps.has(file)) {
    try {
      maps.set(file, new TraceMap(readFileSync(path.join(webDist, `${file}.map`), 'utf8')));
    } catch {
      maps.set(file, undefined);
    }
  }
  const map = maps.get(file);
  if (!map) return { where: path.basename(file), name: frame.functionName || '(anonymous)' };
  const pos = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = pos.source ?? '';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  const where =
    pkg ?? (source ? source.replace(/^.*?apps\/web\/src\//, 'console:').replace(/\/[^/]*$/, '') : file);
  const at = source
    ? `${source.replace(/^.*node_modules\//, '').replace(/^.*apps\/web\//, '')}:${pos.line}`
    : '';
  return { where, name: `${pos.name ?? (frame.functionName || '(anonymous)')} ${at}` };
}

function report(title: string, frames: Map<string, { frame: CallFrame; ms: number }>, navigations: number) {
  const byWhere = new Map<string, number>();
  const byName = new Map<string, { where: string; name: string; ms: number }>();
  let total = 0;
  for (const { frame, ms } of frames.values()) {
    if (frame.functionName === '(idle)') continue;
    total += ms;
    const o = origin(frame);
    byWhere.set(o.where, (byWhere.get(o.where) ?? 0) + ms);
    // Same-named functions of different packages or scripts are different functions.
    const key = `${o.where}\u0000${o.name}`;
    const e = byName.get(key) ?? { where: o.where, name: o.name, ms: 0 };
    e.ms += ms;
    byName.set(key, e);
  }
  const per = (ms: number) => (ms / navigations).toFixed(1).padStart(7);
  console.log(
    `\n${title}: ${(total / navigations).toFixed(0)} ms of main-thread samples per navigation (idle left out)`,
  );
  console.log('  by package [ms per navigation]:');
  for (const [where, ms] of [...byWhere].sort((a, b) => b[1] - a[1]).slice(0, 20))
    console.log(`  ${per(ms)}  ${where}`);
  console.log(`  top ${top} functions by self time [ms per navigation]:`);
  for (const e of [...byName.values()].sort((a, b) => b.ms - a.ms).slice(0, top))
    console.log(`  ${per(e.ms)}  ${e.where.padEnd(28)} ${e.name}`);
}

/** The profiles of the flow being measured (from outside, then from the menu), kept whole for INCLUSIVE=1. */
let profiles: Profile[] = [];

/**
 * Total time of each function with what it called [ms per navigation], from whole profiles: a sample counts once
 * for every distinct function on its stack, so a recursive one is not counted twice. Says which component or
 * handler a navigation's time is spent under, where self time scatters it over React's and Ant Design's internals.
 */
function reportInclusive(title: string, all: Profile[], navigations: number) {
  const totals = new Map<string, number>();
  for (const profile of all) {
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const named = new Map<number, string>();
    const nameOf = (id: number) => {
      let name = named.get(id);
      if (name === undefined) {
        const o = origin(byId.get(id)!.callFrame);
        name = `${o.where.padEnd(28)} ${o.name}`;
        named.set(id, name);
      }
      return name;
    };
    profile.samples.forEach((id, i) => {
      const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
      if (byId.get(id)!.callFrame.functionName === '(idle)') return;
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) seen.add(nameOf(at));
      for (const name of seen) totals.set(name, (totals.get(name) ?? 0) + ms);
    });
  }
  console.log(`\n${title}: top ${top} functions by total time with their callees [ms per navigation]:`);
  for (const [name, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${(ms / navigations).toFixed(1).padStart(7)}  ${name}`);
}

async function profiled(
  page: Page,
  go: () => Promise<void>,
  into: Map<string, { frame: CallFrame; ms: number }>,
) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await go();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  selfTimes(profile, into);
  profiles.push(profile);
  await cdp.detach();
}

const kept =
  process.env.REUSE_DATASET === '1' ? await existingDataset(url).catch(() => undefined) : undefined;
const data =
  kept ??
  (await (async () => {
    await prepareDatabase(url);
    return generateDataset(
      url,
      {
        plants: Number(process.env.PLANTS ?? 2000),
        devicesPerPlant: 2,
        longDevices: 0,
        longDays: 1,
        layout: 'device',
      },
      (m) => console.log(m),
    );
  })());
const server = await startBenchServer(url, { WEB_DIST_DIR: webDist });
const base = `http://127.0.0.1:${server.httpPort}`;
// Launched inside the try below, so that a browser that cannot start does not leave the server running.
let browser: Browser | undefined;
const signIn = async (page: Page) => {
  await page.goto(`${base}/login`);
  await page.fill('[data-testid="login-username"]', data.userCode);
  await page.fill('[data-testid="login-password"]', data.password);
  await page.click('[data-testid="login-submit"]');
  await page.waitForSelector('[data-testid="fleet-figures"]', { timeout: 60_000 });
};
try {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript({ content: "localStorage.setItem('notice2gDismissed', '1')" });
  const page = await context.newPage();
  await signIn(page);
  await page.waitForLoadState('networkidle');
  const outside = new Map<string, { frame: CallFrame; ms: number }>();
  for (let i = 0; i < runs + 1; i++) {
    // A page of the same site first (the same renderer, so the profile follows the navigation), then the list.
    await page.goto(`${base}/favicon.svg`);
    await profiled(
      page,
      async () => {
        await page.goto(`${base}/station/list`);
        await page.waitForSelector(PLANT_ROW, { timeout: 60_000 });
      },
      // The first navigation warms the HTTP cache and is left out.
      i === 0 ? new Map() : outside,
    );
  }
  const outsideProfiles = profiles.slice(1);
  profiles = [];
  const menu = new Map<string, { frame: CallFrame; ms: number }>();
  for (let i = 0; i < runs; i++) {
    const fresh = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await fresh.addInitScript({ content: "localStorage.setItem('notice2gDismissed', '1')" });
    const p = await fresh.newPage();
    await signIn(p);
    await p.click('[data-testid="menu-Station"]');
    await profiled(
      p,
      async () => {
        await p.click('[data-testid="menu-list"]');
        await p.waitForSelector(PLANT_ROW, { timeout: 60_000 });
      },
      menu,
    );
    await fresh.close();
  }
  report('plant list from outside', outside, runs);
  report('plant list from the menu', menu, runs);
  if (process.env.INCLUSIVE === '1') {
    reportInclusive('plant list from outside', outsideProfiles, runs);
    reportInclusive('plant list from the menu', profiles, runs);
  }
} finally {
  await browser?.close();
  await server.stop();
}
