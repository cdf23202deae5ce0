import { z } from 'zod';
import { idSchema, isoDateTime, spooledFile } from './common.ts';
import { serialNumber } from './device.ts';
import { pageQuery } from './envelope.ts';
import { COMMAND_LIMITS } from './commands.ts';

/**
 * Firmware packages (the `update` screen, docs/firmware.md): an image streamed to the files folder under a
 * generated id, its SHA-256, the spec's fields, the device models it is for and a maker's Ed25519 signature over
 * the hash, checked against the keys administrators trust.
 */
export const FIRMWARE_LIMITS = {
  /** Spec §5: an upload's file name. */
  fileNameMax: 80,
  /** Default upper bound of an image (FIRMWARE_MAX_BYTES) [bytes]. */
  defaultMaxBytes: 64 * 1024 * 1024,
  versionMax: 40,
  descriptionMax: 200,
  keyNameMax: 40,
} as const;

/** What a package installs: the collector's own firmware, or an inverter's ARM or DSP firmware. */
export const FIRMWARE_TYPES = ['collector', 'arm', 'dsp'] as const;
export type FirmwareType = (typeof FIRMWARE_TYPES)[number];

/** The collector link a package is built for; `any` fits every link. */
export const INTERFACE_TYPES = ['any', '2G', '4G', 'WiFi'] as const;
export type InterfaceType = (typeof INTERFACE_TYPES)[number];

/** Whether a package's signature is good by a trusted key, bad, or missing (judged again on every use). */
export const SIGNATURE_STATES = ['valid', 'invalid', 'unsigned'] as const;
export type SignatureState = (typeof SIGNATURE_STATES)[number];

const model = z
  .string()
  .trim()
  .max(40)
  .regex(/^[A-Za-z0-9_.-]*$/, 'validation.format');

/** An Ed25519 signature (64 bytes) in base64. */
const signature = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9+/]{86}==$/, 'firmware.signatureFormat');

/** The text fields of `POST /firmware/package/upload` (multipart, with the image as `file`). */
export const firmwarePackageFields = z.object({
  type: z.enum(FIRMWARE_TYPES),
  /** The collector model it is for (spec: collect type). */
  collectType: model.min(1),
  interfaceType: z.enum(INTERFACE_TYPES).default('any'),
  /** For `arm` and `dsp`: the inverter model (spec: SN type); empty for collector firmware. */
  snType: model.default(''),
  version: z
    .string()
    .trim()
    .min(1)
    .max(FIRMWARE_LIMITS.versionMax)
    .regex(/^[A-Za-z0-9_.+-]+$/, 'validation.format'),
  description: z.string().trim().max(FIRMWARE_LIMITS.descriptionMax).default(''),
  /** The maker's signature over the image's SHA-256 digest (32 bytes); absent: the package stays unassignable. */
  signature: z.preprocess((v) => (v === '' ? undefined : v), signature.optional()),
});
export type FirmwarePackageFields = z.infer<typeof firmwarePackageFields>;

/** Spec §5: the file name at most 80 characters, and no empty content. */
export const firmwareUploadBody = firmwarePackageFields.extend({
  file: spooledFile
    .refine((f) => [...f.filename].length <= FIRMWARE_LIMITS.fileNameMax, 'firmware.fileNameTooLong')
    .refine((f) => f.size > 0, 'firmware.emptyContent'),
});

export const firmwarePackageRow = z.object({
  id: z.number().int(),
  /** The uploaded file's name (metadata only: the image is stored under a generated id). */
  name: z.string(),
  type: z.enum(FIRMWARE_TYPES),
  collectType: z.string(),
  interfaceType: z.enum(INTERFACE_TYPES),
  snType: z.string(),
  version: z.string(),
  description: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  signature: z.enum(SIGNATURE_STATES),
  /** The trusted key's name when the signature is valid. */
  signedBy: z.string().nullable(),
  uploadTime: isoDateTime,
  uploadedBy: z.string().nullable(),
});
export type FirmwarePackageRow = z.infer<typeof firmwarePackageRow>;

export const firmwarePackageListQuery = pageQuery.extend({
  name: z.string().trim().max(FIRMWARE_LIMITS.fileNameMax).optional(),
  type: z.enum(FIRMWARE_TYPES).optional(),
});

export const firmwarePackageIdBody = z.object({ id: idSchema });

/** `POST /firmware/package/check`: may this package go to these devices (collectors or inverters by serial)? */
export const firmwareCheckBody = z.object({
  id: idSchema,
  serials: z.array(serialNumber).min(1).max(COMMAND_LIMITS.maxDevices),
});
export const firmwareCheckResult = z.object({
  /** Devices the package fits, by serial. */
  fits: z.array(z.string()),
});

/** A maker's public key: PEM (`-----BEGIN PUBLIC KEY-----`, SPKI) or the 32 raw bytes in base64. */
export const firmwareKeyBody = z.object({
  name: z.string().trim().min(1).max(FIRMWARE_LIMITS.keyNameMax),
  publicKey: z.string().trim().min(40).max(400),
});
export type FirmwareKeyBody = z.infer<typeof firmwareKeyBody>;

export const firmwareKeyRow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's 32 bytes in base64, as makers quote it. */
  publicKey: z.string(),
  createdAt: isoDateTime,
});
export type FirmwareKeyRow = z.infer<typeof firmwareKeyRow>;

/**
 * What a device reports while it upgrades (docs/device-protocol.md "Firmware upgrade"), in order; `failed` may
 * come from any of them, with the device's reason. A command still `queued` or `sent` shows as `queued`.
 */
export const UPGRADE_STAGES = [
  'queued',
  'downloading',
  'downloaded',
  'verifying',
  'installing',
  'rebooting',
  'done',
  'failed',
] as const;
export type UpgradeStage = (typeof UPGRADE_STAGES)[number];

/**
 * A rollout device's stage on the progress screen: the device's own, or `cancelled` when its upgrade was cancelled
 * or its rollout was before it started (it never will).
 */
export const ROLLOUT_DEVICE_STAGES = [...UPGRADE_STAGES, 'cancelled'] as const;
export type RolloutDeviceStage = (typeof ROLLOUT_DEVICE_STAGES)[number];

/** The transfer of an image over the command channel. */
export const UPGRADE_LIMITS = {
  /** Bytes of image per chunk: small for cellular links (FIRMWARE_CHUNK_BYTES). */
  defaultChunkBytes: 2048,
  minChunkBytes: 256,
  maxChunkBytes: 16_384,
  /** Chunks a device may ask for at once. */
  maxWindow: 16,
  /** An upgrade's time-to-live [s]: a slow link needs hours, not the settings' one. */
  defaultTtlS: 6 * 3600,
} as const;

/** `POST /firmware/upgrade`: one device (a collector, or an inverter for ARM/DSP firmware) gets a package. */
export const firmwareUpgradeBody = z.object({
  packageId: idSchema,
  serial: serialNumber,
  ttlS: z.number().int().min(60).max(COMMAND_LIMITS.maxTtlS).optional(),
});
export type FirmwareUpgradeBody = z.infer<typeof firmwareUpgradeBody>;

/** `args` of the `firmwareUpgrade` message that starts an upgrade. */
export interface UpgradeStartArgs {
  op: 'start';
  packageId: number;
  version: string;
  size: number;
  /** SHA-256 of the whole image, hex; and the maker's Ed25519 signature over its 32 bytes, base64. */
  sha256: string;
  signature: string;
  chunkBytes: number;
  chunks: number;
  /** Download now, install only on an `install` message (the rollout's maintenance window). */
  holdInstall: boolean;
}

/** `args` of the `firmwareUpgrade` message (`cmdId` = the upgrade's id + `.i`) that lets a held download install. */
export interface UpgradeInstallArgs {
  op: 'install';
}

/**
 * `args` of the `firmwareUpgrade` message (`cmdId` = the upgrade's id + `.x`) that ends a held download whose
 * rollout was cancelled: the device drops the image, keeps its version and asks for nothing more.
 */
export interface UpgradeCancelArgs {
  op: 'cancel';
}

/** `args` of a `firmwareUpgrade` message carrying one chunk (`cmdId` = the upgrade's id + `.c` + index). */
export interface UpgradeChunkArgs {
  op: 'chunk';
  index: number;
  /** The chunk's bytes, base64, and their SHA-256 (hex): a chunk that does not match is asked for again. */
  data: string;
  sha256: string;
}

/**
 * `result` of a device's `progress` reply during an upgrade: its stage and, while downloading, the first chunk
 * it lacks and how many it asks for from there (the last verified chunk survives a power cycle).
 */
export const upgradeProgress = z.object({
  stage: z.enum(UPGRADE_STAGES),
  next: z.number().int().min(0).optional(),
  window: z.number().int().min(1).max(UPGRADE_LIMITS.maxWindow).optional(),
});
export type UpgradeProgress = z.infer<typeof upgradeProgress>;

/**
 * A rollout's life: waiting for a second user (more than 50 devices), running group by group, paused (by a person,
 * or because a group's successes stayed under its threshold), stopped (errors over the threshold), cancelled, done.
 */
export const ROLLOUT_STATES = [
  'awaitingApproval',
  'running',
  'paused',
  'stopped',
  'cancelled',
  'done',
] as const;
export type RolloutState = (typeof ROLLOUT_STATES)[number];

/** Why a rollout is paused or stopped. */
export const ROLLOUT_HALTS = ['manual', 'successBelow', 'errorAbove'] as const;
export type RolloutHalt = (typeof ROLLOUT_HALTS)[number];

/** When a device may install: at any time, or only while its plant makes little power or at night (its zone). */
export const INSTALL_WINDOWS = ['any', 'lowPowerOrNight'] as const;
export type InstallWindow = (typeof INSTALL_WINDOWS)[number];

export const ROLLOUT_LIMITS = {
  /** Finished devices of a group before its error rate is judged. */
  defaultMinFinished: 20,
  defaultSuccessPct: 95,
  defaultErrorPct: 5,
  /** A plant under this share of its capacity may install [%]. */
  defaultLowPowerPct: 5,
  /** Night in the plant's time zone: from this hour to that one. */
  defaultNightFrom: 22,
  defaultNightTo: 5,
  maxGroups: 20,
  maxDevices: 20_000,
} as const;

const pct = z.number().min(0).max(100);

/** `POST /firmware/rollout`: a package to devices, plants or every device of the package's models in scope. */
export const createRolloutBody = z
  .object({
    packageId: idSchema,
    serials: z.array(serialNumber).max(ROLLOUT_LIMITS.maxDevices).default([]),
    plantIds: z.array(idSchema).max(1000).default([]),
    /** Every device in the caller's scope of the models the package is built for. */
    byModel: z.boolean().default(false),
    /** Groups: each a share of the devices [%] or a count; the last size repeats for the devices left. */
    groups: z
      .object({
        by: z.enum(['percent', 'count']),
        sizes: z
          .array(z.number().int().min(1).max(ROLLOUT_LIMITS.maxDevices))
          .min(1)
          .max(ROLLOUT_LIMITS.maxGroups),
      })
      .default({ by: 'percent', sizes: [100] }),
    successPct: pct.default(ROLLOUT_LIMITS.defaultSuccessPct),
    errorPct: pct.default(ROLLOUT_LIMITS.defaultErrorPct),
    minFinished: z.number().int().min(1).max(10_000).default(ROLLOUT_LIMITS.defaultMinFinished),
    /** Devices started per minute; absent: no limit. */
    ratePerMinute: z.number().int().min(1).max(100_000).optional(),
    installWindow: z.enum(INSTALL_WINDOWS).default('any'),
    lowPowerPct: pct.default(ROLLOUT_LIMITS.defaultLowPowerPct),
    nightFrom: z.number().int().min(0).max(23).default(ROLLOUT_LIMITS.defaultNightFrom),
    nightTo: z.number().int().min(0).max(23).default(ROLLOUT_LIMITS.defaultNightTo),
  })
  .refine((b) => b.serials.length > 0 || b.plantIds.length > 0 || b.byModel, {
    message: 'firmware.noTargets',
    path: ['serials'],
  });
export type CreateRolloutBody = z.infer<typeof createRolloutBody>;

/** A rollout with its devices counted by stage (equal to the database's). */
export const rolloutRow = z.object({
  id: z.string(),
  packageId: z.number().int(),
  packageName: z.string(),
  version: z.string(),
  state: z.enum(ROLLOUT_STATES),
  halt: z.enum(ROLLOUT_HALTS).nullable(),
  deviceCount: z.number().int(),
  groupSizes: z.array(z.number().int()),
  /** The group running now (0-based). */
  currentGroup: z.number().int(),
  successPct: z.number(),
  errorPct: z.number(),
  minFinished: z.number().int(),
  ratePerMinute: z.number().int().nullable(),
  installWindow: z.enum(INSTALL_WINDOWS),
  createdBy: z.string(),
  createdAt: isoDateTime,
  approvedBy: z.string().nullable(),
  /** Whether the caller may approve it (another user than its author, while it waits, seeing all of it). */
  canApprove: z.boolean(),
  /**
   * Whether some of its devices lie outside the caller's scope: the caller follows its own part (`deviceCount`,
   * `counts`) but decides nothing on the whole (approve, pause, resume, cancel answer 403).
   */
  partialView: z.boolean(),
  counts: z.record(z.enum(ROLLOUT_DEVICE_STAGES), z.number().int()),
});
export type RolloutRow = z.infer<typeof rolloutRow>;

/** One device of a rollout (`scheduleList`). */
export const rolloutDeviceRow = z.object({
  serial: z.string(),
  plantName: z.string(),
  group: z.number().int(),
  commandId: z.string().nullable(),
  stage: z.enum(ROLLOUT_DEVICE_STAGES),
  progress: z.number(),
  lastError: z.string().nullable(),
  updatedAt: isoDateTime.nullable(),
});
export type RolloutDeviceRow = z.infer<typeof rolloutDeviceRow>;

export const rolloutIdParams = z.object({ id: z.uuid() });
export const rolloutActionBody = z.object({ action: z.enum(['approve', 'pause', 'resume', 'cancel']) });
