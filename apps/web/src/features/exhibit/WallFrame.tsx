import './exhibit.css';
import { type ReactNode, useEffect, useState } from 'react';
import { EXHIBIT_SCREENS, type ExhibitScreen } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../components/format/formatDate.ts';

/** The wall's design size [px]: everything is laid out for it and scaled to the screen as a whole. */
export const WALL_WIDTH = 1920;
export const WALL_HEIGHT = 1080;
/** Data older than this is shown in amber: the devices report every 5 minutes [ms]. */
const STALE_AFTER_MS = 15 * 60_000;

/** The scale and offset that fit the design size into the window, centred, without scrollbars. */
function useWallScale() {
  const fit = () => {
    const scale = Math.min(window.innerWidth / WALL_WIDTH, window.innerHeight / WALL_HEIGHT);
    return {
      scale,
      left: (window.innerWidth - WALL_WIDTH * scale) / 2,
      top: (window.innerHeight - WALL_HEIGHT * scale) / 2,
    };
  };
  const [box, setBox] = useState(fit);
  useEffect(() => {
    const onResize = () => setBox(fit());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return box;
}

function Clock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, []);
  return <span className="wall-clock">{formatDate(now)}</span>;
}

/**
 * A display wall's frame: the design canvas scaled to the window (1920×1080 and 3840×2160 alike), the screens as
 * tabs, the "data as of" time of the newest reading, a clock, and the wall's content.
 */
export function WallFrame({
  screen,
  hrefOf,
  asOf,
  actions,
  children,
}: {
  screen: ExhibitScreen;
  hrefOf: (screen: ExhibitScreen) => string;
  /** The newest reading shown (ISO), null before the first. */
  asOf: string | null | undefined;
  /** Extra buttons of the header (back to the console, display links). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { scale, left, top } = useWallScale();
  const stale = asOf ? Date.now() - new Date(asOf).getTime() > STALE_AFTER_MS : true;
  return (
    <div className="wall-viewport" data-testid="wall">
      <div
        className="wall-canvas"
        style={{
          width: WALL_WIDTH,
          height: WALL_HEIGHT,
          transform: `translate(${left}px, ${top}px) scale(${scale})`,
        }}
      >
        <header className="wall-header">
          <h1 className="wall-title">{t(`menu.${screen}`)}</h1>
          <nav className="wall-tabs">
            {EXHIBIT_SCREENS.map((s) => (
              <Link
                key={s}
                to={hrefOf(s)}
                className={`wall-tab${s === screen ? ' is-active' : ''}`}
                data-testid={`wall-tab-${s}`}
              >
                {t(`menu.${s}`)}
              </Link>
            ))}
          </nav>
          <span className={`wall-as-of${stale ? ' is-stale' : ''}`} data-testid="wall-as-of">
            {asOf ? t('exhibit.asOf', { time: formatDate(asOf) }) : t('exhibit.noData')}
          </span>
          <Clock />
          <span className="wall-actions">{actions}</span>
        </header>
        <main className="wall-body">{children}</main>
      </div>
    </div>
  );
}

/** A panel of the wall: a title and its content, clipped to its box (a wall never scrolls). */
export function WallPanel({
  title,
  children,
  className,
  testId,
}: {
  title: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <section className={`wall-panel ${className ?? ''}`} data-testid={testId}>
      <h2 className="wall-panel-title">{title}</h2>
      <div className="wall-panel-body">{children}</div>
    </section>
  );
}

/** One big figure with its label. */
export function WallFigure({
  label,
  value,
  note,
  testId,
  raw,
  tone,
}: {
  label: ReactNode;
  value: ReactNode;
  note?: ReactNode;
  testId?: string;
  /** The figure's raw value, for tests and assistive tools. */
  raw?: number;
  tone?: 'good' | 'warn' | 'bad';
}) {
  return (
    <div className={`wall-figure${tone ? ` is-${tone}` : ''}`}>
      <div className="wall-figure-label">{label}</div>
      <div className="wall-figure-value" data-testid={testId} data-value={raw}>
        {value}
      </div>
      {note ? <div className="wall-figure-note">{note}</div> : null}
    </div>
  );
}
