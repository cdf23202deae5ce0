import { useEffect, useRef } from 'react';
import { API_BASE } from '../config/settings.ts';
import { refreshTokens } from './request.ts';
import { authorizationHeader } from './session.ts';

/** One server-sent event: its `event:` name (`message` when none) and its `data:` lines joined. */
export interface StreamEvent {
  event: string;
  data: string;
}

/** Splits a server-sent event stream into its events (`event:` and `data:` lines, blank-line separated). */
export function parseEventStream(buffer: string): { events: StreamEvent[]; rest: string } {
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? '';
  const events = blocks.flatMap((block) => {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trim());
    }
    return data.length > 0 ? [{ event, data: data.join('\n') }] : [];
  });
  return { events, rest };
}

/** Waits before reconnecting a dropped stream [ms]. */
export const RECONNECT_MS = 5_000;

const open = (url: string, signal: AbortSignal, authorization: string | undefined) =>
  fetch(url, {
    headers: { Authorization: authorization ?? authorizationHeader() ?? '', Accept: 'text/event-stream' },
    signal,
  });

/**
 * Listens to a server push under `/prod-api` (server-sent events read through fetch, so that the token travels in
 * the Authorization header, not in the URL) and calls `onEvent` for each event. Reconnects after a drop, with a
 * refreshed token when the old one expired. `onReconnect` runs each time the stream opens again after a drop or
 * a refused attempt, so that a caller fetches at once what it would have been pushed meanwhile rather than at its
 * next poll; not on the first open, since the caller's queries have just fetched. `path` null: not listening.
 * `authorization` replaces the user's token (a wall opened by a display link); it is never refreshed.
 */
export function useEventStream(
  path: string | null,
  onEvent: (e: StreamEvent) => void,
  onReconnect?: () => void,
  authorization?: string,
): void {
  // The latest callbacks, so that a caller's new closures do not reconnect the stream.
  const handlers = useRef({ onEvent, onReconnect });
  useEffect(() => {
    handlers.current = { onEvent, onReconnect };
  });
  useEffect(() => {
    if (path === null) return;
    const url = `${API_BASE}${path}`;
    const abort = new AbortController();
    let timer: number | undefined;
    // Whether an attempt came before this one: a stream that opens after it catches up.
    let tried = false;
    const connect = async () => {
      const again = tried;
      tried = true;
      try {
        let res = await open(url, abort.signal, authorization);
        if (res.status === 401 && !authorization && (await refreshTokens()))
          res = await open(url, abort.signal, authorization);
        if (!res.ok || !res.body) throw new Error(String(res.status));
        if (again) handlers.current.onReconnect?.();
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const parsed = parseEventStream(buffer + value);
          buffer = parsed.rest;
          for (const e of parsed.events) handlers.current.onEvent(e);
        }
      } catch {
        // Dropped or refused: the caller's polling goes on; try again a little later.
      }
      if (!abort.signal.aborted) timer = window.setTimeout(() => void connect(), RECONNECT_MS);
    };
    void connect();
    return () => {
      abort.abort();
      window.clearTimeout(timer);
    };
  }, [path, authorization]);
}
