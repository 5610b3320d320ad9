import { useCallback, useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Checkbox, Flex, Result, Select, Space, Tag, Typography } from 'antd';
import { DownloadOutlined, DownOutlined, HistoryOutlined, UpOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AGGREGATE_CATEGORIES, EC_RESPONSE_ACTIONS, type EcRecord } from '@portal/contract';
import { api } from '../../app/api';
import { MembersOnlyText } from '../../components/MembersOnly';
import { SearchBar, type SearchFieldOption } from '../../components/SearchBar';
import { BatchBar } from './generic/BatchBar';
import { ColumnChooser } from './generic/ColumnChooser';
import { HistoryDrawer } from './generic/HistoryDrawer';
import { RecordTable } from './generic/RecordTable';
import { customText, customValues, savedColumns, visibleKeys } from './generic/columnLayout';
import { detailQuery, exportHref, listQueryParams, placeOf, searchPayload, type ColumnFilter, type FilterValue, type Sorter } from './generic/listQuery';
import { useListQuery } from './generic/useListQuery';
import type { FilterOption, HistoryEntry } from './generic/types';
import { ecColumns, ecColumnTitle, ecValueText } from './ecFields';
import { customColumnsQuery, useClientOptions, useLookups, useRecordScope } from './ecLookups';
import {
  EC_DEFAULT_COLUMNS,
  EC_INITIAL_SEARCH,
  EC_LIST_FIELDS,
  ecFieldLabel,
  ecKeys,
  recordFieldOf,
  type EcDateField,
  type EcFilterField,
  type EcSortField,
  type EcWordField,
} from './ecModel';
import { useEcTexts } from './useEcTexts';

const EXPORT_PATH = '/api/ec-data/export-search-result';
const ACTIONS_WIDTH = 150;
/** Spec 2: the table is calc(100vh - 613px) high with the search panel open, calc(100vh - 353px) closed. */
const OFFSET_OPEN = 613;
const OFFSET_CLOSED = 353;
const MIN_HEIGHT = 320;

function useViewportHeight(): number {
  const [height, setHeight] = useState(() => window.innerHeight);
  useEffect(() => {
    const onResize = () => setHeight(window.innerHeight);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return height;
}

/** A list answer just loaded is not asked for again when the list mounts (the prefetch below); changes invalidate it. */
const LIST_FRESH_MS = 2_000;
/** The user's column choice (get-columns), kept until the user changes it here. */
const savedColumnsQuery = {
  queryKey: ecKeys.columns,
  queryFn: async () => (await api('/api/ec-data/get-columns', {})).columns,
  staleTime: Infinity,
};

const HISTORY_SOURCES = {
  'batch-category': 'history.source.batchCategory',
  'batch-action': 'history.source.batchAction',
  update: 'history.source.update',
  'upload-update': 'history.source.uploadUpdate',
  inherit: 'history.source.inherit',
} as const;

/**
 * Document 3, section 2 "Marketplace record list" (/ec-list). Every part of the list's state is in the URL query,
 * so a reload, back/forward, a notice's link (?clientId&noticeId) and the report tab's link (?clientId&filters)
 * show the same list.
 */
export default function EcListPage() {
  const { t } = useTranslation(['ecRecords', 'common']);
  const { analyst, ownClientId } = useRecordScope();
  if (!analyst && ownClientId === undefined) {
    return (
      <div data-testid="ec-no-company">
        <Result status="info" title={t('common:membersOnly.title')} subTitle={<MembersOnlyText />} />
      </div>
    );
  }
  return <EcList analyst={analyst} ownClientId={ownClientId} />;
}

function EcList({ analyst, ownClientId }: { analyst: boolean; ownClientId: number | undefined }) {
  const { t } = useTranslation(['ecRecords', 'contract']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { state, update } = useListQuery(EC_LIST_FIELDS);
  const clientId = analyst ? state.clientId : ownClientId;
  const [panelOpen, setPanelOpen] = useState(true);
  const [selected, setSelected] = useState<number[]>([]);
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const [chosenColumns, setChosenColumns] = useState<Set<string> | null>(null);
  const viewport = useViewportHeight();
  const clients = useClientOptions(analyst);
  const lookups = useLookups(clientId);
  const texts = useEcTexts();
  const locale = lookups.locale;

  const input = useMemo(() => (clientId === undefined ? null : searchPayload(state, clientId)), [state, clientId]);
  // The page's first render takes a while (the search bar, the table's header): the calls the table waits for start
  // with it rather than once it is on screen; the queries below find them under way or answered.
  const prefetch = (options: { queryKey: readonly unknown[]; queryFn: () => Promise<unknown>; staleTime: number }) => {
    const known = queryClient.getQueryState(options.queryKey);
    if (!known || (known.data === undefined && known.fetchStatus === 'idle')) void queryClient.prefetchQuery(options);
  };
  if (input) prefetch({ queryKey: ecKeys.list(input), queryFn: () => api('/api/ec-data/search-records', input), staleTime: LIST_FRESH_MS });
  prefetch(savedColumnsQuery);
  if (clientId !== undefined) prefetch(customColumnsQuery(clientId));
  const list = useQuery({
    queryKey: input ? ecKeys.list(input) : ecKeys.lists,
    queryFn: () => api('/api/ec-data/search-records', input ?? searchPayload(state, 0)),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    staleTime: LIST_FRESH_MS,
  });
  const records = useMemo(() => (input ? (list.data?.records ?? []) : []), [input, list.data]);
  const total = input ? (list.data?.total ?? 0) : 0;
  const saved = useQuery(savedColumnsQuery);

  // Where each row sits in the whole result: the detail's `num`.
  const detailHref = useMemo(() => {
    const indexOf = new Map(records.map((record, index) => [record.ec_id, index]));
    return (record: EcRecord) => `/ec-data/${record.client_id}/${record.ec_id}?${detailQuery(state, placeOf(state, indexOf.get(record.ec_id) ?? 0), total)}`;
  }, [records, state, total]);

  const allColumns = useMemo(() => ecColumns(lookups, texts, detailHref), [lookups, texts, detailHref]);
  const allKeys = useMemo(() => allColumns.map((c) => c.key), [allColumns]);
  const defaults = useMemo(() => visibleKeys(null, allKeys, EC_DEFAULT_COLUMNS), [allKeys]);
  const visible = useMemo(() => {
    if (chosenColumns) return new Set(allKeys.filter((k) => chosenColumns.has(k)));
    return saved.isFetched ? visibleKeys(saved.data ?? null, allKeys, EC_DEFAULT_COLUMNS) : defaults;
  }, [chosenColumns, saved.isFetched, saved.data, allKeys, defaults]);
  const shownColumns = useMemo(() => allColumns.filter((c) => visible.has(c.key)), [allColumns, visible]);

  const chooseColumns = (next: Set<string>) => {
    setChosenColumns(next);
    api('/api/ec-data/set-columns', { columns: savedColumns(allKeys.filter((k) => next.has(k))) })
      .then((answer) => queryClient.setQueryData(ecKeys.columns, answer.columns))
      .catch(() => void message.warning(t('columns.saveFailed')));
  };

  const filterOptions = useCallback(
    (field: string) => ({
      queryKey: ecKeys.filters(clientId ?? 0, field),
      load: async (): Promise<FilterOption[]> => {
        if (clientId === undefined) return [];
        try {
          return (await api('/api/ec-data/fetch-filters', { clientId, fieldName: field as EcFilterField })).filters;
        } catch {
          return []; // spec 8: a filter load failure shows no values, no message
        }
      },
    }),
    [clientId],
  );

  const onSort = useCallback((sorter: Sorter | null) => update({ sorter: sorter as Sorter<EcSortField> | null, current: 1 }), [update]);
  const onFilter = useCallback(
    (key: string, values: FilterValue[]) => {
      const others = state.filters.filter((f) => f.key !== key);
      const next = values.length ? [...others, { key: key as EcFilterField, values }] : others;
      update({ filters: next, current: 1 });
    },
    [state.filters, update],
  );
  const onPage = useCallback((current: number, pageSize: number) => update({ current, pageSize }), [update]);
  const highlight = useMemo(() => (analyst ? (record: EcRecord) => record.is_error : undefined), [analyst]);

  const actions = useMemo(
    () => ({
      title: t('list.actions'),
      width: ACTIONS_WIDTH,
      render: (record: EcRecord) => (
        <Space size={12}>
          <Link to={detailHref(record)} data-testid={`ec-detail-${record.ec_id}`}>
            {t('list.detail')}
          </Link>
          {/* A plain link, not a Button: 500 rows of buttons would slow the table down. */}
          <a
            href="#"
            role="button"
            onClick={(event) => {
              event.preventDefault();
              setHistoryOf(record.ec_id);
            }}
            data-testid={`ec-history-${record.ec_id}`}
          >
            <HistoryOutlined /> {t('list.history')}
          </a>
        </Space>
      ),
    }),
    [t, detailHref],
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
    const answer = analyst
      ? await api('/api/ec-data/batch-update-category', { clientId, recordIds, commoncategoryId: value })
      : await api('/api/ec-data/batch-update-action', { clientId, recordIds, action: value });
    return answer.updateCount;
  };
  const afterBatch = () => {
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: ecKeys.lists });
    void queryClient.invalidateQueries({ queryKey: ['ec-records', 'filters'] });
  };
  const batchOptions = analyst
    ? Object.entries(AGGREGATE_CATEGORIES).map(([value, names]) => ({ value: Number(value), label: names[locale] }))
    : // Spec 6: the client's options are shown in English.
      Object.entries(EC_RESPONSE_ACTIONS).map(([value, names]) => ({ value: Number(value), label: names.en }));

  const dateOptions: SearchFieldOption<EcDateField>[] = EC_LIST_FIELDS.dateFields.map((f) => ({ value: f, label: ecFieldLabel(f, locale) ?? f }));
  const wordOptions: SearchFieldOption<EcWordField>[] = EC_LIST_FIELDS.wordFields.map((f) => ({ value: f, label: ecFieldLabel(f, locale) ?? f }));
  const scrollY = Math.max(MIN_HEIGHT, viewport - (panelOpen ? OFFSET_OPEN : OFFSET_CLOSED));

  const historyLabel = (field: string) => {
    const key = recordFieldOf(field);
    if (key === 'custom_info') return t('field.customInfo');
    return ecColumnTitle(key, locale, texts);
  };
  const historyText = (field: string, value: HistoryEntry['fields'][string]) => {
    const key = recordFieldOf(field);
    if (key !== 'custom_info') return ecValueText(key, value, lookups, texts);
    // Custom columns: "name: value" pairs rather than the JSON text.
    const values = customValues(typeof value === 'string' ? value : '');
    return Object.entries(values)
      .map(([name, v]) => `${name}: ${customText(v)}`)
      .join(' / ');
  };
  const sourceLabel = (source: string) => (source in HISTORY_SOURCES ? t(HISTORY_SOURCES[source as keyof typeof HISTORY_SOURCES]) : source);

  const emptyText =
    clientId === undefined ? t('list.chooseClientFirst') : list.isError ? t('list.loadFailed') : t('list.empty');
  const filterSummary = state.filters.map((f: ColumnFilter) => ecColumnTitle(f.key, locale, texts)).join(', ');

  const toggle = (
    <Button type="link" icon={panelOpen ? <UpOutlined /> : <DownOutlined />} onClick={() => setPanelOpen((o) => !o)} data-testid="ec-list-toggle">
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
                    data-testid="ec-list-client"
                  />
                  <Checkbox
                    checked={state.filterErrorRecord}
                    onChange={(e) => {
                      setSelected([]);
                      update({ filterErrorRecord: e.target.checked, current: 1 });
                    }}
                    data-testid="ec-list-abnormal"
                  >
                    {t('list.abnormalOnly')}
                  </Checkbox>
                </>
              )}
              {state.noticeId !== undefined && (
                <Tag color="processing" closable onClose={() => update({ noticeId: undefined, current: 1 })} data-testid="ec-list-notice">
                  {t('list.fromNotice')}
                </Tag>
              )}
            </Space>
            {toggle}
          </Flex>
        </Card>
      )}
      {panelOpen && (
        <SearchBar<EcDateField, EcWordField>
          // A new URL (back/forward, a link) shows its conditions.
          key={JSON.stringify(state.search)}
          dateFields={dateOptions}
          wordFields={wordOptions}
          initial={state.search ?? EC_INITIAL_SEARCH}
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
            <Typography.Text data-testid="ec-list-total">{t('list.total', { total })}</Typography.Text>
            {analyst && (
              <Typography.Text type={list.data?.errorRecordCount ? 'danger' : 'secondary'} data-testid="ec-list-errors">
                {t('list.errors', { count: input ? (list.data?.errorRecordCount ?? 0) : 0 })}
              </Typography.Text>
            )}
            {selected.length > 0 && (
              <Typography.Text type="secondary" data-testid="ec-list-selected">
                {t('list.selected', { count: selected.length })}{' '}
                <Button type="link" size="small" onClick={() => setSelected([])}>
                  {t('list.clearSelection')}
                </Button>
              </Typography.Text>
            )}
            {state.filters.length > 0 && (
              <Tag closable onClose={() => update({ filters: [], current: 1 })} data-testid="ec-list-filters">
                {t('list.filtered', { columns: filterSummary })}
              </Tag>
            )}
            {!topCard && toggle}
          </Space>
          <Space wrap>
            <BatchBar
              options={batchOptions}
              placeholder={t(analyst ? 'batch.categoryPlaceholder' : 'batch.actionPlaceholder')}
              selected={selected}
              submit={submitBatch}
              onDone={afterBatch}
              testPrefix="ec"
            />
            <Button
              icon={<DownloadOutlined />}
              disabled={clientId === undefined}
              onClick={() => clientId !== undefined && window.open(exportHref(EXPORT_PATH, state, clientId), '_blank', 'noopener')}
              data-testid="ec-export"
            >
              {t('list.export')}
            </Button>
            <ColumnChooser
              columns={allColumns.map((c) => ({ key: c.key, title: c.title }))}
              visible={visible}
              defaults={defaults}
              onChange={chooseColumns}
              testId="ec-columns"
            />
          </Space>
        </Flex>
        <RecordTable<EcRecord>
          testPrefix="ec"
          rowKey={rowKey}
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
        queryKey={(recordId) => ecKeys.history(clientId ?? 0, recordId)}
        load={async (recordId) => (clientId === undefined ? [] : (await api('/api/ec-data/get-record-history', { clientId, recordId })).history)}
        fieldLabel={historyLabel}
        fieldText={historyText}
        sourceLabel={sourceLabel}
        onClose={() => setHistoryOf(null)}
        testId="ec-history-drawer"
      />
    </>
  );
}

const rowKey = (record: EcRecord) => record.ec_id;
