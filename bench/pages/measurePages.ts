import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Response } from 'playwright-core';
import { descendantsCpuSeconds, descendantsThreadTimes, threadTimesBetween } from '../lib/cpuTime.ts';

/**
 * A row of the plant list on screen. The console keeps the pages of open tabs mounted but hidden, so a hidden list
 * may come first in the document (some builds' dashboards hold one too): only a visible row counts.
 */
const PLANT_ROW = '[data-testid="plant-table"] tbody tr.ant-table-row >> visible=true';

/** JavaScript a page pulled in: its files' bytes, as gzip would send them, and as the server sent them [bytes]. */
export interface ScriptBytes {
  files: number;
  raw: number;
  gzip: number;
  /** On the wire as Chromium received them (compressed as the server chose, headers included). */
  transferred: number;
}

export interface PageFigures {
  login: ScriptBytes;
  /** Everything a user downloads from the sign-in page to a rendered dashboard with its charts. */
  dashboard: ScriptBytes;
  /** Navigation from outside the console to a rendered plant list (first rows on screen), each run [ms]. */
  plantListMs: number[];
  /** The same as the test harness sees it: from its navigation call to its finding the row [ms]. */
  plantListHarnessMs: number[];
  /** Chromium's CPU time (all its processes) per navigation from outside [ms]: what the wall clock is made of. */
  plantListCpuMs: number;
  /** The same from the menu of a signed-in console (first visit of the list in that session), each run [ms]. */
  plantListInAppMs: number[];
  /** From the harness's click call to its finding the row [ms]. */
  plantListInAppHarnessMs: number[];
  /** Chromium's CPU time per visit from the menu, from the click to the rows [ms]. */
  plantListInAppCpuMs: number;
  /** Where the CPU per navigation went, by process kind and thread (`threadTimesBetween`) [ms]. */
  plantListCpuByThreadMs: Map<string, number>;
  plantListInAppCpuByThreadMs: Map<string, number>;
}

/** Adds each key's seconds of `from`, times `scale`, to `into`. */
const addTo = (into: Map<string, number>, from: Map<string, number>, scale: number) => {
  for (const [key, s] of from) into.set(key, (into.get(key) ?? 0) + s * scale);
};

/**
 * Installed in every page: when the plant list's first visible row reaches the screen [ms, the page's clock].
 * From outside the clock starts with the navigation (the document's time origin); from the menu at the click on the
 * list's entry (the event's time stamp, when the browser received the press), kept in `__listClickAt`. "On screen"
 * is the first animation frame with a row in it (its paint follows that frame's callbacks). Timed in the page so
 * that the figure is what a person waits for, without the test harness's own round trips (about 100 ms a click).
 */
const ROWS_ON_SCREEN_SCRIPT = `(() => {
  const shown = () =>
    [...document.querySelectorAll('[data-testid="plant-table"] tbody tr.ant-table-row')].some(
      (row) => row.offsetParent !== null,
    );
  const watch = () => {
    window.__rowsOnScreenAt = undefined;
    const frame = (at) => (shown() ? (window.__rowsOnScreenAt = at) : requestAnimationFrame(frame));
    requestAnimationFrame(frame);
  };
  if (location.pathname === '/station/list') watch();
  document.addEventListener(
    'click',
    (e) => {
      if (!e.target.closest || !e.target.closest('[data-testid="menu-list"]')) return;
      window.__listClickAt = e.timeStamp;
      watch();
    },
    true,
  );
})()`;

/** The time `ROWS_ON_SCREEN_SCRIPT` measured in `page`, from the navigation's start or from the click [ms]. */
async function rowsOnScreenMs(page: Page, fromClick: boolean): Promise<number> {
  await page.waitForFunction('window.__rowsOnScreenAt !== undefined', undefined, { timeout: 60_000 });
  return page.evaluate(
    fromClick ? 'window.__rowsOnScreenAt - window.__listClickAt' : 'window.__rowsOnScreenAt',
  ) as Promise<number>;
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * Collects the scripts a page loads; gzip sizes are computed here (level 9) whatever the server sends, and the
 * bytes transferred are Chromium's own count of what came over the network. A body Chromium no longer holds (the
 * page moved on before it was read) is fetched again from the server, so that every script the page asked for is
 * counted, not only those still in memory.
 */
function scriptCollector(page: Page) {
  const seen = new Map<string, Promise<Buffer | undefined>>();
  const wire = new Map<string, Promise<number>>();
  const bodyOf = (r: Response): Promise<Buffer | undefined> =>
    r
      .body()
      .catch(() => page.request.get(r.url()).then((again) => again.body()))
      .catch(() => undefined);
  const onResponse = (r: Response) => {
    if (r.request().resourceType() !== 'script' || seen.has(r.url())) return;
    seen.set(r.url(), bodyOf(r));
    wire.set(
      r.url(),
      r
        .request()
        .sizes()
        .then((s) => s.responseBodySize + s.responseHeadersSize)
        .catch(() => 0),
    );
  };
  page.on('response', onResponse);
  return {
    async total(): Promise<ScriptBytes> {
      const bodies = (await Promise.all(seen.values())).filter((b) => b !== undefined);
      return {
        files: bodies.length,
        raw: bodies.reduce((a, b) => a + b.length, 0),
        gzip: bodies.reduce((a, b) => a + gzipSync(b, { level: 9 }).length, 0),
        transferred: (await Promise.all(wire.values())).reduce((a, b) => a + b, 0),
      };
    },
    stop() {
      page.off('response', onResponse);
    },
  };
}

/**
 * Opens the console in Chromium: the sign-in page (its JavaScript), sign-in to the dashboard with its charts (the
 * JavaScript so far), then `runs` navigations to the plant list, each timed from the navigation's start to the
 * first row of the table on screen (`ROWS_ON_SCREEN_SCRIPT`).
 */
export async function measurePages(
  baseUrl: string,
  user: { userCode: string; password: string },
  runs: number,
): Promise<PageFigures> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    // The 2G notice would cover the pages; a user who dismissed it once never sees it again.
    await context.addInitScript({ content: "localStorage.setItem('notice2gDismissed', '1')" });
    await context.addInitScript({ content: ROWS_ON_SCREEN_SCRIPT });
    const page = await context.newPage();
    const scripts = scriptCollector(page);
    // The sign-in form drawn, then nothing more on its way: what a user downloads to sign in. (Network idle alone
    // can come while the first render still waits for the language's strings, before the form's code is asked for.)
    await page.goto(`${baseUrl}/login`);
    await page.waitForSelector('[data-testid="login-username"]', { timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const login = await scripts.total();

    await page.fill('[data-testid="login-username"]', user.userCode);
    await page.fill('[data-testid="login-password"]', user.password);
    await page.click('[data-testid="login-submit"]');
    // Drawn, or its "no data" note when the dataset has no readings today (both mark the chart rendered).
    // (A canvas inside it: how builds older than the rendered mark show it, for BASELINE_WEB_DIST.)
    await page.waitForSelector(
      '[data-testid="fleet-power"][data-rendered="true"], [data-testid="fleet-power"] canvas',
      { timeout: 120_000 },
    );
    await page.waitForLoadState('networkidle');
    const dashboard = await scripts.total();
    scripts.stop();

    const plantListMs: number[] = [];
    const plantListHarnessMs: number[] = [];
    const browserCpu = () => descendantsCpuSeconds(process.pid, /chrom/i);
    const byThread = () => descendantsThreadTimes(process.pid, /chrom/i);
    const plantListCpuByThreadMs = new Map<string, number>();
    const cpu0 = browserCpu();
    for (let i = 0; i < runs; i++) {
      // Away first, so that each run is a whole navigation (the console boots again, its code from the HTTP
      // cache, the session from session storage, the data fetched anew).
      await page.goto('about:blank');
      const t0 = performance.now();
      // By thread from here to the rows only: the renderer left behind ends in the next run's step away, and an
      // ended process's threads are no longer told apart.
      const threads0 = byThread();
      const run0 = browserCpu();
      await page.goto(`${baseUrl}/station/list`);
      await page.waitForSelector(PLANT_ROW, { timeout: 60_000 });
      plantListHarnessMs.push(performance.now() - t0);
      const between = threadTimesBetween(threads0, byThread(), browserCpu() - run0);
      addTo(plantListCpuByThreadMs, between, 1000 / runs);
      plantListMs.push(await rowsOnScreenMs(page, false));
    }
    const plantListCpuMs = ((browserCpu() - cpu0) / runs) * 1000;
    const plantListInAppCpuByThreadMs = new Map<string, number>();
    const plantListInAppMs: number[] = [];
    const plantListInAppHarnessMs: number[] = [];
    let inAppCpu = 0;
    for (let i = 0; i < runs; i++) {
      const fresh = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await fresh.addInitScript({ content: "localStorage.setItem('notice2gDismissed', '1')" });
      await fresh.addInitScript({ content: ROWS_ON_SCREEN_SCRIPT });
      const p = await fresh.newPage();
      await p.goto(`${baseUrl}/login`);
      await p.fill('[data-testid="login-username"]', user.userCode);
      await p.fill('[data-testid="login-password"]', user.password);
      await p.click('[data-testid="login-submit"]');
      await p.waitForSelector('[data-testid="fleet-figures"]', { timeout: 60_000 });
      await p.click('[data-testid="menu-Station"]');
      const t0 = performance.now();
      const c0 = browserCpu();
      const t0Threads = byThread();
      await p.click('[data-testid="menu-list"]');
      await p.waitForSelector(PLANT_ROW, { timeout: 60_000 });
      plantListInAppHarnessMs.push(performance.now() - t0);
      const took = browserCpu() - c0;
      inAppCpu += took;
      addTo(plantListInAppCpuByThreadMs, threadTimesBetween(t0Threads, byThread(), took), 1000 / runs);
      plantListInAppMs.push(await rowsOnScreenMs(p, true));
      await fresh.close();
    }
    return {
      login,
      dashboard,
      plantListMs,
      plantListHarnessMs,
      plantListCpuMs,
      plantListInAppMs,
      plantListInAppHarnessMs,
      plantListInAppCpuMs: (inAppCpu / runs) * 1000,
      plantListCpuByThreadMs,
      plantListInAppCpuByThreadMs,
    };
  } finally {
    await browser.close();
  }
}
