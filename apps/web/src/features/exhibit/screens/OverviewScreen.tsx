import { useEffect, useState } from 'react';
import type { WallAlarm, WallOverview } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { abbreviateNumber } from '../../../components/format/abbreviateNumber.ts';
import { formatDate } from '../../../components/format/formatDate.ts';
import { formatEnergy, formatPower } from '../../../components/format/units.ts';
import { MAP_STATE_COLORS, mapMarkers } from '../../../components/fleetMapView.ts';
import { WorldMap } from '../../../components/WorldMap.tsx';
import { WallFigure, WallPanel } from '../WallFrame.tsx';

/** A mass in kg or, from a tonne, in t (CO₂ avoided, standard coal saved). */
const mass = (kg: number) => (kg >= 1000 ? `${(kg / 1000).toFixed(2)} t` : `${kg.toFixed(1)} kg`);
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
/** The ticker moves on one alarm every few seconds (spec §9's ticker steps every 3 s). */
const TICKER_STEP_MS = 3_000;
const TICKER_LINES = 4;

export const LEVEL_TONES: Record<number, 'good' | 'warn' | 'bad'> = { 1: 'good', 2: 'warn', 3: 'bad' };

/** Open alarms, a few lines at a time, moving on every TICKER_STEP_MS. */
export function AlarmTicker({ alarms }: { alarms: WallAlarm[] }) {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    if (alarms.length <= TICKER_LINES) return;
    const timer = window.setInterval(() => setOffset((o) => (o + 1) % alarms.length), TICKER_STEP_MS);
    return () => window.clearInterval(timer);
  }, [alarms.length]);
  if (alarms.length === 0) return <div className="wall-empty">{t('exhibit.noAlarms')}</div>;
  const shown = Array.from(
    { length: Math.min(TICKER_LINES, alarms.length) },
    (_, i) => alarms[(offset + i) % alarms.length]!,
  );
  return (
    <ul className="wall-alarms" data-testid="wall-alarms">
      {shown.map((a) => (
        <li key={a.alarmId} className={`wall-alarm is-${LEVEL_TONES[a.level] ?? 'warn'}`}>
          <span className="wall-alarm-level">{t('exhibit.level', { level: a.level })}</span>
          <span className="wall-alarm-plant">{a.plantName}</span>
          <span className="wall-alarm-serial">{a.serial ?? ''}</span>
          <span className="wall-alarm-message">{a.message}</span>
          <span className="wall-alarm-time">{formatDate(a.occurredAt)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The overview wall: power, energy and CO₂ with its factor and equivalents on the left; the map; the fleet's
 * plants and online ratio above the ranking on the right (the left column is full); the alarms along the bottom.
 */
export function OverviewScreen({ data: o }: { data: WallOverview }) {
  const { t } = useTranslation();
  const capacityW = o.capacityKw * 1000;
  const load = percent(o.powerW, capacityW);
  return (
    <div className="wall-overview">
      <div className="wall-column">
        <WallPanel title={t('exhibit.overview.power')}>
          <WallFigure
            label={t('exhibit.overview.powerNow')}
            value={formatPower(o.powerW) || '0 W'}
            raw={o.powerW}
            testId="wall-power"
            note={t('exhibit.overview.ofCapacity', {
              percent: load,
              capacity: formatPower(capacityW) || '0 W',
            })}
          />
          <div className="wall-bar" aria-hidden>
            <div className="wall-bar-fill" style={{ width: `${Math.min(100, load)}%` }} />
          </div>
        </WallPanel>
        <WallPanel title={t('exhibit.overview.energy')}>
          <div className="wall-grid-2">
            <WallFigure
              label={t('exhibit.overview.today')}
              value={formatEnergy(o.energyTodayKwh) || '0 kWh'}
            />
            <WallFigure
              label={t('exhibit.overview.month')}
              value={formatEnergy(o.energyMonthKwh) || '0 kWh'}
            />
            <WallFigure label={t('exhibit.overview.year')} value={formatEnergy(o.energyYearKwh) || '0 kWh'} />
            <WallFigure
              label={t('exhibit.overview.total')}
              value={formatEnergy(o.energyTotalKwh) || '0 kWh'}
            />
          </div>
        </WallPanel>
        <WallPanel title={t('exhibit.overview.contribution')}>
          <WallFigure
            label={t('exhibit.overview.co2')}
            value={mass(o.co2AvoidedKg)}
            testId="wall-co2"
            note={t('exhibit.overview.co2Factor', { factor: o.co2KgPerKwh })}
          />
          <div className="wall-grid-2 wall-equivalents">
            <WallFigure
              label={t('exhibit.overview.coal')}
              value={mass(o.co2Equivalents.coalKg)}
              raw={o.co2Equivalents.coalKg}
              testId="wall-coal"
            />
            <WallFigure
              label={t('exhibit.overview.trees')}
              value={abbreviateNumber(Math.round(o.co2Equivalents.trees))}
              raw={o.co2Equivalents.trees}
              testId="wall-trees"
            />
          </div>
        </WallPanel>
      </div>
      <WallPanel title={t('exhibit.overview.map')} className="wall-map-panel" testId="wall-map">
        <WorldMap
          label={t('exhibit.overview.mapLabel')}
          pins={mapMarkers(o.map.plants, 'all').map((m) => ({
            key: m.key,
            latitude: m.latitude,
            longitude: m.longitude,
            color: MAP_STATE_COLORS[m.state],
            title: m.plants.map((p) => p.name).join(', '),
          }))}
        />
        <div className="wall-map-legend">
          {(['normal', 'alarm', 'offline'] as const).map((s) => (
            <span key={s}>
              <i style={{ background: MAP_STATE_COLORS[s] }} />
              {t(`exhibit.state.${s}`)} {o.map.counts[s]}
            </span>
          ))}
        </div>
      </WallPanel>
      <div className="wall-column">
        <WallPanel title={t('exhibit.overview.fleet')}>
          <div className="wall-grid-2">
            <WallFigure label={t('exhibit.overview.plants')} value={o.plants} />
            <WallFigure
              label={t('exhibit.overview.online')}
              value={`${percent(o.devicesOnline, o.devices)} %`}
              testId="wall-online"
              note={t('exhibit.overview.devicesOnline', { online: o.devicesOnline, total: o.devices })}
              tone={o.devices > 0 && o.devicesOnline < o.devices ? 'warn' : 'good'}
            />
          </div>
        </WallPanel>
        <WallPanel title={t('exhibit.overview.ranking')} testId="wall-ranking" className="wall-grow">
          {o.ranking.length === 0 ? (
            <div className="wall-empty">{t('exhibit.noPlants')}</div>
          ) : (
            <ol className="wall-ranking">
              {o.ranking.map((r, i) => (
                <li key={r.id}>
                  <span className="wall-rank">{i + 1}</span>
                  <span className="wall-ranking-name">{r.name}</span>
                  <span className="wall-ranking-value">
                    {t('exhibit.overview.hours', { hours: r.equivalentHours.toFixed(2) })}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </WallPanel>
      </div>
      <WallPanel title={t('exhibit.overview.alarms')} className="wall-ticker">
        <AlarmTicker alarms={o.alarms} />
      </WallPanel>
    </div>
  );
}
