import { SYSTEM_CALLS } from '@solarops/contracts';
import { callEndpoint } from './callEndpoint.ts';

/** `GET /system/config`, quietly and without a session: the public settings (name, logo, language, notice). */
const call = () => callEndpoint(SYSTEM_CALLS.config, { auth: 'none', quiet: true });

/** How long the boot's answer stands in for a call: the layout's query keeps settings this long too [ms]. */
export const EARLY_SETTINGS_MS = 60_000;

let early: { answer: ReturnType<typeof call>; at: number } | null = null;

/**
 * Asks for the public settings as the console boots (a browser that never chose a language needs the default one
 * before the first screen). Its answer is kept for `fetchPublicSettings`, so that a full load asks once, not twice.
 */
export function askPublicSettingsEarly(): ReturnType<typeof call> {
  const answer = call();
  answer.catch(() => undefined);
  early = { answer, at: Date.now() };
  return answer;
}

/** The public settings: the boot's answer once while it is recent (a new call if it failed), else a new call. */
export function fetchPublicSettings(): ReturnType<typeof call> {
  const boot = early;
  early = null;
  return boot && Date.now() - boot.at < EARLY_SETTINGS_MS ? boot.answer.catch(call) : call();
}
