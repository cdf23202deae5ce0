import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installNotifier } from './notifier.ts';
import { request } from './request.ts';
import { session } from './session.ts';

interface Seen {
  method: string;
  url: string;
  authorization: string | null;
  body: string | null;
}

/**
 * A small stand-in for the server's token rules: access token `valid-N` works while N is the current
 * generation; `/oauth/token` with the current refresh token issues the next generation.
 */
function fakeServer(
  options: { refreshWorks?: boolean; answer?: (url: string) => Response | undefined } = {},
) {
  const seen: Seen[] = [];
  let generation = 1;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    seen.push({
      method: init?.method ?? 'GET',
      url,
      authorization: headers.get('Authorization'),
      body: init?.body ? String(init.body) : null,
    });
    // Let concurrent calls pile up before any answer, as they would over a network.
    await new Promise((r) => setTimeout(r, 0));
    const special = options.answer?.(url);
    if (special) return special;
    if (url === '/prod-api/oauth/token') {
      const form = new URLSearchParams(String(init?.body));
      if (options.refreshWorks === false || form.get('refresh_token') !== `refresh-${generation}`)
        return json(401, { code: 401, msg: 'bad refresh', data: null });
      generation += 1;
      return json(200, {
        code: 200,
        msg: 'ok',
        data: {
          tokenType: 'bearer',
          value: `valid-${generation}`,
          expiresIn: 1800,
          refreshToken: { value: `refresh-${generation}` },
        },
      });
    }
    if (headers.get('Authorization') !== `bearer valid-${generation}`)
      return json(401, { code: 401, msg: 'expired', data: null });
    return json(200, { code: 200, msg: 'ok', data: { url } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { seen };
}

const notifier = { error: vi.fn(), confirmRelogin: vi.fn(async () => undefined), toLogin: vi.fn() };

beforeEach(() => {
  installNotifier(notifier);
  session.set('token_type', 'bearer');
  session.set('access_token', 'valid-1');
  session.set('refresh_token', 'refresh-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('request client (spec §7, §8)', () => {
  it('calls under /prod-api with the Authorization header from session storage', async () => {
    const { seen } = fakeServer();
    await expect(request('/user/manager/info', { params: { a: 1, b: undefined } })).resolves.toEqual({
      url: '/prod-api/user/manager/info?a=1',
    });
    expect(seen[0]).toMatchObject({ method: 'GET', authorization: 'bearer valid-1' });
  });

  it('refreshes once for concurrent calls that meet an expired token, then retries each once', async () => {
    session.set('access_token', 'expired');
    const { seen } = fakeServer();
    const results = await Promise.all([request('/a'), request('/b'), request('/c')]);
    expect(results.map((r) => (r as { url: string }).url)).toEqual([
      '/prod-api/a',
      '/prod-api/b',
      '/prod-api/c',
    ]);
    expect(seen.filter((s) => s.url === '/prod-api/oauth/token')).toHaveLength(1);
    expect(seen.filter((s) => s.url === '/prod-api/a')).toHaveLength(2);
    expect(session.get('access_token')).toBe('valid-2');
    expect(session.get('refresh_token')).toBe('refresh-2');
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('sends the refresh with the console client and the form of spec §7', async () => {
    session.set('access_token', 'expired');
    const { seen } = fakeServer();
    await request('/a');
    const refresh = seen.find((s) => s.url === '/prod-api/oauth/token');
    expect(refresh?.authorization).toBe(`Basic ${btoa('console:console-secret')}`);
    expect(refresh?.body).toBe('grant_type=refresh_token&refresh_token=refresh-1');
  });

  it('clears the session and goes to sign-in when the refresh fails', async () => {
    session.set('access_token', 'expired');
    fakeServer({ refreshWorks: false });
    await expect(request('/a')).rejects.toMatchObject({ status: 401 });
    expect(notifier.toLogin).toHaveBeenCalledTimes(1);
    expect(session.get('access_token')).toBeNull();
    expect(session.get('refresh_token')).toBeNull();
  });

  it('shows the re-login dialog once for codes 50008, 50012 and 50014', async () => {
    for (const code of [50008, 50012, 50014]) {
      vi.clearAllMocks();
      // The dialog stays open until the user chooses; calls failing meanwhile do not open another.
      let choose: () => void = () => undefined;
      notifier.confirmRelogin.mockImplementationOnce(
        () => new Promise<undefined>((r) => (choose = () => r(undefined))),
      );
      fakeServer({
        answer: () => new Response(JSON.stringify({ code, msg: 'revoked', data: null }), { status: 401 }),
      });
      await Promise.allSettled([request('/a'), request('/b')]);
      expect(notifier.confirmRelogin).toHaveBeenCalledTimes(1);
      expect(notifier.error).not.toHaveBeenCalled();
      choose();
    }
  });

  it('shows an empty answer for 5 seconds', async () => {
    fakeServer({ answer: () => new Response('', { status: 200 }) });
    await expect(request('/a')).rejects.toThrow();
    expect(notifier.error).toHaveBeenCalledWith(expect.any(String), 5);
  });

  it('shows the server’s message for other errors, or the first field message of a 400', async () => {
    fakeServer({
      answer: (url) =>
        url.endsWith('/a')
          ? new Response(JSON.stringify({ code: 409, msg: 'already exists', data: null }), { status: 409 })
          : new Response(
              JSON.stringify({
                code: 400,
                msg: 'invalid',
                data: null,
                errors: [{ field: 'email', message: 'bad email' }],
              }),
              { status: 400 },
            ),
    });
    await expect(request('/a')).rejects.toMatchObject({ code: 409, message: 'already exists' });
    expect(notifier.error).toHaveBeenLastCalledWith('already exists');
    await expect(request('/b')).rejects.toMatchObject({
      code: 400,
      fieldErrors: [{ field: 'email', message: 'bad email' }],
    });
    expect(notifier.error).toHaveBeenLastCalledWith('bad email');
  });

  it('keeps quiet calls quiet', async () => {
    fakeServer({
      answer: () =>
        new Response(JSON.stringify({ code: 404, msg: 'not found', data: null }), { status: 404 }),
    });
    await expect(request('/alarm/manager/total', { quiet: true })).rejects.toMatchObject({ status: 404 });
    expect(notifier.error).not.toHaveBeenCalled();
  });
});
