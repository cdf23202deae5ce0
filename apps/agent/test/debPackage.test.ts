import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
    let imagePort = 0;
    const image = new ImageServer([
      { unitId: 126, registers: registerMap(loadImage('DeviceSMASunnyBoy36Dated20250518')) },
    ]);

    // The build installs the production dependencies into the package: minutes on a loaded gateway-sized machine.
    /** The unit's command line, split into the supervisor, its install folder, the packaged agent and its config. */
    const execStart = () => {
      const unit = readFileSync(join(root, 'lib/systemd/system/solarops-agent.service'), 'utf8');
      const exec = /^ExecStart=(\S+) --install-dir (\S+) --packaged (\S+) -- run --config (\S+)$/m.exec(unit);
      expect(exec, unit).not.toBeNull();
      const [, supervisor, installDir, packaged, config] = exec as unknown as [
        string,
        string,
        string,
        string,
        string,
      ];
      return { supervisor, installDir, packaged, config };
    };

    beforeAll(async () => {
      arch = execFileSync('dpkg', ['--print-architecture'], { encoding: 'utf8' }).trim();
      const built = await run('bash', [BUILD, arch, join(work, 'out')], 540_000);
      expect(built.code, built.stderr).toBe(0);
      deb = built.stdout.trim().split('\n').at(-1)!;
      execFileSync('dpkg-deb', ['-x', deb, root]);
      execFileSync('dpkg-deb', ['-e', deb, control]);
      imagePort = await image.start();
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

    it('installs the systemd unit, whose ExecStart is the supervisor running the packaged agent, as its own user', () => {
      const exec = execStart();
      expect(exec.supervisor).toBe('/opt/solarops-agent/apps/agent/dist/solarops-agent-supervisor.mjs');
      // The versions the agent installs itself go where the service may write, and outlive the package's upgrades.
      expect(exec.installDir).toBe('/var/lib/solarops-agent/install');
      expect(exec.packaged).toBe('/opt/solarops-agent/apps/agent/dist/solarops-agent.mjs');
      expect(exec.config).toBe('/etc/solarops-agent/agent.yaml');
      const unit = readFileSync(join(root, 'lib/systemd/system/solarops-agent.service'), 'utf8');
      expect(unit).toMatch(/^User=solarops-agent$/m);
      expect(unit).toMatch(/^StateDirectory=solarops-agent$/m);
      // A stop goes to the supervisor alone, which stops the agent in turn.
      expect(unit).toMatch(/^KillMode=mixed$/m);
      expect(unit).toMatch(/^WantedBy=multi-user.target$/m);
      // Both programs are in the package, executable, and start Node with the gateway's flags themselves.
      for (const program of [exec.supervisor, exec.packaged]) {
        const file = join(root, program);
        expect(statSync(file).mode & 0o111, program).not.toBe(0);
        expect(readFileSync(file, 'utf8').split('\n')[0]).toBe(
          '#!/usr/bin/env -S node --lite-mode --no-expose-wasm --max-semi-space-size=1',
        );
      }
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

    it("runs the unit's command: the supervisor starts the packaged agent, which reads its devices, and stops it when stopped", async () => {
      const port = imagePort;
      const exec = execStart();
      const state = join(work, 'var');
      const config = join(work, 'agent.yaml');
      // A console nobody answers at: the agent keeps its readings and tries again, as on a gateway offline.
      writeFileSync(
        config,
        `server: { mqttUrl: "mqtt://127.0.0.1:9" }
collector: { serial: SOC230712345, secret: "secret-of-the-test" }
intervalS: 5
dataDir: ${JSON.stringify(state)}
links:
  - tcp: { host: 127.0.0.1, port: ${port} }
    devices:
      - { sn: SIN241800042, unitId: 126 }
`,
      );
      const installDir = join(state, 'install');
      const supervisor = spawn(
        join(root, exec.supervisor),
        [
          '--install-dir',
          installDir,
          '--packaged',
          join(root, exec.packaged),
          '--',
          'run',
          '--config',
          config,
        ],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let log = '';
      supervisor.stderr.on('data', (c: Buffer) => (log += c.toString()));
      const exited = new Promise<number | null>((resolve) => supervisor.once('exit', resolve));
      try {
        await expect
          .poll(() => log, { timeout: 120_000, interval: 200 })
          .toMatch(
            new RegExp(
              `running: 1 link\\(s\\), 1 device\\(s\\) \\(version ${VERSION.replace(/\./g, '\\.')}\\)`,
            ),
          );
        // The supervisor made the install folder it gives the agent for its updates.
        expect(existsSync(join(installDir, 'versions'))).toBe(true);
      } finally {
        supervisor.kill('SIGTERM');
      }
      // The supervisor ends once the agent it stopped has ended.
      expect(await exited).toBe(0);
      expect(log).not.toMatch(/starting it again/);
    }, 180_000);

    it('runs from its own files: the packaged agent scans a recorded inverter', async () => {
      const port = imagePort;
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
