/**
 * bench/shipment: one shipment file of ROWS rows (default 10 000: a collector and four devices per five rows) is
 * imported through the real server (child process; PGlite in a temporary directory, or PostgreSQL when
 * DATABASE_URL is set) with `POST /prod-api/shipment/import`, timed from upload to answer. Row checks against the
 * serial rules, the one transaction and the collector secrets are all inside the figure.
 * Run: `npm run bench:shipment -w bench`. Last line: rows imported per second.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { freePort, SERVER_DIR, signInHeaders } from '../lib/benchServer.ts';

const rows = Number(process.env.ROWS ?? 10_000);
const adminPassword = 'Bench#Shipment1';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'solarops-bench-shipment-'));
const httpPort = await freePort();
const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: SERVER_DIR,
  env: {
    PATH: process.env.PATH ?? '',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: adminPassword,
    SIMULATOR: 'off',
    PORT: String(httpPort),
    MQTT_PORT: String(await freePort()),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${httpPort}/prod-api`;

try {
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited at start');
    const up = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 200));
  }

  const auth = await signInHeaders(base, 'admin', adminPassword);
  const post = async (p: string, body: unknown) => {
    const r = await fetch(`${base}${p}`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`${p}: ${r.status} ${await r.text()}`);
    return ((await r.json()) as { data: unknown }).data;
  };

  const distributor = (await post('/user/manager/add', {
    userCode: 'bench-distributor',
    name: 'Bench Distributor',
    email: 'bench-distributor@example.com',
    phone: '13800138000',
    roleId: 2,
  })) as { dealercode: string };
  for (const [model, kind, prefix] of [
    ['BENCH-SC', 'collector', 'BC'],
    ['BENCH-INV', 'device', 'BI'],
  ] as const)
    await post('/serial/rule/add', {
      model,
      kind,
      prefix,
      length: 12,
      charset: 'digits',
      checkDigit: 'none',
    });

  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Shipment');
  sheet.addRow(['Kind', 'Serial', 'Model', 'Firmware', 'ICCID', 'Dealer code', 'Collector serial']);
  let collector = '';
  for (let i = 0; i < rows; i++) {
    const n = String(i).padStart(10, '0');
    if (i % 5 === 0) {
      collector = `BC${n}`;
      sheet.addRow([
        'collector',
        collector,
        'BENCH-SC',
        '1.0.0',
        `898600${String(i).padStart(14, '0')}`,
        distributor.dealercode,
        '',
      ]);
    } else sheet.addRow(['device', `BI${n}`, 'BENCH-INV', '2.0.0', '', distributor.dealercode, collector]);
  }
  const file = new Blob([new Uint8Array(await book.xlsx.writeBuffer())]);

  const upload = new FormData();
  upload.append('file', file, 'bench-shipment.xlsx');
  upload.append('mode', 'all');
  const started = performance.now();
  const res = await fetch(`${base}/shipment/import`, { method: 'POST', headers: auth, body: upload });
  const seconds = (performance.now() - started) / 1000;
  const result = ((await res.json()) as { data: { imported: number; errors: unknown[] } }).data;
  if (result.errors.length > 0)
    throw new Error(`unexpected bad rows: ${JSON.stringify(result.errors.slice(0, 3))}`);
  console.log(
    `shipment import: ${result.imported} rows in ${seconds.toFixed(2)} s = ${Math.round(result.imported / seconds)} rows/s`,
  );
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
