import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';

/** A logger whose lines a test reads back, each parsed into `lines` (typed by what the test looks at). */
export function readableLog<Line>(level = 'info'): { logger: Logger; lines: Line[] } {
  const lines: Line[] = [];
  const logger = pino(
    { level },
    new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(chunk.toString()) as Line);
        done();
      },
    }),
  );
  return { logger, lines };
}
