/**
 * Runs the demo fleet as a separate process against a running server (the server runs it in-process under
 * SIMULATOR=on; this is for a server started with SIMULATOR=off, or another machine):
 *
 *   npm start -w apps/simulator -- --url mqtt://localhost:1883 --fleet ./data/demo-fleet.json --speedup 10
 *
 * The fleet file is the one the server wrote when it seeded the demo fleet (seed, size and device secrets).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { generateDemoFleet } from './physics/index.ts';
import { runFleet } from './transport/runFleet.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'mqtt://localhost:1883' },
    fleet: { type: 'string', default: './data/demo-fleet.json' },
    speedup: { type: 'string', default: '1' },
  },
});
const file = JSON.parse(readFileSync(values.fleet, 'utf8')) as {
  seed: number;
  plants: number;
  secrets: Record<string, string>;
};
const fleet = generateDemoFleet({ seed: file.seed, plants: file.plants });
const running = await runFleet({
  url: values.url,
  plants: fleet.plants,
  collectors: fleet.collectors.map((c) => ({ ...c, secret: file.secrets[c.serial] ?? '' })),
  speedup: Number(values.speedup),
  seed: file.seed,
});
running.tick();
console.log(`${running.links.size} collectors online at ${values.url}; Ctrl-C stops`);
process.on('SIGINT', () => void running.stop().then(() => process.exit(0)));
process.on('SIGTERM', () => void running.stop().then(() => process.exit(0)));
