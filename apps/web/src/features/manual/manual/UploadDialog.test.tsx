import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { UploadDialog, type ManualPreset } from './UploadDialog.tsx';
import { MessageProvider } from '../../../components/MessageProvider.tsx';

/** Renders the dialog over a server that answers `answer` and records what was sent. */
function start(
  answer: { status: number; body: unknown } = {
    status: 200,
    body: { code: 200, msg: 'success', data: { manualId: 1, versionId: 3, version: 3 } },
  },
  preset?: ManualPreset,
) {
  const sent: FormData[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(init?.body as FormData);
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <UploadDialog preset={preset} onClose={onClose} />
    </QueryClientProvider>,
    { wrapper: MessageProvider },
  );
  return { sent, onClose };
}

const fileField = () => screen.getByTestId('manual-file');
const chooseFile = (file: File) =>
  userEvent.upload(document.querySelector('input[type=file]') as HTMLInputElement, file);
const pdf = (name: string, content = '%PDF-1.7') => new File([content], name, { type: 'application/pdf' });
/** Waits until the form field labelled `label` shows `text` as its error. */
const expectErrorUnder = (label: string, text: string) =>
  waitFor(() => {
    const item = screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;
    expect(item.querySelector('.ant-form-item-explain-error')).toHaveTextContent(text);
  });

afterEach(() => vi.unstubAllGlobals());

// Ant Design's modal and form render slowly in jsdom; sized for a loaded machine.
describe('the manual upload dialog (spec §5)', { timeout: 60_000 }, () => {
  it('asks for the manual name, the device model and a file before sending anything', async () => {
    await changeLanguage('zh');
    const { sent } = start();
    await userEvent.click(screen.getByRole('button', { name: /上\s*传/ }));
    await expectErrorUnder('说明书名称', '此项为必填项');
    await expectErrorUnder('设备型号', '此项为必填项');
    expect(
      await within(fileField()).findByText('选择文件', { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
    // Blanks are not a name.
    await userEvent.type(screen.getByLabelText('说明书名称'), '   ');
    await userEvent.type(screen.getByLabelText('设备型号'), 'SO 5K/../x');
    await userEvent.click(screen.getByRole('button', { name: /上\s*传/ }));
    await expectErrorUnder('说明书名称', '此项为必填项');
    await expectErrorUnder('设备型号', '格式不正确');
    expect(sent).toHaveLength(0);
  });

  it('refuses a file name of 81 characters and an empty file on choosing them, and sends nothing', async () => {
    await changeLanguage('zh');
    const { sent } = start();
    await userEvent.type(screen.getByLabelText('说明书名称'), '用户手册');
    await userEvent.type(screen.getByLabelText('设备型号'), 'SO-5K-S1');
    await chooseFile(pdf(`${'a'.repeat(77)}.pdf`));
    expect(await within(fileField()).findByText('文件名最多 80 个字符')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /上\s*传/ }));
    await chooseFile(pdf('empty.pdf', ''));
    expect(await within(fileField()).findByText('内容不能为空')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /上\s*传/ }));
    expect(sent).toHaveLength(0);
  });

  it('sends the trimmed fields with the file, and closes', async () => {
    await changeLanguage('zh');
    const { sent, onClose } = start();
    await userEvent.type(screen.getByLabelText('说明书名称'), '  用户手册 ');
    await userEvent.type(screen.getByLabelText('设备型号'), ' SO-5K-S1 ');
    await chooseFile(pdf(`${'b'.repeat(76)}.pdf`));
    await userEvent.click(screen.getByRole('button', { name: /上\s*传/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.get('name')).toBe('用户手册');
    expect(sent[0]?.get('model')).toBe('SO-5K-S1');
    expect(sent[0]?.get('language')).toBe('zh');
    expect((sent[0]?.get('file') as File).name).toHaveLength(80);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows the server’s refusal of the file’s content under the file, in English, and stays open', async () => {
    await changeLanguage('en');
    const { sent, onClose } = start({
      status: 400,
      body: {
        code: 400,
        msg: 'Validation failed',
        errors: [{ field: 'file', message: 'A manual is a PDF file or a png, jpeg or webp picture' }],
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await expectErrorUnder('Manual name', 'This field is required');
    await expectErrorUnder('Device model', 'This field is required');
    await userEvent.type(screen.getByLabelText('Manual name'), 'Guide');
    await userEvent.type(screen.getByLabelText('Device model'), 'SO-5K-S1');
    await chooseFile(pdf('guide.pdf', '<html></html>'));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(
      await within(fileField()).findByText('A manual is a PDF file or a png, jpeg or webp picture'),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.get('language')).toBe('en');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('uploads the next version of a manual opened from its row, its model and language fixed', async () => {
    await changeLanguage('en');
    const { sent } = start(undefined, { name: 'Guide', model: 'SO-5K-S1', language: 'en', version: 2 });
    expect(screen.getByText('Upload version V3')).toBeInTheDocument();
    expect(screen.getByLabelText('Device model')).toBeDisabled();
    await chooseFile(pdf('guide-v3.pdf'));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.get('model')).toBe('SO-5K-S1');
    expect(sent[0]?.get('name')).toBe('Guide');
    expect(sent[0]?.get('language')).toBe('en');
  });
});
