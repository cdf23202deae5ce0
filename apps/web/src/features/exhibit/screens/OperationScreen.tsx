import type { WallOperation } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../components/format/formatDate.ts';
import { relativeTime } from '../../../components/format/relativeTime.ts';
import { WallFigure, WallPanel } from '../WallFrame.tsx';
import { AlarmTicker } from './OverviewScreen.tsx';

/** The operation wall: what needs people now (work orders and their SLA join it when they exist). */
export function OperationScreen({ data: o }: { data: WallOperation }) {
  const { t } = useTranslation();
  return (
    <div className="wall-operation">
      <WallPanel title={t('exhibit.operation.open')} className="wall-span-3">
        <div className="wall-grid-5">
          <WallFigure
            label={t('exhibit.level', { level: 3 })}
            value={o.openByLevel[3]}
            tone="bad"
            testId="wall-open-3"
          />
          <WallFigure label={t('exhibit.level', { level: 2 })} value={o.openByLevel[2]} tone="warn" />
          <WallFigure label={t('exhibit.level', { level: 1 })} value={o.openByLevel[1]} tone="good" />
          <WallFigure
            label={t('exhibit.operation.lastDay')}
            value={`+${o.raised24h} / −${o.recovered24h}`}
            note={t('exhibit.operation.lastDayNote')}
          />
          <WallFigure
            label={t('exhibit.operation.oldest')}
            value={o.oldestOpenAt ? relativeTime(o.oldestOpenAt, t) : '—'}
            note={o.oldestOpenAt ? formatDate(o.oldestOpenAt) : undefined}
          />
        </div>
      </WallPanel>
      <WallPanel title={t('exhibit.operation.newest')} className="wall-span-3 wall-grow">
        <AlarmTicker alarms={o.alarms} />
      </WallPanel>
    </div>
  );
}
