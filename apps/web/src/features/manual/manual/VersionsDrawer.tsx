import { Button, Drawer, Popconfirm, Space, Table, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { MANUAL_CALLS, endpointPath, type ManualRow, type ManualVersionRow } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../api/downloadFile.ts';
import { errorMessage } from '../../../api/request.ts';
import { QueryState } from '../../../components/QueryState.tsx';
import { formatDate } from '../../../components/format/formatDate.ts';
import { formatFileSize } from '../../../components/format/units.ts';
import { useManualMutations, useManualVersions } from './api.ts';
import { useMessage } from '../../../components/MessageProvider.tsx';

/**
 * Every version of one manual, the newest first: the public address gives the newest, the older ones stay
 * downloadable here. Editors may delete a version (the address then gives the newest one left).
 */
export function VersionsDrawer({
  manual,
  canEdit,
  onClose,
}: {
  manual: ManualRow;
  canEdit: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const versions = useManualVersions(manual.id);
  const { removeVersion } = useManualMutations();
  const rows = versions.data ?? [];
  const newest = rows[0]?.version;

  const download = (v: ManualVersionRow) =>
    downloadFile(endpointPath(MANUAL_CALLS.versionFile, { id: v.id }), {}, v.fileName).catch((e: unknown) =>
      message.error(errorMessage(e)),
    );

  return (
    <Drawer
      open
      size="min(900px, 96vw)"
      title={t('manual.versionsTitle', {
        model: manual.model,
        language: t(`manual.languages.${manual.language}`),
      })}
      onClose={onClose}
      destroyOnHidden
    >
      <QueryState
        look="spinner"
        isLoading={versions.isLoading}
        error={versions.error}
        isEmpty={rows.length === 0}
        onRetry={() => void versions.refetch()}
      >
        <Table<ManualVersionRow>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={rows}
          data-testid="manual-versions"
          scroll={{ x: 760 }}
          columns={[
            {
              title: t('manual.version'),
              dataIndex: 'version',
              render: (v: number) => (
                <Space size={4}>
                  {`V${v}`}
                  {v === newest && <Tag color="green">{t('manual.current')}</Tag>}
                </Space>
              ),
            },
            { title: t('manual.name'), dataIndex: 'name', ellipsis: true },
            { title: t('manual.fileName'), dataIndex: 'fileName', ellipsis: true },
            { title: t('manual.size'), dataIndex: 'sizeBytes', render: (b: number) => formatFileSize(b) },
            { title: t('manual.uploadedBy'), dataIndex: 'uploadedBy' },
            { title: t('manual.savedAt'), dataIndex: 'savedAt', render: (v: string) => formatDate(v) },
            {
              title: t('common.operation'),
              key: 'op',
              // Download and delete stay in view, whole, when the table scrolls sideways in the drawer.
              fixed: 'right',
              width: 190,
              render: (_: unknown, v: ManualVersionRow) => (
                <Space size={0} wrap={false}>
                  <Button
                    type="link"
                    size="small"
                    icon={<DownloadOutlined />}
                    onClick={() => void download(v)}
                    data-testid={`manual-version-download-${v.version}`}
                  >
                    {t('manual.download')}
                  </Button>
                  {canEdit && (
                    <Popconfirm
                      title={t('manual.confirmDeleteVersion', { version: v.version })}
                      description={
                        v.version === newest && rows.length > 1
                          ? t('manual.deleteNewestNote', { version: rows[1]!.version })
                          : rows.length === 1
                            ? t('manual.deleteLastNote')
                            : undefined
                      }
                      okText={t('set.common.ok')}
                      cancelText={t('set.common.cancel')}
                      onConfirm={() =>
                        removeVersion.mutateAsync(v.id).then(
                          () => {
                            if (rows.length === 1) onClose();
                          },
                          () => undefined,
                        )
                      }
                    >
                      <Button type="link" size="small" danger>
                        {t('set.common.delete')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </QueryState>
    </Drawer>
  );
}
