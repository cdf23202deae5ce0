/**
 * A field tracer's curve as CSV: one point a line, voltage then current, separated by a comma, semicolon or tab;
 * header and comment lines (anything not starting with a number) are skipped. Points come back in sweep order.
 *
 * @returns the points [V, A], or the 1-based line number of the first line that starts with a number but is not a
 * point
 */
export function parseTracerCsv(text: string): { points: [number, number][] } | { badLine: number } {
  const points: [number, number][] = [];
  const lines = text.split(/\r?\n/);
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (!/^[-+]?\d/.test(line)) continue;
    const cells = line.split(/[,;\t]/).map((c) => Number(c.trim()));
    if (cells.length < 2 || !Number.isFinite(cells[0]) || !Number.isFinite(cells[1]))
      return { badLine: i + 1 };
    points.push([cells[0]!, cells[1]!]);
  }
  return { points };
}
