import { describe, expect, it } from 'vitest';
import { customKey, customText, customValues, placeColumns, savedColumns, visibleKeys } from './columnLayout';

const column = (column_id: number, column_name: string, column_position: string, column_order: number) => ({ column_id, column_name, column_position, column_order });

describe('custom column placement', () => {
  const fields = ['ec_id', 'ec_site', 'ec_product_title', 'report_id'];

  it('inserts each custom column after its position field, ordered by column_order', () => {
    const keys = placeColumns(fields, [
      column(1, 'Memo B', 'ec_site', 2),
      column(2, 'Memo A', 'ec_site', 1),
      column(3, 'Owner', 'report_id', 0),
      column(4, 'First', 'ec_id', 5),
    ]);
    expect(keys).toEqual(['ec_id', customKey('First'), 'ec_site', customKey('Memo A'), customKey('Memo B'), 'ec_product_title', 'report_id', customKey('Owner')]);
  });

  it('keeps equal orders stable by id, and puts columns of an unknown position last', () => {
    const keys = placeColumns(fields, [column(9, 'Late', 'ec_site', 1), column(2, 'Early', 'ec_site', 1), column(5, 'Lost', 'removed_field', 0)]);
    expect(keys).toEqual(['ec_id', 'ec_site', customKey('Early'), customKey('Late'), 'ec_product_title', 'report_id', customKey('Lost')]);
  });

  it('without custom columns is the field list itself', () => {
    expect(placeColumns(fields, [])).toEqual(fields);
  });
});

describe('column chooser', () => {
  const all = ['ec_id', 'ec_site', customKey('Memo'), 'ec_product_title'];

  it('shows the defaults plus custom columns until the user saved a choice', () => {
    expect([...visibleKeys(null, all, ['ec_site', 'ec_product_title'])]).toEqual(['ec_site', customKey('Memo'), 'ec_product_title']);
  });

  it('reads and writes custom columns by name, ignoring names that no longer exist', () => {
    const visible = visibleKeys(['ec_id', 'Memo', 'Gone'], all, []);
    expect([...visible]).toEqual(['ec_id', customKey('Memo')]);
    expect(savedColumns(visible)).toEqual(['ec_id', 'Memo']);
  });
});

describe('custom values', () => {
  it("reads a record's custom_info JSON, tolerating bad text", () => {
    expect(customValues('{"Memo":"x","n":3}')).toEqual({ Memo: 'x', n: 3 });
    expect(customValues('not json')).toEqual({});
    expect(customValues('[1,2]')).toEqual({});
    expect(customValues('')).toEqual({});
    expect(customText(3)).toBe('3');
    expect(customText(undefined)).toBe('');
  });
});
