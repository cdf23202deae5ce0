import { Alert, Button, Drawer, Form, Input, Popconfirm, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  DISPLAY_LINK_DEFAULT_DAYS,
  DISPLAY_LINK_LIFETIMES_DAYS,
  EXHIBIT_LIMITS,
  type CreateDisplayLinkBody,
  type CreatedDisplayLink,
  type DisplayLink,
} from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../components/format/formatDate.ts';
import { useCreateDisplayLink, useDisplayLinks, useRevokeDisplayLink } from './api.ts';

/** The address a wall opens with a display link. */
export const displayUrl = (token: string) => `${window.location.origin}/display/${token}`;

/** Has the link passed its expiry (its wall is refused from then on)? */
const expired = (link: DisplayLink) => Date.parse(link.expiresAt) <= Date.now();

/**
 * Display links for administrators: make one over an account's plants for a chosen time (its address shown once,
 * to open on the wall), see when each expires and when and from where each wall last called, revoke.
 */
export function DisplayLinksDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const links = useDisplayLinks(open);
  const create = useCreateDisplayLink();
  const revoke = useRevokeDisplayLink();
  const [created, setCreated] = useState<CreatedDisplayLink | null>(null);
  const [form] = Form.useForm<CreateDisplayLinkBody>();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('exhibit.links.title')}
      size={720}
      data-testid="links-drawer"
    >
      <Form
        form={form}
        layout="inline"
        initialValues={{ expiresInDays: DISPLAY_LINK_DEFAULT_DAYS }}
        onFinish={(values) =>
          create.mutate(values, {
            onSuccess: (link) => {
              setCreated(link);
              form.resetFields();
            },
          })
        }
      >
        <Form.Item
          name="name"
          rules={[{ required: true, message: t('exhibit.links.nameRequired') }]}
          style={{ width: 170 }}
        >
          <Input
            placeholder={t('exhibit.links.name')}
            maxLength={EXHIBIT_LIMITS.linkNameMax}
            data-testid="link-name"
          />
        </Form.Item>
        <Form.Item
          name="userCode"
          rules={[{ required: true, message: t('exhibit.links.accountRequired') }]}
          style={{ width: 170 }}
        >
          <Input placeholder={t('exhibit.links.account')} data-testid="link-account" />
        </Form.Item>
        <Form.Item name="expiresInDays" label={t('exhibit.links.lifetime')}>
          <Select
            style={{ width: 100 }}
            data-testid="link-lifetime"
            options={DISPLAY_LINK_LIFETIMES_DAYS.map((days) => ({
              value: days,
              label: days === 365 ? t('exhibit.links.oneYear') : t('exhibit.links.days', { count: days }),
            }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="link-create">
          {t('exhibit.links.create')}
        </Button>
      </Form>
      {created ? (
        <Alert
          style={{ marginTop: 16 }}
          type="success"
          title={t('exhibit.links.created', { name: created.name })}
          description={
            <Typography.Paragraph copyable data-testid="link-url" style={{ marginBottom: 0 }}>
              {displayUrl(created.token)}
            </Typography.Paragraph>
          }
        />
      ) : null}
      <Table<DisplayLink>
        style={{ marginTop: 16 }}
        rowKey="id"
        size="small"
        loading={links.isLoading}
        dataSource={links.data ?? []}
        pagination={false}
        columns={[
          { title: t('exhibit.links.name'), dataIndex: 'name' },
          { title: t('exhibit.links.account'), dataIndex: 'userCode' },
          {
            title: t('exhibit.links.expires'),
            render: (_, l) => <span data-testid="link-expires">{formatDate(l.expiresAt)}</span>,
          },
          {
            title: t('exhibit.links.lastSeen'),
            render: (_, l) => (l.lastSeenAt ? `${formatDate(l.lastSeenAt)} · ${l.lastSeenIp ?? ''}` : '—'),
          },
          {
            title: t('exhibit.links.state'),
            render: (_, l) =>
              l.revokedAt ? (
                <Tag>{t('exhibit.links.revoked')}</Tag>
              ) : expired(l) ? (
                <Tag color="orange">{t('exhibit.links.expired')}</Tag>
              ) : (
                <Popconfirm title={t('exhibit.links.revokeConfirm')} onConfirm={() => revoke.mutate(l.id)}>
                  <Button size="small" danger>
                    {t('exhibit.links.revoke')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </Drawer>
  );
}
