import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ROLE, type AgentConfigFile } from '@solarops/contracts';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { MessageProvider } from '../../../components/MessageProvider.tsx';
import { useUserStore, type UserInfo } from '../../../store/userStore.ts';
import { AgentConfigButton } from './AgentConfigButton.tsx';

const FILE: AgentConfigFile = {
  serial: 'SOC230712345',
  secret: 'k3y-shown-once',
  fileName: 'agent-SOC230712345.yaml',
  config: 'collector:\n  serial: "SOC230712345"\n  secret: "k3y-shown-once"\n',
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h1v1H0z"/></svg>',
};

/** The console's answer to the configuration call, and what the button asked. */
function start(roleId: number) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${new URL(String(input), 'http://x').pathname}`);
      return new Response(JSON.stringify({ code: 200, msg: 'success', data: FILE }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  useUserStore.getState().setInfo({ roleId } as UserInfo);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MessageProvider>
        <AgentConfigButton serial={FILE.serial} />
      </MessageProvider>
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  useUserStore.getState().setInfo(null);
  await changeLanguage('en');
});

describe('an edge agent’s configuration on its collector card', () => {
  it('asks first, then shows the file once as a QR code and a download named for the agent', async () => {
    await changeLanguage('en');
    const calls = start(ROLE.installer);
    await userEvent.click(screen.getByTestId('agent-config'));
    expect(calls).toEqual([]);
    await userEvent.click(await screen.findByRole('button', { name: 'Issue' }));
    await waitFor(() => expect(calls).toEqual([`POST /prod-api/collector/${FILE.serial}/agent-config`]));
    expect(await screen.findByText(/^Shown once: the device secret is not shown again/)).toBeTruthy();
    const qr = screen.getByTestId('agent-config-qr') as HTMLImageElement;
    expect(decodeURIComponent(qr.src.slice(qr.src.indexOf(',') + 1))).toBe(FILE.qrSvg);
    // The download: the browser is handed the file's text under the agent's file name.
    const saved: { blob: Blob; name: string }[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = (b: Blob) => {
      saved.push({ blob: b as Blob, name: '' });
      return 'blob:agent-config';
    };
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.at(-1)!.name = this.download;
    });
    try {
      await userEvent.click(screen.getByTestId('agent-config-download'));
    } finally {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
      click.mockRestore();
    }
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe(FILE.fileName);
    expect(await saved[0]!.blob.text()).toBe(FILE.config);
  });

  it('is there in Chinese for an administrator, and not at all for an end user', async () => {
    await changeLanguage('zh');
    start(ROLE.admin);
    expect(screen.getByTestId('agent-config').textContent).toContain('代理配置');
    document.body.innerHTML = '';
    start(ROLE.endUser);
    expect(screen.queryByTestId('agent-config')).toBeNull();
  });
});
