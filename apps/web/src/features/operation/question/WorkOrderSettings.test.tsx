import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { SlaTargetRow, WorkOrderRule } from '@solarops/contracts';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { RulesTab } from './RulesTab.tsx';
import { SlaTab } from './SlaTab.tsx';
import { MessageProvider } from '../../../components/MessageProvider.tsx';

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

const RULES: WorkOrderRule[] = [
  { id: 1, minLevel: 3, code: null, plantId: null, minMinutes: 30, priority: 'high', plantName: null },
  { id: 2, minLevel: 2, code: 501, plantId: 7, minMinutes: 0, priority: 'urgent', plantName: '西湖屋顶电站' },
];
const SLA: SlaTargetRow[] = [
  { priority: 'urgent', targetMinutes: 240, businessHours: false, custom: false },
  { priority: 'low', targetMinutes: 90, businessHours: true, custom: true },
];

/**
 * The server as the settings tabs see it: lists answer from the fixtures above, every change is recorded and
 * answered by `refuse` (a 400 with field errors) or success.
 */
function serve(refuse?: { field: string; message: string }) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://console.test');
      const path = url.pathname.replace(/^.*\/prod-api/, '');
      const method = init?.method ?? 'GET';
      const answer = (status: number, body: object) =>
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (method === 'GET') {
        const data =
          path === '/workorder/rules'
            ? RULES
            : path === '/workorder/sla'
              ? SLA
              : [{ id: 7, name: '西湖屋顶电站', timeZone: 'Asia/Shanghai' }];
        return answer(200, { code: 200, msg: 'success', data });
      }
      sent.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (refuse) return answer(400, { code: 400, msg: refuse.message, data: null, errors: [refuse] });
      return answer(200, { code: 200, msg: 'success', data: null });
    }),
  );
  return sent;
}

const show = (ui: ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>, {
    wrapper: MessageProvider,
  });

/** Confirms the open pop-up confirmation (its primary button). */
async function confirm(user: ReturnType<typeof userEvent.setup>) {
  const pop = await screen.findByRole('tooltip');
  await user.click(within(pop).getAllByRole('button').at(-1)!);
}

afterEach(() => vi.unstubAllGlobals());

// Ant Design tables and dialogs render slowly in jsdom; the timeout is sized for a slow shared machine.
describe('work-order rules and SLA targets', { timeout: 120_000 }, () => {
  it('lists the rules and lets an administrator add one, refusing out-of-range minutes before sending', async () => {
    await changeLanguage('en');
    const user = userEvent.setup();
    const sent = serve();
    show(<RulesTab canChange />);
    expect(await screen.findByText('Any code')).toBeInTheDocument();
    expect(screen.getByText('All plants')).toBeInTheDocument();
    expect(screen.getByText('西湖屋顶电站')).toBeInTheDocument();
    expect(screen.getByText('Fault and above')).toBeInTheDocument();

    await user.click(screen.getByTestId('rule-add'));
    const minutes = await screen.findByTestId('rule-minutes');
    await user.clear(minutes);
    await user.type(minutes, '50000');
    await user.click(screen.getByTestId('rule-save'));
    expect(await screen.findByText('Enter a number from 0 to 43200')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(minutes);
    await user.type(minutes, '45');
    await user.type(screen.getByTestId('rule-code'), '7001');
    await user.click(screen.getByTestId('rule-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/workorder/rules',
      body: { minLevel: 3, code: 7001, plantId: null, minMinutes: 45, priority: 'high' },
    });
  });

  it('shows the server’s refusal under the field, and deletes a rule only once confirmed', async () => {
    await changeLanguage('zh');
    const user = userEvent.setup();
    const sent = serve({ field: 'plantId', message: '该电站不存在' });
    show(<RulesTab canChange />);
    await user.click(await screen.findByTestId('rule-edit-2'));
    await user.click(await screen.findByTestId('rule-save'));
    expect(await screen.findByText('该电站不存在')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: '/workorder/rules/2',
        body: { minLevel: 2, code: 501, plantId: 7, minMinutes: 0, priority: 'urgent' },
      },
    ]);
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));

    await user.click(screen.getByTestId('rule-delete-1'));
    expect(await screen.findByText('删除这条规则？已创建的工单不受影响。')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    await confirm(user);
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ method: 'DELETE', path: '/workorder/rules/1' }));
  });

  it('offers no changes to whoever may not make them', async () => {
    await changeLanguage('en');
    serve();
    show(<RulesTab canChange={false} />);
    expect(await screen.findByText('Any code')).toBeInTheDocument();
    expect(screen.queryByTestId('rule-add')).toBeNull();
    expect(screen.queryByTestId('rule-edit-1')).toBeNull();
    show(<SlaTab canChange={false} />);
    expect(await screen.findByText('Round the clock')).toBeInTheDocument();
    expect(screen.queryByTestId('sla-edit-low')).toBeNull();
  });

  it('changes a target in hours, refusing less than a quarter hour, and restores a default once confirmed', async () => {
    await changeLanguage('zh');
    const user = userEvent.setup();
    const sent = serve();
    show(<SlaTab canChange />);
    expect(await screen.findByText('已自定义')).toBeInTheDocument();
    expect(screen.queryByTestId('sla-reset-urgent')).toBeNull();

    await user.click(screen.getByTestId('sla-edit-urgent'));
    const hours = await screen.findByTestId('sla-hours');
    await user.clear(hours);
    await user.type(hours, '0.1');
    await user.click(screen.getByTestId('sla-save'));
    expect(await screen.findByText('请输入 0.25 到 1440 之间的数')).toBeInTheDocument();
    await user.clear(hours);
    await user.type(hours, '6.5');
    await user.click(screen.getByTestId('sla-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PUT',
      path: '/workorder/sla',
      body: { priority: 'urgent', targetMinutes: 390, businessHours: false },
    });

    await user.click(screen.getByTestId('sla-reset-low'));
    await confirm(user);
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ method: 'DELETE', path: '/workorder/sla/low' }));
  });
});
