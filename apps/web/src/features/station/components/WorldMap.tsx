import { useTranslation } from 'react-i18next';

/**
 * Coarse continent outlines as [longitude, latitude] rings [°]: enough to see where a pin lies, drawn in the page
 * so that no map tiles are fetched (the console runs without internet access).
 */
const OUTLINES: readonly (readonly [number, number])[][] = [
  // North America
  [
    [-168, 66],
    [-162, 70],
    [-140, 70],
    [-120, 74],
    [-95, 72],
    [-80, 73],
    [-62, 66],
    [-55, 52],
    [-66, 45],
    [-75, 36],
    [-81, 25],
    [-90, 30],
    [-97, 26],
    [-97, 18],
    [-87, 15],
    [-80, 8],
    [-85, 12],
    [-92, 15],
    [-105, 20],
    [-112, 30],
    [-118, 34],
    [-124, 40],
    [-124, 48],
    [-133, 56],
    [-150, 60],
    [-165, 60],
  ],
  // Greenland
  [
    [-73, 78],
    [-60, 82],
    [-30, 83],
    [-20, 75],
    [-40, 65],
    [-50, 62],
    [-60, 70],
  ],
  // South America
  [
    [-80, 8],
    [-75, 11],
    [-62, 10],
    [-50, 2],
    [-35, -6],
    [-39, -15],
    [-48, -26],
    [-58, -35],
    [-65, -42],
    [-68, -52],
    [-75, -52],
    [-73, -40],
    [-71, -25],
    [-76, -15],
    [-81, -5],
    [-79, 2],
  ],
  // Europe
  [
    [-10, 36],
    [-9, 43],
    [-2, 44],
    [-5, 48],
    [2, 51],
    [8, 54],
    [8, 58],
    [5, 62],
    [15, 69],
    [28, 71],
    [40, 68],
    [45, 60],
    [40, 45],
    [28, 41],
    [26, 38],
    [22, 37],
    [16, 38],
    [12, 44],
    [8, 44],
    [3, 42],
    [0, 39],
    [-5, 36],
  ],
  // Great Britain
  [
    [-5, 50],
    [1, 51],
    [0, 53],
    [-3, 56],
    [-5, 58],
    [-6, 55],
  ],
  // Asia
  [
    [28, 41],
    [36, 36],
    [35, 30],
    [43, 12],
    [52, 16],
    [58, 22],
    [60, 25],
    [67, 25],
    [72, 20],
    [77, 8],
    [80, 15],
    [88, 22],
    [92, 22],
    [98, 16],
    [100, 7],
    [103, 1],
    [106, 10],
    [109, 12],
    [106, 20],
    [111, 21],
    [117, 23],
    [122, 30],
    [121, 38],
    [122, 40],
    [128, 35],
    [130, 43],
    [141, 52],
    [142, 60],
    [160, 60],
    [163, 70],
    [180, 68],
    [180, 72],
    [140, 73],
    [112, 77],
    [100, 78],
    [80, 73],
    [68, 70],
    [60, 69],
    [45, 68],
    [40, 68],
    [45, 60],
    [40, 45],
  ],
  // Japan
  [
    [130, 31],
    [135, 34],
    [140, 35],
    [142, 40],
    [141, 45],
    [139, 40],
    [133, 35],
  ],
  // Africa
  [
    [-17, 15],
    [-17, 21],
    [-13, 28],
    [-6, 36],
    [10, 37],
    [20, 32],
    [32, 31],
    [34, 28],
    [43, 12],
    [51, 12],
    [40, -2],
    [40, -15],
    [35, -24],
    [32, -29],
    [20, -35],
    [18, -30],
    [12, -18],
    [13, -6],
    [9, -1],
    [9, 4],
    [-4, 5],
    [-8, 4],
    [-13, 8],
  ],
  // Madagascar
  [
    [44, -25],
    [47, -25],
    [50, -15],
    [49, -12],
    [44, -17],
  ],
  // Australia
  [
    [114, -22],
    [114, -34],
    [123, -34],
    [131, -31],
    [138, -35],
    [141, -38],
    [150, -37],
    [153, -28],
    [146, -19],
    [142, -11],
    [136, -12],
    [131, -12],
    [125, -15],
  ],
  // Borneo, Sumatra, New Guinea
  [
    [109, 2],
    [117, 7],
    [119, 1],
    [116, -4],
    [110, -3],
  ],
  [
    [95, 5],
    [104, -2],
    [106, -6],
    [101, -3],
  ],
  [
    [131, -1],
    [141, -3],
    [150, -10],
    [141, -9],
    [137, -5],
  ],
];

const toXY = ([lon, lat]: readonly [number, number]) => `${lon + 180},${90 - lat}`;

/**
 * An equirectangular world map (360 × 180 units, one per degree) with a pin at the given coordinates; a click
 * reports the coordinates under the pointer.
 */
export function WorldMap({
  latitude,
  longitude,
  onPick,
}: {
  latitude?: number | null;
  longitude?: number | null;
  onPick?: (latitude: number, longitude: number) => void;
}) {
  const { t } = useTranslation();
  const hasPin = typeof latitude === 'number' && typeof longitude === 'number';
  return (
    <svg
      viewBox="0 0 360 180"
      className="station-world-map"
      role="img"
      aria-label={t('station.form.map')}
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
      {OUTLINES.map((ring, i) => (
        <polygon
          key={i}
          points={ring.map(toXY).join(' ')}
          fill="#b7d9a8"
          stroke="#7cb36b"
          strokeWidth="0.4"
        />
      ))}
      {hasPin && (
        <g transform={`translate(${longitude + 180},${90 - latitude})`} data-testid="map-pin">
          <circle r="3.2" fill="#009cff" fillOpacity="0.25" />
          <circle r="1.6" fill="#009cff" stroke="#fff" strokeWidth="0.5" />
        </g>
      )}
    </svg>
  );
}
