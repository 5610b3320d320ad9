import { SNS_PLATFORMS, type SellerCluster } from '@portal/contract';
import type { GraphOption } from './echarts';

/** A seller's place as people read it: the marketplace, or the SNS platform's name. */
export function siteLabel(kind: 'ec' | 'sns', site: string, locale: 'en' | 'ja'): string {
  if (kind === 'ec') return site;
  const platform = SNS_PLATFORMS[Number(site) as keyof typeof SNS_PLATFORMS];
  return platform ? platform[locale] : site;
}

export const REPEAT_COLOR = '#cf1322';
const SELLER_COLOR = '#1677ff';
const ACCOUNT_COLOR = '#13a8a8';

/** A seller's circle: its diameter grows with the square root of its records, 22 to 60 px. */
export const nodeSize = (records: number) => Math.min(60, Math.round(22 + Math.sqrt(records) * 6));

/**
 * Where each seller sits: on a circle, in the network's own order, the first at the top, so the same network is
 * drawn the same way on every load (a force layout started from random places moved on every load). Coordinates
 * are in ECharts' own units, scaled to the chart's box.
 */
export function circlePositions(count: number): { x: number; y: number }[] {
  if (count === 1) return [{ x: 0, y: 0 }];
  return Array.from({ length: count }, (_, i) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / count;
    return { x: Math.round(Math.cos(angle) * 1000) / 10, y: Math.round(Math.sin(angle) * 1000) / 10 };
  });
}

/** Up to this many links every link's reason is written on it. */
const EDGE_LABELS_UP_TO = 6;

/** How tall a network's chart is drawn: more sellers, more room, up to 520 px. */
export const networkHeight = (cluster: SellerCluster) => Math.min(520, 240 + cluster.sellers.length * 24);

/** Up to this many sellers every name is written; past it, only the larger half's, the others on hover. */
const ALL_LABELS_UP_TO = 8;

/**
 * One network as an ECharts graph: a node per seller (sized by its records, red when it has takedowns in a repeat
 * offender network), an edge per link labelled with its reason. The sellers sit on a circle in a fixed order (a
 * stable layout), names outside the circle; a label that would overlap another is hidden (shown on hover), and in a
 * larger network only the larger sellers are named at rest.
 */
export function networkOption(cluster: SellerCluster, texts: { reason: (r: string) => string; site: (kind: 'ec' | 'sns', site: string) => string; records: string; takedowns: string }): GraphOption {
  const positions = circlePositions(cluster.sellers.length);
  const sizes = cluster.sellers.map((s) => s.records).sort((a, b) => b - a);
  // In a larger network, the names of the larger half (ties included) are written; the rest show on hover.
  const threshold = cluster.sellers.length <= ALL_LABELS_UP_TO ? 0 : sizes[Math.ceil(sizes.length / 2) - 1]!;
  const named = (records: number) => records >= threshold;
  return {
    tooltip: {
      formatter: (p: unknown) => {
        const item = p as { dataType: string; data: { tip?: string } };
        return item.data.tip ?? '';
      },
    },
    series: [
      {
        type: 'graph',
        layout: 'none',
        roam: true,
        // A square box in the middle, so the circle stays round (ECharts fits the positions to the box), with the
        // names written outside it on either side.
        top: 44,
        left: 'center',
        width: networkHeight(cluster) - 88,
        height: networkHeight(cluster) - 88,
        label: { show: true, position: 'bottom', width: 220, overflow: 'truncate' },
        labelLayout: { hideOverlap: true },
        emphasis: { focus: 'adjacency', label: { show: true }, edgeLabel: { show: true } },
        // Past six links the reasons would cover each other at the centre: they show on hover (and are listed below).
        edgeLabel: { show: cluster.links.length <= EDGE_LABELS_UP_TO, formatter: (p: unknown) => (p as { data: { reasonText: string } }).data.reasonText, fontSize: 11, color: '#595959' },
        lineStyle: { width: 2, color: '#8c8c8c' },
        data: cluster.sellers.map((s, i) => ({
          id: String(i),
          name: `${s.seller} (${texts.site(s.kind, s.site)})`,
          ...positions[i],
          symbolSize: nodeSize(s.records),
          label: { show: named(s.records), position: labelSide(positions[i]!) },
          itemStyle: { color: cluster.repeatOffender && s.takedowns > 0 ? REPEAT_COLOR : s.kind === 'ec' ? SELLER_COLOR : ACCOUNT_COLOR },
          tip: `${escapeHtml(s.seller)}<br/>${escapeHtml(texts.site(s.kind, s.site))}<br/>${texts.records}: ${s.records}<br/>${texts.takedowns}: ${s.takedowns}`,
        })),
        links: cluster.links.map((l) => ({ source: String(l.from), target: String(l.to), reasonText: texts.reason(l.reason), tip: texts.reason(l.reason) })),
      },
    ],
  };
}

/** A name is written on the outer side of its seller's circle: above the top ones, below the bottom ones, beside the others. */
function labelSide(p: { x: number; y: number }): 'top' | 'bottom' | 'left' | 'right' {
  if (Math.abs(p.x) < 1 && Math.abs(p.y) < 1) return 'bottom';
  if (Math.abs(p.y) >= Math.abs(p.x) * 0.8) return p.y < 0 ? 'top' : 'bottom';
  return p.x < 0 ? 'left' : 'right';
}

/** Seller names come from scraped pages: never HTML in a tooltip. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
