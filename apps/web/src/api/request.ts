import {
  API_BASE,
  EMPTY_RESPONSE_MESSAGE_SECONDS,
  RELOGIN_CODES,
  REQUEST_TIMEOUT_MS,
} from '../config/settings.ts';
import { DISPLAY_AUTH_SCHEME, OAUTH_CALLS, type EndpointBody, type EntryOf } from '@solarops/contracts';
import { basicClientHeader } from '../config/consoleClient.ts';
import { storedLanguage } from '../i18n/language.ts';
import { t } from '../i18n/i18n.ts';
import { ApiError } from './ApiError.ts';
import { notifier } from './notifier.ts';
import { authorizationHeader, saveTokens, session } from './session.ts';

/** The envelope every answer keeps (ARCHITECTURE §3). */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
export interface PageEnvelope<T> {
  code: number;
  msg: string;
  total: number;
  rows: T[];
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query parameters; undefined and null are left out. */
  params?: Query;
  /** A JSON body. */
  json?: unknown;
  /** A form body (`application/x-www-form-urlencoded`). */
  form?: Record<string, string | number | boolean | undefined>;
  /** A multipart body. */
  multipart?: FormData;
  /**
   * `bearer` (default) sends the user's token; `basic` the console client's; `none` nothing; `{ display }` a display
   * link's token (the walls, decision 0013), never refreshed.
   */
  auth?: 'bearer' | 'basic' | 'none' | { display: string };
  /** Background calls (the alarm ticker) fail silently: no message, no dialog. */
  quiet?: boolean;
  /** Headers a call needs besides the ones set here (an `Idempotency-Key`). */
  headers?: Record<string, string>;
}

/** Calls waiting on the one refresh in flight (spec §8; docs/api-accounts.md). */
let refreshing: Promise<boolean> | null = null;
/** The re-login dialog is shown once however many calls fail together. */
let reloginOpen: Promise<void> | null = null;

function buildUrl(path: string, params?: Query): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!params) return url;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) qs.append(k, String(v));
  const s = qs.toString();
  return s ? `${url}?${s}` : url;
}

function buildInit(options: RequestOptions): RequestInit {
  const headers: Record<string, string> = {
    ...options.headers,
    Accept: 'application/json',
    'Accept-Language': storedLanguage(),
  };
  const auth = options.auth ?? 'bearer';
  if (auth === 'bearer') {
    const header = authorizationHeader();
    if (header) headers.Authorization = header;
  } else if (auth === 'basic') {
    headers.Authorization = basicClientHeader();
  } else if (typeof auth === 'object') {
    headers.Authorization = displayAuthorization(auth.display);
  }
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(options.form)) if (v !== undefined) form.append(k, String(v));
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = form.toString();
  } else if (options.multipart) {
    body = options.multipart;
  }
  return {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    credentials: 'same-origin',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  };
}

interface RawAnswer {
  status: number;
  body: Record<string, unknown> | null;
}

async function send(path: string, options: RequestOptions): Promise<RawAnswer> {
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.params), buildInit(options));
  } catch (e) {
    const timedOut = e instanceof DOMException && e.name === 'TimeoutError';
    throw new ApiError(0, 0, t(timedOut ? 'request.timeout' : 'request.network'));
  }
  const text = await response.text();
  if (!text) return { status: response.status, body: null };
  try {
    const parsed: unknown = JSON.parse(text);
    return {
      status: response.status,
      body: parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null,
    };
  } catch {
    return { status: response.status, body: null };
  }
}

/**
 * Exchanges the refresh token once for every call that met a 401 at the same time; resolves true when new
 * tokens are stored. Refresh tokens rotate, so two parallel exchanges would revoke the family.
 */
export function refreshTokens(): Promise<boolean> {
  if (refreshing) return refreshing;
  const refreshToken = session.get('refresh_token');
  if (!refreshToken) return Promise.resolve(false);
  refreshing = (async () => {
    try {
      // Sent here, not through callEndpoint: its own 401 must end the session, never start another refresh.
      const form: EndpointBody<EntryOf<typeof OAUTH_CALLS.refresh>> = {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      };
      const answer = await send(OAUTH_CALLS.refresh.path, {
        method: OAUTH_CALLS.refresh.method,
        auth: 'basic',
        form,
      });
      const data = answer.body?.data as
        { tokenType?: string; value?: string; refreshToken?: { value?: string } } | undefined;
      if (answer.status !== 200 || !data?.value || !data.refreshToken?.value) return false;
      saveTokens(data.tokenType ?? 'bearer', data.value, data.refreshToken.value);
      return true;
    } catch {
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

function showRelogin(): Promise<void> {
  if (!reloginOpen) {
    reloginOpen = notifier()
      .confirmRelogin()
      .finally(() => {
        reloginOpen = null;
      });
  }
  return reloginOpen;
}

const isRelogin = (code: number) => RELOGIN_CODES.includes(code);

/** The Authorization header of a wall opened by a display link. */
export const displayAuthorization = (token: string) => `${DISPLAY_AUTH_SCHEME} ${token}`;

/** The one request function: interprets the envelope and maps codes to behaviour (STYLE §6). */
async function call(path: string, options: RequestOptions): Promise<Record<string, unknown>> {
  let answer = await send(path, options);
  const auth = options.auth ?? 'bearer';
  const codeOf = (a: RawAnswer) => (typeof a.body?.code === 'number' ? a.body.code : a.status);

  if (auth === 'bearer' && answer.status === 401 && codeOf(answer) === 401) {
    const hadToken = Boolean(session.get('access_token'));
    if (hadToken && (await refreshTokens())) {
      answer = await send(path, options);
    } else if (hadToken) {
      session.clear();
      notifier().toLogin();
      throw new ApiError(401, 401, t('request.sessionExpired'));
    }
  }

  if (answer.body === null) {
    if (!options.quiet) notifier().error(t('request.empty'), EMPTY_RESPONSE_MESSAGE_SECONDS);
    throw new ApiError(answer.status, answer.status, t('request.empty'));
  }
  const code = codeOf(answer);
  const msg = typeof answer.body.msg === 'string' && answer.body.msg ? answer.body.msg : t('request.failed');
  if (answer.status >= 200 && answer.status < 300 && (code === 200 || code === 0)) return answer.body;

  const fieldErrors = Array.isArray(answer.body.errors)
    ? (answer.body.errors as { field: string; message: string }[])
    : [];
  const error = new ApiError(answer.status, code, msg, fieldErrors);
  if (!options.quiet) {
    if (isRelogin(code)) void showRelogin();
    else notifier().error(fieldErrors[0]?.message ?? msg);
  }
  throw error;
}

/** A call answering `{ code, msg, data }`; resolves to `data`. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const body = await call(path, options);
  return body.data as T;
}

/** A call answering a page `{ code, msg, total, rows }`. */
export async function requestPage<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ total: number; rows: T[] }> {
  const body = await call(path, options);
  return { total: Number(body.total ?? 0), rows: (body.rows as T[] | undefined) ?? [] };
}

/** Errors that call sites show inline take the message from here. */
export const errorMessage = (e: unknown): string => (e instanceof Error ? e.message : String(e));
