import { describe, expect, it } from 'vitest';
import type { SellerCluster } from '@portal/contract';
import { circlePositions, networkOption } from './graph';

const texts = { reason: (r: string) => r, site: (_kind: 'ec' | 'sns', site: string) => site, records: 'Records', takedowns: 'Takedowns' };
const cluster = (n: number): SellerCluster =>
  ({
    id: 1,
    repeatOffender: true,
    takedowns: 3,
    sellers: Array.from({ length: n }, (_, i) => ({ seller: `Seller ${i}`, kind: 'ec', site: 'Amazon', records: i + 1, takedowns: i % 2 })),
    links: Array.from({ length: n - 1 }, (_, i) => ({ from: i, to: i + 1, reason: 'name' })),
  }) as unknown as SellerCluster;

type Node = { x: number; y: number; label: { show: boolean } };
const nodes = (c: SellerCluster) => (networkOption(c, texts).series as { data: Node[]; layout: string; labelLayout: unknown }[])[0]!;

describe('the seller network graph', () => {
  it('places the sellers on a circle, the same way on every load', () => {
    expect(nodes(cluster(3)).layout).toBe('none');
    expect(nodes(cluster(5)).data.map(({ x, y }) => [x, y])).toEqual(nodes(cluster(5)).data.map(({ x, y }) => [x, y]));
    expect(circlePositions(4)).toEqual([
      { x: 0, y: -100 },
      { x: 100, y: 0 },
      { x: 0, y: 100 },
      { x: -100, y: 0 },
    ]);
    expect(circlePositions(1)).toEqual([{ x: 0, y: 0 }]);
    // No two sellers in one place.
    const places = circlePositions(12).map((p) => `${p.x},${p.y}`);
    expect(new Set(places).size).toBe(12);
  });

  it('hides labels that would overlap, and names only the larger sellers of a large network at rest', () => {
    expect(nodes(cluster(3)).labelLayout).toEqual({ hideOverlap: true });
    expect(nodes(cluster(3)).data.every((n) => n.label.show)).toBe(true);
    const big = nodes(cluster(12)).data;
    expect(big.filter((n) => n.label.show)).toHaveLength(6);
    expect(big[11]!.label.show).toBe(true);
    expect(big[0]!.label.show).toBe(false);
    // The reasons on the links too: written on a few, on hover when many.
    const edgeLabel = (n: number) => (networkOption(cluster(n), texts).series as { edgeLabel: { show: boolean } }[])[0]!.edgeLabel.show;
    expect(edgeLabel(3)).toBe(true);
    expect(edgeLabel(12)).toBe(false);
  });
});

describe('the seller network chart box', () => {
  it('is square, so the circle of sellers stays round', () => {
    const series = (networkOption(cluster(10), texts).series as { width: number; height: number }[])[0]!;
    expect(series.width).toBe(series.height);
  });
});
