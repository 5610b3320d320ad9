import { createRequire } from 'node:module';
import { UNKNOWN_COUNTRY } from '@portal/contract';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import countries from 'i18n-iso-countries';
import enNames from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import jaNames from 'i18n-iso-countries/langs/ja.json' with { type: 'json' };
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * The spec's country rule: a record's region is an ISO 3166-1 code (alpha-2 or alpha-3) or an English or Japanese
 * country name, case and spacing ignored; anything else is "ZZ". Names come from maintained lists, never typed
 * here: `i18n-iso-countries` (with its aliases, e.g. "UK", "USA") and the CLDR names that Node's ICU carries
 * (long and short, e.g. 韓国, アメリカ, 香港).
 */

countries.registerLocale(enNames);
countries.registerLocale(jaNames);

/** Lower case, no spaces of any kind, full-width forms folded (full-width letters, the ideographic space). */
export const normalizeRegion = (s: string) => s.normalize('NFKC').toLowerCase().replace(/[\s\u200b]+/g, '');

let byName: Map<string, string> | undefined;
function names(): Map<string, string> {
  if (byName) return byName;
  const map = new Map<string, string>();
  const add = (name: string | undefined, code: string) => {
    const key = name ? normalizeRegion(name) : '';
    if (key !== '' && !map.has(key)) map.set(key, code);
  };
  const codes = Object.keys(countries.getAlpha2Codes());
  for (const code of codes) {
    add(code, code);
    add(countries.alpha2ToAlpha3(code), code);
  }
  for (const lang of ['en', 'ja']) {
    for (const [code, list] of Object.entries(countries.getNames(lang, { select: 'all' }))) for (const n of list) add(n, code);
    for (const style of ['long', 'short'] as const) {
      const display = new Intl.DisplayNames([lang], { type: 'region', style });
      for (const code of codes) add(display.of(code), code);
    }
  }
  byName = map;
  return map;
}

/** The ISO alpha-2 code a region names, or ZZ. */
export function countryOf(region: string): string {
  return names().get(normalizeRegion(region)) ?? UNKNOWN_COUNTRY;
}

export interface Centroid {
  lat: number;
  lng: number;
}

/**
 * Area and centroid of a ring in plain lon/lat (enough to place a circle and to pick the largest part). A ring cut
 * at the date line (eastern Russia, Fiji) holds points at both -180 and 180: its western longitudes are moved past
 * 180 so the ring is continuous, and the centroid is wrapped back.
 */
function ringFacts(input: Position[]): { area: number; lng: number; lat: number } {
  const lngs = input.map((p) => p[0]!);
  const wraps = Math.max(...lngs) - Math.min(...lngs) > 180;
  const ring = wraps ? input.map(([x, y]) => [x! < 0 ? x! + 360 : x!, y!]) : input;
  let area = 0;
  let x = 0;
  let y = 0;
  for (let i = 0; i < ring.length - 1; i += 1) {
    const [x0, y0] = ring[i] as [number, number];
    const [x1, y1] = ring[i + 1] as [number, number];
    const cross = x0 * y1 - x1 * y0;
    area += cross;
    x += (x0 + x1) * cross;
    y += (y0 + y1) * cross;
  }
  const wrap = (lng: number) => (lng > 180 ? lng - 360 : lng);
  if (area === 0) return { area: 0, lng: wrap(ring[0]![0]!), lat: ring[0]![1]! };
  return { area: Math.abs(area / 2), lng: wrap(x / (3 * area)), lat: y / (3 * area) };
}

/** The centroid of a country's largest part: mainland France rather than its overseas departments, the lower 48. */
function centroidOf(geometry: Polygon | MultiPolygon): Centroid {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const largest = polygons.map((p) => ringFacts(p[0]!)).reduce((a, b) => (b.area > a.area ? b : a));
  return { lat: Math.round(largest.lat * 1e4) / 1e4, lng: Math.round(largest.lng * 1e4) / 1e4 };
}

const require = createRequire(import.meta.url);
let centroids: Map<string, Centroid> | undefined;

/**
 * Every country's centroid, derived once (on first use) from the world map the browser draws (`world-atlas` 50m,
 * Natural Earth, keyed by ISO numeric codes); the few ISO countries that map merges into another (French overseas
 * departments, Svalbard, Kosovo, ...) take their shape from `@rapideditor/country-coder`.
 */
async function centroidTable(): Promise<Map<string, Centroid>> {
  if (centroids) return centroids;
  const topology = require('world-atlas/countries-50m.json') as Topology<{ countries: GeometryCollection }>;
  const map = new Map<string, Centroid>();
  for (const f of feature(topology, topology.objects.countries).features) {
    const code = f.id === undefined ? undefined : countries.numericToAlpha2(String(f.id));
    if (code && f.geometry && (f.geometry.type === 'Polygon' || f.geometry.type === 'MultiPolygon')) map.set(code, centroidOf(f.geometry));
  }
  const missing = Object.keys(countries.getAlpha2Codes()).filter((c) => !map.has(c));
  if (missing.length > 0) {
    const coder = await import('@rapideditor/country-coder');
    for (const code of missing) {
      const geometry = coder.feature(code)?.geometry ?? coder.aggregateFeature(code)?.geometry;
      if (geometry?.type === 'Polygon' || geometry?.type === 'MultiPolygon') map.set(code, centroidOf(geometry));
    }
  }
  centroids = map;
  return map;
}

/** lat/lng of a country (null for ZZ). */
export async function centroidLookup(): Promise<(code: string) => { lat: number | null; lng: number | null }> {
  const table = await centroidTable();
  return (code) => table.get(code) ?? { lat: null, lng: null };
}
