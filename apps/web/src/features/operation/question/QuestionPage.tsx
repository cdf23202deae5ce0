import './question.css';
import { Alert, Card, Checkbox, Form, Input, List, Select, Space, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { seesAll, WORK_ORDER_PRIORITIES, WORK_ORDER_STATES, type WorkOrderRow } from '@solarops/contracts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import { SearchForm } from '../../../components/list/SearchForm.tsx';
import { useListState } from '../../../components/list/useListState.ts';
import { formatZoned } from '../../../components/format/formatDate.ts';
import { browserTimeZone } from '../../../components/format/timeZone.ts';
import { useSlaNotices, useWorkOrders, type WorkOrderFilters } from '../work-order-shared/api.ts';
import { PriorityTag, SlaBar, StateTag } from './tags.tsx';
import { WorkOrderDetailView } from './WorkOrderDetailView.tsx';
import { RulesTab } from './RulesTab.tsx';
import { SlaTab } from './SlaTab.tsx';
import { useUserStore } from '../../../store/userStore.ts';
import { pathOf } from '../../../router/paths.ts';

/** The SLA warnings of the caller's orders: the console's notice of 80 % and 100 % (sent once each). */
function SlaNotices() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useSlaNotices();
  if (!data?.length) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="sla-notices"
      style={{ marginBottom: 12 }}
      title={t('operation.workOrders.slaNotices')}
      description={data.slice(0, 5).map((n) => (
        <div key={`${n.workOrderId}-${n.threshold}`}>
          <Typography.Link onClick={() => void navigate(pathOf('question', { id: n.workOrderId }))}>
            #{n.workOrderId} {n.plantName}
          </Typography.Link>{' '}
          {t(n.threshold >= 100 ? 'operation.workOrders.slaBreached' : 'operation.workOrders.slaNear')}
        </div>
      ))}
    />
  );
}

/** Orders as cards: readable and tappable at 375 px, where a wide table would scroll sideways. */
function OrderCards({ rows, loading }: { rows: WorkOrderRow[]; loading: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <List<WorkOrderRow>
      loading={loading}
      dataSource={rows}
      data-testid="workorder-list"
      locale={{ emptyText: t('common.noData') }}
      renderItem={(r) => (
        <List.Item
          key={r.id}
          className="workorder-item"
          data-testid={`workorder-${r.id}`}
          onClick={() => void navigate(pathOf('question', { id: r.id }))}
        >
          <Space orientation="vertical" size={4} style={{ width: '100%' }}>
            <Space wrap size={6}>
              <Typography.Text strong>#{r.id}</Typography.Text>
              <StateTag state={r.state} />
              <PriorityTag priority={r.priority} />
              {r.alarmRecovered && <Tag color="green">{t('operation.workOrders.alarmRecovered')}</Tag>}
            </Space>
            <Typography.Text>
              {r.plantName} · {r.deviceSerial ?? ''} · #{r.code} {r.description}
            </Typography.Text>
            <Typography.Text type="secondary">
              {t('operation.workOrders.assignee')}: {r.assigneeName ?? '—'} ·{' '}
              {formatZoned(r.createdAt, browserTimeZone())} ·{' '}
              {t('operation.workOrders.occurrences', { count: r.occurrences })}
            </Typography.Text>
            <SlaBar sla={r.sla} />
          </Space>
        </List.Item>
      )}
    />
  );
}

function WorkOrderList() {
  const { t } = useTranslation();
  const list = useListState<WorkOrderFilters>({}, 10);
  const query = useWorkOrders(list.filters, list.page, list.limit);
  return (
    <ListPage<WorkOrderRow, WorkOrderFilters>
      layout="single"
      testId="question"
      header={
        <>
          <Typography.Title level={5}>{t('menu.question')}</Typography.Title>
          <SlaNotices />
        </>
      }
      list={list}
      query={query}
      search={
        <SearchForm<WorkOrderFilters> name="workorders" onSearch={list.search}>
          <Form.Item name="state" label={t('operation.workOrders.state')}>
            <Select
              allowClear
              style={{ width: 150 }}
              options={WORK_ORDER_STATES.map((s) => ({
                value: s,
                label: t(`operation.workOrders.states.${s}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="priority" label={t('operation.workOrders.priority')}>
            <Select
              allowClear
              style={{ width: 120 }}
              options={WORK_ORDER_PRIORITIES.map((p) => ({
                value: p,
                label: t(`operation.workOrders.priorities.${p}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="keyword" label={t('operation.workOrders.keyword')}>
            <Input allowClear style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="mine" valuePropName="checked">
            <Checkbox>{t('operation.workOrders.mine')}</Checkbox>
          </Form.Item>
        </SearchForm>
      }
      render={(rows, loading) => <OrderCards rows={rows} loading={loading} />}
    />
  );
}

const TABS = ['orders', 'rules', 'sla'] as const;
type Tab = (typeof TABS)[number];

/** The list of orders, and beside it the rules that open them and the SLA targets (`?tab=`). */
function WorkOrderTabs() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const roleId = useUserStore((s) => s.info?.roleId);
  // Rules and targets are the platform's: who sees the whole fleet changes them (the server checks the same).
  const canChange = roleId !== undefined && seesAll({ roleId });
  const tab: Tab = TABS.find((k) => k === params.get('tab')) ?? 'orders';
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams(key === 'orders' ? {} : { tab: key })}
      // The list draws its own card with the page margin; the tab bar and the settings keep the same margin.
      tabBarStyle={{ margin: '0 20px 16px' }}
      items={[
        { key: 'orders', label: t('operation.workOrders.settings.orders'), children: <WorkOrderList /> },
        {
          key: 'rules',
          label: t('operation.workOrders.settings.rules'),
          children: (
            <div className="app-container">
              <Card className="workorder-page">
                <RulesTab canChange={canChange} />
              </Card>
            </div>
          ),
        },
        {
          key: 'sla',
          label: t('operation.workOrders.settings.sla'),
          children: (
            <div className="app-container">
              <Card className="workorder-page">
                <SlaTab canChange={canChange} />
              </Card>
            </div>
          ),
        },
      ]}
    />
  );
}

/**
 * `question`: work orders from alarms, a list with filters, or one order (`?id=`) with its timeline and moves; the
 * rules and SLA targets on their own tabs.
 */
export function QuestionPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  return id ? (
    <Card className="workorder-page">
      <WorkOrderDetailView id={id} />
    </Card>
  ) : (
    <WorkOrderTabs />
  );
}
