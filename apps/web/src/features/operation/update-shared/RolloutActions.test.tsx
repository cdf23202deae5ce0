import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RolloutRow } from '@solarops/contracts';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { RolloutActions } from './RolloutActions.tsx';

const rollout = (o: Partial<RolloutRow>): RolloutRow => ({
  id: 'r1',
  packageId: 1,
  packageName: 'SC-4G-3.0.0.bin',
  version: '3.0.0',
  state: 'awaitingApproval',
  halt: null,
  deviceCount: 2,
  groupSizes: [4],
  currentGroup: 0,
  successPct: 95,
  errorPct: 3,
  minFinished: 1,
  ratePerMinute: null,
  installWindow: 'any',
  createdBy: 'admin',
  createdAt: '2026-11-25T06:00:00.000Z',
  approvedBy: null,
  canApprove: true,
  partialView: false,
  counts: {
    queued: 2,
    downloading: 0,
    downloaded: 0,
    verifying: 0,
    installing: 0,
    rebooting: 0,
    done: 0,
    failed: 0,
    cancelled: 0,
  },
  ...o,
});

const show = (r: RolloutRow) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RolloutActions rollout={r} />
    </QueryClientProvider>,
  );

afterEach(async () => {
  await changeLanguage('zh');
});

describe('a rollout’s actions', () => {
  it('offers approve and cancel on a rollout wholly in scope', () => {
    show(rollout({}));
    expect(screen.getByRole('button', { name: '审批通过' })).toBeInTheDocument();
    expect(screen.queryByTestId('rollout-partial-view')).toBeNull();
  });

  it('offers nothing on a rollout seen in part, and says why in zh and en', async () => {
    const { unmount } = show(rollout({ partialView: true, canApprove: false, state: 'running' }));
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByTestId('rollout-partial-view')).toHaveTextContent(
      '该升级任务部分设备在您的权限范围之外：由能看到其全部设备的用户决定',
    );
    unmount();
    await changeLanguage('en');
    show(rollout({ partialView: true, canApprove: false, state: 'paused' }));
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByTestId('rollout-partial-view')).toHaveTextContent(
      'Part of this rollout is outside your scope: a user who sees all of its devices decides on it',
    );
  });
});
