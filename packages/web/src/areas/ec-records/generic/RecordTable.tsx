import { memo, useCallback, useMemo, useRef, useState, type HTMLAttributes, type ReactNode, type ThHTMLAttributes } from 'react';
import { Table } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { FilterFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FilterDropdown } from './FilterDropdown';
import { PAGE_SIZES, type ColumnFilter, type FilterValue, type Sorter } from './listQuery';
import type { FilterOption, RecordColumn } from './types';
import './records.css';

export interface RecordTableProps<R> {
  /** `ec` or `ws`: the test ids are <prefix>-row-<id>, <prefix>-row-select-<id>, <prefix>-filter-<field>. */
  testPrefix: string;
  rowKey: (record: R) => number;
  records: readonly R[];
  /** The visible columns, in order. */
  columns: readonly RecordColumn<R>[];
  loading: boolean;
  total: number;
  current: number;
  pageSize: number;
  sorter: Sorter | null;
  filters: readonly ColumnFilter[];
  onSort: (sorter: Sorter | null) => void;
  onFilter: (key: string, values: FilterValue[]) => void;
  onPage: (current: number, pageSize: number) => void;
  /** The distinct values of a field, for its filter dropdown (and the query key they are cached under). */
  filterOptions: (field: string) => { queryKey: readonly unknown[]; load: () => Promise<FilterOption[]> };
  /** Selected record ids, across pages. */
  selected: readonly number[];
  onSelect: (ids: number[]) => void;
  /** Rows to highlight (the analyst's error rows). */
  highlight?: (record: R) => boolean;
  /** The last column (fixed right): the row's actions. */
  actions: { title: string; width: number; render: (record: R, index: number) => ReactNode };
  scrollY: number;
  emptyText: ReactNode;
}

const NO_VALUES: FilterValue[] = [];
const MIN_WIDTH = 60;
const SELECTION_WIDTH = 48;

/** A header cell with a drag handle on its right edge (spec 2: columns can be resized). */
type HeaderCellProps = ThHTMLAttributes<HTMLTableCellElement> & { resizeTo?: (width: number) => void; startWidth?: number };

function ResizableHeaderCell({ resizeTo, startWidth, children, ...rest }: HeaderCellProps) {
  const dragging = useRef(false);
  if (!resizeTo || startWidth === undefined) return <th {...rest}>{children}</th>;
  const start = (event: React.MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    dragging.current = true;
    const x0 = event.clientX;
    let frame = 0;
    const move = (e: MouseEvent) => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => resizeTo(Math.max(MIN_WIDTH, Math.round(startWidth + e.clientX - x0))));
    };
    const up = () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
      // The click that ends a drag must not sort the column.
      setTimeout(() => (dragging.current = false), 0);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  };
  return (
    <th
      {...rest}
      onClick={(e) => {
        if (!dragging.current) rest.onClick?.(e);
      }}
      // antd keeps its fixed header cells sticky (!important), which anchors the handle as well.
      style={{ ...rest.style, position: 'relative' }}
    >
      {children}
      <span className="rec-resize-handle" onMouseDown={start} onClick={(e) => e.stopPropagation()} aria-hidden />
    </th>
  );
}

const headerComponents = { header: { cell: ResizableHeaderCell } };

/**
 * The record list's table (document 3, section 2), for any record kind: a virtual body (500 rows with every column
 * open stay smooth), fixed and resizable column widths, server-side sort and per-column filter dropdowns whose
 * values the server gives, checkbox selection kept across pages, highlighted rows, and the pager of spec 9.
 */
function RecordTableInner<R extends object>(props: RecordTableProps<R>) {
  const { testPrefix, rowKey, records, columns, loading, total, current, pageSize, sorter, filters, onSort, onFilter, onPage } = props;
  const { filterOptions, selected, onSelect, highlight, actions, scrollY, emptyText } = props;
  const { t } = useTranslation('ecRecords');
  const [widths, setWidths] = useState<Record<string, number>>({});
  const resize = useCallback((key: string, width: number) => setWidths((w) => (w[key] === width ? w : { ...w, [key]: width })), []);

  const antColumns = useMemo<ColumnsType<R>>(() => {
    const list: ColumnsType<R> = columns.map((column, index) => {
      const width = widths[column.key] ?? column.width;
      const applied = filters.find((f) => f.key === column.key)?.values ?? NO_VALUES;
      const source = column.filterable ? filterOptions(column.key) : null;
      return {
        key: column.key,
        title: column.title,
        width,
        ellipsis: true,
        fixed: index === 0 ? ('left' as const) : undefined,
        render: column.cell ? (_: unknown, record: R) => column.cell?.(record) : (_: unknown, record: R) => column.text(column.value(record)),
        onHeaderCell: () => ({ resizeTo: (w: number) => resize(column.key, w), startWidth: width }) as HTMLAttributes<HTMLElement>,
        ...(column.sortable ? { sorter: true, sortOrder: sorter?.field === column.key ? sorter.order : null } : {}),
        ...(source
          ? {
              filtered: applied.length > 0,
              filterIcon: (filtered: boolean) => <FilterFilled style={filtered ? { color: '#1677ff' } : undefined} data-testid={`${testPrefix}-filter-${column.key}`} />,
              filterDropdown: ({ close, visible }: { close: () => void; visible: boolean }) => (
                <FilterDropdown
                  visible={visible}
                  queryKey={source.queryKey}
                  load={source.load}
                  applied={applied}
                  text={column.optionText ?? column.text}
                  onApply={(values) => onFilter(column.key, values)}
                  close={close}
                />
              ),
            }
          : {}),
      };
    });
    list.push({ key: '__actions', title: actions.title, width: actions.width, fixed: 'right', render: (_: unknown, record: R, index: number) => actions.render(record, index) });
    return list;
  }, [columns, widths, filters, filterOptions, sorter, testPrefix, resize, onFilter, actions]);

  const scrollX = useMemo(
    () => columns.reduce((sum, c) => sum + (widths[c.key] ?? c.width), SELECTION_WIDTH + actions.width),
    [columns, widths, actions.width],
  );

  const onChange = (pagination: TablePaginationConfig, _filters: unknown, sort: SorterResult<R> | SorterResult<R>[], extra: { action: string }) => {
    if (extra.action === 'sort') {
      const one = Array.isArray(sort) ? sort[0] : sort;
      onSort(one?.order && one.columnKey ? { field: String(one.columnKey), order: one.order } : null);
    } else if (extra.action === 'paginate') {
      const size = pagination.pageSize ?? pageSize;
      onPage(size !== pageSize ? 1 : (pagination.current ?? 1), size);
    }
  };

  return (
    <Table<R>
      className="rec-table"
      virtual
      size="small"
      bordered
      rowKey={rowKey}
      columns={antColumns}
      components={headerComponents}
      dataSource={records}
      loading={loading}
      scroll={{ x: scrollX, y: scrollY }}
      locale={{ emptyText }}
      rowClassName={highlight ? (record) => (highlight(record) ? 'rec-row-error' : '') : undefined}
      onRow={(record) => ({ 'data-testid': `${testPrefix}-row-${rowKey(record)}` }) as HTMLAttributes<HTMLElement>}
      onChange={onChange}
      rowSelection={{
        columnWidth: SELECTION_WIDTH,
        fixed: true,
        preserveSelectedRowKeys: true,
        selectedRowKeys: selected as number[],
        onChange: (keys) => onSelect(keys.map(Number)),
        renderCell: (_checked, record, _index, node) => <span data-testid={`${testPrefix}-row-select-${rowKey(record)}`}>{node}</span>,
      }}
      pagination={{
        current,
        pageSize,
        total,
        showSizeChanger: true,
        showQuickJumper: true,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: (count) => t('list.pagerTotal', { total: count }),
      }}
    />
  );
}

export const RecordTable = memo(RecordTableInner) as typeof RecordTableInner;
