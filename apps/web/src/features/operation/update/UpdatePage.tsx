import { useState } from 'react';
import { Alert, Button, Form, Input, Select, Space, Tabs, Tag, Tooltip } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import {
  FIRMWARE_TYPES,
  ROLE,
  seesAll,
  type FirmwarePackageRow,
  type SignatureState,
} from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDate } from '../../../components/format/formatDate.ts';
import { formatFileSize } from '../../../components/format/units.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import { RowActions } from '../../../components/list/RowActions.tsx';
import { SearchForm } from '../../../components/list/SearchForm.tsx';
import { useListState } from '../../../components/list/useListState.ts';
import { useUserStore } from '../../../store/userStore.ts';
import { useFirmwarePackages, usePackageMutations, type PackageFilters } from '../update-shared/api.ts';
import { KeysTab } from './KeysTab.tsx';
import { RolloutDialog } from './RolloutDialog.tsx';
import { RolloutsTab } from './RolloutsTab.tsx';
import { UpgradeDialog } from './UpgradeDialog.tsx';
import { UpgradesTab } from './UpgradesTab.tsx';
import { UploadDialog } from './UploadDialog.tsx';

const SIGNATURE_COLOURS: Record<SignatureState, string> = {
  valid: 'green',
  invalid: 'red',
  unsigned: 'orange',
};

function PackagesTab({
  canMaintain,
  serial,
  onUpgraded,
}: {
  canMaintain: boolean;
  /** The device the user came from (its page's "Upgrade" button), given to the upgrade dialog. */
  serial: string | undefined;
  onUpgraded(): void;
}) {
  const { t } = useTranslation();
  const list = useListState<PackageFilters>({});
  const query = useFirmwarePackages(list.filters, list.page, list.limit);
  const { remove } = usePackageMutations();
  const [uploading, setUploading] = useState(false);
  const [rollingOut, setRollingOut] = useState<FirmwarePackageRow | null>(null);
  const [upgrading, setUpgrading] = useState<FirmwarePackageRow | null>(null);
  return (
    <ListPage<FirmwarePackageRow, PackageFilters>
      layout="single"
      testId="firmware-packages"
      list={list}
      query={query}
      search={
        <SearchForm<PackageFilters>
          onSearch={(v) => list.search({ name: v.name?.trim() || undefined, type: v.type })}
        >
          <Form.Item name="name" label={t('operation.update.name')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="type" label={t('operation.update.type')}>
            <Select
              allowClear
              style={{ width: 160 }}
              options={FIRMWARE_TYPES.map((v) => ({ value: v, label: t(`operation.update.types.${v}`) }))}
            />
          </Form.Item>
        </SearchForm>
      }
      toolbar={
        canMaintain && (
          <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
            {t('operation.update.upload')}
          </Button>
        )
      }
      table={{
        rowKey: 'id',
        // The columns' widths added up: each header fits on one line in both languages, the table scrolls.
        scroll: { x: 1650 },
        columns: [
          { title: t('operation.update.name'), dataIndex: 'name', ellipsis: true, width: 220 },
          {
            title: t('operation.update.type'),
            dataIndex: 'type',
            width: 170,
            render: (v: string) => t(`operation.update.types.${v}`),
          },
          { title: t('operation.update.collectType'), dataIndex: 'collectType', width: 120 },
          { title: t('operation.update.version'), dataIndex: 'version', width: 100 },
          // What decides whether the package may be assigned, in sight before the table is scrolled (710 px of
          // columns before its end, beside the fixed actions, at 1440 px).
          {
            title: t('operation.update.signature'),
            dataIndex: 'signature',
            width: 100,
            render: (v: SignatureState, r) => (
              <Tooltip title={r.signedBy ?? undefined}>
                <Tag color={SIGNATURE_COLOURS[v]}>{t(`operation.update.signatures.${v}`)}</Tag>
              </Tooltip>
            ),
          },
          {
            title: t('operation.update.interfaceType'),
            dataIndex: 'interfaceType',
            width: 130,
            render: (v: string) => (v === 'any' ? t('operation.update.anyInterface') : v),
          },
          { title: t('operation.update.snType'), dataIndex: 'snType', width: 100 },
          {
            title: t('operation.update.size'),
            dataIndex: 'size',
            width: 90,
            render: (v: number) => formatFileSize(v),
          },
          { title: t('operation.update.description'), dataIndex: 'description', ellipsis: true, width: 160 },
          {
            title: t('operation.update.uploadTime'),
            dataIndex: 'uploadTime',
            width: 170,
            render: (v: string) => formatDate(v),
          },
          {
            title: t('common.operation'),
            key: 'op',
            // The package's actions stay in sight however far the wide table is scrolled.
            fixed: 'right',
            width: 290,
            render: (_: unknown, r: FirmwarePackageRow) => (
              <RowActions
                remove={
                  canMaintain
                    ? {
                        confirm: t('operation.update.confirmDelete', { name: r.name }),
                        onConfirm: () => remove.mutateAsync(r.id),
                      }
                    : undefined
                }
              >
                {r.signature === 'valid' && (
                  <>
                    <Button type="link" size="small" onClick={() => setUpgrading(r)}>
                      {t('operation.update.upgrade')}
                    </Button>
                    <Button type="link" size="small" onClick={() => setRollingOut(r)}>
                      {t('operation.update.rollOut')}
                    </Button>
                  </>
                )}
              </RowActions>
            ),
          },
        ],
      }}
    >
      {uploading && <UploadDialog onClose={() => setUploading(false)} />}
      {rollingOut && <RolloutDialog pkg={rollingOut} onClose={() => setRollingOut(null)} />}
      {upgrading && (
        <UpgradeDialog
          pkg={upgrading}
          {...(serial ? { serial } : {})}
          onClose={() => setUpgrading(null)}
          onDone={() => {
            setUpgrading(null);
            onUpgraded();
          }}
        />
      )}
    </ListPage>
  );
}

/**
 * `update` (equipment upgrade): firmware packages with their upload dialog and rollout dialog, the rollouts with
 * their decisions, and, for administrators, the makers' keys a package must be signed with before it can be
 * assigned.
 */
export function UpdatePage() {
  const { t } = useTranslation();
  const roleId = useUserStore((s) => s.info?.roleId);
  // Who sees the whole fleet maintains its packages (administrators and staff; the server checks the same).
  const canMaintain = roleId !== undefined && seesAll({ roleId });
  const [params] = useSearchParams();
  const serial = params.get('serial')?.trim() || undefined;
  const [tab, setTab] = useState('packages');
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="page-update">
      {serial && (
        <Alert
          type="info"
          showIcon
          style={{ margin: '0 20px' }}
          title={t('operation.update.upgradeFor', { serial })}
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        // The list below draws its own card with the page margin; the tab bar keeps the same margin.
        tabBarStyle={{ margin: '0 20px 16px' }}
        items={[
          {
            key: 'packages',
            label: t('operation.update.packages'),
            children: (
              <PackagesTab canMaintain={canMaintain} serial={serial} onUpgraded={() => setTab('upgrades')} />
            ),
          },
          { key: 'upgrades', label: t('operation.update.upgrades'), children: <UpgradesTab /> },
          { key: 'rollouts', label: t('operation.update.rollouts'), children: <RolloutsTab /> },
          ...(roleId === ROLE.admin
            ? [{ key: 'keys', label: t('operation.update.keys'), children: <KeysTab /> }]
            : []),
        ]}
      />
    </Space>
  );
}
