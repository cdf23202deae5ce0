import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/run/config.ts';
import { ImageServer, loadImage, registerMap } from './imageServer.ts';

const BUILD = new URL('../packaging/build-deb.sh', import.meta.url).pathname;
const VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** Whether a program is on the PATH. */
function installed(program: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const run = (file: string, args: string[], timeout: number) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(file, args, { timeout, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

// The package is built the way the README tells an installer to, for this machine's architecture, so that the
// packaged agent can be started here.
describe.skipIf(!installed('dpkg-deb'))(
  'the Debian package built with dpkg-deb (skipped where dpkg-deb is not installed: not a Debian machine)',
  () => {
    const work = mkdtempSync(join(tmpdir(), 'agent-deb-'));
    const root = join(work, 'root');
    const control = join(work, 'control');
    let arch = '';
    let deb = '';
    const image = new ImageServer([
      { unitId: 126, registers: registerMap(loadImage('DeviceSMASunnyBoy36Dated20250518')) },
    ]);

    // The build installs the production dependencies into the package: minutes on a loaded gateway-sized machine.
    beforeAll(async () => {
      arch = execFileSync('dpkg', ['--print-architecture'], { encoding: 'utf8' }).trim();
      const built = await run('bash', [BUILD, arch, join(work, 'out')], 540_000);
      expect(built.code, built.stderr).toBe(0);
      deb = built.stdout.trim().split('\n').at(-1)!;
      execFileSync('dpkg-deb', ['-x', deb, root]);
      execFileSync('dpkg-deb', ['-e', deb, control]);
    }, 600_000);
    afterAll(async () => {
      await image.stop();
      rmSync(work, { recursive: true, force: true });
    });

    it('is named and described for apt: its version, this architecture, Node.js 20.19 as dependency', () => {
      expect(deb).toBe(join(work, 'out', `solarops-agent_${VERSION}_${arch}.deb`));
      const fields = Object.fromEntries(
        readFileSync(join(control, 'control'), 'utf8')
          .split('\n')
          .filter((l) => /^[A-Z][\w-]*: /.test(l))
          .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]),
      );
      expect(fields).toMatchObject({
        Package: 'solarops-agent',
        Version: VERSION,
        Architecture: arch,
        Depends: 'nodejs (>= 20.19) | nodejs-lts',
      });
    });

    it('installs the systemd unit, whose ExecStart is the packaged production build, run as its own user', () => {
      const unit = readFileSync(join(root, 'lib/systemd/system/solarops-agent.service'), 'utf8');
      const exec = /^ExecStart=(\S+) run --config (\S+)$/m.exec(unit);
      expect(exec?.[1]).toBe('/opt/solarops-agent/apps/agent/dist/solarops-agent.mjs');
      expect(exec?.[2]).toBe('/etc/solarops-agent/agent.yaml');
      expect(unit).toMatch(/^User=solarops-agent$/m);
      expect(unit).toMatch(/^StateDirectory=solarops-agent$/m);
      expect(unit).toMatch(/^WantedBy=multi-user.target$/m);
      // The entry it names is in the package, executable, and starts Node with the gateway's flags itself.
      const entry = join(root, exec![1]!);
      expect(statSync(entry).mode & 0o111).not.toBe(0);
      expect(readFileSync(entry, 'utf8').split('\n')[0]).toBe(
        '#!/usr/bin/env -S node --lite-mode --no-expose-wasm --max-semi-space-size=1',
      );
    });

    it('ships a default agent.yaml that the agent accepts, kept as a conffile over upgrades', () => {
      expect(readFileSync(join(control, 'conffiles'), 'utf8').trim()).toBe('/etc/solarops-agent/agent.yaml');
      const config = loadConfig(join(root, 'etc/solarops-agent/agent.yaml'));
      // Its buffer where the unit lets it write.
      expect(config.dataDir).toBe('/var/lib/solarops-agent');
      expect(readFileSync(join(root, 'lib/systemd/system/solarops-agent.service'), 'utf8')).toMatch(
        /^ReadWritePaths=\/var\/lib\/solarops-agent$/m,
      );
    });

    it('has maintainer scripts that make the service user and stop the service before removal', () => {
      for (const script of ['postinst', 'prerm']) {
        expect(statSync(join(control, script)).mode & 0o111, script).not.toBe(0);
      }
      const postinst = readFileSync(join(control, 'postinst'), 'utf8');
      expect(postinst).toMatch(/adduser --system --group --home \/var\/lib\/solarops-agent solarops-agent/);
      expect(postinst).toMatch(/chgrp solarops-agent \/etc\/solarops-agent\/agent.yaml/);
      expect(readFileSync(join(control, 'prerm'), 'utf8')).toMatch(/systemctl stop solarops-agent/);
    });

    it('runs from its own files: the packaged agent scans a recorded inverter', async () => {
      const port = await image.start();
      const entry = join(root, 'opt/solarops-agent/apps/agent/dist/solarops-agent.mjs');
      const scan = await run(
        entry,
        ['scan', '--host', '127.0.0.1', '--port', String(port), '--json'],
        120_000,
      );
      expect(scan.code, scan.stderr).toBe(0);
      const [device] = (JSON.parse(scan.stdout) as { devices: { unitId: number; reading: object }[] })
        .devices;
      expect(device!.unitId).toBe(126);
      expect(device!.reading).toMatchObject({ acPowerW: 3680, energyTotalKwh: 30388.53 });
    }, 120_000);
  },
);
