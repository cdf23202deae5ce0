import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { installErrorHandler } from './errorHandler.ts';

/**
 * The server logs at `warn` in production, where no request line names the route: a 500's error line must say
 * which route failed, beside the error's message and stack, or its cause cannot be found from the log.
 */
describe('the log line of a failed request', () => {
  it('names the route, the error and its stack, and the answer tells none of it', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger: FastifyBaseLogger = pino({ level: 'warn' }, sink);
    const app = Fastify({ loggerInstance: logger });
    installErrorHandler(app);
    app.post('/prod-api/commands/:kind', () => {
      throw new Error('the pool is exhausted');
    });
    const res = await app.inject({ method: 'POST', url: '/prod-api/commands/read?token=secret-token' });
    await app.close();

    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('pool');
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const failed = logged.find((l) => l.msg === 'request failed');
    expect(failed?.route).toBe('POST /prod-api/commands/:kind');
    const err = failed?.err as { message: string; stack: string };
    expect(err.message).toBe('the pool is exhausted');
    expect(err.stack).toContain('errorHandler.unit.test.ts');
    expect(lines.join('')).not.toContain('secret-token');
  });
});
