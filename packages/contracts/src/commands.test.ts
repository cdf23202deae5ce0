import { describe, expect, it } from 'vitest';
import { COMMAND_STATES, TERMINAL_STATES, canTransition, type CommandState } from './commands.ts';

/**
 * The command state machine written out as the protocol document states it, independently of the table in
 * `commands.ts`: every pair of states is either here (allowed) or refused.
 */
const ALLOWED: readonly (readonly [CommandState, CommandState])[] = [
  ['queued', 'sent'],
  ['queued', 'expired'],
  ['queued', 'cancelled'],
  ['sent', 'acked'],
  ['sent', 'failed'],
  ['sent', 'expired'],
  ['acked', 'applied'],
  ['acked', 'failed'],
  ['acked', 'expired'],
  // A held firmware download of a cancelled rollout (never by a user: the cancel route takes queued ones only).
  ['acked', 'cancelled'],
];

const PAIRS = COMMAND_STATES.flatMap((from) => COMMAND_STATES.map((to) => [from, to] as const));

describe('the command state machine', () => {
  it('names seven states, four of them terminal', () => {
    expect(COMMAND_STATES).toEqual(['queued', 'sent', 'acked', 'applied', 'failed', 'expired', 'cancelled']);
    expect([...TERMINAL_STATES].sort()).toEqual(['applied', 'cancelled', 'expired', 'failed']);
  });

  it.each(PAIRS)('%s → %s is allowed exactly when the protocol says so', (from, to) => {
    const allowed = ALLOWED.some(([f, t]) => f === from && t === to);
    expect(canTransition(from, to)).toBe(allowed);
  });

  it('leaves no terminal state and never goes back or stays', () => {
    for (const [from, to] of PAIRS) {
      if (!canTransition(from, to)) continue;
      expect(TERMINAL_STATES).not.toContain(from);
      expect(COMMAND_STATES.indexOf(to)).toBeGreaterThan(COMMAND_STATES.indexOf(from));
    }
  });

  it('cancels only a command not yet sent or acknowledged (held), and never applies without an ack', () => {
    expect(COMMAND_STATES.filter((s) => canTransition(s, 'cancelled'))).toEqual(['queued', 'acked']);
    expect(COMMAND_STATES.filter((s) => canTransition(s, 'applied'))).toEqual(['acked']);
  });
});
