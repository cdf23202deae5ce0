import { mailsTo } from './mailbox.ts';

/** Calls of the accounts API that tests use to prepare users (docs/api-accounts.md). */

const CLIENT = `Basic ${Buffer.from('console:console-secret').toString('base64')}`;
export const baseUrl = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright.config.ts');
  return url;
};
export const adminPassword = () => process.env.E2E_ADMIN_PASSWORD ?? '';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function call<T>(path: string, init: RequestInit = {}): Promise<Envelope<T>> {
  const res = await fetch(`${baseUrl()}/prod-api${path}`, init);
  const body = (await res.json()) as Envelope<T>;
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** A name nobody has used in this run. */
let counter = 0;
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

export async function apiLogin(username: string, password: string) {
  const form = new FormData();
  form.append('username', username);
  form.append('password', password);
  return call<{ token: { access_token: string; token_type: string } }>('/authentication/form', {
    method: 'POST',
    headers: { Authorization: CLIENT },
    body: form,
  });
}

/** The code most recently mailed to `email`, waiting for the mail to arrive. */
export async function latestCode(email: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mail = mailsTo(email).at(-1);
    const code = mail && /(\d{6})/.exec(mail.text)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code mailed to ${email}`);
}

export async function requestCode(email: string): Promise<string> {
  await call(`/user/manager/get/code?email=${encodeURIComponent(email)}`, {
    headers: { Authorization: CLIENT },
  });
  return latestCode(email);
}

/** A personal account, active at once. */
export async function createPersonalUser(password: string): Promise<{ userCode: string; email: string }> {
  const userCode = unique('u');
  const email = `${userCode}@example.com`;
  const code = await requestCode(email);
  await call('/user/manager/terminal/register', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      userCode,
      name: 'E2E User',
      email,
      phone: '13800138000',
      password,
      confirmPassword: password,
      code,
    }),
  });
  return { userCode, email };
}

/**
 * An enterprise account approved by the administrator: it has a mailed initial password and must change it at
 * its first sign-in.
 */
export async function createApprovedEnterprise(): Promise<{ userCode: string; password: string }> {
  const userCode = unique('e');
  const email = `${userCode}@example.com`;
  const code = await requestCode(email);
  await call('/user/manager/enterprise/register', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      userCode,
      companyName: 'Sunny Fields Ltd',
      creditCode: `91${String(Date.now()).slice(-13)}${String(counter++).padStart(3, '0')}`,
      contactName: 'Li Ming',
      email,
      phone: '13900139000',
      address: 'No. 1 Solar Road, Fuzhou',
      code,
    }),
  });
  const admin = await apiLogin('admin', adminPassword());
  const auth = { Authorization: `${admin.data.token.token_type} ${admin.data.token.access_token}` };
  const list = await call<unknown>('/user/manager/enterprise/list?status=pending&pageSize=200', {
    headers: auth,
  });
  const rows = (list as unknown as { rows: { userId: number; userCode: string }[] }).rows;
  const row = rows.find((r) => r.userCode === userCode);
  if (!row) throw new Error(`enterprise ${userCode} not pending`);
  await call('/user/manager/enterprise/audit', {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ userId: row.userId, approve: true, notes: 'ok' }),
  });
  for (let i = 0; i < 100; i++) {
    const mail = mailsTo(email).find((m) => /Initial password: (\S+)/.test(m.text));
    const password = mail && /Initial password: (\S+)/.exec(mail.text)?.[1];
    if (password) return { userCode, password };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no initial password mailed to ${email}`);
}

/** The administrator's Authorization header. */
export async function adminAuth(): Promise<Record<string, string>> {
  const admin = await apiLogin('admin', adminPassword());
  return { Authorization: `${admin.data.token.token_type} ${admin.data.token.access_token}` };
}

export async function disableUser(userCode: string): Promise<void> {
  await call(`/user/manager/update/unable?userCode=${encodeURIComponent(userCode)}`, {
    headers: await adminAuth(),
  });
}

/** Gives a user another role (e.g. 2, distributor) as the administrator. */
export async function bindRole(userCode: string, roleId: number): Promise<void> {
  const auth = await adminAuth();
  const row = await call<{ userId: number }>(
    `/user/manager/info/bycode?userCode=${encodeURIComponent(userCode)}`,
    {
      headers: auth,
    },
  );
  await call('/user/manager/bind/role', {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ userId: String(row.data.userId), roleId: String(roleId) }).toString(),
  });
}
