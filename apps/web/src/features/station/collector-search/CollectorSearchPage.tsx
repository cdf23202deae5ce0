import '../station-shared/station.css';
import { useState } from 'react';
import { Button, Card, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/QueryState.tsx';
import { CollectorCard } from '../station-shared/CollectorInfo.tsx';
import { useCollectorSearch } from '../station-shared/api.ts';
import { FollowToggle } from '../station-shared/FollowToggle.tsx';

/** `collectorSearch`: collectors whose serial starts with the text, with plant, devices, signal, SIM and state. */
export function CollectorSearchPage() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [sn, setSn] = useState('');
  const query = useCollectorSearch(sn);
  return (
    <div className="app-container station-page">
      <Card className="station-search">
        <Typography.Title level={5} className="station-title" data-testid="page-title">
          {t('menu.collectorSearch')}
        </Typography.Title>
        <Space.Compact style={{ maxWidth: 480, width: '100%' }}>
          <Input
            value={text}
            allowClear
            onChange={(e) => setText(e.target.value)}
            onPressEnter={() => setSn(text.trim())}
            placeholder={t('station.collector.searchHint')}
            data-testid="collector-sn"
          />
          <Button type="primary" onClick={() => setSn(text.trim())} data-testid="collector-search">
            {t('common.search')}
          </Button>
          <Button
            onClick={() => {
              setText('');
              setSn('');
            }}
          >
            {t('common.reset')}
          </Button>
        </Space.Compact>
      </Card>
      {sn ? (
        <QueryState
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={(query.data ?? []).length === 0}
          onRetry={() => void query.refetch()}
          emptyText={t('station.collector.none')}
        >
          <Space orientation="vertical" style={{ width: '100%' }}>
            {(query.data ?? []).map((c) => (
              <Card
                key={c.serial}
                title={c.serial}
                extra={<FollowToggle kind="collector" target={c.serial} size="small" />}
              >
                <CollectorCard c={c} />
              </Card>
            ))}
          </Space>
        </QueryState>
      ) : (
        <Card>
          <QueryState isLoading={false} error={null} isEmpty emptyText={t('station.collector.prompt')}>
            {null}
          </QueryState>
        </Card>
      )}
    </div>
  );
}
