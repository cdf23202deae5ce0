import { describe, expect, it } from 'vitest';
import { LineSlabs } from './LineSlabs.ts';

/** Takes room for `max` bytes, writes `text` into it and keeps it, as the ingest does for a batch. */
function write(slabs: LineSlabs, text: string, max = text.length + 10) {
  const { slab, room } = slabs.take(max);
  room.write(text, 'latin1');
  return { slab, lines: slabs.keep(slab, text.length) };
}

describe('line slabs', () => {
  it('gives each batch its own bytes: nothing written later changes lines not yet settled', () => {
    const slabs = new LineSlabs(64);
    const held = Array.from({ length: 10 }, (_, i) => ({
      text: `batch ${i} `.repeat(2),
      ...write(slabs, `batch ${i} `.repeat(2)),
    }));
    for (const h of held) expect(h.lines.toString('latin1')).toBe(h.text);
    // Settle every other batch, then write more: the others keep their bytes.
    held.filter((_, i) => i % 2 === 0).forEach((h) => slabs.release(h.slab));
    const more = Array.from({ length: 10 }, (_, i) => write(slabs, `later ${i} `.repeat(2)));
    held.filter((_, i) => i % 2 === 1).forEach((h) => expect(h.lines.toString('latin1')).toBe(h.text));
    more.forEach((m, i) => expect(m.lines.toString('latin1')).toBe(`later ${i} `.repeat(2)));
  });

  it('uses a slab again once every batch in it is settled and it is full', () => {
    const slabs = new LineSlabs(32);
    const a = write(slabs, 'a'.repeat(20));
    const b = write(slabs, 'b'.repeat(20)); // no room left in a's slab: a new one
    expect(b.slab).not.toBe(a.slab);
    slabs.release(a.slab);
    const c = write(slabs, 'c'.repeat(20)); // b's slab is full too: a's comes back
    expect(c.slab).toBe(a.slab);
    expect(b.lines.toString('latin1')).toBe('b'.repeat(20));
    // A slab still held is never handed out again.
    const d = write(slabs, 'd'.repeat(20));
    expect(d.slab).not.toBe(b.slab);
    expect(d.slab).not.toBe(c.slab);
  });

  it('gives a batch larger than a slab a buffer of its own', () => {
    const slabs = new LineSlabs(16);
    const big = write(slabs, 'x'.repeat(40));
    expect(big.lines.toString('latin1')).toBe('x'.repeat(40));
    slabs.release(big.slab);
    const small = write(slabs, 'y'.repeat(8), 8);
    expect(small.slab.buffer.length).toBe(16);
  });
});
