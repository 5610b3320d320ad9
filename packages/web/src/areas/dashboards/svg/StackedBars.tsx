import { useTranslation } from 'react-i18next';
import { useWidth } from '../../../components/useWidth';
import { ChartBox, Legend } from './ChartBox';
import { GRID, TEXT, colourOf, countTicks, fitText, textWidth } from './scale';

export interface StackSeries {
  name: string;
  /** One count per category, in the categories' order. */
  values: readonly number[];
}

const PAD = { left: 44, right: 12, top: 8 };
/** The longest a turned category label may be before it is cut (its full name is in its title). */
const LABEL_MAX = 110;

/**
 * Bars of categories (regions), each stacked from its series' counts (sites), drawn as SVG (issue 35: no chart
 * library on the home page). Every category is labelled: flat while the names fit their share of the axis, else
 * turned 30°, a name longer than LABEL_MAX px cut with an ellipsis and told in full on hover; every part of a bar
 * tells its category, series and count on hover; the legend names every series on as many lines as it needs. For a
 * screen reader the picture is named by `title` with each category's total.
 */
export function StackedBars({ categories, series, title, testId, height = 300 }: { categories: readonly string[]; series: readonly StackSeries[]; title: string; testId: string; height?: number }) {
  const { i18n } = useTranslation();
  const [ref, width] = useWidth();
  const number = new Intl.NumberFormat(i18n.language);
  const totals = categories.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const ticks = countTicks(Math.max(0, ...totals));
  const top = ticks[ticks.length - 1]!;
  const bandOf = (left: number) => (categories.length > 0 ? Math.max(0, width - left - PAD.right) / categories.length : 0);
  const flat = categories.every((c) => textWidth(c) + 8 <= bandOf(PAD.left));
  // A turned label reaches left of its bar: the first one must not leave the picture.
  const reach = flat ? 0 : Math.min(LABEL_MAX, textWidth(categories[0] ?? '')) * Math.cos(Math.PI / 6);
  const left = Math.max(PAD.left, Math.ceil(reach - bandOf(PAD.left) / 2) + 4);
  const band = bandOf(left);
  const labelRoom = flat ? 24 : Math.ceil(Math.min(LABEL_MAX, Math.max(0, ...categories.map(textWidth))) * Math.sin(Math.PI / 6)) + 24;
  const plotHeight = height - PAD.top - labelRoom;
  const y = (v: number) => PAD.top + plotHeight * (1 - v / top);
  const barWidth = Math.min(48, band * 0.6);
  const label = title + ': ' + categories.map((c, i) => `${c} ${number.format(totals[i]!)}`).join(', ');

  return (
    <ChartBox empty={categories.length === 0} height={height} testId={testId}>
      <Legend items={series.map((s, i) => ({ name: s.name, colour: colourOf(i) }))} />
      <div ref={ref} style={{ height }}>
        {width > 0 && (
          <svg width={width} height={height} role="img" aria-label={label}>
            {ticks.map((v) => (
              <g key={v}>
                <line x1={left} x2={width - PAD.right} y1={y(v)} y2={y(v)} stroke={GRID} />
                <text x={left - 8} y={y(v) + 4} textAnchor="end" fontSize={12} fill={TEXT}>
                  {number.format(v)}
                </text>
              </g>
            ))}
            {categories.map((category, ci) => {
              const cx = left + band * (ci + 0.5);
              let base = 0;
              return (
                <g key={category}>
                  {series.map((s, si) => {
                    const v = s.values[ci] ?? 0;
                    if (v <= 0) return null;
                    const from = base;
                    base += v;
                    return (
                      <rect key={s.name} x={cx - barWidth / 2} width={barWidth} y={y(base)} height={y(from) - y(base)} fill={colourOf(si)}>
                        <title>{`${category} · ${s.name}: ${number.format(v)}`}</title>
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
                    <title>{`${category}: ${number.format(totals[ci]!)}`}</title>
                    {flat ? category : fitText(category, LABEL_MAX)}
                  </text>
                </g>
              );
            })}
            <line x1={left} x2={width - PAD.right} y1={y(0)} y2={y(0)} stroke="rgba(0, 0, 0, 0.45)" />
          </svg>
        )}
      </div>
    </ChartBox>
  );
}
