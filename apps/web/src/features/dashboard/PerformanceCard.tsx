import { Card, Tag } from 'antd';
import type { FleetFigures } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { formatEnergy } from '../../components/format/units.ts';
import { usePlantsPerformance } from './api.ts';

const percent = (v: number | null | undefined) =>
  v === null || v === undefined ? '-' : `${(v * 100).toFixed(1)} %`;

/**
 * The top plants' performance ratio (IEC 61724-1) today, this month and this year, and today's expected energy;
 * a plant without an irradiance sensor is marked "estimated (model irradiance)". A plain table, as the recent
 * alarms': Ant Design's Table would weigh on the dashboard's download.
 */
export function PerformanceCard({ plants }: { plants: FleetFigures['topPlants'] }) {
  const { t } = useTranslation();
  const answers = usePlantsPerformance(plants.map((p) => p.id));
  return (
    <Card title={t('dashboard.performance.title')} data-testid="fleet-performance">
      <div className="dashboard-alarms-wrap">
        <table className="dashboard-alarms">
          <thead>
            <tr>
              <th>{t('dashboard.performance.plant')}</th>
              <th>{t('dashboard.performance.expectedToday')}</th>
              <th>{t('dashboard.performance.prToday')}</th>
              <th>{t('dashboard.performance.prMonth')}</th>
              <th>{t('dashboard.performance.prYear')}</th>
            </tr>
          </thead>
          <tbody>
            {plants.map((p, i) => {
              const f = answers[i]?.data;
              return (
                <tr key={p.id} data-testid={`performance-${p.id}`}>
                  <td>
                    {p.name}{' '}
                    {f?.irradianceSource === 'model' && (
                      <Tag color="orange" title={t('dashboard.performance.modelHint')}>
                        {t('dashboard.performance.model')}
                      </Tag>
                    )}
                  </td>
                  <td>{f ? formatEnergy(f.periods[0]?.expectedEnergyKwh ?? 0) || '0 kWh' : '-'}</td>
                  <td>{percent(f?.periods[0]?.performanceRatio)}</td>
                  <td>{percent(f?.periods[1]?.performanceRatio)}</td>
                  <td>{percent(f?.periods[2]?.performanceRatio)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
