import type { CommandDevice, SettingPoint, SettingsProfile } from '@solarops/contracts';

/** A writable point name and the profiles that have it (the same name may carry another range per model). */
export interface BatchPoint {
  name: string;
  profiles: { profile: SettingsProfile; point: SettingPoint }[];
}

/** Why a chosen device cannot take a point: its model has no such setting, or its edge agent did not find it. */
export type LackReason = 'model' | 'notFound';

export type BatchDevice = Pick<CommandDevice, 'serial' | 'profileId' | 'points'>;

/** Every writable point of the profiles, by name, with the profiles that have it. */
export function batchPoints(profiles: readonly SettingsProfile[]): BatchPoint[] {
  const byName = new Map<string, BatchPoint>();
  for (const profile of profiles)
    for (const point of profile.points.filter((p) => p.access === 'rw')) {
      const entry = byName.get(point.name) ?? { name: point.name, profiles: [] };
      entry.profiles.push({ profile, point });
      byName.set(point.name, entry);
    }
  return [...byName.values()];
}

/**
 * Why `device` cannot take `point`, or undefined when it can. A device behind an edge agent has only the points of
 * its profile that its discovery found (`points`); any other device has its model's points, which never include
 * those only a discovery finds (`foundOnly`, e.g. battery controls on a SunSpec inverter). The server refuses the
 * rest, so the screen says so first.
 */
export function lackOf(point: BatchPoint, device: BatchDevice | undefined): LackReason | undefined {
  const ofModel = point.profiles.find((p) => p.profile.id === device?.profileId);
  if (!device || !ofModel) return 'model';
  if (device.points) return device.points.includes(point.name) ? undefined : 'notFound';
  return ofModel.point.foundOnly ? 'model' : undefined;
}

/** The chosen devices that cannot take `point`, by why. */
export function lackingDevices(
  point: BatchPoint,
  devices: readonly BatchDevice[],
  serials: readonly string[],
): Record<LackReason, string[]> {
  const out: Record<LackReason, string[]> = { model: [], notFound: [] };
  const bySerial = new Map(devices.map((d) => [d.serial, d]));
  for (const sn of serials) {
    const reason = lackOf(point, bySerial.get(sn));
    if (reason) out[reason].push(sn);
  }
  return out;
}

/**
 * The points offered for the chosen devices, each with how many of them can take it: those at least one can take
 * (every point while none is chosen). A point some cannot take is still offered, with its count, since the batch
 * screen mixes models; the devices that cannot take it are named before sending.
 */
export function offeredPoints(
  points: readonly BatchPoint[],
  devices: readonly BatchDevice[],
  serials: readonly string[],
): { point: BatchPoint; taking: number }[] {
  const bySerial = new Map(devices.map((d) => [d.serial, d]));
  return points
    .map((point) => ({
      point,
      taking: serials.filter((sn) => lackOf(point, bySerial.get(sn)) === undefined).length,
    }))
    .filter((p) => serials.length === 0 || p.taking > 0);
}
