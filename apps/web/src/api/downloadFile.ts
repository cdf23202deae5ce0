import { API_BASE } from '../config/settings.ts';
import { storedLanguage } from '../i18n/language.ts';
import { refreshTokens } from './request.ts';
import { authorizationHeader } from './session.ts';

type Query = Record<string, string | number | undefined>;

/**
 * Fetches a file the server builds (an .xlsx export or template, a QR code) with the user's token, in the user's
 * language. The request module reads JSON envelopes only; a file is bytes, so it is fetched here. A 401 refreshes
 * the tokens once, as the request module does; a refusal throws with the server's message. With `body`, the file is
 * asked for by POST with that JSON (a report definition too rich for a query).
 */
export async function fetchFile(path: string, params: Query = {}, body?: unknown): Promise<Blob> {
  const qs = new URLSearchParams({ langType: storedLanguage() });
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') qs.set(k, String(v));
  const get = () => {
    const auth = authorizationHeader();
    const headers: Record<string, string> = auth ? { Authorization: auth } : {};
    if (body === undefined) return fetch(`${API_BASE}${path}?${qs.toString()}`, { headers });
    return fetch(`${API_BASE}${path}?${qs.toString()}`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  };
  let response = await get();
  if (response.status === 401 && (await refreshTokens())) response = await get();
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { msg?: string } | null;
    throw new Error(body?.msg ?? response.statusText);
  }
  return response.blob();
}

/** Downloads a file the server builds (`fetchFile`) and saves it under `fileName`. */
export async function downloadFile(
  path: string,
  params: Query,
  fileName: string,
  body?: unknown,
): Promise<void> {
  saveBlob(await fetchFile(path, params, body), fileName);
}

/** Hands `blob` to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
