import fs from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import type { FeatureCollection } from 'geojson';
import { describe, expect, it } from 'vitest';
import { GRID_FACTOR, TOLERANCE, alpha2Ids, coarseWorld } from './coarseWorld';

const file = createRequire(import.meta.url).resolve('world-atlas/countries-50m.json');
const original = fs.readFileSync(file, 'utf8');

/** Each country's id and the box around it, in degrees. */
function boxes(json: string): Map<string, number[]> {
  const topology = JSON.parse(json) as Topology;
  const collection = feature(topology, topology.objects.countries!) as FeatureCollection;
  const out = new Map<string, number[]>();
  for (const f of collection.features) {
    const points = JSON.stringify(f.geometry).match(/-?\d+(?:\.\d+)?(?:e-?\d+)?,-?\d+(?:\.\d+)?(?:e-?\d+)?/g) ?? [];
    const xs = points.map((p) => Number(p.split(',')[0]));
    const ys = points.map((p) => Number(p.split(',')[1]));
    out.set(`${String(f.id)} ${String(f.properties?.name)}`, [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]);
  }
  return out;
}

describe('coarseWorld', () => {
  /** Half a grid step of rounding and TOLERANCE steps of leaving out, in degrees (a step is at most 0.0036° × GRID_FACTOR). */
  const within = (0.5 + TOLERANCE) * 0.0036 * GRID_FACTOR;

  it('keeps every country, each where it was within half a grid step and the tolerance, in under half the bytes', () => {
    const coarse = coarseWorld(original);
    expect(coarse.length).toBeLessThan(original.length / 2);
    const before = boxes(original);
    const after = boxes(coarse);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [country, box] of before) {
      after.get(country)!.forEach((v, i) => expect(Math.abs(v - box[i]!), country).toBeLessThan(within));
    }
  });

  it('keys the countries by alpha-2, as the portal names them, without their English names', () => {
    const topology = JSON.parse(alpha2Ids(original)) as { objects: { countries: { geometries: { id?: string; properties?: unknown }[] } } };
    const geometries = topology.objects.countries.geometries;
    const ids = geometries.map((g) => g.id);
    expect(ids).toEqual(expect.arrayContaining(['JP', 'CN', 'US', 'FR', 'SG']));
    // Areas world-atlas gives no code (Somaliland, Kosovo, northern Cyprus, the Indian Ocean territories, Siachen).
    expect(ids.filter((id) => id === undefined).length).toBe(5);
    expect(ids.filter((id) => id !== undefined).every((id) => /^[A-Z]{2}$/.test(id!))).toBe(true);
    expect(geometries.some((g) => g.properties !== undefined)).toBe(false);
  });
});
