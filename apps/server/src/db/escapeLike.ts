/**
 * `s` as a literal inside a LIKE/ILIKE pattern: its `%`, `_` and `\` stand for themselves. Every filter that builds
 * a pattern from what a user typed goes through it (`%${escapeLike(s)}%` for "contains", `${escapeLike(s)}%` for
 * "starts with"), so that typing `_` or `%` finds those characters instead of matching everything.
 */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
