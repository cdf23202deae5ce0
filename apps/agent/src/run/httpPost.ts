import http from 'node:http';
import https from 'node:https';

/** An HTTP answer: its status and its body as text. */
export interface HttpAnswer {
  status: number;
  body: string;
}

/**
 * POSTs a JSON body through `node:http` or `node:https`. Not `fetch`: Node's fetch (undici) parses HTTP with
 * WebAssembly, which the agent's V8 lite mode turns off (docs/decisions/0021-agent-runtime.md). Rejects when no
 * answer came within `timeoutMs` (connection, sending and answer together), or when `signal` aborts it.
 */
export function postJson(
  url: URL,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<HttpAnswer> {
  const send = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        },
        // One call at a time, minutes apart: a kept-alive socket would only hold memory and a server slot.
        agent: false,
        signal,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    const timer = setTimeout(
      () => request.destroy(new Error(`no answer from ${url.host} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    request.on('close', () => clearTimeout(timer));
    request.on('error', reject);
    request.end(body);
  });
}
