import type { AUTHENTICATION_CALLS, EndpointData, EntryOf } from '@solarops/contracts';

/**
 * Session values kept in session storage under the spec's keys (spec §3). The password is never stored: the
 * weak-password check is the server's `weakPassword` flag at sign-in (ARCHITECTURE §3).
 */
export const SESSION_KEYS = [
  'roles',
  'userCode',
  'access_token',
  'refresh_token',
  'token_type',
  'userId',
  'roleId',
  'firstLogin',
  'logo',
  'menuList1',
] as const;
export type SessionKey = (typeof SESSION_KEYS)[number];

/** What the sign-in answer carries (docs/api-accounts.md): the contracts' answer of the sign-in entry. */
export type LoginData = EndpointData<EntryOf<typeof AUTHENTICATION_CALLS.signIn>>;

export const session = {
  get(key: SessionKey): string | null {
    return sessionStorage.getItem(key);
  },
  set(key: SessionKey, value: string): void {
    sessionStorage.setItem(key, value);
  },
  remove(key: SessionKey): void {
    sessionStorage.removeItem(key);
  },
  /** Logout and token reset empty the whole session storage (spec §4). */
  clear(): void {
    sessionStorage.clear();
  },
};

export const hasToken = (): boolean => Boolean(session.get('access_token'));

/** `Authorization: <token_type> <access_token>`, or undefined when signed out. */
export function authorizationHeader(): string | undefined {
  const token = session.get('access_token');
  if (!token) return undefined;
  return `${session.get('token_type') ?? 'bearer'} ${token}`;
}

/** The route names the signed-in user may see (session key menuList1). */
export function storedMenuList(): string[] {
  const raw = session.get('menuList1');
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Stores a successful sign-in. Spec §4: only an answer with a roleId counts; otherwise nothing is stored and
 * false is returned. Roles are always `admin` on the client (spec §6); the server checks real permissions.
 */
export function saveLogin(data: Partial<LoginData> | null | undefined): boolean {
  if (!data || data.roleId === undefined || data.roleId === null || !data.token) return false;
  session.set('access_token', data.token.access_token);
  session.set('refresh_token', data.token.refresh_token);
  session.set('token_type', data.token.token_type);
  session.set('roles', JSON.stringify(['admin']));
  session.set('userCode', data.username ?? '');
  session.set('userId', String(data.id ?? ''));
  session.set('roleId', String(data.roleId));
  session.set('firstLogin', String(Boolean(data.firstLogin)));
  session.set('menuList1', JSON.stringify(data.menuList ?? []));
  return true;
}

/** Stores rotated tokens from `POST /oauth/token`. */
export function saveTokens(tokenType: string, accessToken: string, refreshToken: string): void {
  session.set('token_type', tokenType);
  session.set('access_token', accessToken);
  session.set('refresh_token', refreshToken);
}
