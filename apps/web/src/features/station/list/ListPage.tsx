import '../station.css';
import { Suspense, lazy, useState } from 'react';
import {
  Button,
  Card,
  Form,
  Input,
  Popconfirm,
  Segmented,
  Select,
  Space,
  Table,
  Tooltip,
  Typography,
  message,
} from 'antd';
import {
  AppstoreOutlined,
  DeleteOutlined,
  EditOutlined,
  ExportOutlined,
  PlusOutlined,
  StarFilled,
  StarOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { LIMITS, PLANT_STATUSES, PLANT_TYPES, type PlantRow } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../api/request.ts';
import { Pagination } from '../../../components/Pagination.tsx';
import { formatEnergy, formatPower } from '../../../components/format/units.ts';
import { QueryState } from '../components/QueryState.tsx';
import { StatusTag } from '../components/StatusTag.tsx';
import { downloadFile } from '../../../api/downloadFile.ts';
import { useLayoutStore } from '../../../store/layoutStore.ts';
import {
  type PlantFilters,
  useFollowMutations,
  useFollows,
  usePlantList,
  usePlantMutations,
} from '../api.ts';
import { PlantCards } from './PlantCards.tsx';

// The form (date picker, upload, map) loads when first opened, so that the list itself renders sooner.
const PlantFormDialog = lazy(() =>
  import('./PlantFormDialog.tsx').then((m) => ({ default: m.PlantFormDialog })),
);

/** The plant list (`list`): search and reset, list and card views, create, edit, delete, follow and export. */
export function ListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<PlantFilters>();
  const [filters, setFilters] = useState<PlantFilters>({});
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(LIMITS.pageSizeDefault);
  // A phone gets the cards (a 1100 px table is clipped on a 390 px screen) until the user picks a view.
  const mobile = useLayoutStore((st) => st.device === 'mobile');
  const [chosenView, setView] = useState<'list' | 'card'>();
  const view = chosenView ?? (mobile ? 'card' : 'list');
  const [editing, setEditing] = useState<{ plant?: PlantRow } | null>(null);
  const [exporting, setExporting] = useState(false);
  const query = usePlantList(filters, page, limit);
  const { remove } = usePlantMutations();
  const follows = useFollows();
  const { follow, unfollow } = useFollowMutations();
  const rows = query.data?.rows ?? [];
  const followed = new Set((follows.data ?? []).filter((f) => f.kind === 'plant').map((f) => f.target));
  const open = (id: number) => void navigate(`/details?id=${id}`);

  const search = () => {
    const v = form.getFieldsValue();
    setFilters(Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== '')));
    setPage(1);
  };
  const reset = () => {
    form.resetFields();
    setFilters({});
    setPage(1);
  };
  const exportRows = async () => {
    setExporting(true);
    try {
      await downloadFile('/plant/export', { ids: rows.map((r) => r.id).join(',') }, 'plants.xlsx');
    } catch (e) {
      void message.error(`${t('station.list.exportFailed')} ${errorMessage(e)}`);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="app-container station-page">
      <Card className="station-search">
        <Typography.Title level={5} className="station-title" data-testid="page-title">
          {t('menu.list')}
        </Typography.Title>
        <Form form={form} name="plantSearch" layout="inline" onFinish={search} data-testid="plant-search">
          <Form.Item name="name" label={t('station.plant.name')}>
            <Input allowClear data-testid="search-name" />
          </Form.Item>
          <Form.Item name="owner" label={t('station.plant.owner')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="type" label={t('station.plant.type')}>
            <Select
              allowClear
              style={{ width: 160 }}
              options={PLANT_TYPES.map((k) => ({ value: k, label: t(`station.type.${k}`) }))}
            />
          </Form.Item>
          <Form.Item name="status" label={t('station.plant.status')}>
            <Select
              allowClear
              style={{ width: 140 }}
              options={PLANT_STATUSES.map((k) => ({ value: k, label: t(`station.status.${k}`) }))}
            />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" data-testid="search-button">
              {t('station.common.search')}
            </Button>
            <Button onClick={reset} data-testid="reset-button">
              {t('station.common.reset')}
            </Button>
          </Space>
        </Form>
      </Card>
      <Card>
        <div className="station-toolbar">
          <Space>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({})}
              data-testid="plant-add"
            >
              {t('station.list.add')}
            </Button>
            <Button
              icon={<ExportOutlined />}
              loading={exporting}
              disabled={rows.length === 0}
              onClick={() => void exportRows()}
              data-testid="plant-export"
            >
              {t('station.list.export')}
            </Button>
          </Space>
          <Segmented
            value={view}
            onChange={(v) => setView(v as 'list' | 'card')}
            data-testid="view-switch"
            options={[
              { value: 'list', label: t('station.list.listView'), icon: <UnorderedListOutlined /> },
              { value: 'card', label: t('station.list.cardView'), icon: <AppstoreOutlined /> },
            ]}
          />
        </div>
        <QueryState
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={rows.length === 0}
          onRetry={() => void query.refetch()}
          emptyText={t('station.list.empty')}
        >
          {view === 'card' ? (
            <PlantCards rows={rows} onOpen={open} />
          ) : (
            <Table<PlantRow>
              rowKey="id"
              size="middle"
              pagination={false}
              dataSource={rows}
              scroll={{ x: 1100 }}
              data-testid="plant-table"
              columns={[
                {
                  title: t('station.plant.name'),
                  dataIndex: 'name',
                  render: (name: string, r) => (
                    <a onClick={() => open(r.id)} data-testid="plant-link">
                      {name}
                    </a>
                  ),
                },
                { title: t('station.plant.owner'), dataIndex: 'ownerName' },
                {
                  title: t('station.plant.type'),
                  dataIndex: 'type',
                  render: (v: PlantRow['type']) => t(`station.type.${v}`),
                },
                { title: t('station.plant.capacityKw'), dataIndex: 'capacityKw', align: 'right' },
                {
                  title: t('station.plant.power'),
                  dataIndex: 'powerW',
                  align: 'right',
                  render: (v: number) => formatPower(v) || '0 W',
                },
                {
                  title: t('station.plant.energyToday'),
                  dataIndex: 'energyTodayKwh',
                  align: 'right',
                  render: (v: number) => formatEnergy(v) || '0 kWh',
                },
                {
                  title: t('station.plant.energyTotal'),
                  dataIndex: 'energyTotalKwh',
                  align: 'right',
                  render: (v: number) => formatEnergy(v) || '0 kWh',
                },
                {
                  title: t('station.plant.status'),
                  dataIndex: 'status',
                  render: (v: PlantRow['status']) => <StatusTag status={v} />,
                },
                { title: t('station.plant.buildDate'), dataIndex: 'buildDate' },
                {
                  title: t('common.operation'),
                  key: 'op',
                  fixed: 'right',
                  width: 150,
                  render: (_: unknown, r) => {
                    const isFollowed = followed.has(String(r.id));
                    return (
                      <Space>
                        <Tooltip title={t(isFollowed ? 'station.follow.remove' : 'station.follow.add')}>
                          <Button
                            type="text"
                            size="small"
                            aria-label={t(isFollowed ? 'station.follow.remove' : 'station.follow.add')}
                            icon={isFollowed ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
                            onClick={() =>
                              (isFollowed ? unfollow : follow).mutate({ kind: 'plant', target: String(r.id) })
                            }
                          />
                        </Tooltip>
                        {/* Closed while the dialog is open: a tooltip opening after the dialog would take its
                            Escape key (the topmost popup gets it). */}
                        <Tooltip title={t('station.list.edit')} open={editing ? false : undefined}>
                          <Button
                            type="text"
                            size="small"
                            aria-label={t('station.list.edit')}
                            icon={<EditOutlined />}
                            onClick={() => setEditing({ plant: r })}
                            data-testid="plant-edit"
                          />
                        </Tooltip>
                        <Popconfirm
                          title={t('station.list.deleteConfirm', { name: r.name })}
                          okText={t('station.list.delete')}
                          cancelText={t('station.form.cancel')}
                          onConfirm={() =>
                            remove
                              .mutateAsync(r.id)
                              .then(() => void message.success(t('common.operationSucceeded')))
                              .catch(() => undefined)
                          }
                        >
                          <Button
                            type="text"
                            size="small"
                            danger
                            aria-label={t('station.list.delete')}
                            icon={<DeleteOutlined />}
                            data-testid="plant-delete"
                          />
                        </Popconfirm>
                      </Space>
                    );
                  },
                },
              ]}
            />
          )}
        </QueryState>
        <Pagination
          total={query.data?.total ?? 0}
          page={page}
          limit={limit}
          onChange={(p, l) => {
            setPage(p);
            setLimit(l);
          }}
        />
      </Card>
      {editing !== null && (
        <Suspense fallback={null}>
          <PlantFormDialog open plant={editing.plant} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </div>
  );
}
