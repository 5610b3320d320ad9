import { useCallback, useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Checkbox, Flex, Result, Select, Space, Tag, Typography } from 'antd';
import { DownloadOutlined, DownOutlined, HistoryOutlined, UpOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SearchConditions } from '@portal/contract';
import { MembersOnlyText } from '../../../components/MembersOnly';
import { SearchBar, type SearchFieldOption } from '../../../components/SearchBar';
import { useMayWrite } from '../ecLookups';
import { BatchBar } from './BatchBar';
import { ColumnChooser } from './ColumnChooser';
import { HistoryDrawer } from './HistoryDrawer';
import { RecordTable } from './RecordTable';
import { savedColumns, visibleKeys } from './columnLayout';
import { detailQuery, exportHref, listQueryParams, placeOf, searchPayload, type ColumnFilter, type FilterValue, type ListFields, type Sorter } from './listQuery';
import { useListQuery } from './useListQuery';
import type { FilterOption, HistoryEntry, RecordColumn } from './types';

/** The search call's input for one kind's field names. */
export type SearchInput<D extends string, W extends string, F extends string, S extends string> = ReturnType<typeof searchPayload<D, W, F, S>>;

/** What a record search answers (EC and WS alike). */
export interface SearchAnswer<R> {
  records: R[];
  total: number;
  errorRecordCount: number;
}

/**
 * One kind of record list (EC, WS): its field names, its calls, its query keys and its test id prefix. Everything
 * else of the list (document 3, section 2) is the same for both and lives in `RecordList`.
 */
export interface RecordListKind<R, D extends string, W extends string, F extends string, S extends string> {
  /** `ec`, `ws`: the test ids read `${testPrefix}-list-total`, `${testPrefix}-export` … */
  testPrefix: string;
  fields: ListFields<D, W, F, S>;
  /** The search bar before any search. */
  initialSearch: SearchConditions<D, W>;
  /** What the list shows until the user chooses. */
  defaultColumns: readonly string[];
  exportPath: string;
  keys: {
    lists: readonly unknown[];
    list: (input: SearchInput<D, W, F, S>) => readonly unknown[];
    /** Every filter value list (marked stale after a batch update). */
    allFilters: readonly unknown[];
    filters: (clientId: number, field: string) => readonly unknown[];
    columns: readonly unknown[];
    history: (clientId: number, recordId: number) => readonly unknown[];
  };
  recordId: (record: R) => number;
  /** The detail page of a record, without its query. */
  detailPath: (record: R) => string;
  isError: (record: R) => boolean;
  search: (input: SearchInput<D, W, F, S>) => Promise<SearchAnswer<R>>;
  fetchFilters: (clientId: number, field: F) => Promise<FilterOption[]>;
  getColumns: () => Promise<string[] | null>;
  setColumns: (columns: string[]) => Promise<string[] | null>;
  /** Analysts set the category, client users the action; answers how many records changed. */
  batch: (args: { analyst: boolean; clientId: number; recordIds: number[]; value: number }) => Promise<number>;
  history: (clientId: number, recordId: number) => Promise<HistoryEntry[]>;
}

/** What the list shows, from the kind's lookups in the user's language (built by the kind's page for a client). */
export interface RecordListView<R> {
  /** Every column in display order. */
  columns: RecordColumn<R>[];
  /** A field's label (search bar, filter summary, history). */
  fieldLabel: (field: string) => string;
  batchOptions: readonly { value: number; label: string }[];
  /** The batch value's placeholder; the EC texts (aggregate category, response action) when left out. */
  batchPlaceholder?: string;
  historyLabel: (field: string) => string;
  historyText: (field: string, value: HistoryEntry['fields'][string]) => string;
}

const ACTIONS_WIDTH = 150;
/** Spec 2: the table is calc(100vh - 613px) high with the search panel open, calc(100vh - 353px) closed. */
const OFFSET_OPEN = 613;
const OFFSET_CLOSED = 353;
const MIN_HEIGHT = 320;
/** A list answer just loaded is not asked for again when the list mounts (the prefetch below); changes invalidate it. */
const LIST_FRESH_MS = 2_000;

const HISTORY_SOURCES = {
  'batch-category': 'history.source.batchCategory',
  'batch-action': 'history.source.batchAction',
  update: 'history.source.update',
  'upload-update': 'history.source.uploadUpdate',
  inherit: 'history.source.inherit',
} as const;

function useViewportHeight(): number {
  const [height, setHeight] = useState(() => window.innerHeight);
  useEffect(() => {
    const onResize = () => setHeight(window.innerHeight);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return height;
}

/** A client user without a company sees the members-only page instead of a list or a detail. */
export function NoCompany({ testId }: { testId: string }) {
  const { t } = useTranslation('common');
  return (
    <div data-testid={testId}>
      <Result status="info" title={t('membersOnly.title')} subTitle={<MembersOnlyText />} />
    </div>
  );
}

export interface RecordListProps<R, D extends string, W extends string, F extends string, S extends string> {
  kind: RecordListKind<R, D, W, F, S>;
  analyst: boolean;
  ownClientId: number | undefined;
  /** The kind's view for the client in the list: a hook at module level, called on every render. */
  useView: (args: { clientId: number | undefined; analyst: boolean; detailHref: (record: R) => string }) => RecordListView<R>;
  /** The analyst's client choices. */
  clients: { data?: readonly { client_id: number; client_name: string }[]; isLoading: boolean };
  /** Calls to start with the page (the kind's lookups the table waits for). */
  prefetch?: (clientId: number | undefined) => readonly PrefetchOptions[];
}

interface PrefetchOptions {
  queryKey: readonly unknown[];
  queryFn: () => Promise<unknown>;
  staleTime: number;
}

/**
 * Document 3, section 2, a record list (/ec-list, /ws-list). Every part of the list's state is in the URL query, so
 * a reload, back/forward, a notice's link (?clientId&noticeId) and the report tab's link (?clientId&filters) show the
 * same list.
 */
export function RecordList<R extends object, D extends string, W extends string, F extends string, S extends string>({
  kind,
  analyst,
  ownClientId,
  useView,
  clients,
  prefetch: prefetchLookups,
}: RecordListProps<R, D, W, F, S>) {
  const { t } = useTranslation(['ecRecords', 'contract']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const prefix = kind.testPrefix;
  const { state, update } = useListQuery(kind.fields);
  const clientId = analyst ? state.clientId : ownClientId;
  // Every analyst reads every client's records; only its managers change them (the batch is a change).
  const mayWrite = useMayWrite(clientId);
  const [panelOpen, setPanelOpen] = useState(true);
  const [selected, setSelected] = useState<number[]>([]);
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const [chosenColumns, setChosenColumns] = useState<Set<string> | null>(null);
  const viewport = useViewportHeight();
  const savedColumnsQuery = useMemo(() => ({ queryKey: kind.keys.columns, queryFn: kind.getColumns, staleTime: Infinity }), [kind]);

  const input = useMemo(() => (clientId === undefined ? null : searchPayload(state, clientId)), [state, clientId]);
  // The page's first render takes a while (the search bar, the table's header): the calls the table waits for start
  // with it rather than once it is on screen; the queries below find them under way or answered.
  const prefetch = (options: PrefetchOptions) => {
    const known = queryClient.getQueryState(options.queryKey);
    if (!known || (known.data === undefined && known.fetchStatus === 'idle')) void queryClient.prefetchQuery(options);
  };
  if (input) prefetch({ queryKey: kind.keys.list(input), queryFn: () => kind.search(input), staleTime: LIST_FRESH_MS });
  prefetch(savedColumnsQuery);
  for (const options of prefetchLookups?.(clientId) ?? []) prefetch(options);
  const list = useQuery({
    queryKey: input ? kind.keys.list(input) : kind.keys.lists,
    queryFn: () => kind.search(input ?? searchPayload(state, 0)),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    staleTime: LIST_FRESH_MS,
  });
  const records = useMemo(() => (input ? (list.data?.records ?? []) : []), [input, list.data]);
  const total = input ? (list.data?.total ?? 0) : 0;
  const saved = useQuery(savedColumnsQuery);

  // Where each row sits in the whole result: the detail's `num`.
  const detailHref = useMemo(() => {
    const indexOf = new Map(records.map((record, index) => [kind.recordId(record), index]));
    return (record: R) => `${kind.detailPath(record)}?${detailQuery(state, placeOf(state, indexOf.get(kind.recordId(record)) ?? 0), total)}`;
  }, [records, state, total, kind]);

  const view = useView({ clientId, analyst, detailHref });
  const allColumns = view.columns;
  const allKeys = useMemo(() => allColumns.map((c) => c.key), [allColumns]);
  const defaults = useMemo(() => visibleKeys(null, allKeys, kind.defaultColumns), [allKeys, kind.defaultColumns]);
  const visible = useMemo(() => {
    if (chosenColumns) return new Set(allKeys.filter((k) => chosenColumns.has(k)));
    return saved.isFetched ? visibleKeys(saved.data ?? null, allKeys, kind.defaultColumns) : defaults;
  }, [chosenColumns, saved.isFetched, saved.data, allKeys, defaults, kind.defaultColumns]);
  const shownColumns = useMemo(() => allColumns.filter((c) => visible.has(c.key)), [allColumns, visible]);

  const chooseColumns = (next: Set<string>) => {
    setChosenColumns(next);
    kind
      .setColumns(savedColumns(allKeys.filter((k) => next.has(k))))
      .then((columns) => queryClient.setQueryData(kind.keys.columns, columns))
      .catch(() => void message.warning(t('columns.saveFailed')));
  };

  const filterOptions = useCallback(
    (field: string) => ({
      queryKey: kind.keys.filters(clientId ?? 0, field),
      load: async (): Promise<FilterOption[]> => {
        if (clientId === undefined) return [];
        try {
          return await kind.fetchFilters(clientId, field as F);
        } catch {
          return []; // spec 8: a filter load failure shows no values, no message
        }
      },
    }),
    [clientId, kind],
  );

  const onSort = useCallback((sorter: Sorter | null) => update({ sorter: sorter as Sorter<S> | null, current: 1 }), [update]);
  const onFilter = useCallback(
    (key: string, values: FilterValue[]) => {
      const others = state.filters.filter((f) => f.key !== key);
      const next = values.length ? [...others, { key: key as F, values }] : others;
      update({ filters: next, current: 1 });
    },
    [state.filters, update],
  );
  const onPage = useCallback((current: number, pageSize: number) => update({ current, pageSize }), [update]);
  const highlight = useMemo(() => (analyst ? kind.isError : undefined), [analyst, kind]);

  const actions = useMemo(
    () => ({
      title: t('list.actions'),
      width: ACTIONS_WIDTH,
      render: (record: R) => {
        const id = kind.recordId(record);
        return (
          <Space size={12}>
            <Link to={detailHref(record)} data-testid={`${prefix}-detail-${id}`}>
              {t('list.detail')}
            </Link>
            {/* A plain link, not a Button: 500 rows of buttons would slow the table down. */}
            <a
              href="#"
              role="button"
              onClick={(event) => {
                event.preventDefault();
                setHistoryOf(id);
              }}
              data-testid={`${prefix}-history-${id}`}
            >
              <HistoryOutlined /> {t('list.history')}
            </a>
          </Space>
        );
      },
    }),
    [t, detailHref, kind, prefix],
  );

  const search = (conditions: NonNullable<typeof state.search>) => {
    if (clientId === undefined) {
      void message.error(t('list.chooseClient'));
      return;
    }
    setSelected([]);
    // The same conditions again (the URL does not change) still mean "look again".
    if (listQueryParams({ ...state, search: conditions, current: 1 }).toString() === listQueryParams(state).toString()) void list.refetch();
    else update({ search: conditions, current: 1 });
  };

  const chooseClient = (next: number | undefined) => {
    setSelected([]);
    // Filter values and a notice belong to one client.
    update({ clientId: next, filters: [], noticeId: undefined, current: 1 });
  };

  const submitBatch = async (recordIds: number[], value: number) => {
    if (clientId === undefined) return 0;
    return kind.batch({ analyst, clientId, recordIds, value });
  };
  const afterBatch = () => {
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: kind.keys.lists });
    void queryClient.invalidateQueries({ queryKey: kind.keys.allFilters });
  };

  const dateOptions: SearchFieldOption<D>[] = kind.fields.dateFields.map((f) => ({ value: f, label: view.fieldLabel(f) }));
  const wordOptions: SearchFieldOption<W>[] = kind.fields.wordFields.map((f) => ({ value: f, label: view.fieldLabel(f) }));
  const scrollY = Math.max(MIN_HEIGHT, viewport - (panelOpen ? OFFSET_OPEN : OFFSET_CLOSED));
  const sourceLabel = (source: string) => (source in HISTORY_SOURCES ? t(HISTORY_SOURCES[source as keyof typeof HISTORY_SOURCES]) : source);

  const emptyText = clientId === undefined ? t('list.chooseClientFirst') : list.isError ? t('list.loadFailed') : t('list.empty');
  const filterSummary = state.filters.map((f: ColumnFilter) => view.fieldLabel(f.key)).join(', ');

  const toggle = (
    <Button type="link" icon={panelOpen ? <UpOutlined /> : <DownOutlined />} onClick={() => setPanelOpen((o) => !o)} data-testid={`${prefix}-list-toggle`}>
      {t(panelOpen ? 'list.hideSearch' : 'list.showSearch')}
    </Button>
  );
  // The analyst's client and abnormal filter, a notice's scope; a client user without a notice needs none of it.
  const topCard = analyst || state.noticeId !== undefined;

  return (
    <>
      {topCard && (
        <Card size="small" style={{ marginBottom: panelOpen ? 0 : 16, borderBottomLeftRadius: panelOpen ? 0 : undefined, borderBottomRightRadius: panelOpen ? 0 : undefined }}>
          <Flex justify="space-between" align="center" gap={12} wrap>
            <Space wrap>
              {analyst && (
                <>
                  <Typography.Text strong>{t('list.client')}</Typography.Text>
                  <Select<number>
                    showSearch
                    allowClear
                    optionFilterProp="label"
                    value={state.clientId}
                    onChange={(v) => chooseClient(v ?? undefined)}
                    loading={clients.isLoading}
                    options={(clients.data ?? []).map((c) => ({ value: c.client_id, label: c.client_name }))}
                    placeholder={t('list.clientPlaceholder')}
                    style={{ width: 260 }}
                    status={state.clientId === undefined ? 'warning' : undefined}
                    data-testid={`${prefix}-list-client`}
                  />
                  <Checkbox
                    checked={state.filterErrorRecord}
                    onChange={(e) => {
                      setSelected([]);
                      update({ filterErrorRecord: e.target.checked, current: 1 });
                    }}
                    data-testid={`${prefix}-list-abnormal`}
                  >
                    {t('list.abnormalOnly')}
                  </Checkbox>
                </>
              )}
              {state.noticeId !== undefined && (
                <Tag color="processing" closable onClose={() => update({ noticeId: undefined, current: 1 })} data-testid={`${prefix}-list-notice`}>
                  {t('list.fromNotice')}
                </Tag>
              )}
            </Space>
            {toggle}
          </Flex>
        </Card>
      )}
      {panelOpen && (
        <SearchBar<D, W>
          // A new URL (back/forward, a link) shows its conditions.
          key={JSON.stringify(state.search)}
          dateFields={dateOptions}
          wordFields={wordOptions}
          initial={state.search ?? kind.initialSearch}
          onSearch={search}
          onReset={() => {
            setSelected([]);
            update({ search: null, current: 1 });
          }}
          loading={list.isFetching}
        />
      )}
      <Card size="small" styles={{ body: { paddingTop: 12 } }}>
        <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 12 }}>
          <Space size="middle" wrap>
            <Typography.Text data-testid={`${prefix}-list-total`}>{t('list.total', { total })}</Typography.Text>
            {analyst && (
              <Typography.Text type={list.data?.errorRecordCount ? 'danger' : 'secondary'} data-testid={`${prefix}-list-errors`}>
                {t('list.errors', { count: input ? (list.data?.errorRecordCount ?? 0) : 0 })}
              </Typography.Text>
            )}
            {selected.length > 0 && (
              <Typography.Text type="secondary" data-testid={`${prefix}-list-selected`}>
                {t('list.selected', { count: selected.length })}{' '}
                <Button type="link" size="small" onClick={() => setSelected([])}>
                  {t('list.clearSelection')}
                </Button>
              </Typography.Text>
            )}
            {state.filters.length > 0 && (
              <Tag closable onClose={() => update({ filters: [], current: 1 })} data-testid={`${prefix}-list-filters`}>
                {t('list.filtered', { columns: filterSummary })}
              </Tag>
            )}
            {!topCard && toggle}
          </Space>
          <Space wrap>
            <BatchBar
              options={view.batchOptions}
              placeholder={view.batchPlaceholder ?? t(analyst ? 'batch.categoryPlaceholder' : 'batch.actionPlaceholder')}
              selected={selected}
              submit={submitBatch}
              onDone={afterBatch}
              testPrefix={prefix}
              disabledReason={mayWrite === false ? t('detail.notManager') : undefined}
            />
            <Button
              icon={<DownloadOutlined />}
              disabled={clientId === undefined}
              onClick={() => clientId !== undefined && window.open(exportHref(kind.exportPath, state, clientId), '_blank', 'noopener')}
              data-testid={`${prefix}-export`}
            >
              {t('list.export')}
            </Button>
            <ColumnChooser
              columns={allColumns.map((c) => ({ key: c.key, title: c.title }))}
              visible={visible}
              defaults={defaults}
              onChange={chooseColumns}
              testId={`${prefix}-columns`}
            />
          </Space>
        </Flex>
        <RecordTable<R>
          testPrefix={prefix}
          rowKey={kind.recordId}
          records={records}
          columns={shownColumns}
          loading={list.isFetching}
          total={total}
          current={state.current}
          pageSize={state.pageSize}
          sorter={state.sorter}
          filters={state.filters}
          onSort={onSort}
          onFilter={onFilter}
          onPage={onPage}
          filterOptions={filterOptions}
          selected={selected}
          onSelect={setSelected}
          highlight={highlight}
          actions={actions}
          scrollY={scrollY}
          emptyText={emptyText}
        />
      </Card>
      <HistoryDrawer
        recordId={historyOf}
        title={t('history.title', { id: historyOf ?? '' })}
        queryKey={(recordId) => kind.keys.history(clientId ?? 0, recordId)}
        load={async (recordId) => (clientId === undefined ? [] : kind.history(clientId, recordId))}
        fieldLabel={view.historyLabel}
        fieldText={view.historyText}
        sourceLabel={sourceLabel}
        onClose={() => setHistoryOf(null)}
        testId={`${prefix}-history-drawer`}
      />
    </>
  );
}
