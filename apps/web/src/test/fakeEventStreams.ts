/**
 * The server's side of a push stream, under a test's control: each stream the console opens can be sent events
 * and dropped (as a server restart or a proxy's timeout ends it), and new ones refused for a while.
 */
export function fakeEventStreams() {
  const encoder = new TextEncoder();
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  let refusing = false;
  const latest = () => {
    const stream = streams.at(-1);
    if (!stream) throw new Error('no stream was opened');
    return stream;
  };
  return {
    /** How many streams the console opened. */
    get opened() {
      return streams.length;
    },
    /** What the server answers a request for the stream: an open stream, or 503 while refusing. */
    answer(signal?: AbortSignal | null): Response {
      if (refusing) return new Response(null, { status: 503 });
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          streams.push(controller);
          controller.enqueue(encoder.encode('retry: 5000\n\n'));
          // The console leaving (unmounting) ends its stream, as a real fetch's abort does.
          signal?.addEventListener('abort', () =>
            controller.error(new DOMException('aborted', 'AbortError')),
          );
        },
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    },
    /** Sends one event on the stream opened last. */
    send(event: string, data: unknown) {
      latest().enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    },
    /** Ends the stream opened last, as a server restart does. */
    drop() {
      latest().close();
    },
    /** Refuses (503) the streams asked for from now on, or opens them again. */
    refuse(on: boolean) {
      refusing = on;
    },
  };
}
