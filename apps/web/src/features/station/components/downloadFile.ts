import { refreshTokens } from '../../../api/request.ts';
import { authorizationHeader } from '../../../api/session.ts';
import { API_BASE } from '../../../config/settings.ts';
import { storedLanguage } from '../../../i18n/language.ts';

/**
 * Fetches a file answer (an .xlsx export) with the user's token and hands it to the browser as a download.
 * The envelope interpreter reads JSON only, so a file call goes through here; a 401 refreshes once as there.
 */
export async function downloadFile(
  path: string,
  params: Record<string, string | number | undefined>,
  filename: string,
): Promise<void> {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') qs.append(k, String(v));
  qs.append('langType', storedLanguage());
  const url = `${API_BASE}${path}?${qs.toString()}`;
  const get = () => fetch(url, { headers: { Authorization: authorizationHeader() ?? '' } });
  let response = await get();
  if (response.status === 401 && (await refreshTokens())) response = await get();
  if (!response.ok) throw new Error(String(response.status));
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(link.href);
}
