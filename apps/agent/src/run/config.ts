import { readFileSync } from 'node:fs';
import {
  SETTINGS_PROFILES,
  serialNumber,
  settingsProfileId,
  type SettingsProfileId,
} from '@solarops/contracts';
import { parse } from 'yaml';
import { z } from 'zod';

const host = z.string().min(1);
/** The register profiles that say where a device keeps its readings. */
const READING_PROFILES: SettingsProfileId[] = SETTINGS_PROFILES.filter((p) => p.readings).map((p) => p.id);
const port = z.number().int().min(1).max(65535).default(502);

const device = z.object({
  /**
   * Our serial of the device: the `sn` of its readings (imported into the console with its plant). Absent: the
   * serial its SunSpec map gives, and the console lists it as found for an installer to accept into a plant.
   */
  sn: serialNumber.optional(),
  unitId: z.number().int().min(0).max(247),
  timeoutMs: z.number().int().min(50).max(60_000).optional(),
  /**
   * `sunspec` (the default: discovered), or for a device without SunSpec the register profile that says where
   * it keeps its readings (`packages/contracts` profiles with `readings`, e.g. `hybridRegister`).
   */
  profile: z
    .union([z.literal('sunspec'), settingsProfileId])
    .default('sunspec')
    .refine((p) => p === 'sunspec' || READING_PROFILES.includes(p), {
      message: `sunspec, or a register profile with readings: ${READING_PROFILES.join(', ')}`,
    }),
});

const link = z
  .object({
    name: z.string().min(1).optional(),
    tcp: z.object({ host, port }).optional(),
    rtuOverTcp: z.object({ host, port }).optional(),
    rtu: z
      .object({
        path: z.string().min(1),
        baudRate: z.number().int().default(9600),
        parity: z.enum(['none', 'even', 'odd']).default('none'),
        dataBits: z.number().int().default(8),
        stopBits: z.number().int().default(1),
      })
      .optional(),
    /** Pause between requests on this link [ms]. */
    gapMs: z.number().int().min(0).max(10_000).default(50),
    devices: z.array(device).min(1),
  })
  .refine((l) => [l.tcp, l.rtuOverTcp, l.rtu].filter(Boolean).length === 1, {
    message: 'a link is exactly one of tcp, rtuOverTcp or rtu',
  });

export const agentConfig = z.object({
  server: z
    .object({
      /** The console's MQTT broker, e.g. mqtt://console.example.com:1883. */
      mqttUrl: z.string().url().optional(),
      /**
       * The console's address, e.g. https://console.example.com: the way up over HTTP where MQTT is blocked
       * (alone: the only way up).
       */
      httpUrl: z
        .string()
        .url()
        .refine((u) => /^https?:/.test(u), { message: 'an http:// or https:// address' })
        .optional(),
      /** With both: how long MQTT must have been unreachable before batches go over HTTP [s]. */
      httpAfterS: z.number().int().min(1).max(3600).default(60),
    })
    .strict()
    .refine((s) => s.mqttUrl !== undefined || s.httpUrl !== undefined, {
      message: 'the server needs an mqttUrl, an httpUrl or both',
    }),
  collector: z.object({ serial: serialNumber, secret: z.string().min(1) }).strict(),
  /** The plant's time zone: energy today counts from its local midnight. */
  timeZone: z.string().default('UTC'),
  /** Poll and report interval [s]. */
  intervalS: z.number().int().min(5).max(3600).default(300),
  /** Where the buffer of unsent batches and the day counters live (keep it out of the installed files). */
  dataDir: z.string().default('/var/lib/solarops-agent'),
  /** Most readings the buffer keeps while the server cannot be reached (default 7 days of 32 devices). */
  bufferReadings: z.number().int().min(1).optional(),
  links: z.array(link).min(1),
  /** Self-update through the console's firmware rollouts (src/update/, docs/decisions/0030-agent-self-update.md). */
  update: z
    .object({
      /**
       * The makers' Ed25519 public keys whose packages this agent installs, as the console's trusted keys show them
       * (32 raw bytes, base64). None: every upgrade of the agent is refused.
       */
      trustedKeys: z
        .array(
          z
            .string()
            .refine(
              (k) =>
                Buffer.from(k, 'base64').length === 32 && Buffer.from(k, 'base64').toString('base64') === k,
              {
                message: 'an Ed25519 public key: its 32 bytes in base64',
              },
            ),
        )
        .default([]),
    })
    .strict()
    .default({ trustedKeys: [] }),
});
export type AgentConfig = z.infer<typeof agentConfig>;
export type LinkConfig = AgentConfig['links'][number];

/** Reads and checks agent.yaml; throws with every problem and where it is. */
export function loadConfig(path: string): AgentConfig {
  let raw: unknown;
  try {
    raw = parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(`${path}: ${(err as Error).message}`);
  }
  const parsed = agentConfig.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(top)'}: ${i.message}`);
    throw new Error(`${path} is not a valid agent configuration:\n${problems.join('\n')}`);
  }
  const serials = parsed.data.links.flatMap((l) =>
    l.devices.flatMap((d) => (d.sn === undefined ? [] : [d.sn])),
  );
  const twice = serials.find((sn, i) => serials.indexOf(sn) !== i);
  if (twice) throw new Error(`${path}: device ${twice} is listed twice`);
  return parsed.data;
}
