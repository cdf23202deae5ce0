import './WorldMap.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The land outline, fetched once on the first map shown (its own chunk, see worldOutline.ts). */
let landPath: Promise<string> | undefined;
const loadLandPath = () => (landPath ??= import('./worldOutline.ts').then((m) => m.LAND_PATH));

function useLandPath(): string | undefined {
  const [path, setPath] = useState<string>();
  useEffect(() => {
    let live = true;
    void loadLandPath().then((p) => live && setPath(p));
    return () => {
      live = false;
    };
  }, []);
  return path;
}

/** One of several pins (the dashboard's fleet): where, its colour, its name on hover, what a click opens. */
export interface MapPin {
  key: string | number;
  latitude: number;
  longitude: number;
  color: string;
  title: string;
  /** A dimmed pin stays in place but recedes (a filter left it out). */
  dimmed?: boolean;
  onClick?: () => void;
  testId?: string;
}

/** The SVG position of a coordinate: one unit a degree, x from 180° W, y from 90° N. */
export const mapPoint = (latitude: number, longitude: number) => ({ x: longitude + 180, y: 90 - latitude });

/**
 * An equirectangular world map (360 × 180 units, one per degree) drawn in the page, so that no map tiles are fetched
 * (the console runs without internet access): Natural Earth's land, a pin at the given coordinates or a set of
 * coloured pins; a click reports the coordinates under the pointer.
 */
export function WorldMap({
  latitude,
  longitude,
  pins,
  label,
  onPick,
}: {
  latitude?: number | null;
  longitude?: number | null;
  pins?: readonly MapPin[];
  /** What the map shows, for screen readers; the plant form's wording by default. */
  label?: string;
  onPick?: (latitude: number, longitude: number) => void;
}) {
  const { t } = useTranslation();
  const land = useLandPath();
  const hasPin = typeof latitude === 'number' && typeof longitude === 'number';
  return (
    <svg
      viewBox="0 0 360 180"
      overflow="hidden"
      className={`station-world-map${onPick ? ' is-pickable' : ''}`}
      role="img"
      aria-label={label ?? t('station.form.map')}
      data-testid="world-map"
      onClick={(e) => {
        if (!onPick) return;
        const box = e.currentTarget.getBoundingClientRect();
        const lon = ((e.clientX - box.left) / box.width) * 360 - 180;
        const lat = 90 - ((e.clientY - box.top) / box.height) * 180;
        onPick(Math.round(lat * 1e4) / 1e4, Math.round(lon * 1e4) / 1e4);
      }}
    >
      <rect width="360" height="180" fill="#e6f4ff" />
      {[-60, -30, 0, 30, 60].map((lat) => (
        <line
          key={`lat${lat}`}
          x1="0"
          x2="360"
          y1={90 - lat}
          y2={90 - lat}
          stroke="#bae0ff"
          strokeWidth="0.4"
        />
      ))}
      {[-120, -60, 0, 60, 120].map((lon) => (
        <line
          key={`lon${lon}`}
          y1="0"
          y2="180"
          x1={lon + 180}
          x2={lon + 180}
          stroke="#bae0ff"
          strokeWidth="0.4"
        />
      ))}
      {land && <path d={land} fill="#b7d9a8" stroke="#7cb36b" strokeWidth="0.3" data-testid="map-land" />}
      {hasPin && (
        <g transform={`translate(${longitude + 180},${90 - latitude})`} data-testid="map-pin">
          <circle r="5" fill="#009cff" fillOpacity="0.25" />
          <circle r="2.4" fill="#009cff" stroke="#fff" strokeWidth="0.6" />
        </g>
      )}
      {pins?.map((pin) => {
        const { x, y } = mapPoint(pin.latitude, pin.longitude);
        return (
          <g
            key={pin.key}
            transform={`translate(${x},${y})`}
            opacity={pin.dimmed ? 0.2 : 1}
            className={pin.onClick ? 'station-map-pin is-link' : 'station-map-pin'}
            onClick={pin.onClick}
            data-testid={pin.testId ?? 'map-pin'}
          >
            <title>{pin.title}</title>
            <circle r="4.5" fill={pin.color} fillOpacity="0.25" />
            <circle r="2.2" fill={pin.color} stroke="#fff" strokeWidth="0.6" />
          </g>
        );
      })}
    </svg>
  );
}
