import { useState } from 'react';
import { Alert, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The typed confirmation every write asks for: the device's serial for one device, the number of devices for a
 * batch, so that a write is never one careless click (issue 16, authority). `approvalThreshold`: a batch above
 * it is told that it waits for a second user's approval before anything is sent.
 */
export function ConfirmWriteDialog({
  open,
  serials,
  approvalThreshold,
  summary,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  /** The devices written to. */
  serials: readonly string[];
  /** Batches above this many devices wait for a second user's approval. */
  approvalThreshold?: number;
  /** What is about to be written, one line each. */
  summary?: readonly string[];
  busy?: boolean;
  /** Called with what the user typed (the server checks it too). */
  onConfirm(typed: string): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const single = serials.length === 1;
  const expected = single ? (serials[0] ?? '') : String(serials.length);
  const matches = typed.trim() === expected;
  const needsApproval = approvalThreshold !== undefined && serials.length > approvalThreshold;
  return (
    <Modal
      open={open}
      title={t('commands.confirm.title')}
      okText={t('commands.confirm.ok')}
      cancelText={t('commands.confirm.cancel')}
      okButtonProps={{ disabled: !matches, danger: true }}
      confirmLoading={busy}
      destroyOnHidden
      afterClose={() => setTyped('')}
      onOk={() => matches && onConfirm(typed.trim())}
      onCancel={onCancel}
    >
      {summary && summary.length > 0 && (
        <ul data-testid="confirm-write-summary">
          {summary.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {needsApproval && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="confirm-write-approval"
          title={t('commands.confirm.needsApproval', { count: serials.length, limit: approvalThreshold })}
        />
      )}
      <Typography.Paragraph>
        {single
          ? t('commands.confirm.typeSerial', { sn: expected })
          : t('commands.confirm.typeCount', { count: serials.length })}
      </Typography.Paragraph>
      <Input
        autoFocus
        value={typed}
        data-testid="confirm-write-input"
        placeholder={
          single ? t('commands.confirm.serialPlaceholder') : t('commands.confirm.countPlaceholder')
        }
        status={typed && !matches ? 'error' : undefined}
        onChange={(e) => setTyped(e.target.value)}
        onPressEnter={() => matches && onConfirm(typed.trim())}
      />
    </Modal>
  );
}
