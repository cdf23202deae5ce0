import { useEffect, useState } from 'react';
import type { WallStation } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { formatEnergy, formatPower } from '../../../components/format/units.ts';
import { WallFigure, WallPanel } from '../WallFrame.tsx';

/** How long each plant stays on the station wall [ms]. */
export const STATION_ROTATE_MS = 15_000;
const LISTED = 14;

/** The station wall: one plant at a time in large, rotating through the most powerful ones, the list beside. */
export function StationScreen({ data }: { data: WallStation }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const count = data.plants.length;
  useEffect(() => {
    if (count <= 1) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), STATION_ROTATE_MS);
    return () => window.clearInterval(timer);
  }, [count]);
  if (count === 0) return <div className="wall-empty wall-center">{t('exhibit.noPlants')}</div>;
  const plant = data.plants[index % count]!;
  const capacityW = plant.capacityKw * 1000;
  const load = capacityW > 0 ? Math.round((plant.powerW / capacityW) * 1000) / 10 : 0;
  return (
    <div className="wall-station">
      <WallPanel title={plant.name} className="wall-station-main" testId="wall-station-plant">
        <div className="wall-grid-3">
          <WallFigure
            label={t('exhibit.station.power')}
            value={formatPower(plant.powerW) || '0 W'}
            raw={plant.powerW}
            note={t('exhibit.overview.ofCapacity', {
              percent: load,
              capacity: formatPower(capacityW) || '0 W',
            })}
          />
          <WallFigure
            label={t('exhibit.overview.today')}
            value={formatEnergy(plant.energyTodayKwh) || '0 kWh'}
          />
          <WallFigure
            label={t('exhibit.overview.total')}
            value={formatEnergy(plant.energyTotalKwh) || '0 kWh'}
          />
          <WallFigure
            label={t('exhibit.station.status')}
            value={t(`exhibit.status.${plant.status}`)}
            tone={plant.status === 'online' ? 'good' : plant.status === 'fault' ? 'bad' : 'warn'}
          />
          <WallFigure
            label={t('exhibit.station.devices')}
            value={`${plant.devicesOnline} / ${plant.devices}`}
          />
          <WallFigure
            label={t('exhibit.station.openAlarms')}
            value={plant.openAlarms}
            tone={plant.openAlarms > 0 ? 'bad' : 'good'}
          />
        </div>
        <div className="wall-bar" aria-hidden>
          <div className="wall-bar-fill" style={{ width: `${Math.min(100, load)}%` }} />
        </div>
        <div className="wall-figure-note">
          {t('exhibit.station.rotation', { n: (index % count) + 1, count, zone: plant.timeZone })}
        </div>
      </WallPanel>
      <WallPanel title={t('exhibit.station.plants')} className="wall-station-list">
        <ol className="wall-ranking">
          {data.plants.slice(0, LISTED).map((p, i) => (
            <li key={p.id} className={i === index % count ? 'is-current' : undefined}>
              <span className="wall-rank">{i + 1}</span>
              <span className="wall-ranking-name">{p.name}</span>
              <span className="wall-ranking-value">{formatPower(p.powerW) || '0 W'}</span>
            </li>
          ))}
        </ol>
      </WallPanel>
    </div>
  );
}
