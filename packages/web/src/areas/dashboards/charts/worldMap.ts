import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';

/** The name the world map is registered under; its regions are named by ISO alpha-2 codes. */
export const WORLD = 'world';

/**
 * A ring cut at the date line (eastern Russia, Fiji) holds points at both -180 and 180, which a flat map draws as
 * a stripe across the world: its western points are moved past 180 so the ring stays in one piece.
 */
function mend(ring: Position[]): Position[] {
  const lngs = ring.map((p) => p[0]!);
  if (Math.max(...lngs) - Math.min(...lngs) <= 180) return ring;
  return ring.map(([x, y]) => [x! < 0 ? x! + 360 : x!, y!]);
}

let loading: Promise<void> | undefined;

/**
 * Registers the world map once, on demand: Natural Earth's 50m countries from `world-atlas` (keyed by ISO numeric
 * codes) converted with `topojson-client`, keyed by alpha-2 through `i18n-iso-countries`. All three, and ECharts to
 * register it with, come from the app's own files (chunks of their own, loaded only by pages that draw a map, once
 * their own content is shown); nothing is fetched from elsewhere. Antarctica is left out.
 */
export function loadWorldMap(): Promise<void> {
  loading ??= (async () => {
    const [{ echarts, loadMore }, { feature }, atlas, countries] = await Promise.all([
      import('./echarts'),
      import('topojson-client'),
      import('world-atlas/countries-50m.json'),
      import('i18n-iso-countries'),
    ]);
    // The JSON module is typed from its literal content, not as a TopoJSON Topology (which it is).
    const topology = atlas.default as unknown as Parameters<typeof feature>[0];
    const collection = feature(topology, topology.objects.countries!) as FeatureCollection;
    const features: Feature<Polygon | MultiPolygon, { name: string }>[] = [];
    for (const f of collection.features) {
      const code = f.id === undefined ? undefined : countries.default.numericToAlpha2(String(f.id));
      const g = f.geometry;
      if (!code || code === 'AQ' || !g || (g.type !== 'Polygon' && g.type !== 'MultiPolygon')) continue;
      const geometry: Polygon | MultiPolygon =
        g.type === 'Polygon' ? { type: 'Polygon', coordinates: g.coordinates.map(mend) } : { type: 'MultiPolygon', coordinates: g.coordinates.map((p) => p.map(mend)) };
      features.push({ type: 'Feature', properties: { name: code }, geometry });
    }
    // ECharts' registerMap does nothing (silently) until its geo component is installed, which comes with the maps.
    await loadMore();
    // ECharts declares its own GeoJSON type, narrower than the GeoJSON standard's that these features are in.
    echarts.registerMap(WORLD, { type: 'FeatureCollection', features } as unknown as Parameters<typeof echarts.registerMap>[1]);
  })();
  return loading;
}
