/**
 * What the dashboards' SVG charts share (issue 35: the home page draws without a chart library): the colours of the
 * series (ECharts' default palette, which the other charts of the dashboards keep) and the ticks of a count axis.
 */
export const PALETTE = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452', '#9a60b4', '#ea7ccc'];
export const colourOf = (i: number) => PALETTE[i % PALETTE.length]!;

/** Axis and label texts: 60 % black (5.7:1 on white, theme.ts), the grid lines antd's pale grey. */
export const TEXT = 'rgba(0, 0, 0, 0.6)';
export const GRID = '#f0f0f0';

/** Whole-number ticks from 0 to at least `max`, about `count` of them, on 1, 2 or 5 times a power of ten. */
export function countTicks(max: number, count = 5): number[] {
  if (max <= 0) return [0, 1];
  const raw = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw)!);
  const ticks: number[] = [];
  for (let v = 0; v < max + step; v += step) ticks.push(v);
  return ticks;
}

/** How wide a text of a 12 px font is, near enough to lay out by: CJK and full-width characters are square. */
export function textWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(ch) ? 12 : 7;
  return w;
}

/** `text` cut to `width` px with an ellipsis (the full text is in the element's title). */
export function fitText(text: string, width: number): string {
  if (textWidth(text) <= width) return text;
  let out = '';
  for (const ch of text) {
    if (textWidth(`${out}${ch}…`) > width) break;
    out += ch;
  }
  return `${out}…`;
}

/**
 * The category axis of a chart `width` px wide whose value axis takes `axisWidth` px at the left and `right` px at
 * the right: every category labelled, flat while the names fit their share of the axis, else turned 30° and cut
 * past `labelMax` px; the plot starts far enough right that the first turned label stays in the picture.
 */
export function categoryAxis(categories: readonly string[], width: number, axisWidth: number, right: number, labelMax: number) {
  const bandOf = (left: number) => (categories.length > 0 ? Math.max(0, width - left - right) / categories.length : 0);
  const flat = categories.every((c) => textWidth(c) + 8 <= bandOf(axisWidth));
  const reach = flat ? 0 : Math.min(labelMax, textWidth(categories[0] ?? '')) * Math.cos(Math.PI / 6);
  const left = Math.max(axisWidth, Math.ceil(reach - bandOf(axisWidth) / 2) + 4);
  const room = flat ? 24 : Math.ceil(Math.min(labelMax, Math.max(0, ...categories.map(textWidth))) * Math.sin(Math.PI / 6)) + 24;
  return { flat, left, band: bandOf(left), room, label: (c: string) => (flat ? c : fitText(c, labelMax)) };
}
