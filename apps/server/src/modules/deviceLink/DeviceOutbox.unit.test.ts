import { describe, expect, it } from 'vitest';
import type { CommandMessage } from '@solarops/contracts';
import { DeviceOutbox, OUTBOX_MAX_PER_SERIAL, OUTBOX_TTL_MS, OutboxFull } from './DeviceOutbox.ts';

const cmd = (cmdId: string): CommandMessage => ({ cmdId, type: 'reboot', target: 'SOC000001', args: {} });

describe('the outbox of HTTP collectors', () => {
  it('hands each message out once, oldest first, to its own collector only', () => {
    const outbox = new DeviceOutbox(() => undefined);
    outbox.put('A', cmd('1'));
    outbox.put('B', cmd('2'));
    outbox.put('A', cmd('3'));
    expect(outbox.take('A')).toEqual([cmd('1'), cmd('3')]);
    expect(outbox.take('A')).toEqual([]);
    expect(outbox.size).toBe(1);
  });

  it('keeps one copy of a message sent again before it was taken', () => {
    const outbox = new DeviceOutbox(() => undefined);
    outbox.put('A', cmd('1'));
    outbox.put('A', cmd('2'));
    for (let i = 0; i < OUTBOX_MAX_PER_SERIAL * 2; i++) outbox.put('A', cmd('1'));
    expect(outbox.take('A')).toEqual([cmd('2'), cmd('1')]);
  });

  it('drops what waited past its time to live and tells the sender', () => {
    let clock = 1_000_000;
    const expired: [string, string][] = [];
    const outbox = new DeviceOutbox(
      (serial, m) => expired.push([serial, m.cmdId]),
      () => clock,
    );
    outbox.put('A', cmd('old'));
    clock += OUTBOX_TTL_MS / 2;
    outbox.put('A', cmd('young'));
    outbox.put('B', cmd('gone'));
    clock += OUTBOX_TTL_MS / 2;
    // At its expiry a message no longer goes out; the sweep drops the others that expired.
    expect(outbox.take('A')).toEqual([cmd('young')]);
    expect(expired).toEqual([['A', 'old']]);
    clock += OUTBOX_TTL_MS;
    outbox.sweep();
    expect(expired).toEqual([
      ['A', 'old'],
      ['B', 'gone'],
    ]);
    expect(outbox.size).toBe(0);
  });

  it('refuses a message beyond the bound of a collector and keeps those waiting', () => {
    const outbox = new DeviceOutbox(() => undefined);
    for (let i = 0; i < OUTBOX_MAX_PER_SERIAL; i++) outbox.put('A', cmd(String(i)));
    expect(() => outbox.put('A', cmd('one too many'))).toThrow(OutboxFull);
    expect(() => outbox.put('B', cmd('other'))).not.toThrow();
    expect(outbox.take('A').map((m) => m.cmdId)).toEqual(
      Array.from({ length: OUTBOX_MAX_PER_SERIAL }, (_, i) => String(i)),
    );
  });
});
