import {
  createContext,
  memo,
  useCallback,
  useContext,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type HTMLAttributes,
  type ReactNode,
  type Ref,
  type ThHTMLAttributes,
  type UIEvent,
} from 'react';
import { ConfigProvider, Table, Tooltip, theme } from 'antd';
import type { ColumnsType, TablePaginationConfig, TableProps } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { FilterFilled, InfoCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FilterDropdown } from './FilterDropdown';
import { totalText, type TotalIs } from './listTotal';
import { PAGE_SIZES, type ColumnFilter, type FilterValue, type Sorter } from './listQuery';
import type { FilterOption, RecordColumn } from './types';
import type { CallQueryOf } from '../platform/calls';
import './records.css';
import { headerWidth, textWidthIn } from './headerWidth';

export interface RecordTableProps<R> {
  /** `ec` or `ws`: the test ids are <prefix>-row-<id>, <prefix>-row-select-<id>, <prefix>-filter-<field>, <prefix>-table-body. */
  testPrefix: string;
  rowKey: (record: R) => number;
  records: readonly R[];
  /** The visible columns, in order. */
  columns: readonly RecordColumn<R>[];
  loading: boolean;
  total: number;
  /** How far the total is known: exact, about (an estimate known to be close), or a lower bound. */
  totalIs?: TotalIs;
  current: number;
  pageSize: number;
  sorter: Sorter | null;
  filters: readonly ColumnFilter[];
  onSort: (sorter: Sorter | null) => void;
  onFilter: (key: string, values: FilterValue[]) => void;
  onPage: (current: number, pageSize: number) => void;
  /** The distinct values of a field, for its filter dropdown (the cached filter call of the field). */
  filterOptions: (field: string) => CallQueryOf<FilterOption[]>;
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
/** Every body row is one line high: antd's small bordered row (8 px padding, a 22 px line, a 1 px border). */
const ROW_HEIGHT = 39;
/** Rows and pixels rendered beyond the visible part, so a scroll shows rendered cells before React catches up. */
const OVERSCAN_ROWS = 8;
const OVERSCAN_PX = 320;

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

// ---------------------------------------------------------------------------------------------------------------
// The body: a grid of its own, virtual in both directions, inside antd's table (which keeps the header, sorting,
// filters, the select-all box, the loading state and the pager).

/** A data column of the body, with its place in the scrolled content. */
interface BodyColumn<R> {
  column: RecordColumn<R>;
  left: number;
  width: number;
}

/** What the body needs from the table; it changes with the columns, the selection and the data, not on scroll. */
interface BodyState<R> {
  testPrefix: string;
  /** The rows (antd's page of them: the table's data is one page of the server's result). */
  records: readonly R[];
  rowKey: (record: R) => number;
  /** The first column, fixed on the left after the selection box; the rest scroll. */
  first: BodyColumn<R> | null;
  scrolling: readonly BodyColumn<R>[];
  /** The selection box and the first column. */
  leftWidth: number;
  /** Every column as laid out in the header, the actions included. */
  totalWidth: number;
  actions: RecordTableProps<R>['actions'];
  selected: ReadonlySet<number>;
  toggle: (id: number, checked: boolean) => void;
  highlight?: (record: R) => boolean;
  scrollY: number;
  emptyText: ReactNode;
  /** antd's checkbox class and its style hash, for the rows' boxes. */
  checkboxCls: string;
  hashId: string;
  /** A row's check box's name, from its first column's text. */
  selectLabel: (name: string) => string;
  /** The id of the body's rowgroup, which antd's header table owns (`aria-owns`): one table for assistive technology. */
  bodyId: string;
}

type BodyInfo = Parameters<Extract<NonNullable<TableProps<object>['components']>['body'], (...args: never[]) => unknown>>[1];

/**
 * The body's state for whatever record type the table shows, handed through antd's table by a context: opened by a
 * function generic in the record type, so the body reads it typed (no cast binds a record type to the context).
 */
interface PackedBody {
  open: <X>(read: <R extends object>(state: BodyState<R>) => X) => X;
}
const BodyContext = createContext<PackedBody | null>(null);

/**
 * antd's header table, owning the body's rows (they are not inside it: the body is a scroller of its own), so the
 * header's column names and the rows make one table (a rowgroup needs a table parent: axe's aria-required-parent).
 */
function HeaderTable(props: HTMLAttributes<HTMLTableElement>) {
  const packed = useContext(BodyContext);
  const owns = packed?.open((state) => (state.records.length > 0 ? state.bodyId : undefined));
  return <table {...props} aria-owns={owns} />;
}

interface Range {
  rowStart: number;
  rowEnd: number;
  colStart: number;
  colEnd: number;
}

/** The rows and scrolling columns in view (and the overscan), for a scroll position and a viewport. */
function rangeOf<R>(state: BodyState<R>, rows: number, top: number, height: number, left: number, width: number, rightWidth: number): Range {
  const rowStart = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN_ROWS);
  const rowEnd = Math.min(rows, Math.ceil((top + height) / ROW_HEIGHT) + OVERSCAN_ROWS);
  const from = left + state.leftWidth - OVERSCAN_PX;
  const to = left + width - rightWidth + OVERSCAN_PX;
  const cols = state.scrolling;
  let colStart = 0;
  while (colStart < cols.length && cols[colStart]!.left + cols[colStart]!.width <= from) colStart++;
  let colEnd = colStart;
  while (colEnd < cols.length && cols[colEnd]!.left < to) colEnd++;
  return { rowStart, rowEnd, colStart, colEnd };
}

const sameRange = (a: Range, b: Range) => a.rowStart === b.rowStart && a.rowEnd === b.rowEnd && a.colStart === b.colStart && a.colEnd === b.colEnd;

/** A cell's content: the column's own (a link) or its text; text cells carry it as their title too (ellipsis). */
function cellOf<R>(column: RecordColumn<R>, record: R): { content: ReactNode; title?: string } {
  if (column.cell) return { content: column.cell(record) };
  const text = column.text(column.value(record));
  return { content: text, title: text || undefined };
}

/**
 * antd's checkbox markup without its component (its style hooks and wave effect cost more than the rest of a row);
 * the select-all box of the header is a real antd Checkbox, which keeps the styles on the page.
 */
function RowCheckbox({ checked, onChange, cls, hashId, label }: { checked: boolean; onChange: (checked: boolean) => void; cls: string; hashId: string; label: string }) {
  return (
    <label className={`${cls}-wrapper${checked ? ` ${cls}-wrapper-checked` : ''} ${hashId}`}>
      <span className={`${cls}${checked ? ` ${cls}-checked` : ''} ${hashId}`}>
        <input type="checkbox" className={`${cls}-input`} aria-label={label} checked={checked} onChange={(e) => onChange(e.target.checked)} />
        <span className={`${cls}-inner`} />
      </span>
    </label>
  );
}

interface RowProps<R> {
  record: R;
  index: number;
  id: number;
  cols: readonly BodyColumn<R>[];
  selected: boolean;
  error: boolean;
  state: BodyState<R>;
  /** The row's width and its actions' (both less the scrollbar's width, as in the header). */
  width: number;
  actionsWidth: number;
}

/**
 * One body row, absolutely placed: the fixed left part (selection box, first column) and the actions stick to the
 * sides of the scrolled area; the scrolling cells in view sit at their offsets. Rows re-render only when their
 * record, selection or the columns in view change, never for a scroll within them.
 */
function BodyRowOf<R extends object>({ record, index, id, cols, selected, error, state, width, actionsWidth }: RowProps<R>) {
  const className = `rec-row${selected ? ' rec-row-selected' : ''}${error ? ' rec-row-error' : ''}`;
  const first = state.first ? cellOf(state.first.column, record) : null;
  return (
    <div className={className} role="row" data-row-key={id} data-testid={`${state.testPrefix}-row-${id}`} style={{ top: index * ROW_HEIGHT, width }}>
      <div className="rec-fixed rec-fixed-left" style={{ width: state.leftWidth }}>
        <div className="rec-cell rec-cell-select" role="cell" style={{ width: SELECTION_WIDTH }}>
          <span data-testid={`${state.testPrefix}-row-select-${id}`}>
            <RowCheckbox
              checked={selected}
              onChange={(checked) => state.toggle(id, checked)}
              cls={state.checkboxCls}
              hashId={state.hashId}
              label={state.selectLabel(first?.title ?? String(id))}
            />
          </span>
        </div>
        {state.first && first && (
          <div className="rec-cell" role="cell" style={{ width: state.first.width }} title={first.title}>
            {first.content}
          </div>
        )}
      </div>
      {cols.map(({ column, left, width }) => {
        const { content, title } = cellOf(column, record);
        return (
          <div key={column.key} className="rec-cell rec-cell-scroll" role="cell" style={{ left, width }} title={title}>
            {content}
          </div>
        );
      })}
      <div className="rec-fixed rec-fixed-right" style={{ width: actionsWidth }}>
        <div className="rec-cell" role="cell" style={{ width: actionsWidth }}>
          {state.actions.render(record, index)}
        </div>
      </div>
    </div>
  );
}
// `memo` drops the type parameter; the memoised row takes the same props.
const BodyRow = memo(BodyRowOf) as typeof BodyRowOf;

/**
 * The scrolled body (antd's `components.body` render prop): natively scrolled, so the browser moves what is
 * rendered at once and React only adds the rows and columns coming into view. Its horizontal position is handed to
 * the table, which moves the header along.
 */
function VirtualBody({ info }: { info: BodyInfo }) {
  const packed = useContext(BodyContext);
  if (!packed) throw new Error('VirtualBody outside RecordTable');
  return packed.open((state) => <VirtualBodyOf state={state} info={info} />);
}

function VirtualBodyOf<R extends object>({ state, info }: { state: BodyState<R>; info: BodyInfo }) {
  const data = state.records;
  const scroller = useRef<HTMLDivElement | null>(null);
  // The header's last column is narrower by the scrollbar's width (antd adds a cell over the scrollbar); so is ours,
  // and so the scrolled width is the header's.
  const actionsWidth = Math.max(0, state.actions.width - info.scrollbarSize);
  const contentWidth = state.totalWidth - (state.actions.width - actionsWidth);
  const [range, setRange] = useState<Range>(() => rangeOf(state, data.length, 0, state.scrollY, 0, 1920, actionsWidth));

  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const next = rangeOf(state, data.length, el.scrollTop, el.clientHeight || state.scrollY, el.scrollLeft, el.clientWidth, actionsWidth);
    setRange((prev) => (sameRange(prev, next) ? prev : next));
  }, [state, data.length, actionsWidth]);
  // New columns, widths, data or height: what is in view again.
  useLayoutEffect(measure, [measure]);

  const { ref: tableRef, onScroll: tableScroll } = info;
  const setScroller = useCallback(
    (el: HTMLDivElement | null) => {
      scroller.current = el;
      const ref = tableRef as Ref<HTMLDivElement | null>;
      if (typeof ref === 'function') ref(el);
      else if (ref) (ref as { current: HTMLDivElement | null }).current = el;
    },
    [tableRef],
  );
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    tableScroll({ currentTarget: el, scrollLeft: el.scrollLeft });
    measure();
  };

  const cols = useMemo(() => state.scrolling.slice(range.colStart, range.colEnd), [state.scrolling, range.colStart, range.colEnd]);
  const rows: ReactNode[] = [];
  const end = Math.min(range.rowEnd, data.length);
  for (let index = range.rowStart; index < end; index++) {
    const record = data[index]!;
    const id = state.rowKey(record);
    rows.push(
      <BodyRow
        key={id}
        record={record}
        index={index}
        id={id}
        cols={cols}
        selected={state.selected.has(id)}
        error={state.highlight?.(record) ?? false}
        state={state}
        width={contentWidth}
        actionsWidth={actionsWidth}
      />,
    );
  }

  return (
    <div
      ref={setScroller}
      className="rec-body"
      data-testid={`${state.testPrefix}-table-body`}
      style={{ maxHeight: state.scrollY }}
      onScroll={onScroll}
    >
      {data.length === 0 ? (
        <div className="rec-empty">{state.emptyText}</div>
      ) : (
        <div className="rec-canvas" role="rowgroup" id={state.bodyId} style={{ height: data.length * ROW_HEIGHT, width: contentWidth }}>
          {rows}
        </div>
      )}
    </div>
  );
}

const renderBody = (_data: readonly object[], info: BodyInfo) => <VirtualBody info={info} />;
const tableComponents = { header: { table: HeaderTable, cell: ResizableHeaderCell }, body: renderBody };

/** The width of an element, followed as it changes. */
function useWidth(): [(el: HTMLDivElement | null) => void, number] {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const setRef = useCallback((el: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el) return;
    setWidth(el.clientWidth);
    observer.current = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.current.observe(el);
  }, []);
  return [setRef, width];
}

/**
 * The record list's table (document 3, section 2), for any record kind: antd's header (fixed and resizable column
 * widths, server-side sort, filter dropdowns whose values the server gives, the select-all box) over a body of its
 * own that renders only the rows and columns in view, one line high each, so 500 rows with every column open load
 * and scroll smoothly; checkbox selection kept across pages, highlighted rows, and the pager of spec 9.
 */
function RecordTableInner<R extends object>(props: RecordTableProps<R>) {
  const { testPrefix, rowKey, records, columns, loading, total, totalIs = 'exact', current, pageSize, sorter, filters, onSort, onFilter, onPage } = props;
  const { filterOptions, selected, onSelect, highlight, actions, scrollY, emptyText } = props;
  const { t, i18n } = useTranslation('records');
  const { hashId, token } = theme.useToken();
  const checkboxCls = useContext(ConfigProvider.ConfigContext).getPrefixCls('checkbox');
  const bodyId = useId();
  const selectLabel = useCallback((name: string) => t('list.selectRow', { name }), [t]);
  const [widths, setWidths] = useState<Record<string, number>>({});
  const resize = useCallback((key: string, width: number) => setWidths((w) => (w[key] === width ? w : { ...w, [key]: width })), []);
  const [measureRef, containerWidth] = useWidth();
  const box = useRef<HTMLDivElement | null>(null);
  const boxRef = useCallback(
    (el: HTMLDivElement | null) => {
      box.current = el;
      measureRef(el);
    },
    [measureRef],
  );
  // antd wraps each filter icon in a span with role "button" that takes no focus; the icon is the keyboard's button
  // (below), and a button inside a button is announced as neither (axe: nested-interactive), so the wrapper is left
  // a plain span. React does not put the role back: antd's props for it never change.
  useLayoutEffect(() => {
    box.current?.querySelectorAll('.ant-table-filter-trigger[role="button"]').forEach((el) => el.removeAttribute('role'));
  });
  // The column whose filter dropdown is open, held here so the keyboard can open it and gets its focus back after.
  const [openFilter, setOpenFilter] = useState<string | null>(null);
  const showFilter = useCallback(
    (key: string | null) => {
      if (key === null && openFilter !== null) returnFocus(`${testPrefix}-filter-${openFilter}`);
      setOpenFilter(key);
    },
    [testPrefix, openFilter],
  );

  // Each column's width; a table narrower than its container gives the rest to its last data column, so the header
  // (stretched to the container by antd) and the body keep the same widths.
  // A column is at least as wide as its header's title in the language shown (headerWidth.ts).
  const laidOut = useMemo(() => {
    const textWidth = textWidthIn(`${token.fontWeightStrong} ${token.fontSize}px ${token.fontFamily}`);
    const list = columns.map((column) => ({ column, width: widths[column.key] ?? Math.max(column.width, headerWidth(column, textWidth)) }));
    const sum = list.reduce((s, c) => s + c.width, SELECTION_WIDTH + actions.width);
    const last = list[list.length - 1];
    if (last && containerWidth > sum) last.width += containerWidth - sum;
    return { list, totalWidth: Math.max(sum, last ? containerWidth : sum) };
  }, [columns, widths, actions.width, containerWidth, token.fontWeightStrong, token.fontSize, token.fontFamily]);

  const antColumns = useMemo<ColumnsType<R>>(() => {
    const list: ColumnsType<R> = laidOut.list.map(({ column, width }, index) => {
      const applied = filters.find((f) => f.key === column.key)?.values ?? NO_VALUES;
      const fixed = column.fixedOptions;
      const source = fixed ? { fixed } : column.filterable ? { query: filterOptions(column.key) } : null;
      return {
        key: column.key,
        title: column.tooltip ? (
          <Tooltip title={column.tooltip}>
            <span data-testid={`${testPrefix}-header-hint-${column.key}`}>
              {column.title} <InfoCircleOutlined style={{ color: '#8c8c8c' }} />
            </span>
          </Tooltip>
        ) : (
          column.title
        ),
        width,
        ellipsis: true,
        fixed: index === 0 ? ('left' as const) : undefined,
        onHeaderCell: () =>
          ({
            resizeTo: (w: number) => resize(column.key, w),
            startWidth: width,
            // antd places fixed header cells by the widths its own body measures; ours measures none, so the fixed
            // column after the selection box is placed here.
            style: index === 0 ? { left: SELECTION_WIDTH } : undefined,
          }) as HTMLAttributes<HTMLElement>,
        ...(column.sortable ? { sorter: true, sortOrder: sorter?.field === column.key ? sorter.order : null } : {}),
        ...(source
          ? {
              filtered: applied.length > 0,
              filterIcon: (filtered: boolean) => (
                // antd's trigger around the icon takes no focus (tabIndex -1): the icon is the keyboard's button.
                <FilterFilled
                  role="button"
                  tabIndex={0}
                  aria-label={t('filter.open', { column: column.title })}
                  aria-expanded={openFilter === column.key}
                  onKeyDown={(event) => {
                    if (event.key !== 'Enter' && event.key !== ' ') return;
                    event.preventDefault();
                    event.stopPropagation(); // the header cell would sort on Enter
                    setOpenFilter(column.key);
                  }}
                  style={filtered ? { color: token.colorPrimary } : undefined}
                  data-testid={`${testPrefix}-filter-${column.key}`}
                />
              ),
              filterDropdownOpen: openFilter === column.key,
              onFilterDropdownOpenChange: (open: boolean) => showFilter(open ? column.key : null),
              filterDropdown: ({ close, visible }: { close: () => void; visible: boolean }) => (
                <FilterDropdown
                  visible={visible}
                  source={source}
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
    list.push({ key: '__actions', title: actions.title, width: actions.width, fixed: 'right' });
    return list;
  }, [laidOut, filters, filterOptions, sorter, testPrefix, resize, onFilter, actions, openFilter, showFilter, t, token.colorPrimary]);

  const selectedSet = useMemo(() => new Set(selected), [selected]);
  const toggle = useCallback(
    (id: number, checked: boolean) => onSelect(checked ? [...selected.filter((k) => k !== id), id] : selected.filter((k) => k !== id)),
    [selected, onSelect],
  );
  const bodyState = useMemo<BodyState<R>>(() => {
    const [head, ...rest] = laidOut.list;
    const first = head ? { column: head.column, left: SELECTION_WIDTH, width: head.width } : null;
    const leftWidth = SELECTION_WIDTH + (first?.width ?? 0);
    let left = leftWidth;
    const scrolling = rest.map(({ column, width }) => {
      const placed = { column, left, width };
      left += width;
      return placed;
    });
    return { testPrefix, records, rowKey, first, scrolling, leftWidth, totalWidth: laidOut.totalWidth, actions, selected: selectedSet, toggle, highlight, scrollY, emptyText, checkboxCls, hashId, selectLabel, bodyId };
  }, [laidOut, testPrefix, records, rowKey, actions, selectedSet, toggle, highlight, scrollY, emptyText, checkboxCls, hashId, selectLabel, bodyId]);
  const packedBody = useMemo<PackedBody>(() => ({ open: (read) => read(bodyState) }), [bodyState]);

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
    <div ref={boxRef}>
      <BodyContext.Provider value={packedBody}>
        <Table<R>
          className="rec-table"
          size="small"
          bordered
          rowKey={rowKey}
          columns={antColumns}
          components={tableComponents as TableProps<R>['components']}
          dataSource={records}
          loading={loading}
          scroll={{ x: laidOut.totalWidth, y: scrollY }}
          locale={{ emptyText }}
          onChange={onChange}
          rowSelection={{
            columnWidth: SELECTION_WIDTH,
            fixed: true,
            preserveSelectedRowKeys: true,
            selectedRowKeys: selected as number[],
            onChange: (keys) => onSelect(keys.map(Number)),
          }}
          pagination={{
            current,
            pageSize,
            total,
            showSizeChanger: true,
            showQuickJumper: true,
            pageSizeOptions: PAGE_SIZES.map(String),
            showTotal: (count) => totalText(t, i18n.language, count, totalIs, 'pager'),
          }}
        />
      </BodyContext.Provider>
    </div>
  );
}

/** A closed dropdown leaves the focus nowhere (its content is hidden): back to its icon, if it was in the dropdown. */
function returnFocus(iconTestId: string): void {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (active && active !== document.body && !active.closest('.ant-table-filter-dropdown')) return;
    document.querySelector<HTMLElement>(`[data-testid="${iconTestId}"]`)?.focus();
  });
}

export const RecordTable = memo(RecordTableInner) as typeof RecordTableInner;
