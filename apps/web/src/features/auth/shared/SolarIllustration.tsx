/** Rows of panels in perspective: each is a parallelogram with cell lines. */
const PANEL_ROWS = [
  { y: 250, x: 40, w: 70, h: 34, n: 4, gap: 8 },
  { y: 300, x: 20, w: 80, h: 40, n: 4, gap: 8 },
];

/** A solar plant with storage under the sun: the sign-in pages' illustration. */
export function SolarIllustration() {
  return (
    <svg viewBox="0 0 480 380" className="solar-illustration" role="img" aria-hidden="true">
      <defs>
        <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.25" />
          <stop offset="1" stopColor="#ffffff" stopOpacity="0" />
        </linearGradient>
        <linearGradient id="panel" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#0b3d91" />
          <stop offset="1" stopColor="#1d6fd8" />
        </linearGradient>
        <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#fff6c2" />
          <stop offset="0.6" stopColor="#ffd84d" />
          <stop offset="1" stopColor="#ffb300" />
        </radialGradient>
      </defs>
      <rect x="0" y="0" width="480" height="380" rx="24" fill="url(#sky)" />
      <g className="sun">
        <circle cx="370" cy="90" r="46" fill="url(#sun)" />
        {Array.from({ length: 12 }, (_, i) => {
          const a = (i * Math.PI) / 6;
          return (
            <line
              key={i}
              x1={370 + Math.cos(a) * 58}
              y1={90 + Math.sin(a) * 58}
              x2={370 + Math.cos(a) * 74}
              y2={90 + Math.sin(a) * 74}
              stroke="#ffe27a"
              strokeWidth="5"
              strokeLinecap="round"
            />
          );
        })}
      </g>
      <path
        d="M60 70 q20 -22 44 -6 q18 -16 36 4 q22 0 18 18 h-104 q-12 -12 6 -16z"
        fill="#ffffff"
        opacity="0.85"
      />
      <path d="M0 230 Q120 190 240 215 T480 205 V380 H0z" fill="#ffffff" opacity="0.18" />
      <path d="M0 268 Q160 238 300 258 T480 250 V380 H0z" fill="#ffffff" opacity="0.22" />
      {PANEL_ROWS.map((row, r) =>
        Array.from({ length: row.n }, (_, i) => {
          const x = row.x + i * (row.w + row.gap);
          const slant = 14;
          return (
            <g key={`${r}-${i}`}>
              <path
                d={`M${x + slant} ${row.y} h${row.w} l${-slant} ${row.h} h${-row.w}z`}
                fill="url(#panel)"
                stroke="#cfe8ff"
                strokeWidth="1.5"
              />
              <path
                d={`M${x + slant * 0.5} ${row.y + row.h / 2} h${row.w} M${x + slant + row.w / 3} ${row.y} l${-slant} ${row.h} M${x + slant + (2 * row.w) / 3} ${row.y} l${-slant} ${row.h}`}
                stroke="#9cc9ff"
                strokeWidth="0.8"
                opacity="0.8"
              />
              <line
                x1={x + row.w / 2}
                y1={row.y + row.h}
                x2={x + row.w / 2}
                y2={row.y + row.h + 10}
                stroke="#e6f4ff"
                strokeWidth="2"
              />
            </g>
          );
        }),
      )}
      <g transform="translate(400 250)">
        <rect x="0" y="0" width="54" height="90" rx="6" fill="#ffffff" opacity="0.95" />
        <rect x="8" y="10" width="38" height="12" rx="3" fill="#009cff" />
        <rect x="8" y="28" width="38" height="12" rx="3" fill="#36c46d" />
        <rect x="8" y="46" width="38" height="12" rx="3" fill="#36c46d" />
        <rect x="8" y="64" width="38" height="12" rx="3" fill="#36c46d" opacity="0.5" />
      </g>
      <g stroke="#ffffff" strokeWidth="3" fill="none" opacity="0.9">
        <path d="M228 150 l12 -40 l12 40 M220 150 h40 M224 130 h32 M240 110 v-8" />
        <path d="M240 150 v70" />
      </g>
      <path d="M360 300 q20 -20 40 -10" stroke="#ffd84d" strokeWidth="3" strokeDasharray="6 6" fill="none" />
    </svg>
  );
}
