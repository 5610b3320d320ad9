import type { FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';

/**
 * The world map's picture: the viewBox the countries are drawn in and the projection to it. Longitude and latitude
 * are scaled linearly (as ECharts drew the map before: its geo component with an aspect of 0.75), from 180° W to
 * 180° E and from 84° N to 58° S (Antarctica is left out).
 */
export const MAP_WIDTH = 1000;
const NORTH = 84;
const SOUTH = -58;
export const MAP_HEIGHT = Math.round(((MAP_WIDTH / 360) * (NORTH - SOUTH)) / 0.75);

export function project(lng: number, lat: number): [number, number] {
  return [((lng + 180) / 360) * MAP_WIDTH, ((NORTH - lat) / (NORTH - SOUTH)) * MAP_HEIGHT];
}

/** A country's outline as an SVG path, keyed by its ISO alpha-2 code (null for the few areas without one). */
export interface CountryShape {
  code: string | null;
  d: string;
}

/**
 * A ring cut at the date line (eastern Russia, Fiji) holds points at both -180 and 180, which a flat map draws as
 * a stripe across the world: its western points are moved past 180 so the ring stays in one piece.
 */
function mend(ring: Position[]): Position[] {
  const lngs = ring.map((p) => p[0]!);
  if (Math.max(...lngs) - Math.min(...lngs) <= 180) return ring;
  return ring.map(([x, y]) => [x! < 0 ? x! + 360 : x!, y!]);
}

function ringPath(ring: Position[]): string {
  return `M${mend(ring)
    .map(([lng, lat]) => project(lng!, lat!).map((v) => Math.round(v * 10) / 10).join(' '))
    .join('L')}Z`;
}

let loading: Promise<CountryShape[]> | undefined;

/**
 * The countries' outlines, made once, on demand: Natural Earth's 50m countries from `world-atlas`, made coarse and
 * keyed by alpha-2 at build time (src/build/coarseWorld.ts), converted with `topojson-client`. Both are chunks of
 * their own, loaded only by pages that draw a map, once their own content is shown; nothing comes from elsewhere.
 */
export function loadWorldShapes(): Promise<CountryShape[]> {
  loading ??= (async () => {
    const [{ feature }, atlas] = await Promise.all([import('topojson-client'), import('world-atlas/countries-50m.json')]);
    // The JSON module is typed from its literal content, not as a TopoJSON Topology (which it is).
    const topology = atlas.default as unknown as Parameters<typeof feature>[0];
    const collection = feature(topology, topology.objects.countries!) as FeatureCollection;
    const shapes: CountryShape[] = [];
    for (const f of collection.features) {
      const code = typeof f.id === 'string' ? f.id : null;
      const g = f.geometry as Polygon | MultiPolygon | null;
      if (code === 'AQ' || !g || (g.type !== 'Polygon' && g.type !== 'MultiPolygon')) continue;
      const polygons = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
      shapes.push({ code, d: polygons.flatMap((rings) => rings.map(ringPath)).join('') });
    }
    return shapes;
  })();
  return loading;
}
