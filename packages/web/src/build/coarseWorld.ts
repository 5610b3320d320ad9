import countries from 'i18n-iso-countries';
import type { Plugin } from 'vite';

/** The world map's TopoJSON as world-atlas ships it: quantized positions, each arc's points as deltas. */
interface Topology {
  type: 'Topology';
  transform: { scale: [number, number]; translate: [number, number] };
  objects: Record<string, unknown>;
  arcs: [number, number][][];
}

/**
 * Grid steps merged into one: world-atlas's 0.0036° by 0.0017° becomes 0.14° by 0.07° (about 16 by 8 km), still a
 * quarter of a pixel at four times the dashboards' zoom on a 1440 px screen (issue 35: the home page's weight).
 */
export const GRID_FACTOR = 40;
/** Points closer than this (in the coarser grid's steps) to the line their neighbours draw are left out. */
export const TOLERANCE = 1.5;

/** Douglas-Peucker over one arc's absolute points; its ends, which neighbouring shapes share, always stay. */
function simplify(points: [number, number][], tolerance: number): [number, number][] {
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [a, b] = stack.pop()!;
    const [ax, ay] = points[a]!;
    const [bx, by] = points[b]!;
    const [dx, dy] = [bx - ax, by - ay];
    const length = Math.hypot(dx, dy);
    let farthest = -1;
    let distance = -1;
    for (let i = a + 1; i < b; i++) {
      const [x, y] = points[i]!;
      const d = length === 0 ? Math.hypot(x - ax, y - ay) : Math.abs(dy * x - dx * y + bx * ay - by * ax) / length;
      if (d > distance) [distance, farthest] = [d, i];
    }
    if (distance > tolerance) {
      keep[farthest] = 1;
      stack.push([a, farthest], [farthest, b]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

/**
 * The world map as the dashboards draw it, at build time: positions on a grid GRID_FACTOR times coarser, points that
 * add nothing at that scale left out, and only the `countries` object (the portal never draws `land`). Every country
 * stays, the smallest states included (the reason for the 50m map); arcs keep their ends, so neighbours still meet.
 * The 50m file's 205 kB (brotli) become about 35 kB.
 */
export function coarseWorld(json: string, factor = GRID_FACTOR, tolerance = TOLERANCE): string {
  const topology = JSON.parse(json) as Topology;
  const [sx, sy] = topology.transform.scale;
  topology.transform.scale = [sx * factor, sy * factor];
  topology.arcs = topology.arcs.map((arc) => {
    let [x, y] = [0, 0];
    const absolute = arc.map(([dx, dy]): [number, number] => {
      x += dx;
      y += dy;
      return [Math.round(x / factor), Math.round(y / factor)];
    });
    const kept = simplify(absolute, tolerance);
    const out: [number, number][] = [];
    let [px, py] = [0, 0];
    kept.forEach(([qx, qy], i) => {
      // Repeated points go, but an arc keeps two points at least.
      if (i === 0) out.push([qx, qy]);
      else if (qx !== px || qy !== py || (i === kept.length - 1 && out.length === 1)) out.push([qx - px, qy - py]);
      [px, py] = [qx, qy];
    });
    return out;
  });
  topology.objects = { countries: topology.objects.countries };
  return JSON.stringify(topology);
}

/**
 * The countries keyed by ISO alpha-2 (as the portal's data names them) instead of world-atlas's numeric codes, so
 * the browser needs no table to translate them (issue 35: i18n-iso-countries was 25 kB of the home page); the five
 * areas world-atlas gives no code (Somaliland, Kosovo, ...) keep none and are drawn as land without a name.
 */
export function alpha2Ids(json: string): string {
  const topology = JSON.parse(json) as Topology & { objects: { countries: { geometries: { id?: string; properties?: unknown }[] } } };
  for (const geometry of topology.objects.countries.geometries) {
    const code = geometry.id === undefined ? undefined : countries.numericToAlpha2(geometry.id);
    if (code) geometry.id = code;
    else delete geometry.id;
    // The English names: the portal names countries in the user's language (Intl.DisplayNames).
    delete geometry.properties;
  }
  return JSON.stringify(topology);
}

/**
 * Serves world-atlas's 50m countries to the build as coarseWorld makes them, keyed by alpha-2 (before Vite turns the
 * JSON into a module).
 */
export function coarseWorldPlugin(): Plugin {
  return {
    name: 'portal-coarse-world',
    enforce: 'pre',
    transform(code, id) {
      if (!/world-atlas[\\/]countries-50m\.json$/.test(id.split('?')[0]!)) return null;
      return { code: alpha2Ids(coarseWorld(code)), map: null };
    },
  };
}
