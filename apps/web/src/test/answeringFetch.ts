import { vi } from 'vitest';

/** A call the console made, as tests compare them: its method, path (with `/prod-api`) and JSON body. */
export interface SentCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Stubs `fetch` as a server that answers every call with `body` (JSON) and `status`. Returns the calls made, in
 * order, for a test to check what the console sent.
 */
export function stubAnsweringFetch(body: object, status = 200): SentCall[] {
  const sent: SentCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({
        method: init?.method ?? 'GET',
        path: new URL(String(input), 'http://x').pathname,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return sent;
}
