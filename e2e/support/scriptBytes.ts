import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';

/**
 * Counts the JavaScript a page downloads from now on: each script once, at the size gzip (level 9) makes of it,
 * whatever the server sent, as `bench/pages` counts it. A size, not a speed: the same build gives the same figure
 * on any machine.
 */
export function collectScripts(page: Page) {
  const bodies = new Map<string, Promise<Buffer>>();
  const onResponse = (r: Response) => {
    if (r.request().resourceType() !== 'script' || bodies.has(r.url())) return;
    // A body Chromium no longer holds (the page moved on) is fetched again.
    bodies.set(
      r.url(),
      r.body().catch(() => page.request.get(r.url()).then((again) => again.body())),
    );
  };
  page.on('response', onResponse);
  return {
    /** The scripts so far, gzipped [KB]. */
    async gzipKb(): Promise<number> {
      const all = await Promise.all(bodies.values());
      return all.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0) / 1024;
    },
    /** The addresses of the scripts so far whose text holds `marker`. */
    async holding(marker: string): Promise<string[]> {
      const all = await Promise.all(
        [...bodies].map(async ([url, body]) => ({ url, text: (await body).toString() })),
      );
      return all.filter(({ text }) => text.includes(marker)).map(({ url }) => new URL(url).pathname);
    },
    stop: () => page.off('response', onResponse),
  };
}
