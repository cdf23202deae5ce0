import { createPrivateKey, createPublicKey } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { MANUAL_MAX_BYTES_DEFAULT, UPGRADE_LIMITS } from '@solarops/contracts';

/** How long a shutdown may take unless SHUTDOWN_TIMEOUT_SECONDS says otherwise [s]. */
export const SHUTDOWN_TIMEOUT_SECONDS = 20;

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().min(1);
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const url = (protocols: readonly string[]) =>
  optionalString.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL with scheme ${protocols.map((p) => p.replace(':', '://')).join(' or ')}` },
  );

/** A comma-separated list, each item trimmed and checked by `item`; empty or unset is an empty list. */
const commaList = <T>(item: z.ZodType<T, string>) =>
  z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item));

/**
 * Every setting the server reads from the environment (ARCHITECTURE §2), with its default. Names carry their unit
 * (`..._SECONDS`). Documented line by line in `.env.example` and in the README's configuration table.
 */
export const envSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']),
  MQTT_PORT: port.default(1883),
  MQTT_URL: url(['mqtt:', 'mqtts:', 'ws:', 'wss:', 'tcp:']),
  MQTT_CLIENT_ID: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,40}$/, 'letters, digits, ".", "_" or "-", at most 40')
      .optional(),
  ),
  MQTT_ADMIN_USERNAME: optionalString,
  MQTT_ADMIN_PASSWORD: optionalString,
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(8).max(128).optional()),
  SIMULATOR: z.enum(['on', 'off']).default('on'),
  CONSOLE_CLIENT_ID: z.string().min(1).default('console'),
  CONSOLE_CLIENT_SECRET: z.string().min(1).default('console-secret'),
  SMTP_URL: url(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().min(3).default('SolarOps Console <no-reply@solarops.local>'),
  FILES_DIR: optionalString,
  PUBLIC_URL: url(['http:', 'https:']),
  MANUAL_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024)
    .default(MANUAL_MAX_BYTES_DEFAULT),
  WEB_DIST_DIR: optionalString,
  WEB_BUILDING: z.enum(['true', 'false']).default('false'),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt.default(1800),
  REFRESH_TOKEN_TTL_SECONDS: positiveInt.default(604800),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_LIMIT_PER_MINUTE: positiveInt.default(30),
  LOGIN_FAILURES_PER_MINUTE: positiveInt.default(10),
  // log2 of scrypt's N for new password hashes (stored hashes carry their own). 17 is OWASP's figure; test servers
  // lower it to 14 so that their many sign-ins do not dominate the suite's time.
  PASSWORD_HASH_COST: z.coerce.number().int().min(14).max(20).default(17),
  MQTT_MAX_MESSAGE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(256 * 1024 * 1024)
    .default(1024 * 1024),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  SIMULATOR_PLANTS: z.coerce.number().int().min(1).max(100_000).default(30),
  SIMULATOR_DEVICES: z.coerce.number().int().min(2).max(1_000_000).optional(),
  SIMULATOR_SEED: z.coerce.number().int().min(0).default(20240601),
  SIMULATOR_SPEEDUP: z.coerce.number().min(1).max(300).default(1),
  SIMULATOR_BACKFILL_DAYS: z.coerce.number().int().min(0).max(60).default(14),
  SIMULATOR_BACKFILL_PAUSE_MS: z.coerce.number().int().min(0).max(3_600_000).default(0),
  SIMULATOR_DROP_RATE: z.coerce.number().min(0).max(1).default(0),
  SIMULATOR_AGENT: z.enum(['on', 'off']).default('on'),
  SIMULATOR_AGENT_MODBUS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  SIMULATOR_SITES: z.enum(['demo', 'daylight']).default('demo'),
  SIMULATOR_UNPLUGGED: commaList(z.string().regex(/^SOC\d{9}$/, 'collector serials: SOC and nine digits')),
  SIMULATOR_FIRMWARE_KEYS: commaList(
    z.string().regex(/^[A-Za-z0-9+/]{43}=$/, 'Ed25519 public keys: 32 bytes in base64'),
  ),
  COMMAND_JOB_SECONDS: z.coerce.number().min(0.1).max(60).default(10),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(SHUTDOWN_TIMEOUT_SECONDS),
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'at least 16 characters').optional()),
  FIRMWARE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024)
    .default(64 * 1024 * 1024),
  FIRMWARE_CHUNK_BYTES: z.coerce
    .number()
    .int()
    .min(UPGRADE_LIMITS.minChunkBytes)
    .max(UPGRADE_LIMITS.maxChunkBytes)
    .default(UPGRADE_LIMITS.defaultChunkBytes),
  PAYMENT_PROVIDER: z.enum(['mock', 'alipay']).default('mock'),
  ALIPAY_APP_ID: optionalString.pipe(
    z
      .string()
      .regex(/^\d{16}$/, '16 digits')
      .optional(),
  ),
  ALIPAY_PRIVATE_KEY_FILE: optionalString,
  ALIPAY_PUBLIC_KEY_FILE: optionalString,
  ALIPAY_GATEWAY: url(['https:']),
  HISTORY_COMPACT_AFTER_DAYS: z.coerce.number().int().min(1).max(3650).default(2),
  RETENTION_READINGS_DAYS: z.coerce.number().int().min(1).max(36500).optional(),
  RETENTION_QUARANTINE_DAYS: z.coerce.number().int().min(1).max(36500).optional(),
  RETENTION_FAULT_RECORDS_DAYS: z.coerce.number().int().min(1).max(36500).optional(),
});

/**
 * Who takes the renewal orders' payments: the built-in `mock` (offline, its pay page in the console), or Alipay
 * with the application's id and private key and Alipay's public key (read from their PEM files at start), at its
 * production gateway unless another (the sandbox's) is named.
 */
export type PaymentConfig =
  | { provider: 'mock' }
  | {
      provider: 'alipay';
      appId: string;
      privateKeyPem: string;
      alipayPublicKeyPem: string;
      gateway?: string;
    };

/** The validated, typed settings; tests build this object directly. */
export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** PostgreSQL when set; otherwise the embedded PGlite under `dataDir/db`. */
  readonly databaseUrl: string | undefined;
  readonly mqttPort: number;
  readonly mqttUrl: string | undefined;
  /** Client id prefix of this instance's connections to the external broker (`-0` to `-7` appended). */
  readonly mqttClientId: string;
  /**
   * An administrator of the external broker's dynamic-security plugin (Mosquitto 2): with it the server gives
   * each collector its broker account and topic ACL as it is created, re-keyed or removed.
   */
  readonly mqttAdmin?: { username: string; password: string };
  readonly adminPassword: string | undefined;
  readonly simulator: boolean;
  readonly consoleClientId: string;
  readonly consoleClientSecret: string;
  /** Mail goes through this server; without it, mail lands in the outbox table and the log. */
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly filesDir: string;
  /**
   * The console's address as people outside reach it (`https://console.example.com`), written into the manuals'
   * QR codes; undefined: the address the request came to (right when the console is opened by that address).
   */
  readonly publicUrl?: string | undefined;
  /** Largest manual file an upload may bring [bytes]; default 50 MiB. */
  readonly manualMaxBytes?: number;
  /** The built console this server serves; undefined: the workspace's own `apps/web/dist`. */
  readonly webDistDir: string | undefined;
  /**
   * The console is being built beside this server (`npm start` on a fresh clone or after a change to the console):
   * it is served once its build is there; until then a console route answers that it is being built.
   */
  readonly webBuilding?: boolean;
  readonly accessTokenTtlSeconds: number;
  readonly refreshTokenTtlSeconds: number;
  readonly logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  readonly loginRateLimitPerMinute: number;
  /** Failed sign-ins per minute on this instance, over all accounts, before every sign-in gets 429. */
  readonly loginFailuresPerMinute: number;
  /** Largest MQTT packet a client may send; a larger one disconnects it and is never read whole. */
  readonly mqttMaxMessageBytes: number;
  /** Behind a load balancer the client address comes from X-Forwarded-For (per-IP limits need it). */
  readonly trustProxy: boolean;
  /** Demo fleet (SIMULATOR=on): plants (2 collectors and 5 devices each), seed, report speed-up, backfilled days. */
  readonly simulatorPlants?: number;
  /** Devices of the demo fleet spread over its plants (at least 2 each); absent: 5 per plant. */
  readonly simulatorDevices?: number;
  readonly simulatorSeed?: number;
  readonly simulatorSpeedup?: number;
  readonly simulatorBackfillDays?: number;
  /** Pause after each transaction of the history written after the fleet goes live [ms]. */
  readonly simulatorBackfillPauseMs?: number;
  /** Share of accepted writes the simulated devices acknowledge and drop (read-back tells) [0..1]. */
  readonly simulatorDropRate?: number;
  /**
   * Where the demo fleet's plants are at first start: `demo`, its sites in order; `daylight`, where the sun is up
   * then (a test fleet that must see daylight whatever the hour; decision 0023).
   */
  readonly simulatorSites?: 'demo' | 'daylight';
  /** Demo collectors left without power: they never sign in, their devices stay offline. */
  readonly simulatorUnplugged?: readonly string[];
  /** Makers' public keys (32 bytes, base64) the simulated collectors trust for firmware upgrades; none: no upgrades. */
  readonly simulatorFirmwareKeys?: readonly string[];
  /**
   * A demo fleet made with this on has one plant read by a real edge agent process over Modbus TCP (on its port, 0:
   * a free one), as a real plant is; a fleet made with it off, or before it existed, has none.
   */
  readonly simulatorAgent?: { readonly modbusPort: number };
  /**
   * How often the command job sends what is queued, re-sends what is unanswered and expires what outlived its
   * time-to-live [s]; at most 60 (a reconnected collector gets its commands within one turn). Default 10.
   */
  readonly commandJobSeconds?: number;
  /**
   * How long a SIGTERM's shutdown may take [s] (requests in flight, jobs, the database): past it, what was still
   * open is logged and the process exits with 1. Default 20.
   */
  readonly shutdownTimeoutSeconds?: number;
  /** `GET /metrics` answers only a scraper sending `Authorization: Bearer <token>`; unset, it answers 404. */
  readonly metricsToken?: string;
  /** Largest firmware image an upload may carry [bytes]; default 64 MB. */
  readonly firmwareMaxBytes?: number;
  /** Bytes of image per chunk of an upgrade's transfer (1–4 kB suit cellular links). */
  readonly firmwareChunkBytes?: number;
  /** The payment provider of new renewal orders; absent: the built-in mock. */
  readonly payment?: PaymentConfig;
  /** Compact history and retention (docs/decisions/0018-compact-history.md); absent: the defaults. */
  readonly history?: HistorySettings;
}

/** What PAYMENT_PROVIDER=alipay cannot go without, each a variable of its own. */
const ALIPAY_NEEDS = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY_FILE', 'ALIPAY_PUBLIC_KEY_FILE'] as const;

/**
 * The payment settings; for Alipay every missing variable is named, and each key file is read and parsed here, so
 * that a wrong path or a key of the wrong kind stops the start with its variable instead of failing the first
 * payment.
 */
function paymentConfig(e: z.infer<typeof envSchema>): PaymentConfig {
  if (e.PAYMENT_PROVIDER === 'mock') return { provider: 'mock' };
  const missing = ALIPAY_NEEDS.filter((v) => !e[v]);
  if (missing.length > 0)
    throw new ConfigError(
      missing.map((variable) => ({ variable, message: 'required when PAYMENT_PROVIDER=alipay' })),
    );
  const problems: { variable: string; message: string }[] = [];
  const pem = (variable: (typeof ALIPAY_NEEDS)[1 | 2], kind: 'private' | 'public'): string => {
    const file = path.resolve(e[variable]!);
    try {
      const text = readFileSync(file, 'utf8');
      const key = kind === 'private' ? createPrivateKey(text) : createPublicKey(text);
      if (key.asymmetricKeyType !== 'rsa') throw new Error('not RSA');
      return text;
    } catch {
      problems.push({
        variable,
        message: existsSync(file) ? `${file} is not an RSA ${kind} key in PEM` : `no file ${file}`,
      });
      return '';
    }
  };
  const privateKeyPem = pem('ALIPAY_PRIVATE_KEY_FILE', 'private');
  const alipayPublicKeyPem = pem('ALIPAY_PUBLIC_KEY_FILE', 'public');
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    provider: 'alipay',
    appId: e.ALIPAY_APP_ID!,
    privateKeyPem,
    alipayPublicKeyPem,
    ...(e.ALIPAY_GATEWAY ? { gateway: e.ALIPAY_GATEWAY } : {}),
  };
}

/** How long readings stay raw, and how long each growing table keeps its rows (absent: forever). */
export interface HistorySettings {
  /** Readings older than this many days are compacted (default 2). */
  readonly compactAfterDays: number;
  readonly retentionDays: {
    /** Readings, raw and compacted. */
    readonly readings?: number;
    /** Readings set aside for their clock (`telemetry_quarantine`). */
    readonly quarantine?: number;
    /** Devices' fault waveforms and spectra (`fault_records`). */
    readonly faultRecords?: number;
  };
}

/** The compaction age and retention when nothing is configured. */
export const DEFAULT_HISTORY: HistorySettings = { compactAfterDays: 2, retentionDays: {} };

/** A bad environment: every offending variable with its reason. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly { variable: string; message: string }[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment into a frozen `Config`, or throws a `ConfigError` listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => ({ variable: String(i.path[0] ?? '?'), message: i.message })),
    );
  }
  const e = parsed.data;
  const adminProblems = [
    ...(Boolean(e.MQTT_ADMIN_USERNAME) !== Boolean(e.MQTT_ADMIN_PASSWORD)
      ? [
          {
            variable: 'MQTT_ADMIN_PASSWORD',
            message: 'MQTT_ADMIN_USERNAME and MQTT_ADMIN_PASSWORD go together',
          },
        ]
      : []),
    ...(e.MQTT_ADMIN_USERNAME && !e.MQTT_URL
      ? [
          {
            variable: 'MQTT_ADMIN_USERNAME',
            message: 'needs MQTT_URL (the embedded broker keeps no accounts)',
          },
        ]
      : []),
  ];
  if (adminProblems.length > 0) throw new ConfigError(adminProblems);
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    mqttPort: e.MQTT_PORT,
    mqttUrl: e.MQTT_URL,
    mqttClientId:
      e.MQTT_CLIENT_ID ?? `solarops-${os.hostname()}`.replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 40),
    ...(e.MQTT_ADMIN_USERNAME && e.MQTT_ADMIN_PASSWORD
      ? { mqttAdmin: { username: e.MQTT_ADMIN_USERNAME, password: e.MQTT_ADMIN_PASSWORD } }
      : {}),
    adminPassword: e.ADMIN_PASSWORD,
    simulator: e.SIMULATOR === 'on',
    consoleClientId: e.CONSOLE_CLIENT_ID,
    consoleClientSecret: e.CONSOLE_CLIENT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    filesDir: path.resolve(e.FILES_DIR ?? path.join(e.DATA_DIR, 'files')),
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    manualMaxBytes: e.MANUAL_MAX_BYTES,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    webBuilding: e.WEB_BUILDING === 'true',
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    logLevel: e.LOG_LEVEL,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    loginFailuresPerMinute: e.LOGIN_FAILURES_PER_MINUTE,
    mqttMaxMessageBytes: e.MQTT_MAX_MESSAGE_BYTES,
    trustProxy: e.TRUST_PROXY === 'true',
    simulatorPlants: e.SIMULATOR_PLANTS,
    ...(e.SIMULATOR_DEVICES === undefined ? {} : { simulatorDevices: e.SIMULATOR_DEVICES }),
    simulatorSeed: e.SIMULATOR_SEED,
    simulatorSpeedup: e.SIMULATOR_SPEEDUP,
    simulatorBackfillDays: e.SIMULATOR_BACKFILL_DAYS,
    simulatorBackfillPauseMs: e.SIMULATOR_BACKFILL_PAUSE_MS,
    simulatorDropRate: e.SIMULATOR_DROP_RATE,
    simulatorSites: e.SIMULATOR_SITES,
    simulatorUnplugged: e.SIMULATOR_UNPLUGGED,
    simulatorFirmwareKeys: e.SIMULATOR_FIRMWARE_KEYS,
    ...(e.SIMULATOR_AGENT === 'on' ? { simulatorAgent: { modbusPort: e.SIMULATOR_AGENT_MODBUS_PORT } } : {}),
    commandJobSeconds: e.COMMAND_JOB_SECONDS,
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    ...(e.METRICS_TOKEN === undefined ? {} : { metricsToken: e.METRICS_TOKEN }),
    firmwareMaxBytes: e.FIRMWARE_MAX_BYTES,
    firmwareChunkBytes: e.FIRMWARE_CHUNK_BYTES,
    payment: paymentConfig(e),
    history: {
      compactAfterDays: e.HISTORY_COMPACT_AFTER_DAYS,
      retentionDays: {
        ...(e.RETENTION_READINGS_DAYS === undefined ? {} : { readings: e.RETENTION_READINGS_DAYS }),
        ...(e.RETENTION_QUARANTINE_DAYS === undefined ? {} : { quarantine: e.RETENTION_QUARANTINE_DAYS }),
        ...(e.RETENTION_FAULT_RECORDS_DAYS === undefined
          ? {}
          : { faultRecords: e.RETENTION_FAULT_RECORDS_DAYS }),
      },
    },
  });
}
