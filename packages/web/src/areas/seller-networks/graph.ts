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

/**
 * One network as an ECharts graph: a node per seller (sized by its records, red when it has takedowns in a repeat
 * offender network), an edge per link labelled with its reason. Force layout, so any shape of network reads.
 */
export function networkOption(cluster: SellerCluster, texts: { reason: (r: string) => string; site: (kind: 'ec' | 'sns', site: string) => string; records: string; takedowns: string }): GraphOption {
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
        layout: 'force',
        roam: true,
        draggable: true,
        force: { repulsion: 260, edgeLength: 140 },
        label: { show: true, position: 'bottom' },
        edgeLabel: { show: true, formatter: (p: unknown) => (p as { data: { reasonText: string } }).data.reasonText, fontSize: 11 },
        lineStyle: { width: 2, color: '#8c8c8c' },
        data: cluster.sellers.map((s, i) => ({
          id: String(i),
          name: `${s.seller} (${texts.site(s.kind, s.site)})`,
          symbolSize: Math.min(60, 22 + Math.sqrt(s.records) * 6),
          itemStyle: { color: cluster.repeatOffender && s.takedowns > 0 ? REPEAT_COLOR : s.kind === 'ec' ? SELLER_COLOR : ACCOUNT_COLOR },
          tip: `${escapeHtml(s.seller)}<br/>${escapeHtml(texts.site(s.kind, s.site))}<br/>${texts.records}: ${s.records}<br/>${texts.takedowns}: ${s.takedowns}`,
        })),
        links: cluster.links.map((l) => ({ source: String(l.from), target: String(l.to), reasonText: texts.reason(l.reason), tip: texts.reason(l.reason) })),
      },
    ],
  };
}

/** Seller names come from scraped pages: never HTML in a tooltip. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
