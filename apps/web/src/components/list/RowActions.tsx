import { Button, Flex, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A row's destructive action (delete, reset), done only after the user confirms. */
export interface ConfirmedAction {
  /** The question the confirmation asks, naming what goes. */
  confirm: ReactNode;
  /** Its promise keeps the confirmation's OK button busy; a failure was already shown by the request. */
  onConfirm: () => Promise<unknown>;
  /** The button's label; "Delete" by default. */
  label?: ReactNode;
  testId?: string;
}

/**
 * A list row's operations column: the row's own actions, then "Edit" and the confirmed destructive action, as
 * small link buttons. Each part is left out when not given (e.g. for a role that may not change the list).
 */
export function RowActions({
  children,
  onEdit,
  editTestId,
  remove,
}: {
  children?: ReactNode;
  onEdit?: () => void;
  editTestId?: string;
  remove?: ConfirmedAction;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap={4}>
      {children}
      {onEdit && (
        <Button type="link" size="small" onClick={onEdit} data-testid={editTestId}>
          {t('set.common.edit')}
        </Button>
      )}
      {remove && (
        <Popconfirm
          title={remove.confirm}
          okText={t('set.common.ok')}
          cancelText={t('set.common.cancel')}
          onConfirm={() => remove.onConfirm().catch(() => undefined)}
        >
          <Button type="link" size="small" danger data-testid={remove.testId}>
            {remove.label ?? t('set.common.delete')}
          </Button>
        </Popconfirm>
      )}
    </Flex>
  );
}
