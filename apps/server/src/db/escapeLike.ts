/** `s` as a literal inside a LIKE/ILIKE pattern: its `%`, `_` and `\` stand for themselves. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An ILIKE pattern matching values that contain `s`. */
export const containing = (s: string) => `%${escapeLike(s)}%`;
