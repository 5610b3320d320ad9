import { useEffect, useState } from 'react';
import { Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { UNKNOWN_COUNTRY } from '@portal/contract';
import { currentLocale } from '../../platform/i18n';
import { countryName } from './labels';
import { bubbleScale } from './options';
import { Chart } from './charts/Chart';
import { WORLD, loadWorldMap } from './charts/worldMap';

/** Whether the world map is registered (loaded on demand, the first time a map is shown). */
function useWorldMap(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void loadWorldMap().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready;
}

export interface MapPoint {
  code: string;
  count: number;
  lat: number | null;
  lng: number | null;
  /** More lines for the tooltip. */
  detail?: string;
}

/**
 * Circles on the countries' centroids, their areas proportional to the counts on one scale, with the scale drawn
 * under the map (`bubbleScale`). Records of an unknown region have no place on a map: their count is written under
 * it, never dropped.
 */
export function CircleMap({ points, zoom, testId, height = 420 }: { points: readonly MapPoint[]; zoom: number; testId: string; height?: number }) {
  const { t } = useTranslation('dashboards');
  const ready = useWorldMap();
  const locale = currentLocale();
  const placed = points.filter((p) => p.lat !== null && p.lng !== null);
  const unknown = points.find((p) => p.code === UNKNOWN_COUNTRY);
  const scale = bubbleScale(placed.map((p) => p.count));
  if (!ready) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  return (
    <>
      <Chart
        testId={testId}
        empty={points.length === 0}
        height={height}
        option={{
          tooltip: { trigger: 'item' },
          geo: { map: WORLD, roam: true, zoom, itemStyle: { areaColor: '#eef1f5', borderColor: '#b8c2cc' }, emphasis: { disabled: true }, tooltip: { show: false } },
          series: [
            {
              type: 'scatter',
              coordinateSystem: 'geo',
              data: placed.map((p) => {
                return {
                  name: countryName(p.code, locale, t('unknownCountry')),
                  value: [p.lng!, p.lat!, p.count],
                  symbolSize: scale.size(p.count),
                  itemStyle: { color: scale.color(p.count), opacity: 0.85, borderColor: '#a8071a', borderWidth: 1 },
                  detail: p.detail,
                };
              }),
              tooltip: {
                formatter: (param) => {
                  // ECharts types a formatter's parameter for every series at once; this series' items are these.
                  const p = param as unknown as { name: string; value: [number, number, number]; data: { detail?: string } };
                  return [`${p.name}: ${p.value[2]}`, p.data.detail].filter(Boolean).join('<br/>');
                },
              },
            },
          ],
        }}
      />
      {placed.length > 0 && <BubbleLegend steps={scale.steps} testId={`${testId}-scale`} />}
      {unknown && (
        <Typography.Text type="secondary" data-testid={`${testId}-unknown`}>
          {t('map.unknown', { count: unknown.count })}
        </Typography.Text>
      )}
    </>
  );
}

/** The size legend of a circle map: a circle of each step's size, with its count, largest first. */
function BubbleLegend({ steps, testId }: { steps: ReturnType<typeof bubbleScale>['steps']; testId: string }) {
  const { t } = useTranslation('dashboards');
  const box = Math.max(...steps.map((s) => s.size));
  return (
    <Space size={16} align="center" wrap data-testid={testId} style={{ display: 'flex', marginBottom: 8 }}>
      <Typography.Text type="secondary">{t('map.scale')}</Typography.Text>
      {steps.map((s) => (
        <Space key={s.value} size={6} align="center">
          <svg width={box} height={box} aria-hidden="true" style={{ display: 'block' }}>
            <circle cx={box / 2} cy={box / 2} r={s.size / 2 - 0.5} fill={s.color} fillOpacity={0.85} stroke="#a8071a" strokeWidth={1} />
          </svg>
          <Typography.Text>{s.value}</Typography.Text>
        </Space>
      ))}
    </Space>
  );
}

/** Countries shaded by a count (the home page's bad-seller heat map); the palest shade is 30 of 255 (section 9). */
export function HeatMap({ values, zoom, testId, seriesName }: { values: readonly { code: string; value: number }[]; zoom: number; testId: string; seriesName: string }) {
  const { t } = useTranslation('dashboards');
  const ready = useWorldMap();
  const locale = currentLocale();
  const known = values.filter((v) => v.code !== UNKNOWN_COUNTRY);
  if (!ready) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  const max = Math.max(1, ...known.map((v) => v.value));
  return (
    <Chart
      testId={testId}
      empty={known.length === 0}
      height={380}
      option={{
        tooltip: {
          trigger: 'item',
          formatter: (param) => {
            // ECharts types a formatter's parameter for every series at once; the map series' items are these.
            const p = param as unknown as { name: string; value: number };
            return Number.isFinite(p.value) ? `${countryName(p.name, locale, t('unknownCountry'))}: ${p.value}` : countryName(p.name, locale, t('unknownCountry'));
          },
        },
        visualMap: { min: 0, max, left: 8, bottom: 8, calculable: true, inRange: { color: ['rgba(255, 0, 0, 0.118)', 'rgba(255, 0, 0, 1)'] } },
        series: [
          {
            name: seriesName,
            type: 'map',
            map: WORLD,
            roam: true,
            zoom: Math.max(1, zoom),
            itemStyle: { areaColor: '#eef1f5', borderColor: '#b8c2cc' },
            emphasis: { label: { show: false }, itemStyle: { areaColor: '#ffd666' } },
            data: known.map((v) => ({ name: v.code, value: v.value })),
          },
        ],
      }}
    />
  );
}
