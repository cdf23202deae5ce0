import { EXHIBIT_LIMITS, type WallEquipment } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { WallFigure, WallPanel } from '../WallFrame.tsx';

const ROWS = 12;

/** The equipment wall: devices by state, by model and by firmware; collectors online and by network; SIM cards. */
export function EquipmentScreen({ data: e }: { data: WallEquipment }) {
  const { t } = useTranslation();
  return (
    <div className="wall-equipment">
      <WallPanel title={t('exhibit.equipment.states')} className="wall-span-3">
        <div className="wall-grid-5">
          <WallFigure
            label={t('exhibit.equipment.online')}
            value={e.states.online}
            tone="good"
            testId="wall-online-devices"
          />
          <WallFigure label={t('exhibit.equipment.fault')} value={e.states.fault} tone="bad" />
          <WallFigure label={t('exhibit.equipment.offline')} value={e.states.offline} tone="warn" />
          <WallFigure
            label={t('exhibit.equipment.collectors')}
            value={`${e.collectors.online} / ${e.collectors.total}`}
          />
          <WallFigure
            label={t('exhibit.equipment.networks')}
            value={
              e.collectors.networks.length === 0 ? (
                '—'
              ) : (
                // One chip per network, wrapping: "2G 2 · 4G 2 · Wi-Fi 3" in one line ran past its column.
                <span className="wall-networks" data-testid="wall-networks">
                  {e.collectors.networks.map((n) => (
                    <span key={n.network} className={n.network === '2G' ? 'is-warn' : undefined}>
                      {n.network} {n.collectors}
                    </span>
                  ))}
                </span>
              )
            }
          />
        </div>
      </WallPanel>
      <WallPanel title={t('exhibit.equipment.cards')} className="wall-span-3" testId="wall-cards">
        <div className="wall-grid-5">
          <WallFigure
            label={t('card.statuses.normal')}
            value={e.cards.byStatus.normal}
            tone="good"
            testId="wall-cards-normal"
          />
          <WallFigure label={t('card.statuses.testing')} value={e.cards.byStatus.testing} />
          <WallFigure
            label={t('exhibit.equipment.cardsExpiring', { days: EXHIBIT_LIMITS.cardExpiryDays })}
            value={e.cards.expiring}
            tone={e.cards.expiring > 0 ? 'warn' : undefined}
            testId="wall-cards-expiring"
          />
          <WallFigure
            label={t('card.statuses.shutDown')}
            value={e.cards.byStatus.shutDown}
            tone={e.cards.byStatus.shutDown > 0 ? 'bad' : undefined}
            testId="wall-cards-shutdown"
          />
          <WallFigure label={t('card.statuses.toBeActivated')} value={e.cards.byStatus.toBeActivated} />
        </div>
      </WallPanel>
      <WallPanel title={t('exhibit.equipment.models')} className="wall-span-2">
        <table className="wall-table">
          <thead>
            <tr>
              <th>{t('exhibit.equipment.kind')}</th>
              <th>{t('exhibit.equipment.model')}</th>
              <th>{t('exhibit.equipment.devices')}</th>
              <th>{t('exhibit.equipment.online')}</th>
            </tr>
          </thead>
          <tbody>
            {e.models.slice(0, ROWS).map((m) => (
              <tr key={`${m.kind}|${m.model}`}>
                <td>{t(`exhibit.kind.${m.kind}`)}</td>
                <td>{m.model || '—'}</td>
                <td>{m.devices}</td>
                <td>{m.online}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </WallPanel>
      <WallPanel title={t('exhibit.equipment.firmware')}>
        <table className="wall-table">
          <thead>
            <tr>
              <th>{t('exhibit.equipment.model')}</th>
              <th>{t('exhibit.equipment.version')}</th>
              <th>{t('exhibit.equipment.devices')}</th>
            </tr>
          </thead>
          <tbody>
            {e.firmware.slice(0, ROWS).map((f) => (
              <tr key={`${f.model}|${f.version}`}>
                <td>{f.model || '—'}</td>
                <td>{f.version}</td>
                <td>{f.devices}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </WallPanel>
    </div>
  );
}
