import { feature } from 'topojson-client';
import type { GeometryObject, Topology } from 'topojson-specification';
import land from 'world-atlas/land-110m.json';

type Ring = readonly (readonly number[])[];

const commands = (xs: readonly number[], ring: Ring, shift = 0) =>
  xs
    .map(
      (x, i) =>
        `${i === 0 ? 'M' : 'L'}${(x + shift + 180).toFixed(1)},${(90 - (ring[i]![1] ?? 0)).toFixed(1)}`,
    )
    .join('') + 'Z';

/**
 * A ring as SVG path commands in the map's units (x = longitude + 180, y = 90 - latitude [°]). The TopoJSON's
 * quantised arcs write the antimeridian as -180 or 180 either way: a point on it takes the side of its neighbour, so
 * that no edge runs across the whole map. A ring that truly crosses the antimeridian (Chukotka, a Fiji island) is
 * drawn unwrapped, once more shifted by 360°, and the map's frame clips both.
 */
function ringPath(ring: Ring): string {
  const xs: number[] = [];
  ring.forEach(([lon = 0], i) => {
    const neighbour = xs[i - 1] ?? ring[i + 1]?.[0];
    xs.push(Math.abs(lon) >= 180 && neighbour ? Math.sign(neighbour) * 180 : lon);
  });
  if (xs.every((x, i) => i === 0 || Math.abs(x - xs[i - 1]!) <= 180)) return commands(xs, ring);
  const unwrapped: number[] = [];
  for (const x of xs) {
    const prev = unwrapped.at(-1);
    unwrapped.push(prev === undefined ? x : prev + ((((x - prev + 540) % 360) + 360) % 360) - 180);
  }
  const shift = Math.max(...unwrapped) > 180 ? -360 : 360;
  return commands(unwrapped, ring) + commands(unwrapped, ring, shift);
}

/**
 * The land of the world (Natural Earth 1:110m, from the `world-atlas` package) as one SVG path in the
 * equirectangular units of `WorldMap`. A module of its own, imported only when a map is shown, so that its 55 kB
 * of outline stay out of every other page.
 */
export const LAND_PATH: string = (() => {
  const topology = land as unknown as Topology<{ land: GeometryObject }>;
  const geo = feature(topology, topology.objects.land);
  const features = 'features' in geo ? geo.features : [geo];
  let path = '';
  for (const f of features) {
    const g = f.geometry;
    const polygons = g.type === 'MultiPolygon' ? g.coordinates : g.type === 'Polygon' ? [g.coordinates] : [];
    for (const polygon of polygons) for (const ring of polygon) path += ringPath(ring);
  }
  return path;
})();
