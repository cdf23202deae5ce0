import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { UploadDialog } from './UploadDialog.tsx';
import { MessageProvider } from '../../../components/MessageProvider.tsx';

function start() {
  const sent: FormData[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(init?.body as FormData);
      return new Response(JSON.stringify({ code: 200, msg: 'success', data: { id: 1 } }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <UploadDialog onClose={onClose} />
    </QueryClientProvider>,
    { wrapper: MessageProvider },
  );
  return { sent, onClose };
}

const chooseFile = (file: File) =>
  userEvent.upload(document.querySelector('input[type=file]') as HTMLInputElement, file);

afterEach(() => vi.unstubAllGlobals());

describe('firmware upload dialog (spec §5)', () => {
  it('refuses an empty file and a name of 81 characters before sending anything', async () => {
    const { sent } = start();
    await userEvent.type(screen.getByLabelText('采集器类型'), 'SC-4G');
    await userEvent.type(screen.getByLabelText('版本'), '2.1.0');
    await chooseFile(new File(['x'], `${'a'.repeat(77)}.bin`));
    expect(await screen.findByText('文件名最多 80 个字符')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /上\s*传/ }));
    expect(sent).toHaveLength(0);
    await chooseFile(new File([], 'empty.bin'));
    expect(await screen.findByText('内容不能为空')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /上\s*传/ }));
    expect(sent).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: /上\s*传/ }));
    expect(sent).toHaveLength(0);
  });

  it('sends the image with the trimmed fields', async () => {
    const { sent, onClose } = start();
    await userEvent.type(screen.getByLabelText('采集器类型'), ' SC-4G ');
    await userEvent.type(screen.getByLabelText('版本'), '2.1.0');
    await chooseFile(new File(['image'], `${'b'.repeat(76)}.bin`));
    await userEvent.click(screen.getByRole('button', { name: /上\s*传/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.get('collectType')).toBe('SC-4G');
    expect(sent[0]?.get('type')).toBe('collector');
    expect((sent[0]?.get('file') as File).name).toHaveLength(80);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
