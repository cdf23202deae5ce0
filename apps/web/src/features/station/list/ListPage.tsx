import '../station-shared/station.css';
import { Suspense, lazy, useState } from 'react';
import { Button, Form, Input, Segmented, Select, Space } from 'antd';
import {
  AppstoreOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { endpointPath, PLANT_CALLS, PLANT_STATUSES, PLANT_TYPES, type PlantRow } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatEnergy, formatPower } from '../../../components/format/units.ts';
import { LazyPopconfirm, LazyTooltip } from '../../../components/antdParts/LazyPopups.tsx';
import { ExportButton } from '../../../components/list/ExportButton.tsx';
import { ListPage as ListLayout } from '../../../components/list/ListPage.tsx';
import { SearchForm } from '../../../components/list/SearchForm.tsx';
import { useListState } from '../../../components/list/useListState.ts';
import { useLayoutStore } from '../../../store/layoutStore.ts';
import { StatusTag } from '../station-shared/StatusTag.tsx';
import { type PlantFilters, usePlantList, usePlantMutations } from '../station-shared/api.ts';
import { FollowToggle } from '../station-shared/FollowToggle.tsx';
import { PlantCards } from './PlantCards.tsx';
import { useMessage } from '../../../components/MessageProvider.tsx';
import { pathOf } from '../../../router/paths.ts';

// The form (date picker, upload, map) loads when first opened, so that the list itself renders sooner.
const PlantFormDialog = lazy(() =>
  import('./PlantFormDialog.tsx').then((m) => ({ default: m.PlantFormDialog })),
);

/** The plant list (`list`): search and reset, list and card views, create, edit, delete, follow and export. */
export function ListPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const list = useListState<PlantFilters>({});
  // A phone gets the cards (a 1100 px table is clipped on a 390 px screen) until the user picks a view.
  const mobile = useLayoutStore((st) => st.device === 'mobile');
  const [chosenView, setView] = useState<'list' | 'card'>();
  const view = chosenView ?? (mobile ? 'card' : 'list');
  const [editing, setEditing] = useState<{ plant?: PlantRow } | null>(null);
  const query = usePlantList(list.filters, list.page, list.limit);
  const { remove } = usePlantMutations();
  const rows = query.data?.rows ?? [];
  const open = (id: number) => void navigate(pathOf('details', { id }));

  return (
    <ListLayout<PlantRow, PlantFilters>
      layout="split"
      title={t('menu.list')}
      list={list}
      query={query}
      emptyText={t('station.list.empty')}
      search={
        <SearchForm<PlantFilters> name="plantSearch" testId="plant-search" onSearch={list.search}>
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
        </SearchForm>
      }
      toolbar={
        <>
          <Space>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({})}
              data-testid="plant-add"
            >
              {t('station.list.add')}
            </Button>
            <ExportButton
              path={endpointPath(PLANT_CALLS.export, {})}
              params={{ ids: rows.map((r) => r.id).join(',') }}
              fileName="plants.xlsx"
              disabled={rows.length === 0}
              testId="plant-export"
            />
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
        </>
      }
      render={view === 'card' ? (plants) => <PlantCards rows={plants} onOpen={open} /> : undefined}
      table={{
        rowKey: 'id',
        scroll: { x: 1100 },
        'data-testid': 'plant-table',
        columns: [
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
            render: (_: unknown, r) => (
              <Space>
                <FollowToggle kind="plant" target={String(r.id)} iconOnly />
                {/* Closed while the dialog is open: a tooltip opening after the dialog would take its
                    Escape key (the topmost popup gets it). */}
                <LazyTooltip title={t('station.list.edit')} open={editing ? false : undefined}>
                  <Button
                    type="text"
                    size="small"
                    aria-label={t('station.list.edit')}
                    icon={<EditOutlined />}
                    onClick={() => setEditing({ plant: r })}
                    data-testid="plant-edit"
                  />
                </LazyTooltip>
                <LazyPopconfirm
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
                </LazyPopconfirm>
              </Space>
            ),
          },
        ],
      }}
    >
      {editing !== null && (
        <Suspense fallback={null}>
          <PlantFormDialog open plant={editing.plant} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </ListLayout>
  );
}
