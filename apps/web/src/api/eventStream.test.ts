import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { fakeEventStreams } from '../test/fakeEventStreams.ts';
import { RECONNECT_MS, parseEventStream, useEventStream } from './eventStream.ts';

describe('the server push stream parser', () => {
  it('splits events, keeps a partial one for the next chunk and skips comments', () => {
    const first = parseEventStream(
      'retry: 5000\n\n: ping\n\nevent: alarm\ndata: [{"alarmId":7}]\n\nevent: chan',
    );
    expect(first.events).toEqual([{ event: 'alarm', data: '[{"alarmId":7}]' }]);
    const second = parseEventStream(`${first.rest}ged\ndata: [{"alarmId":7}]\n\n`);
    expect(second.events).toEqual([{ event: 'changed', data: '[{"alarmId":7}]' }]);
    expect(second.rest).toBe('');
  });
});

describe('the server push stream', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reconnects after a drop and only then asks its listener to catch up, once per reconnection', async () => {
    // Only the reconnection's wait is under the test's hand.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const server = fakeEventStreams();
    const asked = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => server.answer(init?.signal));
    vi.stubGlobal('fetch', asked);
    const events: unknown[] = [];
    const onReconnect = vi.fn();
    const waitReconnect = () => act(() => vi.advanceTimersByTimeAsync(RECONNECT_MS));
    const { unmount } = renderHook(() =>
      useEventStream('/alarm/manager/stream', (e) => events.push(JSON.parse(e.data)), onReconnect),
    );

    // First open: the listener's own queries have just fetched, nothing to catch up.
    await vi.waitFor(() => expect(server.opened).toBe(1));
    server.send('alarm', [{ alarmId: 1 }]);
    await vi.waitFor(() => expect(events).toEqual([[{ alarmId: 1 }]]));
    expect(onReconnect).not.toHaveBeenCalled();

    // The server restarts: the stream ends, and its first attempt to come back is refused.
    server.refuse(true);
    server.drop();
    await waitReconnect();
    await vi.waitFor(() => expect(asked).toHaveBeenCalledTimes(2));
    expect(server.opened).toBe(1);
    expect(onReconnect).not.toHaveBeenCalled();

    // The next attempt opens: the listener catches up once, and pushes flow again.
    server.refuse(false);
    await waitReconnect();
    await vi.waitFor(() => expect(server.opened).toBe(2));
    expect(onReconnect).toHaveBeenCalledTimes(1);
    server.send('alarm', [{ alarmId: 2 }]);
    await vi.waitFor(() => expect(events).toEqual([[{ alarmId: 1 }], [{ alarmId: 2 }]]));

    // A second drop, a second catch-up.
    server.drop();
    await waitReconnect();
    await vi.waitFor(() => expect(server.opened).toBe(3));
    expect(onReconnect).toHaveBeenCalledTimes(2);

    // Closed by the console itself (the page left): no reconnection, no catch-up.
    unmount();
    await waitReconnect();
    expect(server.opened).toBe(3);
    expect(onReconnect).toHaveBeenCalledTimes(2);
  });
});
