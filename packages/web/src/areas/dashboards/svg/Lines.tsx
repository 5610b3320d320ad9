import { useTranslation } from 'react-i18next';
import { useWidth } from '../../../components/useWidth';
import type { BarSeries } from './Bars';
import { ChartBox, Legend } from './ChartBox';
import { GRID, TEXT, categoryAxis, colourOf, countTicks, textWidth } from './scale';

export interface LinesProps {
  /** The months (or other categories) along the bottom. */
  categories: readonly string[];
  /** Lines of counts on the left axis; a null value is a gap (a month with no figure), never a fall to 0. */
  lines?: readonly BarSeries[];
  /** The lines stacked, their areas filled (the categorization area chart). */
  area?: boolean;
  /** Bars of counts on the left axis, side by side, drawn under the lines. */
  bars?: readonly BarSeries[];
  /** One line of percentages on a right axis from 0 to 100 %. */
  percent?: BarSeries;
  title: string;
  testId: string;
  empty?: boolean;
  height?: number;
}

const PAD = { left: 44, right: 12, top: 8 };

/**
 * Lines (or stacked areas) of counts over months, with bars and a percentage line on a right axis if given, drawn as
 * SVG (issue 35: the dashboards draw without ECharts). Every month is labelled (turned when they do not fit flat),
 * every point and bar tells its month, series and figure on hover, the legend names every series on as many lines
 * as it needs. For a screen reader the picture is named by `title` with each month's figures.
 */
export function Lines({ categories, lines = [], area = false, bars = [], percent, title, testId, empty, height = 300 }: LinesProps) {
  const { i18n } = useTranslation();
  const [ref, width] = useWidth();
  const number = new Intl.NumberFormat(i18n.language);
  const pct = (v: number) => `${number.format(v)} %`;
  const at = (s: BarSeries, i: number) => s.values[i] ?? null;
  // Stacked areas: each line drawn at the sum of itself and the lines before it.
  const stacks = lines.map((_, li) => categories.map((__, ci) => lines.slice(0, li + 1).reduce((sum, s) => sum + (at(s, ci) ?? 0), 0)));
  const highest = Math.max(0, ...(area ? stacks.flat() : lines.flatMap((s) => s.values.map((v) => v ?? 0))), ...bars.flatMap((s) => s.values.map((v) => v ?? 0)));
  const ticks = countTicks(highest);
  const top = ticks[ticks.length - 1]!;
  const axisWidth = Math.max(PAD.left, Math.max(...ticks.map((v) => textWidth(number.format(v)))) + 12);
  const right = percent ? 48 : PAD.right;
  const axis = categoryAxis(categories, width, axisWidth, right, 96);
  const plotHeight = height - PAD.top - axis.room;
  const y = (v: number) => PAD.top + plotHeight * (1 - v / top);
  const yPercent = (v: number) => PAD.top + plotHeight * (1 - v / 100);
  const x = (i: number) => axis.left + axis.band * (i + 0.5);
  const groupWidth = Math.min(24 * bars.length, axis.band * 0.7);
  const barWidth = groupWidth / Math.max(1, bars.length);
  const all = [...bars, ...lines, ...(percent ? [percent] : [])];
  const colour = (s: BarSeries) => colourOf(all.indexOf(s));
  const figures = (ci: number) =>
    all
      .map((s) => {
        const v = at(s, ci);
        return `${s.name} ${v === null ? '–' : s === percent ? pct(v) : number.format(v)}`;
      })
      .join(', ');
  const label = `${title}: ${categories.map((c, ci) => `${c}: ${figures(ci)}`).join('; ')}`;

  /** A polyline per run of months with a figure: a month without one leaves a gap. */
  const runs = (values: readonly (number | null)[], toY: (v: number) => number) => {
    const out: string[][] = [];
    let run: string[] = [];
    values.forEach((v, i) => {
      if (v === null) {
        if (run.length > 0) out.push(run);
        run = [];
      } else run.push(`${x(i).toFixed(1)},${toY(v).toFixed(1)}`);
    });
    if (run.length > 0) out.push(run);
    return out;
  };

  return (
    <ChartBox empty={empty ?? categories.length === 0} height={height} testId={testId}>
      <Legend items={all.map((s) => ({ name: s.name, colour: colour(s) }))} />
      <div ref={ref} style={{ height }}>
        {width > 0 && (
          <svg width={width} height={height} role="img" aria-label={label}>
            {ticks.map((v) => (
              <g key={v}>
                <line x1={axis.left} x2={width - right} y1={y(v)} y2={y(v)} stroke={GRID} />
                <text x={axis.left - 8} y={y(v) + 4} textAnchor="end" fontSize={12} fill={TEXT}>
                  {number.format(v)}
                </text>
              </g>
            ))}
            {percent &&
              [0, 50, 100].map((v) => (
                <text key={v} x={width - right + 6} y={yPercent(v) + 4} fontSize={12} fill={TEXT}>
                  {pct(v)}
                </text>
              ))}
            {bars.map((s, si) =>
              categories.map((c, ci) => {
                const v = at(s, ci);
                if (v === null || v <= 0) return null;
                return (
                  <rect key={`${s.name}-${c}`} x={x(ci) - groupWidth / 2 + si * barWidth} width={Math.max(1, barWidth - 2)} y={y(v)} height={y(0) - y(v)} fill={colour(s)}>
                    <title>{`${c} · ${s.name}: ${number.format(v)}`}</title>
                  </rect>
                );
              }),
            )}
            {area &&
              [...lines].reverse().map((s) => {
                const li = lines.indexOf(s);
                const upper = stacks[li]!.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`);
                const lower = (li === 0 ? categories.map(() => 0) : stacks[li - 1]!).map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).reverse();
                return <polygon key={s.name} points={[...upper, ...lower].join(' ')} fill={colour(s)} fillOpacity={0.7} stroke={colour(s)} />;
              })}
            {[...lines.map((s, li) => ({ s, values: area ? stacks[li]! : s.values, toY: y })), ...(percent ? [{ s: percent, values: percent.values, toY: yPercent }] : [])].map(({ s, values, toY }) => (
              <g key={s.name} stroke={colour(s)} fill="none">
                {!area && runs(values, toY).map((points) => <polyline key={points[0]} points={points.join(' ')} strokeWidth={2} />)}
                {values.map((v, i) => {
                  const own = at(s, i);
                  if (v === null || own === null) return null;
                  return (
                    <circle key={categories[i]} cx={x(i)} cy={toY(v)} r={area ? 2 : 3.5} fill="#fff" strokeWidth={2}>
                      <title>{`${categories[i]} · ${s.name}: ${s === percent ? pct(own) : number.format(own)}`}</title>
                    </circle>
                  );
                })}
              </g>
            ))}
            {categories.map((c, ci) => (
              <text
                key={c}
                x={x(ci)}
                y={PAD.top + plotHeight + 16}
                fontSize={12}
                fill={TEXT}
                textAnchor={axis.flat ? 'middle' : 'end'}
                transform={axis.flat ? undefined : `rotate(-30 ${x(ci)} ${PAD.top + plotHeight + 12})`}
              >
                <title>{`${c}: ${figures(ci)}`}</title>
                {axis.label(c)}
              </text>
            ))}
            <line x1={axis.left} x2={width - right} y1={y(0)} y2={y(0)} stroke="rgba(0, 0, 0, 0.45)" />
          </svg>
        )}
      </div>
    </ChartBox>
  );
}
