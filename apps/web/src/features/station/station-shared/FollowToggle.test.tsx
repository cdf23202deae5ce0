import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { FollowRow } from '@solarops/contracts';
import { changeLanguage } from '../../../i18n/i18n.ts';
import type { SentCall } from '../../../test/answeringFetch.ts';
import { FollowToggle } from './FollowToggle.tsx';

/** A server that keeps the user's follows: the list answers what the follow and unfollow calls left. */
function stubFollowServer(
  initial: Pick<FollowRow, 'kind' | 'target'>[],
  answered: Promise<void> = Promise.resolve(),
): SentCall[] {
  let follows = initial.map((f) => ({ ...f, followedAt: '2026-11-29T03:00:00.000Z' }));
  const sent: SentCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://x');
      const method = init?.method ?? 'GET';
      const body = init?.body
        ? (JSON.parse(String(init.body)) as Pick<FollowRow, 'kind' | 'target'>)
        : undefined;
      sent.push({ method, path: url.pathname + url.search, body });
      if (method !== 'GET') await answered;
      if (method === 'POST' && body) follows.push({ ...body, followedAt: '2026-11-30T03:00:00.000Z' });
      if (method === 'DELETE') {
        const [kind, target] = [url.searchParams.get('kind'), url.searchParams.get('target')];
        follows = follows.filter((f) => f.kind !== kind || f.target !== target);
      }
      const data = url.pathname.endsWith('/follow/list') ? follows : null;
      return Response.json({ code: 200, msg: 'success', data });
    }),
  );
  return sent;
}

const renderToggles = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FollowToggle kind="plant" target="7" iconOnly />
      <FollowToggle kind="collector" target="SOC213800015" />
    </QueryClientProvider>,
  );

afterEach(async () => {
  vi.unstubAllGlobals();
  cleanup();
  await changeLanguage('en');
});

// The plant's star is named by its action alone (its tooltip); the collector's button by its icon and action.
describe('following a plant or a collector', () => {
  it('follows a plant from its star and unfollows a collector from its button, each drawn as the server keeps it', async () => {
    await changeLanguage('en');
    const sent = stubFollowServer([{ kind: 'collector', target: 'SOC213800015' }]);
    renderToggles();
    // The plant is not followed yet, the collector is.
    // As a person does: the pointer reaches the star (its tooltip is built then, the star drawn anew), then clicks.
    await userEvent.hover(await screen.findByRole('button', { name: 'Follow' }));
    await userEvent.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeTruthy();
    expect(sent).toContainEqual({
      method: 'POST',
      path: '/prod-api/follow',
      body: { kind: 'plant', target: '7' },
    });

    await userEvent.click(screen.getByRole('button', { name: 'star Unfollow' }));
    expect(await screen.findByRole('button', { name: 'star Follow' })).toBeTruthy();
    expect(sent).toContainEqual({
      method: 'DELETE',
      path: '/prod-api/follow?kind=collector&target=SOC213800015',
      body: undefined,
    });
    // The plant stays followed.
    expect(screen.getByRole('button', { name: 'Unfollow' })).toBeTruthy();
  });

  it('is busy while the server stores a follow: a second click sends nothing more', async () => {
    await changeLanguage('en');
    let answer!: () => void;
    const sent = stubFollowServer([], new Promise<void>((resolve) => (answer = resolve)));
    renderToggles();
    const button = await screen.findByRole('button', { name: 'star Follow' });
    await userEvent.click(button);
    expect(button).toHaveClass('ant-btn-loading');
    await userEvent.click(button);
    answer();
    expect(await screen.findByRole('button', { name: 'star Unfollow' })).toBeTruthy();
    expect(sent.filter((c) => c.method !== 'GET')).toEqual([
      { method: 'POST', path: '/prod-api/follow', body: { kind: 'collector', target: 'SOC213800015' } },
    ]);
  });

  it('says the same in Chinese', async () => {
    await changeLanguage('zh');
    stubFollowServer([{ kind: 'plant', target: '7' }]);
    renderToggles();
    expect(await screen.findByRole('button', { name: '取消关注' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'star 关注' })).toBeTruthy();
  });
});
