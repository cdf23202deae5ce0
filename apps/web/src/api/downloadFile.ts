import { API_BASE } from '../config/settings.ts';
import { storedLanguage } from '../i18n/language.ts';
import { refreshTokens } from './request.ts';
import { authorizationHeader } from './session.ts';

type Query = Record<string, string | number | undefined>;

/**
 * Downloads a file the server builds (an .xlsx export or template) with the user's token and saves it under
 * `fileName`, in the user's language. The request module reads JSON envelopes only; a workbook is bytes, so it is
 * fetched here. A 401 refreshes the tokens once, as the request module does; a refusal throws with the server's
 * message.
 */
export async function downloadFile(path: string, params: Query, fileName: string): Promise<void> {
  const qs = new URLSearchParams({ langType: storedLanguage() });
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') qs.set(k, String(v));
  const get = () => {
    const auth = authorizationHeader();
    return fetch(`${API_BASE}${path}?${qs.toString()}`, { headers: auth ? { Authorization: auth } : {} });
  };
  let response = await get();
  if (response.status === 401 && (await refreshTokens())) response = await get();
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { msg?: string } | null;
    throw new Error(body?.msg ?? response.statusText);
  }
  saveBlob(await response.blob(), fileName);
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
