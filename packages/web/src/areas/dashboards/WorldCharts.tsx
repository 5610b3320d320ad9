import { useEffect, useState, type ReactNode } from 'react';
import { Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { UNKNOWN_COUNTRY } from '@portal/contract/names';
import { currentLocale } from '../../platform/i18n';
import { useWidth } from '../../components/useWidth';
import { countryName } from './labels';
import { bubbleScale } from './options';
import { ChartBox } from './svg/ChartBox';
import { MAP_HEIGHT, MAP_WIDTH, loadWorldShapes, project, type CountryShape } from './svg/worldShapes';

/** The countries' outlines (loaded on demand, the first time a map is shown); null until they are in. */
function useWorldShapes(): CountryShape[] | null {
  const [shapes, setShapes] = useState<CountryShape[] | null>(null);
  useEffect(() => {
    let live = true;
    void loadWorldShapes().then((s) => live && setShapes(s));
    return () => {
      live = false;
    };
  }, []);
  return shapes;
}

const LAND = '#eef1f5';
const BORDER = '#b8c2cc';

/** The map as SVG, as wide as its card and `height` tall (the world's shape kept, centred). */
function MapPicture({ height, label, children }: { height: number; label: string; children: ReactNode }) {
  return (
    <svg width="100%" height={height} viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`} role="img" aria-label={label} style={{ display: 'block' }}>
      {children}
    </svg>
  );
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
 * under the map (`bubbleScale`), each circle telling its country, count and detail on hover; drawn as SVG (issue 35:
 * no chart library on the home page). Records of an unknown region have no place on a map: their count is written
 * under it, never dropped. For a screen reader the picture is named by `title` with every country's count.
 */
export function CircleMap({ points, title, testId, height = 420 }: { points: readonly MapPoint[]; title: string; testId: string; height?: number }) {
  const { t } = useTranslation('dashboards');
  const shapes = useWorldShapes();
  const locale = currentLocale();
  const name = (code: string) => countryName(code, locale, t('unknownCountry'));
  const placed = points.filter((p) => p.lat !== null && p.lng !== null).sort((a, b) => b.count - a.count);
  const unknown = points.find((p) => p.code === UNKNOWN_COUNTRY);
  const scale = bubbleScale(placed.map((p) => p.count));
  // The circles are sized in screen pixels; the picture is scaled from MAP_WIDTH to the card's width by the browser.
  const [ref, width] = useWidth();
  const perPixel = MAP_WIDTH / Math.max(1, Math.min(width, (height * MAP_WIDTH) / MAP_HEIGHT));
  const label = `${title}: ${placed.map((p) => `${name(p.code)} ${p.count}`).join(', ')}`;
  return (
    <div ref={ref}>
      {!shapes ? (
        <Spin style={{ display: 'block', margin: '64px auto' }} />
      ) : (
        <ChartBox testId={testId} empty={points.length === 0} height={height}>
          <MapPicture height={height} label={label}>
            <g fill={LAND} stroke={BORDER} strokeWidth={0.5}>
              {shapes.map((s, i) => (
                <path key={s.code ?? i} d={s.d} />
              ))}
            </g>
            {/* The largest first, so a small circle is never hidden under a larger one. */}
            {placed.map((p) => {
              const [x, y] = project(p.lng!, p.lat!);
              return (
                <circle key={p.code} cx={x} cy={y} r={(scale.size(p.count) / 2) * perPixel} fill={scale.color(p.count)} fillOpacity={0.85} stroke="#a8071a" strokeWidth={perPixel}>
                  <title>{[`${name(p.code)}: ${p.count}`, p.detail].filter(Boolean).join('\n')}</title>
                </circle>
              );
            })}
          </MapPicture>
        </ChartBox>
      )}
      {shapes && placed.length > 0 && <BubbleLegend steps={scale.steps} testId={`${testId}-scale`} />}
      {shapes && unknown && (
        <Typography.Text type="secondary" data-testid={`${testId}-unknown`}>
          {t('map.unknown', { count: unknown.count })}
        </Typography.Text>
      )}
    </div>
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

/** A country's shade for a count: red from 30 of 255 (the palest, section 9) to full for the largest count. */
const shade = (value: number, max: number) => `rgba(255, 0, 0, ${(0.118 + (0.882 * value) / max).toFixed(3)})`;

/**
 * Countries shaded by a count (the home page's bad-seller heat map), with the colour scale from 0 to the largest
 * count under it; each country tells its name and count on hover. Drawn as SVG (issue 35). For a screen reader
 * the picture is named by `title` with every country's count.
 */
export function HeatMap({ values, title, testId }: { values: readonly { code: string; value: number }[]; title: string; testId: string }) {
  const { t } = useTranslation('dashboards');
  const shapes = useWorldShapes();
  const locale = currentLocale();
  const name = (code: string) => countryName(code, locale, t('unknownCountry'));
  const known = values.filter((v) => v.code !== UNKNOWN_COUNTRY).sort((a, b) => b.value - a.value);
  if (!shapes) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  const max = Math.max(1, ...known.map((v) => v.value));
  const byCode = new Map(known.map((v) => [v.code, v.value]));
  const label = `${title}: ${known.map((v) => `${name(v.code)} ${v.value}`).join(', ')}`;
  return (
    <ChartBox testId={testId} empty={known.length === 0} height={380}>
      <MapPicture height={340} label={label}>
        <g stroke={BORDER} strokeWidth={0.5}>
          {shapes.map((s, i) => {
            if (s.code === null) return <path key={i} d={s.d} fill={LAND} />;
            const value = byCode.get(s.code);
            return (
              <path key={s.code} d={s.d} fill={value === undefined ? LAND : shade(value, max)}>
                <title>{value === undefined ? name(s.code) : `${name(s.code)}: ${value}`}</title>
              </path>
            );
          })}
        </g>
      </MapPicture>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginTop: 8, fontSize: 12, color: 'rgba(0, 0, 0, 0.6)' }} aria-hidden="true">
        <span>0</span>
        <span style={{ width: 160, height: 10, borderRadius: 2, background: `linear-gradient(90deg, ${shade(0, max)}, ${shade(max, max)})` }} />
        <span>{max}</span>
      </div>
    </ChartBox>
  );
}
