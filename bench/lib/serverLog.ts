import { readFileSync } from 'node:fs';

/** One pino line as the server writes it (the fields the summary reads). */
interface LogLine {
  level?: number;
  msg?: string;
  route?: string;
  defect?: string;
  err?: { type?: string; message?: string; stack?: string; code?: string };
}

/** pino's levels: 40 warn, 50 error, 60 fatal. */
const WARN = 40;
const ERROR = 50;

/**
 * The first `frames` frames of a stack on one line, the project's own first (a library's or Node's frames say
 * little of which of our calls failed), their paths from the repository's root.
 */
const stackHead = (stack: string | undefined, frames = 3) => {
  const all = (stack ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('at '))
    .map((l) => l.replace(/^at /, '').replace(/\(\/.*?\/((?:apps|bench|packages)\/)/, '($1'));
  const own = all.filter((l) => !l.includes('node_modules') && !l.includes('node:internal'));
  return [...new Set(own.length > 0 ? own : all)].slice(0, frames).join(' < ');
};

/**
 * An error's message made short enough to group by: a failed query's statement cut to its start and its
 * parameters left out (they differ each time), the database's own message kept.
 */
const shortMessage = (message: string) => {
  const failed = /^Failed query: (.*?)\nparams: .*: (.+)$/s.exec(message);
  return failed ? `Failed query: ${failed[1]!.slice(0, 80)}…: ${failed[2]}` : message.slice(0, 300);
};

/**
 * What the server's log (`startBenchServer`'s log file) says went wrong: every error it logged (a 5xx answer's
 * `request failed` with its route, a job's failure, an unhandled rejection), grouped by route, message and stack
 * head with their count, and the warnings counted by message. So that a bench's 5xx is never "cause unknown".
 */
export function serverLogSummary(file: string): { errors: number; warnings: number; lines: string[] } {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { errors: 0, warnings: 0, lines: [`  server log: ${file} could not be read`] };
  }
  const errors = new Map<string, number>();
  const warnings = new Map<string, number>();
  const other: string[] = [];
  let errorCount = 0;
  let warningCount = 0;
  for (const raw of text.split('\n')) {
    if (!raw.trim()) continue;
    let line: LogLine;
    try {
      line = JSON.parse(raw) as LogLine;
    } catch {
      // Not pino's: kept as written (a crash's own output).
      other.push(raw.slice(0, 300));
      continue;
    }
    const level = line.level ?? 0;
    if (level >= ERROR) {
      errorCount++;
      const what = line.err
        ? `${line.err.type ?? 'Error'}${line.err.code ? ` ${line.err.code}` : ''}: ${shortMessage(line.err.message ?? '')}`
        : '';
      const key = [
        line.route ?? '(no route)',
        `${line.msg ?? ''}${line.defect ? ` [${line.defect}]` : ''}`,
        what,
        `at ${stackHead(line.err?.stack) || '(no stack)'}`,
      ].join(' | ');
      errors.set(key, (errors.get(key) ?? 0) + 1);
    } else if (level >= WARN) {
      warningCount++;
      const key = `${line.msg ?? ''}${line.err?.message ? `: ${line.err.message}` : ''}`.slice(0, 200);
      warnings.set(key, (warnings.get(key) ?? 0) + 1);
    }
  }
  const lines = [
    ...[...errors].sort((a, b) => b[1] - a[1]).map(([key, n]) => `  server error ×${n}: ${key}`),
    ...[...warnings]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([key, n]) => `  server warning ×${n}: ${key}`),
    ...other.slice(0, 10).map((l) => `  server output: ${l}`),
  ];
  return { errors: errorCount, warnings: warningCount, lines };
}
