import { describe, expect, it } from 'vitest';
import { headerWidth } from './headerWidth';

describe('a header\'s width', () => {
  const eightPerChar = (text: string) => text.length * 8;
  it('is the title with the padding, and room for each icon the header has', () => {
    expect(headerWidth({ title: 'Status' }, eightPerChar)).toBe(48 + 18);
    expect(headerWidth({ title: 'Status', sortable: true }, eightPerChar)).toBe(48 + 18 + 20);
    expect(headerWidth({ title: 'Status', sortable: true, filterable: true, tooltip: 'how it sorts' }, eightPerChar)).toBe(48 + 18 + 20 + 26 + 22);
    // A fixed list of choices is filtered too.
    expect(headerWidth({ title: 'Status', fixedOptions: [] }, eightPerChar)).toBe(48 + 18 + 26);
  });
  it('asks nothing where text cannot be measured (the column keeps its own width)', () => {
    expect(headerWidth({ title: 'ステータス', sortable: true }, () => 0)).toBe(0);
  });
});
