import { useTranslation } from 'react-i18next';
import { useWidth } from '../../../components/useWidth';
import { ChartBox, Legend } from './ChartBox';
import { GRID, TEXT, categoryAxis, colourOf, countTicks, textWidth } from './scale';

export interface BarSeries {
  name: string;
  /** One value per category, in the categories' order; null where there is none. */
  values: readonly (number | null)[];
}

export interface BarsProps {
  categories: readonly string[];
  series: readonly BarSeries[];
  /** Names the picture for a screen reader, with each category's figures. */
  title: string;
  testId: string;
  /** Nothing to draw: the empty state instead (by default when there is no category). */
  empty?: boolean;
  height?: number;
  /** Stacked (one bar per category, a part per series) or side by side (a bar per series). */
  stacked?: boolean;
  /** A value as written on the axis and in the tooltips (a count by default). */
  format?: (value: number) => string;
  /** The axis' top (100 for percentages); the largest figure's round ceiling by default. */
  max?: number;
  /** A dashed line across the plot at `value`, named by `label` above its right end. */
  target?: { value: number; label: string };
  /** The longest a turned category label may be before it is cut (its full name is in its title). */
  labelMax?: number;
}

const PAD = { left: 44, right: 12, top: 8 };
const TARGET = '#cf1322';

/**
 * Bars of categories, drawn as SVG (issue 35: no chart library on these pages), stacked or side by side. Every
 * category is labelled: flat while the names fit their share of the axis, else turned 30°, a name longer than
 * `labelMax` px cut with an ellipsis and told in full on hover; every bar tells its category, series and value on
 * hover; the legend names every series on as many lines as it needs; the target line's label sits inside the plot.
 */
export function Bars({ categories, series, title, testId, empty, height = 300, stacked = false, format, max, target, labelMax = 110 }: BarsProps) {
  const { i18n } = useTranslation();
  const [ref, width] = useWidth();
  const number = new Intl.NumberFormat(i18n.language);
  const show = format ?? ((v: number) => number.format(v));
  const value = (s: BarSeries, i: number) => s.values[i] ?? null;
  const totals = categories.map((_, i) => series.reduce((sum, s) => sum + (value(s, i) ?? 0), 0));
  const highest = stacked ? Math.max(0, ...totals) : Math.max(0, ...series.flatMap((s) => s.values.map((v) => v ?? 0)));
  const ticks = max === undefined ? countTicks(Math.max(highest, target?.value ?? 0)) : countTicks(max).filter((v) => v <= max);
  const top = max ?? ticks[ticks.length - 1]!;
  const axisWidth = Math.max(...ticks.map((v) => textWidth(show(v)))) + 12;
    const { flat, left, band, room: labelRoom, label: axisLabel } = categoryAxis(categories, width, Math.max(PAD.left, axisWidth), PAD.right, labelMax);
  const plotHeight = height - PAD.top - labelRoom;
  const y = (v: number) => PAD.top + plotHeight * (1 - Math.min(v, top) / top);
  const groupWidth = Math.min(stacked ? 48 : 56 * series.length, band * 0.7);
  const barWidth = stacked ? groupWidth : groupWidth / Math.max(1, series.length);
  const figures = (i: number) => (stacked ? show(totals[i]!) : series.map((s) => `${s.name} ${value(s, i) === null ? '–' : show(value(s, i)!)}`).join(', '));
  const label = `${title}: ${categories.map((c, i) => `${c} ${figures(i)}`).join('; ')}${target ? `; ${target.label}` : ''}`;

  return (
    <ChartBox empty={empty ?? categories.length === 0} height={height} testId={testId}>
      <Legend items={series.map((s, i) => ({ name: s.name, colour: colourOf(i) }))} />
      <div ref={ref} style={{ height }}>
        {width > 0 && (
          <svg width={width} height={height} role="img" aria-label={label}>
            {ticks.map((v) => (
              <g key={v}>
                <line x1={left} x2={width - PAD.right} y1={y(v)} y2={y(v)} stroke={GRID} />
                <text x={left - 8} y={y(v) + 4} textAnchor="end" fontSize={12} fill={TEXT}>
                  {show(v)}
                </text>
              </g>
            ))}
            {categories.map((category, ci) => {
              const cx = left + band * (ci + 0.5);
              let base = 0;
              return (
                <g key={category}>
                  {series.map((s, si) => {
                    const v = value(s, ci);
                    if (v === null || v <= 0) return null;
                    const from = stacked ? base : 0;
                    if (stacked) base += v;
                    const x = stacked ? cx - groupWidth / 2 : cx - groupWidth / 2 + si * barWidth;
                    return (
                      <rect key={s.name} x={x} width={Math.max(1, barWidth - (stacked ? 0 : 2))} y={y(from + v)} height={y(from) - y(from + v)} fill={colourOf(si)}>
                        <title>{`${category} · ${s.name}: ${show(v)}`}</title>
                      </rect>
                    );
                  })}
                  <text
                    x={cx}
                    y={PAD.top + plotHeight + 16}
                    fontSize={12}
                    fill={TEXT}
                    textAnchor={flat ? 'middle' : 'end'}
                    transform={flat ? undefined : `rotate(-30 ${cx} ${PAD.top + plotHeight + 12})`}
                  >
                    <title>{`${category}: ${figures(ci)}`}</title>
                    {axisLabel(category)}
                  </text>
                </g>
              );
            })}
            <line x1={left} x2={width - PAD.right} y1={y(0)} y2={y(0)} stroke="rgba(0, 0, 0, 0.45)" />
            {target && (
              <g>
                <line x1={left} x2={width - PAD.right} y1={y(target.value)} y2={y(target.value)} stroke={TARGET} strokeWidth={1.5} strokeDasharray="6 4" />
                <text x={width - PAD.right - 4} y={y(target.value) - 6} textAnchor="end" fontSize={12} fontWeight={600} fill={TARGET}>
                  {target.label}
                </text>
              </g>
            )}
          </svg>
        )}
      </div>
    </ChartBox>
  );
}
