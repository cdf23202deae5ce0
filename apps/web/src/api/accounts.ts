import type { UserInfo } from '../store/userStore.ts';
import { useTabsStore } from '../store/tabsStore.ts';
import { useUserStore } from '../store/userStore.ts';
import { AUTHENTICATION_CALLS, USER_CALLS } from '@solarops/contracts';
import { callEndpoint } from './callEndpoint.ts';
import { hasToken, type LoginData, saveLogin, session } from './session.ts';

/** The calls of the accounts API that the shell itself needs (docs/api-accounts.md). */

/** Signs in; stores the session only when the answer has a roleId (spec §4). Returns the answer either way. */
export async function login(username: string, password: string): Promise<LoginData> {
  const body = new FormData();
  // Spec §5: the username is trimmed before sign-in; the password is sent exactly as typed.
  body.append('username', username.trim());
  body.append('password', password);
  const data = await callEndpoint(AUTHENTICATION_CALLS.signIn, {
    multipart: body,
    auth: 'basic',
    quiet: true,
  });
  if (saveLogin(data)) useUserStore.getState().setWeakPassword(Boolean(data.weakPassword));
  return data;
}

/** The boot's early user-info call and the token it was made with. */
let early: { token: string | null; info: Promise<UserInfo> } | null = null;

/**
 * Asks for the signed-in user's info as the console starts, while its code still loads, so that a visit from
 * outside does not wait for the code before it asks. Quiet: a failure is asked again, with the usual messages, by
 * the guard's `fetchUserInfo`.
 */
export function prefetchUserInfo(): void {
  if (!hasToken()) return;
  const info: Promise<UserInfo> = callEndpoint(USER_CALLS.info, { quiet: true });
  info.catch(() => undefined);
  early = { token: session.get('access_token'), info };
}

/** The signed-in user's info: the boot's early answer when it is for this session, else a new call. */
export function fetchUserInfo(): Promise<UserInfo> {
  const boot = early;
  early = null;
  const ask = (): Promise<UserInfo> => callEndpoint(USER_CALLS.info);
  return boot && boot.token === session.get('access_token') ? boot.info.catch(ask) : ask();
}

/** Empties the session without navigating (spec §4 "reset token"). */
export function resetSession(): void {
  session.clear();
  useUserStore.getState().setInfo(null);
  useUserStore.getState().setWeakPassword(false);
  useTabsStore.getState().reset();
}

/** Logs out: the server revokes this session's refresh family, then the session is emptied (spec §4). */
export async function logout(): Promise<void> {
  await callEndpoint(AUTHENTICATION_CALLS.signOut, { quiet: true }).catch(() => undefined);
  resetSession();
}

export const changeInitialPassword = (oldPassword: string, newPassword: string) =>
  callEndpoint(USER_CALLS.changePassword, { body: { oldPassword, newPassword }, quiet: true });

export const sendEmailCode = (email: string) =>
  callEndpoint(USER_CALLS.emailCode, { query: { email }, auth: 'basic', quiet: true });
