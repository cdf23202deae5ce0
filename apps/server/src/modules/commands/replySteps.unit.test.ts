import { describe, expect, it } from 'vitest';
import { pointOf, profileById, toRegister, type CommandReply, type CommandState } from '@solarops/contracts';
import { replySteps } from './replySteps.ts';
import type { CommandRecord } from './stateMachine.ts';

const now = new Date('2026-01-01T00:00:00Z');
const command = (state: CommandState, kind: CommandRecord['kind'] = 'setting'): CommandRecord => ({
  id: 'c1',
  batchId: null,
  kind,
  route: 'remoteSet',
  plantId: 1,
  deviceId: 1,
  deviceSerial: 'D1',
  collectorSerial: 'C1',
  params:
    kind === 'setting'
      ? { profileId: 'sunspecInverter', values: { activePowerLimitPct: 50 } }
      : { address: 1, count: 1, dataType: 'uint16' },
  state,
  reason: null,
  reasonDetail: null,
  oldValues: null,
  newValues: null,
  result: null,
  createdBy: 1,
  createdAt: now,
  expiresAt: null,
  sentAt: null,
  sends: 0,
  ackedAt: null,
  finishedAt: null,
});
const reply = (state: CommandReply['state'], extra: Partial<CommandReply> = {}): CommandReply => ({
  cmdId: 'c1',
  state,
  ...extra,
});
const states = (r: ReturnType<typeof replySteps>) => r.steps.map((s) => s.to);

describe('what a device reply does to a command', () => {
  it('acknowledges a sent write and asks for its read-back, never calling it applied', () => {
    const r = replySteps(command('sent'), reply('accepted'), false, now);
    expect(states(r)).toEqual(['acked']);
    expect(r.readBack).toBe(true);
  });

  it('takes a reply to a command still queued (published before a crash) through sent first', () => {
    expect(states(replySteps(command('queued'), reply('accepted'), false, now))).toEqual(['sent', 'acked']);
  });

  it('ends a refused command failed with the device’s words', () => {
    const r = replySteps(command('sent'), reply('failed', { reason: 'out of range' }), false, now);
    expect(r.steps).toEqual([
      { to: 'failed', patch: { reason: 'refused', reasonDetail: 'out of range', finishedAt: now } },
    ]);
  });

  it('ends a read as applied in one reply', () => {
    expect(states(replySteps(command('sent', 'debugRead'), reply('succeeded'), false, now))).toEqual([
      'acked',
      'applied',
    ]);
  });

  it('calls a write applied only when the read-back matches, else failed: notApplied', () => {
    const point = pointOf(profileById('sunspecInverter')!, 'activePowerLimitPct')!;
    const registers = { [String(point.register)]: toRegister(point, 50) };
    expect(
      states(replySteps(command('acked'), reply('succeeded', { result: { registers } }), true, now)),
    ).toEqual(['applied']);
    expect(
      states(replySteps(command('acked'), reply('succeeded', { result: { registers: {} } }), true, now)),
    ).toEqual(['failed']);
  });

  it('changes nothing for a repeat after the end, a progress note or a read-back before the ack', () => {
    for (const s of ['applied', 'failed', 'expired', 'cancelled'] as const)
      expect(replySteps(command(s), reply('accepted'), false, now).steps).toEqual([]);
    expect(replySteps(command('sent'), reply('progress'), false, now).steps).toEqual([]);
    expect(replySteps(command('sent'), reply('succeeded'), true, now).steps).toEqual([]);
  });
});
