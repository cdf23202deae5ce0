import { useEffect } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import {
  createUserBody,
  emailSchema,
  nameSchema,
  phoneSchema,
  ROLE,
  type UserRow,
} from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/request.ts';
import { ApiError } from '../../../api/ApiError.ts';
import { zodRule } from '../../../components/zodRule.ts';
import { useAccountMutations, useChildRoles } from '../set-shared/accountApi.ts';
import { useMessage } from '../../../components/MessageProvider.tsx';

interface Props {
  /** The account being edited, or undefined to create one. */
  account?: UserRow;
  /** The roles this screen creates (the first is the default). */
  roleIds: readonly number[];
  onClose(): void;
}

interface Values {
  userCode: string;
  name: string;
  email: string;
  phone: string;
  roleId: number;
  dealercode?: string;
}

/** Create or edit an account of one of the user screens; the server mails the initial password. */
export function AccountFormDialog({ account, roleIds, onClose }: Props) {
  const { t } = useTranslation();
  const message = useMessage();
  const [form] = Form.useForm<Values>();
  const { create, edit } = useAccountMutations();
  const childRoles = useChildRoles();
  const roleChoices = (childRoles.data ?? []).filter((r) => roleIds.includes(r.roleId));
  const roleId = Form.useWatch('roleId', form);
  const showDealercode =
    (account?.roleId ?? roleId) === ROLE.installer || (!account && roleId === ROLE.distributor);

  useEffect(() => {
    form.setFieldsValue(
      account
        ? {
            userCode: account.userCode,
            name: account.name,
            email: account.email ?? '',
            phone: account.phone ?? '',
            roleId: account.roleId,
            dealercode: account.dealercode ?? '',
          }
        : { roleId: roleIds[0] },
    );
  }, [account, form, roleIds]);

  const submit = async () => {
    const v = await form.validateFields();
    try {
      if (account) {
        await edit.mutateAsync({
          userCode: account.userCode,
          name: v.name,
          email: v.email,
          phone: v.phone,
          ...(v.dealercode && v.dealercode !== account.dealercode ? { dealercode: v.dealercode } : {}),
        });
        void message.success(t('common.operationSucceeded'));
      } else {
        await create.mutateAsync({
          userCode: v.userCode,
          name: v.name,
          email: v.email,
          phone: v.phone,
          roleId: v.roleId,
          ...(v.dealercode ? { dealercode: v.dealercode } : {}),
        });
        void message.success(t('set.accounts.created', { email: v.email }));
      }
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors.length > 0)
        form.setFields(e.fieldErrors.map((f) => ({ name: f.field as keyof Values, errors: [f.message] })));
      else void message.error(errorMessage(e));
    }
  };

  return (
    <Modal
      open
      title={t(account ? 'set.accounts.editTitle' : 'set.accounts.createTitle')}
      okText={t('set.common.save')}
      cancelText={t('set.common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || edit.isPending}
      destroyOnHidden
      data-testid="account-dialog"
    >
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item
          name="userCode"
          label={t('set.accounts.userCode')}
          rules={[
            { required: true, message: t('set.common.required') },
            zodRule(createUserBody.shape.userCode, t, 'validation.userCode'),
          ]}
        >
          <Input disabled={Boolean(account)} data-testid="account-userCode" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('set.accounts.name')}
          rules={[
            { required: true, message: t('set.common.required') },
            zodRule(nameSchema, t, 'set.accounts.nameRule'),
          ]}
        >
          <Input data-testid="account-name" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('set.accounts.email')}
          rules={[
            { required: true, message: t('set.common.required') },
            zodRule(emailSchema, t, 'validation.email'),
          ]}
        >
          <Input data-testid="account-email" />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('set.accounts.phone')}
          rules={[
            { required: true, message: t('set.common.required') },
            zodRule(phoneSchema, t, 'validation.phone'),
          ]}
        >
          <Input data-testid="account-phone" />
        </Form.Item>
        {!account && roleIds.length > 1 && (
          <Form.Item name="roleId" label={t('set.accounts.role')} rules={[{ required: true }]}>
            <Select
              data-testid="account-role"
              options={roleChoices.map((r) => ({ value: r.roleId, label: r.name }))}
            />
          </Form.Item>
        )}
        {!account && roleIds.length === 1 && (
          <Form.Item name="roleId" hidden>
            <Input />
          </Form.Item>
        )}
        {showDealercode && (
          <Form.Item
            name="dealercode"
            label={t('set.accounts.dealercode')}
            extra={t(
              (account?.roleId ?? roleId) === ROLE.distributor
                ? 'set.accounts.dealercodeOwnHint'
                : 'set.accounts.dealercodeBindHint',
            )}
          >
            <Input data-testid="account-dealercode" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
