import { API_BASE } from '../../../config/settings.ts';
import { authorizationHeader } from '../../../api/session.ts';
import { storedLanguage } from '../../../i18n/language.ts';

type Query = Record<string, string | number | undefined>;

/**
 * Downloads a file the server builds (an .xlsx export or template) with the user's token and saves it under
 * `fileName`. The request module reads JSON envelopes only; a workbook is bytes, so it is fetched here.
 */
export async function downloadFile(path: string, params: Query, fileName: string): Promise<void> {
  const qs = new URLSearchParams({ langType: storedLanguage() });
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') qs.set(k, String(v));
  const headers: Record<string, string> = {};
  const auth = authorizationHeader();
  if (auth) headers.Authorization = auth;
  const response = await fetch(`${API_BASE}${path}?${qs.toString()}`, { headers });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { msg?: string } | null;
    throw new Error(body?.msg ?? response.statusText);
  }
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
