import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ROLE, type AgentConfigFile } from '@solarops/contracts';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { MessageProvider } from '../../../components/MessageProvider.tsx';
import { useUserStore, type UserInfo } from '../../../store/userStore.ts';
import { stubAnsweringFetch } from '../../../test/answeringFetch.ts';
import { AddAgentButton, suggestAgentSerial } from './AddAgentButton.tsx';

const FILE: AgentConfigFile = {
  serial: 'AGT-ROOF-01',
  secret: 'k3y-shown-once',
  fileName: 'agent-AGT-ROOF-01.yaml',
  config: 'collector:\n  serial: "AGT-ROOF-01"\n  secret: "k3y-shown-once"\n',
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h1v1H0z"/></svg>',
};

/** The server's refusal of a taken serial, in Chinese (the console asks in its language). */
const TAKEN = {
  code: 400,
  msg: 'serial: 该序列号已被其他采集器或设备使用',
  data: null,
  errors: [{ field: 'serial', message: '该序列号已被其他采集器或设备使用' }],
};

/** The console answering the add call with `answer`; what the dialog sent. */
function start(roleId: number, answer: { status: number; body: object }) {
  const sent = stubAnsweringFetch(answer.body, answer.status);
  useUserStore.getState().setInfo({ roleId } as UserInfo);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MessageProvider>
        <AddAgentButton plantId={7} plantName="Rooftop" />
      </MessageProvider>
    </QueryClientProvider>,
  );
  return sent;
}

const ok = { status: 200, body: { code: 200, msg: 'success', data: FILE } };

afterEach(async () => {
  vi.unstubAllGlobals();
  useUserStore.getState().setInfo(null);
  cleanup();
  await changeLanguage('en');
});

describe('adding an edge agent to a plant', () => {
  it('suggests a serial, adds the agent to the plant and shows its configuration once, right after', async () => {
    await changeLanguage('en');
    const sent = start(ROLE.installer, ok);
    await userEvent.click(screen.getByTestId('add-agent'));
    expect(await screen.findByText('Add an edge agent to Rooftop')).toBeTruthy();
    const serial = screen.getByTestId('add-agent-serial') as HTMLInputElement;
    expect(serial.value).toMatch(/^AGT\d{6}[0-9A-F]{4}$/);
    await userEvent.clear(serial);
    await userEvent.type(serial, 'AGT-ROOF-01');
    await userEvent.click(screen.getByRole('button', { name: 'Add and show its configuration' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { method: 'POST', path: '/prod-api/collector/agent', body: { plantId: 7, serial: 'AGT-ROOF-01' } },
      ]),
    );
    expect(await screen.findByText('Configuration of edge agent AGT-ROOF-01')).toBeTruthy();
    expect(screen.getByText(/^Shown once: the device secret is not shown again/)).toBeTruthy();
    const qr = screen.getByTestId('agent-config-qr') as HTMLImageElement;
    expect(decodeURIComponent(qr.src.slice(qr.src.indexOf(',') + 1))).toBe(FILE.qrSvg);
    expect(screen.getByTestId('agent-config-download').textContent).toContain('agent-AGT-ROOF-01.yaml');
  });

  it('says a malformed serial before sending, and a taken one under its field, in Chinese, adding nothing', async () => {
    await changeLanguage('zh');
    const sent = start(ROLE.admin, { status: 400, body: TAKEN });
    await userEvent.click(screen.getByTestId('add-agent'));
    const serial = screen.getByTestId('add-agent-serial') as HTMLInputElement;
    await userEvent.clear(serial);
    await userEvent.type(serial, 'my agent');
    await userEvent.click(screen.getByRole('button', { name: '添加并显示配置' }));
    expect(await screen.findByText('4 到 32 个字母、数字、- 或 _')).toBeTruthy();
    expect(sent).toEqual([]);
    await userEvent.clear(serial);
    await userEvent.type(serial, 'AGT-TAKEN-1');
    await userEvent.click(screen.getByRole('button', { name: '添加并显示配置' }));
    expect(await screen.findByText('该序列号已被其他采集器或设备使用')).toBeTruthy();
    expect(sent).toHaveLength(1);
    // No configuration is shown: nothing was added.
    expect(screen.queryByTestId('agent-config-qr')).toBeNull();
  });

  it('is not offered to an end user', () => {
    start(ROLE.endUser, ok);
    expect(screen.queryByTestId('add-agent')).toBeNull();
  });

  it('suggests serials the server takes: AGT, the day and four hex digits', () => {
    expect(suggestAgentSerial(new Date('2026-11-29T23:00:00Z'))).toMatch(/^AGT261129[0-9A-F]{4}$/);
  });
});
