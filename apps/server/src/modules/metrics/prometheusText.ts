/** One metric family in Prometheus's text exposition format (version 0.0.4). */
export interface MetricFamily {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'summary';
  samples: { labels?: Record<string, string>; value: number }[];
}

const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');

/** The families as the text a Prometheus server scrapes: HELP and TYPE lines, then one line per sample. */
export function prometheusText(families: readonly MetricFamily[]): string {
  const lines: string[] = [];
  for (const f of families) {
    lines.push(
      `# HELP ${f.name} ${f.help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}`,
      `# TYPE ${f.name} ${f.type}`,
    );
    for (const s of f.samples) {
      const labels = Object.entries(s.labels ?? {});
      const labelText =
        labels.length === 0 ? '' : `{${labels.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}`;
      const value = Number.isFinite(s.value)
        ? String(s.value)
        : s.value > 0
          ? '+Inf'
          : s.value < 0
            ? '-Inf'
            : 'NaN';
      lines.push(`${f.name}${labelText} ${value}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
