import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dateTime';
import { useWidth } from '../../components/useWidth';

export interface PricePoint {
  seenAt: string;
  amount: number | null;
  currency: string | null;
}

const HEIGHT = 220;
const PAD = { left: 64, right: 16, top: 16, bottom: 28 };
const COLOURS = ['#1677ff', '#d4380d', '#389e0d', '#722ed1', '#c41d7f'];

/** Three or four round steps (1, 2, 2.5 or 5 times a power of ten) from just under `low` to just over `high`. */
function niceTicks(low: number, high: number): number[] {
  const pad = high === low ? Math.max(1, Math.abs(high) * 0.1) : 0;
  const [from, to] = [low - pad, high + pad];
  const raw = (to - from) / 3;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw)!;
  const ticks: number[] = [];
  for (let v = Math.floor(from / step) * step; v < to + step * 0.999; v += step) ticks.push(Number(v.toFixed(10)));
  return ticks;
}

/**
 * The price over time, one line per currency, drawn as SVG: a few dozen points in the detail's narrow column need
 * no chart library, and the record detail page stays light (ECharts alone would add 200 kB to its first load).
 * Every point names its time and price on hover.
 */
export default function PriceChart({ points }: { points: PricePoint[] }) {
  const { i18n } = useTranslation();
  const { token } = theme.useToken();
  const [ref, width] = useWidth();
  const priced = points.filter((p): p is PricePoint & { amount: number } => p.amount !== null);
  const currencies = [...new Set(priced.map((p) => p.currency ?? ''))];
  if (currencies.length === 0) return null;

  const times = priced.map((p) => Date.parse(p.seenAt));
  const amounts = priced.map((p) => p.amount);
  const [t0, t1] = [Math.min(...times), Math.max(...times)];
  const [low, high] = [Math.min(...amounts), Math.max(...amounts)];
  const yTicks = niceTicks(low, high);
  const [y0, y1] = [yTicks[0]!, yTicks[yTicks.length - 1]!];
  const top = PAD.top + (currencies.length > 1 ? 16 : 0);
  const x = (t: number) => PAD.left + (t1 === t0 ? (width - PAD.left - PAD.right) / 2 : ((t - t0) / (t1 - t0)) * (width - PAD.left - PAD.right));
  const y = (v: number) => top + (1 - (v - y0) / (y1 - y0)) * (HEIGHT - top - PAD.bottom);
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const day = new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric' });
  const xTicks = t1 === t0 ? [t0] : width > 360 ? [t0, (t0 + t1) / 2, t1] : [t0, t1];
  const text = { fontSize: 12, fill: token.colorTextSecondary };

  return (
    <div ref={ref} data-testid="ec-price-chart" style={{ height: HEIGHT }}>
      {width > 0 && (
        <svg width={width} height={HEIGHT} role="img" aria-label={currencies.map((c) => `${c} ${number.format(low)}–${number.format(high)}`).join(', ')}>
          {yTicks.map((v) => (
            <g key={v}>
              <line x1={PAD.left} x2={width - PAD.right} y1={y(v)} y2={y(v)} stroke={token.colorBorderSecondary} />
              <text x={PAD.left - 8} y={y(v) + 4} textAnchor="end" {...text}>
                {number.format(v)}
              </text>
            </g>
          ))}
          {xTicks.map((t, i) => (
            <text key={t} x={x(t)} y={HEIGHT - 8} textAnchor={xTicks.length === 1 ? 'middle' : i === 0 ? 'start' : i === xTicks.length - 1 ? 'end' : 'middle'} {...text}>
              {day.format(t)}
            </text>
          ))}
          {currencies.map((currency, ci) => {
            const colour = COLOURS[ci % COLOURS.length]!;
            const line = priced.filter((p) => (p.currency ?? '') === currency).sort((a, b) => Date.parse(a.seenAt) - Date.parse(b.seenAt));
            return (
              <g key={currency}>
                {currencies.length > 1 && (
                  <text x={PAD.left + ci * 72} y={12} {...text} fill={colour}>
                    ● {currency}
                  </text>
                )}
                <polyline fill="none" stroke={colour} strokeWidth={2} points={line.map((p) => `${x(Date.parse(p.seenAt))},${y(p.amount)}`).join(' ')} />
                {line.map((p) => (
                  <circle key={p.seenAt} cx={x(Date.parse(p.seenAt))} cy={y(p.amount)} r={4} fill={token.colorBgContainer} stroke={colour} strokeWidth={2}>
                    <title>{`${formatDateTime(p.seenAt)}: ${number.format(p.amount)}${currency ? ` ${currency}` : ''}`}</title>
                  </circle>
                ))}
              </g>
            );
          })}
        </svg>
      )}
    </div>
  );
}
