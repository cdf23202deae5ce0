import { useState } from 'react';
import type { WallStation } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatEnergy, formatPower } from '../../../components/format/units.ts';
import { WallFigure, WallPanel } from '../WallFrame.tsx';
import { StationCurve } from './StationCurve.tsx';
import { STATION_INTERVAL_CHOICES, stationOptions, useStationRotation } from './stationRotation.ts';

const LISTED = 13;

/** The wall's choice of one plant or all in turn, and the pace; kept in the address so that a wall reopens so. */
function RotationControls({
  plants,
  plantId,
  intervalSeconds,
  onChange,
}: {
  plants: WallStation['plants'];
  plantId: number | undefined;
  intervalSeconds: number;
  onChange(name: 'plant' | 'interval', value: string): void;
}) {
  const { t } = useTranslation();
  const choices = STATION_INTERVAL_CHOICES.includes(intervalSeconds as never)
    ? STATION_INTERVAL_CHOICES
    : [...STATION_INTERVAL_CHOICES, intervalSeconds].sort((a, b) => a - b);
  return (
    <div className="wall-station-controls">
      <select
        className="wall-select"
        aria-label={t('exhibit.station.show')}
        value={plantId ?? ''}
        onChange={(e) => onChange('plant', e.target.value)}
        data-testid="wall-station-choice"
      >
        <option value="">{t('exhibit.station.rotateAll')}</option>
        {plants.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      <select
        className="wall-select"
        aria-label={t('exhibit.station.interval')}
        value={intervalSeconds}
        disabled={plantId !== undefined}
        onChange={(e) => onChange('interval', e.target.value)}
        data-testid="wall-station-interval"
      >
        {choices.map((s) => (
          <option key={s} value={s}>
            {t('exhibit.station.every', { s })}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The station wall: one plant in large with its power today, either the one the address names (`?plant=<id>`) or each plant of the
 * wall's scope in turn (`?interval=<s>`, 20 s by default), held while the pointer is over the wall; the plants by
 * power beside it.
 */
export function StationScreen({ data }: { data: WallStation }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const options = stationOptions(search);
  const [hovered, setHovered] = useState(false);
  const ids = data.plants.map((p) => p.id);
  const shown = useStationRotation(ids, options.plantId, options.intervalSeconds * 1000, hovered);
  const count = data.plants.length;
  if (count === 0) return <div className="wall-empty wall-center">{t('exhibit.noPlants')}</div>;
  const index = Math.max(0, ids.indexOf(shown.plantId ?? ids[0]!));
  const plant = data.plants[index]!;
  const pinned = !shown.rotating && count > 1;
  const change = (name: 'plant' | 'interval', value: string) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === '') next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  const capacityW = plant.capacityKw * 1000;
  const load = capacityW > 0 ? Math.round((plant.powerW / capacityW) * 1000) / 10 : 0;
  return (
    <div
      className="wall-station"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
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
        <div className="wall-figure-note" data-testid="wall-station-note">
          {t('exhibit.station.rotation', { n: index + 1, count, zone: plant.timeZone })}
          {shown.rotating &&
            ` · ${hovered ? t('exhibit.station.paused') : t('exhibit.station.nextEvery', { s: options.intervalSeconds })}`}
          {pinned && ` · ${t('exhibit.station.pinned')}`}
        </div>
        <StationCurve plantId={plant.id} />
      </WallPanel>
      <WallPanel title={t('exhibit.station.plants')} className="wall-station-list">
        <RotationControls
          plants={data.plants}
          plantId={pinned ? plant.id : undefined}
          intervalSeconds={options.intervalSeconds}
          onChange={change}
        />
        <ol className="wall-ranking">
          {data.plants.slice(0, LISTED).map((p, i) => (
            <li key={p.id} className={i === index ? 'is-current' : undefined}>
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
