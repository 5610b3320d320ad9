/**
 * The width a record list's header needs to show its title whole (issue 35: Japanese headers were cut, "ステータ…"):
 * the title's text in the header's font, with what antd's small table puts beside it (the cell's padding and border,
 * the sort arrows, the filter trigger, the hint icon). A column is never laid out narrower than its header, in
 * either language; the user can still drag it narrower.
 */
export interface HeaderParts {
  title: string;
  sortable?: boolean;
  filterable?: boolean;
  fixedOptions?: unknown;
  tooltip?: string;
}

/** Measured in Chromium on antd's small bordered table (padding 8 px a side, 1 px border), rounded up. */
const PADDING = 18;
const SORTER = 20;
const FILTER = 26;
const HINT = 22;

export function headerWidth(column: HeaderParts, textWidth: (text: string) => number): number {
  const text = textWidth(column.title);
  if (text <= 0) return 0;
  const filter = column.filterable || column.fixedOptions !== undefined ? FILTER : 0;
  return Math.ceil(text + PADDING + (column.sortable ? SORTER : 0) + filter + (column.tooltip ? HINT : 0));
}

let context: OffscreenCanvasRenderingContext2D | null | undefined;
const measured = new Map<string, number>();

/** The width of a text in a CSS font (0 where the browser cannot measure it, as in unit tests' DOM). */
export function textWidthIn(font: string): (text: string) => number {
  return (text) => {
    const key = `${font}\u0000${text}`;
    let width = measured.get(key);
    if (width === undefined) {
      if (context === undefined) context = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
      if (!context) return 0;
      context.font = font;
      width = context.measureText(text).width;
      if (measured.size > 2000) measured.clear();
      measured.set(key, width);
    }
    return width;
  };
}
