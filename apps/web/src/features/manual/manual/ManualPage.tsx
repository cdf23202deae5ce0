import './manual.css';
import { useState } from 'react';
import { Button, Form, Input, Popconfirm, Select, Space, Tag } from 'antd';
import { QrcodeOutlined, UploadOutlined } from '@ant-design/icons';
import { MANUAL_LANGUAGES, seesAll, type ManualRow } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../components/format/formatDate.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import { SearchForm } from '../../../components/list/SearchForm.tsx';
import { useListState } from '../../../components/list/useListState.ts';
import { useUserStore } from '../../../store/userStore.ts';
import { type ManualFilters, useManualMutations, useManuals } from './api.ts';
import { QrDialog } from './QrDialog.tsx';
import { type ManualPreset, UploadDialog } from './UploadDialog.tsx';
import { VersionsDrawer } from './VersionsDrawer.tsx';

/** What the screen has open over the list. */
type Open =
  | { kind: 'upload'; preset?: ManualPreset }
  | { kind: 'qr'; manual: ManualRow }
  | { kind: 'versions'; manual: ManualRow };

/**
 * `manual`: the manuals per device model and language (spec §3: name, file name, version, model, language, save
 * time, QR code), with their versions and the QR code of each one's public address. Everyone with the screen
 * reads and downloads; administrators and staff upload and delete (the server checks the same).
 */
export function ManualPage() {
  const { t } = useTranslation();
  const roleId = useUserStore((s) => s.info?.roleId);
  const canEdit = roleId !== undefined && seesAll({ roleId });
  const list = useListState<ManualFilters>({});
  const query = useManuals(list.filters, list.page, list.limit);
  const { remove } = useManualMutations();
  const [open, setOpen] = useState<Open>();
  const close = () => setOpen(undefined);
  const languageName = (l: string) => t(`manual.languages.${l}`);

  return (
    <ListPage<ManualRow, ManualFilters>
      layout="split"
      title={t('menu.manual')}
      testId="page-manual"
      list={list}
      query={query}
      emptyText={t('manual.empty')}
      search={
        <SearchForm<ManualFilters>
          name="manual-search"
          onSearch={(v) =>
            list.search({
              name: v.name?.trim() || undefined,
              model: v.model?.trim() || undefined,
              language: v.language,
            })
          }
        >
          <Form.Item name="name" label={t('manual.name')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="model" label={t('manual.model')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="language" label={t('manual.language')}>
            <Select
              allowClear
              style={{ width: 140 }}
              options={MANUAL_LANGUAGES.map((l) => ({ value: l, label: languageName(l) }))}
            />
          </Form.Item>
        </SearchForm>
      }
      toolbar={
        canEdit && (
          <Button
            type="primary"
            icon={<UploadOutlined />}
            onClick={() => setOpen({ kind: 'upload' })}
            data-testid="manual-upload"
          >
            {t('manual.upload')}
          </Button>
        )
      }
      table={{
        rowKey: 'id',
        'data-testid': 'manual-table',
        scroll: { x: 1100 },
        columns: [
          { title: t('manual.name'), dataIndex: 'name', ellipsis: true },
          { title: t('manual.fileName'), dataIndex: 'fileName', ellipsis: true },
          {
            title: t('manual.version'),
            dataIndex: 'version',
            render: (v: number, r) => (
              <Button
                type="link"
                size="small"
                onClick={() => setOpen({ kind: 'versions', manual: r })}
                data-testid="manual-versions-open"
              >
                {t('manual.versionOf', { version: v, n: r.versions })}
              </Button>
            ),
          },
          { title: t('manual.model'), dataIndex: 'model' },
          {
            title: t('manual.language'),
            dataIndex: 'language',
            render: (l: string) => <Tag>{languageName(l)}</Tag>,
          },
          { title: t('manual.savedAt'), dataIndex: 'savedAt', render: (v: string) => formatDate(v) },
          {
            title: t('manual.qr'),
            key: 'qr',
            render: (_: unknown, r) => (
              <Button
                type="link"
                size="small"
                icon={<QrcodeOutlined />}
                onClick={() => setOpen({ kind: 'qr', manual: r })}
                data-testid="manual-qr-open"
              >
                {t('manual.showQr')}
              </Button>
            ),
          },
          ...(canEdit
            ? [
                {
                  title: t('common.operation'),
                  key: 'op',
                  // Kept in view when the table scrolls sideways on a narrow screen.
                  fixed: 'right' as const,
                  render: (_: unknown, r: ManualRow) => (
                    <Space size={0}>
                      <Button
                        type="link"
                        size="small"
                        onClick={() =>
                          setOpen({
                            kind: 'upload',
                            preset: {
                              name: r.name,
                              model: r.model,
                              language: r.language,
                              version: r.version,
                            },
                          })
                        }
                        data-testid="manual-new-version"
                      >
                        {t('manual.newVersion')}
                      </Button>
                      <Popconfirm
                        title={t('manual.confirmDelete', {
                          name: r.name,
                          model: r.model,
                          language: languageName(r.language),
                        })}
                        description={t('manual.confirmDeleteNote', { n: r.versions })}
                        okText={t('set.common.ok')}
                        cancelText={t('set.common.cancel')}
                        onConfirm={() => remove.mutateAsync(r.id).catch(() => undefined)}
                      >
                        <Button type="link" size="small" danger data-testid="manual-delete">
                          {t('set.common.delete')}
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ],
      }}
    >
      {open?.kind === 'upload' && <UploadDialog preset={open.preset} onClose={close} />}
      {open?.kind === 'qr' && <QrDialog manual={open.manual} onClose={close} />}
      {open?.kind === 'versions' && <VersionsDrawer manual={open.manual} canEdit={canEdit} onClose={close} />}
    </ListPage>
  );
}
