import { useState } from 'react';
import { Button, Form, Input, Select, Tag, Typography } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { CARD_CALLS, CARD_OPERATORS, CARD_STATUSES, endpointPath, type CardRow } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate } from '../../../components/format/formatDate.ts';
import { ExportButton } from '../../../components/list/ExportButton.tsx';
import { ListPage } from '../../../components/list/ListPage.tsx';
import { SearchForm } from '../../../components/list/SearchForm.tsx';
import { useListState } from '../../../components/list/useListState.ts';
import { type CardFilters, useCards } from './api.ts';
import { pathOf } from '../../../router/paths.ts';

const STATUS_COLORS: Record<CardRow['status'], string> = {
  toBeActivated: 'default',
  testing: 'processing',
  normal: 'success',
  shutDown: 'error',
};

/** Renewed within the last hour: the list says so, lest someone pay for it again. */
const renewedLately = (r: CardRow) =>
  r.renewedAt !== null && Date.now() - Date.parse(r.renewedAt) < 60 * 60 * 1000;

/**
 * `card`: the collectors' internet cards with their plan and traffic; filters and export; the cards ticked here
 * go to the renewal (issue 19).
 */
export function CardListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [ticked, setTicked] = useState<number[]>([]);
  const list = useListState<CardFilters>({});
  const query = useCards(list.filters, list.page, list.limit);
  return (
    <ListPage<CardRow, CardFilters>
      layout="split"
      title={t('menu.card')}
      list={list}
      query={query}
      emptyText={t('card.empty')}
      toolbar={
        <Button
          type="primary"
          icon={<SyncOutlined />}
          disabled={ticked.length === 0}
          onClick={() => {
            // The ticked cards go to the renewal; none stays ticked here, one click from paying for them twice.
            setTicked([]);
            void navigate(pathOf('renew', { cards: ticked.join(',') }));
          }}
          data-testid="card-renew"
        >
          {t('renewal.renewTicked', { count: ticked.length })}
        </Button>
      }
      search={
        <SearchForm<CardFilters>
          onSearch={list.search}
          extra={
            <ExportButton
              path={endpointPath(CARD_CALLS.export, {})}
              params={{ ...list.filters }}
              fileName="cards.xlsx"
              disabled={(query.data?.rows ?? []).length === 0}
            />
          }
        >
          <Form.Item name="iccid" label={t('card.iccid')}>
            <Input allowClear data-testid="card-iccid" />
          </Form.Item>
          <Form.Item name="status" label={t('card.status')}>
            <Select
              allowClear
              style={{ width: 140 }}
              options={CARD_STATUSES.map((s) => ({ value: s, label: t(`card.statuses.${s}`) }))}
            />
          </Form.Item>
          <Form.Item name="operator" label={t('card.operator')}>
            <Select
              allowClear
              style={{ width: 140 }}
              options={CARD_OPERATORS.map((o) => ({ value: o, label: t(`card.operators.${o}`) }))}
            />
          </Form.Item>
          <Form.Item name="expiresFrom" label={t('card.expiresFrom')}>
            <Input allowClear placeholder={t('card.datePlaceholder')} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="expiresTo" label={t('card.expiresTo')}>
            <Input allowClear placeholder={t('card.datePlaceholder')} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="plantName" label={t('card.plant')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="dealercode" label={t('card.dealercode')}>
            <Input allowClear />
          </Form.Item>
        </SearchForm>
      }
      table={{
        rowKey: 'id',
        'data-testid': 'card-table',
        rowSelection: {
          selectedRowKeys: ticked,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setTicked(keys.map(Number)),
          getCheckboxProps: (r) => ({ disabled: !r.renewable }),
        },
        columns: [
          { title: t('card.iccid'), dataIndex: 'iccid' },
          { title: t('card.msisdn'), dataIndex: 'msisdn' },
          {
            title: t('card.operator'),
            dataIndex: 'operator',
            render: (o: string) => t(`card.operators.${o}`),
          },
          {
            title: t('card.status'),
            dataIndex: 'status',
            render: (s: CardRow['status'], r: CardRow) => (
              <>
                <Tag color={STATUS_COLORS[s]}>{t(`card.statuses.${s}`)}</Tag>
                {r.shutdownReason && (
                  <Typography.Text type="secondary">{t(`card.reasons.${r.shutdownReason}`)}</Typography.Text>
                )}
                {renewedLately(r) && (
                  <Tag color="blue" data-testid={`card-renewed-${r.id}`}>
                    {t('card.renewedAt', { time: formatDate(r.renewedAt!) })}
                  </Tag>
                )}
              </>
            ),
          },
          {
            title: t('card.activatedAt'),
            dataIndex: 'activatedAt',
            render: (v: string | null) => (v ? formatDate(v) : '-'),
          },
          { title: t('card.expiresOn'), dataIndex: 'expiresOn', render: (v: string | null) => v ?? '-' },
          {
            title: t('card.renewableUntil'),
            dataIndex: 'renewableUntil',
            render: (v: string | null) => v ?? '-',
          },
          {
            title: t('card.remainingMb'),
            dataIndex: 'remainingMb',
            // Never below 0: a plan used up (the used traffic may pass it) shows 0 in red.
            render: (v: number, r: CardRow) => (
              <Typography.Text type={r.usedMb >= r.totalMb && r.totalMb > 0 ? 'danger' : undefined}>
                {v}
              </Typography.Text>
            ),
          },
          { title: t('card.usedMb'), dataIndex: 'usedMb' },
          { title: t('card.totalMb'), dataIndex: 'totalMb' },
          {
            title: t('card.collector'),
            dataIndex: 'collectorSerial',
            render: (v: string | null) => v ?? '-',
          },
          { title: t('card.plant'), dataIndex: 'plantName', render: (v: string | null) => v ?? '-' },
        ],
      }}
    />
  );
}
