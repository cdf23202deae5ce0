import { randomBytes } from 'node:crypto';
import { luhnDigit, ROLE } from '@solarops/contracts';
import type { App } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import type { Database } from '../src/db/openDatabase.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { users } from '../src/modules/users/tables.ts';
import { multipart } from './multipart.ts';

/** A strong password the factories give by default. */
export const DEFAULT_PASSWORD = 'Sunny-day-2024';

// Hashing takes a while even at the tests' lower cost: one hash per distinct password per test file.
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  let h = hashes.get(password);
  if (!h) {
    h = hashPassword(password);
    hashes.set(password, h);
  }
  return h;
};

export interface TestUser {
  id: number;
  userCode: string;
  email: string;
  password: string;
  roleId: number;
  dealercode: string | null;
}

let seq = 0;

/** Inserts a user directly; every field has a sensible default. */
export async function createUser(
  db: Database,
  o: {
    roleId?: number;
    parent?: { id: number } | null;
    password?: string;
    userCode?: string;
    email?: string;
    phone?: string;
    name?: string;
    dealercode?: string | null;
    enabled?: boolean;
    status?: 'active' | 'pending' | 'refused';
    firstLogin?: boolean;
  } = {},
): Promise<TestUser> {
  seq += 1;
  const suffix = `${seq}${randomBytes(3).toString('hex')}`;
  const roleId = o.roleId ?? ROLE.endUser;
  const password = o.password ?? DEFAULT_PASSWORD;
  const userCode = o.userCode ?? `user${suffix}`;
  const email = o.email ?? `${userCode.toLowerCase()}@example.com`;
  const dealercode =
    o.dealercode !== undefined ? o.dealercode : roleId === ROLE.distributor ? `D${suffix}` : null;
  const [row] = await db
    .insert(users)
    .values({
      userCode,
      email,
      phone: o.phone ?? '13800138000',
      name: o.name ?? `User ${suffix}`,
      passwordHash: await hashOf(password),
      roleId,
      dealercode,
      parentId: o.parent?.id ?? null,
      enabled: o.enabled ?? true,
      status: o.status ?? 'active',
      firstLogin: o.firstLogin ?? false,
    })
    .returning({ id: users.id });
  return { id: row!.id, userCode, email, password, roleId, dealercode };
}

/** `Authorization: Basic` with the console's client id and secret. */
export const clientAuth = (config: Pick<Config, 'consoleClientId' | 'consoleClientSecret'>) =>
  `Basic ${Buffer.from(`${config.consoleClientId}:${config.consoleClientSecret}`).toString('base64')}`;

/** Signs in through the real `/authentication/form` (real scrypt) and returns the answer. */
export async function login(app: App, username: string, password: string, ip = '127.0.0.1') {
  const form = multipart({ username, password });
  return app.inject({
    method: 'POST',
    url: '/prod-api/authentication/form',
    headers: { ...form.headers, authorization: clientAuth(app.deps.config) },
    payload: form.payload,
    remoteAddress: ip,
  });
}

/** Signs `user` in and returns the headers of its authenticated calls, and its tokens. */
export async function loginAs(app: App, user: { userCode: string; password: string }) {
  const res = await login(app, user.userCode, user.password);
  if (res.statusCode !== 200) throw new Error(`login of ${user.userCode} failed: ${res.body}`);
  const { token } = res.json().data as {
    token: { access_token: string; refresh_token: string; token_type: string };
  };
  return {
    headers: { authorization: `${token.token_type} ${token.access_token}` },
    accessToken: token.access_token,
    refreshToken: token.refresh_token,
  };
}

/** A valid ICCID of `digits` digits (19 or 20): China's 8986 prefix, `n`'s digits, its Luhn check digit. */
export function validIccid(n: number, digits: 19 | 20 = 20): string {
  const body = `8986${String(n).padStart(digits - 5, '0')}`;
  return body + luhnDigit(body);
}
