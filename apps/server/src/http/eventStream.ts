import type { ServerResponse } from 'node:http';

/** A comment line every so often keeps proxies from closing an idle stream [ms]. */
const HEARTBEAT_MS = 25_000;

export interface EventStream {
  /** Writes one event (`event: name`, `data: JSON`), unless the stream has ended. */
  send(event: string, data: unknown): void;
  /** Ends the stream (idempotent); `onEnd` runs once. */
  end(): void;
}

/**
 * Opens a server-sent-events answer on a hijacked response: the headers, a retry hint, a heartbeat, and one end
 * whether the client leaves or the server closes.
 */
export function openEventStream(res: ServerResponse, onEnd: () => void): EventStream {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Reverse proxies (nginx) must not buffer the stream.
    'x-accel-buffering': 'no',
  });
  res.write('retry: 5000\n\n');
  const ping = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(ping);
    if (!res.writableEnded) res.end();
    onEnd();
  };
  res.on('close', end);
  return {
    send(event, data) {
      if (!ended && !res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end,
  };
}
