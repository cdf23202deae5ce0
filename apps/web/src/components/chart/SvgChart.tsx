import { useLayoutEffect, useRef, useState } from 'react';
import { ChartEmpty } from './ChartEmpty.tsx';

/** One point of a `SvgChart`: its category label and value (null where nothing was measured). */
export interface SvgPoint {
  label: string;
  value: number | null;
}

const GRID = { left: 56, right: 16, top: 24, bottom: 28 };
const TICKS = 4;

/** A round step for about `TICKS` ticks up to `max` (1, 2 or 5 times a power of ten). */
export function niceStep(max: number): number {
  if (!(max > 0)) return 1;
  const raw = max / TICKS;
  const power = 10 ** Math.floor(Math.log10(raw));
  return ([1, 2, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
}

const tickText = (v: number) => String(Math.round(v * 1000) / 1000);

/**
 * One series drawn as SVG: an area line or bars, a value axis with round ticks and its unit, a few category labels,
 * each point's value as its hover title. The dashboard draws its two charts with it so that its first screen loads
 * without ECharts (about 177 KB gzip of the 500 KB it may load); screens with richer charts use `Chart`. Like
 * `Chart`, it marks itself `data-rendered` once drawn and says "no data" instead of a bare axis.
 */
export function SvgChart({
  points,
  kind,
  unit,
  height = 300,
  testId,
  color = '#009cff',
}: {
  points: readonly SvgPoint[];
  kind: 'line' | 'bar';
  unit: string;
  height?: number;
  testId?: string;
  color?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);
  const empty = !points.some((p) => typeof p.value === 'number');
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const follow = () => setWidth(Math.max(200, el.clientWidth || 600));
    follow();
    const observer = new ResizeObserver(follow);
    observer.observe(el);
    return () => observer.disconnect();
  }, [empty]);
  if (empty) return <ChartEmpty height={height} testId={testId} />;
  const max = Math.max(0, ...points.map((p) => p.value ?? 0));
  const step = niceStep(max);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const plotW = width - GRID.left - GRID.right;
  const plotH = height - GRID.top - GRID.bottom;
  const slot = plotW / points.length;
  const x = (i: number) => GRID.left + slot * (i + 0.5);
  const y = (v: number) => GRID.top + plotH * (1 - v / top);
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  // About one label per 80 px, never overlapping.
  const every = Math.max(1, Math.ceil(points.length / Math.max(1, Math.floor(plotW / 80))));
  const title = (p: SvgPoint) => `${p.label}  ${p.value === null ? '–' : `${tickText(p.value)} ${unit}`}`;

  // The line runs through measured points only: a gap (null) breaks it, as ECharts does.
  const runs: { i: number; v: number }[][] = [];
  points.forEach((p, i) => {
    if (p.value === null) return;
    const last = runs.at(-1);
    if (last && last.at(-1)!.i === i - 1) last.push({ i, v: p.value });
    else runs.push([{ i, v: p.value }]);
  });
  const linePath = (run: { i: number; v: number }[]) =>
    run.map((q, k) => `${k === 0 ? 'M' : 'L'}${x(q.i).toFixed(1)},${y(q.v).toFixed(1)}`).join('');
  const base = y(0);

  return (
    <div
      ref={box}
      style={{ width: '100%', height }}
      data-testid={testId}
      data-rendered="true"
      className="app-chart"
    >
      <svg width={width} height={height} role="img" aria-label={unit} style={{ display: 'block' }}>
        <text x={GRID.left - 8} y={GRID.top - 10} textAnchor="end" fontSize={12} fill="#6e7079">
          {unit}
        </text>
        {ticks.map((v) => (
          <g key={v}>
            <line x1={GRID.left} x2={width - GRID.right} y1={y(v)} y2={y(v)} stroke="#e0e6f1" />
            <text x={GRID.left - 8} y={y(v) + 4} textAnchor="end" fontSize={12} fill="#6e7079">
              {tickText(v)}
            </text>
          </g>
        ))}
        {points.map((p, i) =>
          i % every === 0 ? (
            <text key={i} x={x(i)} y={height - 8} textAnchor="middle" fontSize={12} fill="#6e7079">
              {p.label}
            </text>
          ) : null,
        )}
        {kind === 'line'
          ? runs.map((run) => (
              <g key={run[0]!.i}>
                <path
                  d={`${linePath(run)}L${x(run.at(-1)!.i).toFixed(1)},${base}L${x(run[0]!.i).toFixed(1)},${base}Z`}
                  fill={color}
                  fillOpacity={0.15}
                />
                <path d={linePath(run)} fill="none" stroke={color} strokeWidth={2} />
              </g>
            ))
          : points.map((p, i) =>
              p.value === null ? null : (
                <rect
                  key={i}
                  x={x(i) - slot * 0.3}
                  width={slot * 0.6}
                  y={y(p.value)}
                  height={Math.max(0, base - y(p.value))}
                  fill={color}
                />
              ),
            )}
        {/* Hover targets, one per slot, with the point's value as their title. */}
        {points.map((p, i) => (
          <rect
            key={`hit-${i}`}
            x={GRID.left + slot * i}
            width={slot}
            y={GRID.top}
            height={plotH}
            fill="transparent"
          >
            <title>{title(p)}</title>
          </rect>
        ))}
      </svg>
    </div>
  );
}
