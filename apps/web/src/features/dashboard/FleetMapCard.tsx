import './dashboard.css';
import { useState } from 'react';
import { Card, Col, Row } from 'antd';
import { MAP_STATES, type FleetMap } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatPower } from '../../components/format/units.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { WorldMap } from '../../components/WorldMap.tsx';
import {
  MAP_STATE_COLORS,
  MAX_LISTED,
  type MapFilter,
  mapMarkers,
  plantsOf,
} from '../../components/fleetMapView.ts';
import { pathOf } from '../../router/paths.ts';

/**
 * The fleet on the world map (its own chunk, loaded after the dashboard's figures): status cards with their counts
 * that filter the pins and the plant list beside the map; a pin or a list row opens the plant. The map comes with
 * the fleet figures (one snapshot), so that its pins and the "devices online" count agree.
 */
export function FleetMapCard({ map }: { map: FleetMap }) {
  const { t } = useTranslation();
  return (
    <Card title={t('dashboard.map.title')} data-testid="fleet-map">
      <QueryState
        isLoading={false}
        error={null}
        isEmpty={map.plants.length === 0}
        emptyText={t('dashboard.noPlants')}
      >
        <FleetMapBody map={map} />
      </QueryState>
    </Card>
  );
}

function FleetMapBody({ map }: { map: FleetMap }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<MapFilter>('all');
  const open = (id: number) => void navigate(pathOf('details', { id }));
  const listed = plantsOf(map.plants, filter);
  const cards: { key: MapFilter; count: number; color?: string }[] = [
    { key: 'all', count: map.plants.length },
    ...MAP_STATES.map((s) => ({ key: s, count: map.counts[s], color: MAP_STATE_COLORS[s] })),
  ];
  return (
    <>
      <Row gutter={[12, 12]} className="fleet-map-cards">
        {cards.map((c) => (
          <Col key={c.key} xs={12} md={6}>
            <button
              type="button"
              className={`fleet-map-state${filter === c.key ? ' is-active' : ''}`}
              aria-pressed={filter === c.key}
              onClick={() => setFilter(filter === c.key && c.key !== 'all' ? 'all' : c.key)}
              data-testid={`map-state-${c.key}`}
            >
              <span className="fleet-map-state-label">
                {c.color ? <span className="fleet-map-dot" style={{ background: c.color }} /> : null}
                {t(`dashboard.map.${c.key}`)}
              </span>
              <span className="fleet-map-state-count" style={c.color ? { color: c.color } : undefined}>
                {c.count}
              </span>
            </button>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 12 }}>
        <Col xs={24} xl={16}>
          <WorldMap
            label={t('dashboard.map.label')}
            pins={mapMarkers(map.plants, filter).map((m) => {
              const [only] = m.plants;
              return {
                key: m.key,
                latitude: m.latitude,
                longitude: m.longitude,
                color: MAP_STATE_COLORS[m.state],
                title:
                  m.plants.length === 1 && only
                    ? `${only.name} · ${t(`dashboard.map.${only.state}`)}`
                    : t('dashboard.map.area', { count: m.plants.length }),
                dimmed: !m.selected,
                onClick: m.plants.length === 1 && only ? () => open(only.id) : undefined,
                testId: `map-pin-${m.state}`,
              };
            })}
          />
        </Col>
        <Col xs={24} xl={8}>
          <ul className="fleet-map-list" data-testid="map-plant-list">
            {listed.slice(0, MAX_LISTED).map((p) => (
              <li key={p.id}>
                <button type="button" onClick={() => open(p.id)} className="fleet-map-row">
                  <span className="fleet-map-dot" style={{ background: MAP_STATE_COLORS[p.state] }} />
                  <span className="fleet-map-name">{p.name}</span>
                  <span className="fleet-map-figure">
                    {p.openAlarms > 0
                      ? t('dashboard.map.openAlarms', { count: p.openAlarms })
                      : formatPower(p.powerW) || '0 W'}
                  </span>
                </button>
              </li>
            ))}
            {listed.length > MAX_LISTED ? (
              <li className="fleet-map-none">
                <Link to={pathOf('list')} data-testid="map-more">
                  {t('dashboard.map.more', { count: listed.length - MAX_LISTED })}
                </Link>
              </li>
            ) : null}
            {listed.length === 0 ? <li className="fleet-map-none">{t('dashboard.map.none')}</li> : null}
          </ul>
        </Col>
      </Row>
    </>
  );
}
