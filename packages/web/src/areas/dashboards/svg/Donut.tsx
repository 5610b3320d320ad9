import { useTranslation } from 'react-i18next';
import { useWidth } from '../../../components/useWidth';
import { ChartBox, Legend } from './ChartBox';
import { colourOf } from './scale';

export interface Slice {
  name: string;
  value: number;
}

const RING = 220;
const OUTER = 100;
const INNER = 58;

/** The SVG path of the ring's part from angle `a0` to `a1` (radians, clockwise from the top). */
function arc(a0: number, a1: number): string {
  const c = RING / 2;
  const point = (r: number, a: number) => `${(c + r * Math.sin(a)).toFixed(2)} ${(c - r * Math.cos(a)).toFixed(2)}`;
  const large = a1 - a0 > Math.PI ? 1 : 0;
  return `M${point(OUTER, a0)}A${OUTER} ${OUTER} 0 ${large} 1 ${point(OUTER, a1)}L${point(INNER, a1)}A${INNER} ${INNER} 0 ${large} 0 ${point(INNER, a0)}Z`;
}

/**
 * A donut of the slices with a value above 0, drawn as SVG (issue 35: no chart library on the home page), its
 * legend beside it (below it in a narrow card) naming every slice with its count and share, so no label is cut
 * or hidden; each slice tells the same on hover. For a screen reader, the picture is named by `title` and the
 * legend's list reads the figures.
 */
export function Donut({ slices, title, testId }: { slices: readonly Slice[]; title: string; testId: string }) {
  const { i18n } = useTranslation();
  const [ref, width] = useWidth();
  const shown = slices.filter((s) => s.value > 0);
  const total = shown.reduce((sum, s) => sum + s.value, 0);
  const number = new Intl.NumberFormat(i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  let angle = 0;
  const parts = shown.map((s, i) => {
    const a0 = angle;
    // A single slice is a whole ring: an arc from an angle to itself would draw nothing.
    angle += shown.length === 1 ? Math.PI * 2 - 1e-4 : (s.value / total) * Math.PI * 2;
    return { ...s, colour: colourOf(i), d: arc(a0, angle), share: percent.format(s.value / total) };
  });
  const side = width >= RING + 200;
  return (
    <ChartBox empty={shown.length === 0} height={RING} testId={testId}>
      <div ref={ref} style={{ display: 'flex', flexDirection: side ? 'row' : 'column', alignItems: side ? 'center' : 'stretch', gap: 16 }}>
        <svg width={RING} height={RING} viewBox={`0 0 ${RING} ${RING}`} role="img" aria-label={title} style={{ flex: 'none', alignSelf: 'center' }}>
          {parts.map((p) => (
            <path key={p.name} d={p.d} fill={p.colour} stroke="#fff" strokeWidth={1}>
              <title>{`${p.name}: ${number.format(p.value)} (${p.share})`}</title>
            </path>
          ))}
          <text x={RING / 2} y={RING / 2 + 6} textAnchor="middle" fontSize={18} fontWeight={600} fill="rgba(0, 0, 0, 0.88)" aria-hidden="true">
            {number.format(total)}
          </text>
        </svg>
        <Legend items={parts.map((p) => ({ name: p.name, colour: p.colour, value: `${number.format(p.value)} (${p.share})` }))} />
      </div>
    </ChartBox>
  );
}
