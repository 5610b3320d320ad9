import { useCallback, useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Checkbox, Flex, Result, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { DownloadOutlined, DownOutlined, HistoryOutlined, UpOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MembersOnlyText } from '../components/MembersOnly';
import { SearchBar, type SearchFieldOption } from '../components/SearchBar';
import { useClientChoices } from '../components/clientChoices';
import { BatchBar } from './BatchBar';
import { UndoBatchButton } from './UndoBatchButton';
import { CaptureBatch } from './CaptureBatch';
import { TakedownCompose } from './TakedownCompose';
import { ColumnChooser } from './ColumnChooser';
import { HistoryDrawer } from './HistoryDrawer';
import { RecordTable } from './RecordTable';
import { withPictureColumn } from './pictureColumn';
import { savedColumns, visibleKeys } from './columnLayout';
import { detailQuery, exportConditions, listQueryParams, placeOf, searchPayload, type ColumnFilter, type FilterValue, type Sorter } from './listQuery';
import { useListQuery } from './useListQuery';
import { startCall, useInvalidateCalls } from '../platform/calls';
import type { KindTypes, PrefetchOptions, RecordKind } from './kind';
import { useMayWrite, useRecordScope } from './scope';
import { AcceptSuggestions, SuggestedFilter, useSuggestedColumn } from '../areas/triage/ListParts';
import { MatchFilter, useMatchColumn } from './pictureListParts';
import { totalText } from './listTotal';

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
  'batch-undo': 'history.source.batchUndo',
  'triage-accept': 'history.source.triageAccept',
  update: 'history.source.update',
  'upload-update': 'history.source.uploadUpdate',
  inherit: 'history.source.inherit',
  takedown: 'history.source.takedown',
  'watch-changed': 'history.source.watchChanged',
  'watch-gone': 'history.source.watchGone',
  'watch-back': 'history.source.watchBack',
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

/**
 * Document 3, section 2, a record list page (/ec-list, /ws-list, /sns-list) for a kind: analysts choose among every
 * client; a client user without a company sees the members-only page.
 */
export function RecordListPage<T extends KindTypes>({ kind }: { kind: RecordKind<T> }) {
  const { analyst, ownClientId } = useRecordScope();
  const clients = useClientChoices('all', analyst);
  if (!analyst && ownClientId === undefined) return <NoCompany testId={`${kind.name}-no-company`} />;
  return <RecordList kind={kind} analyst={analyst} ownClientId={ownClientId} clients={clients} />;
}

interface RecordListProps<T extends KindTypes> {
  kind: RecordKind<T>;
  analyst: boolean;
  ownClientId: number | undefined;
  /** The analyst's client choices. */
  clients: { data?: readonly { client_id: number; client_name: string }[]; isLoading: boolean };
}

/**
 * Document 3, section 2, a record list of one kind. Every part of the list's state is in the URL query, so
 * a reload, back/forward, a notice's link (?clientId&noticeId) and the report tab's link (?clientId&filters) show the
 * same list.
 */
function RecordList<T extends KindTypes>({ kind, analyst, ownClientId, clients }: RecordListProps<T>) {
  type R = T['record'];
  type S = T['sort'];
  type F = T['filter'];
  const { t, i18n } = useTranslation('records');
  const { useLookups, useView } = kind;
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const prefix = kind.name;
  const { state, update } = useListQuery(kind.fields);
  const clientId = analyst ? state.clientId : ownClientId;
  // Every analyst reads every client's records; only its managers change them (the batch is a change).
  const mayWrite = useMayWrite(clientId);
  const [panelOpen, setPanelOpen] = useState(true);
  const [selected, setSelected] = useState<number[]>([]);
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const [chosenColumns, setChosenColumns] = useState<Set<string> | null>(null);
  const viewport = useViewportHeight();
  const invalidate = useInvalidateCalls();
  const savedColumnsQuery = useMemo(() => ({ ...kind.calls.getColumns.query({}), staleTime: Infinity }), [kind]);

  const input = useMemo(() => (clientId === undefined ? null : searchPayload(state, clientId)), [state, clientId]);
  // The page's first render takes a while (the search bar, the table's header): the calls the table waits for start
  // with it rather than once it is on screen; the queries below find them under way or answered.
  const prefetch = (options: PrefetchOptions) => startCall(queryClient, options);
  if (input) prefetch({ ...kind.calls.search.query(input), staleTime: LIST_FRESH_MS });
  prefetch(savedColumnsQuery);
  for (const options of kind.prefetch(clientId)) prefetch(options);
  const list = useQuery({
    ...kind.calls.search.query(input ?? searchPayload(state, 0)),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    staleTime: LIST_FRESH_MS,
  });
  const records = useMemo(() => (input ? (list.data?.records ?? []) : []), [input, list.data]);
  const pictured = useMemo(() => new Set(input ? (list.data?.pictured ?? []) : []), [input, list.data]);
  const total = input ? (list.data?.total ?? 0) : 0;
  const totalIs = input ? (list.data?.totalIs ?? 'exact') : 'exact';
  const saved = useQuery(savedColumnsQuery);

  // Where each row sits in the whole result: the detail's `num`.
  const detailHref = useMemo(() => {
    const indexOf = new Map(records.map((record, index) => [kind.recordId(record), index]));
    return (record: R) => `${kind.detailPath(record)}?${detailQuery(state, placeOf(state, indexOf.get(kind.recordId(record)) ?? 0), total)}`;
  }, [records, state, total, kind]);

  const lookups = useLookups(clientId);
  const view = useView({ lookups, analyst, detailHref });
  const allColumns = view.columns;
  const allKeys = useMemo(() => allColumns.map((c) => c.key), [allColumns]);
  const defaults = useMemo(() => visibleKeys(null, allKeys, kind.defaultColumns), [allKeys, kind.defaultColumns]);
  const visible = useMemo(() => {
    if (chosenColumns) return new Set(allKeys.filter((k) => chosenColumns.has(k)));
    return saved.isFetched ? visibleKeys(saved.data ?? null, allKeys, kind.defaultColumns) : defaults;
  }, [chosenColumns, saved.isFetched, saved.data, allKeys, defaults, kind.defaultColumns]);
  // Issue 19: the triage suggestion of each row, analysts only (client users never see suggestions).
  const suggestedColumn = useSuggestedColumn(kind.name, clientId, records, kind.recordId, analyst);
  // Issue 31: the picture's match kinds, beside the picture column, when a row of the page has one.
  const matchColumn = useMatchColumn(kind.pictureFacts, kind.recordId, records);
  const shownColumns = useMemo(() => {
    const shown = withPictureColumn(allColumns.filter((c) => visible.has(c.key)), { kind: kind.name, clientId, recordId: kind.recordId, title: t('picture.column'), pictured });
    if (matchColumn && shown.length > 1) shown.splice(2, 0, matchColumn);
    return suggestedColumn ? [suggestedColumn, ...shown] : shown;
  }, [allColumns, visible, kind, clientId, t, suggestedColumn, matchColumn, pictured]);

  const chooseColumns = (next: Set<string>) => {
    setChosenColumns(next);
    kind.calls
      .setColumns(savedColumns(allKeys.filter((k) => next.has(k))))
      .then((columns) => kind.calls.getColumns.seed(queryClient, {}, columns))
      .catch(() => void message.warning(t('columns.saveFailed')));
  };

  const filterOptions = useCallback(
    // Without a client there is nothing to load (the dropdown shows no values).
    (field: string) => ({ ...kind.calls.fetchFilters.query({ clientId: clientId ?? 0, fieldName: field as F }), enabled: clientId !== undefined }),
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
            <Link to={detailHref(record)} className="rec-action" data-testid={`${prefix}-detail-${id}`}>
              {t('list.detail')}
            </Link>
            {/* A plain link, not a Button: 500 rows of buttons would slow the table down. */}
            <a
              href="#"
              role="button"
              className="rec-action"
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
    return kind.calls.batch({ analyst, clientId, recordIds, value });
  };
  const afterBatch = () => {
    setSelected([]);
    void invalidate([kind.calls.search.path, kind.calls.fetchFilters.path, ...(clientId === undefined ? [] : [kind.calls.lastBatch.key({ clientId })])]);
  };

  const dateOptions: SearchFieldOption<T['date']>[] = kind.fields.dateFields.map((f) => ({ value: f, label: view.fieldLabel(f) }));
  const wordOptions: SearchFieldOption<T['word']>[] = kind.fields.wordFields.map((f) => ({ value: f, label: view.fieldLabel(f) }));
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
                    aria-label={t('list.client')}
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
                  <SuggestedFilter
                    kind={kind.name}
                    value={state.suggested}
                    testPrefix={prefix}
                    onChange={(suggested) => {
                      setSelected([]);
                      update({ suggested, current: 1 });
                    }}
                  />
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
        <SearchBar<T['date'], T['word']>
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
            <Typography.Text data-testid={`${prefix}-list-total`}>{totalText(t, i18n.language, total, totalIs, 'list')}</Typography.Text>
            {analyst && (
              <Typography.Text type={list.data?.errorRecordCount ? 'danger' : 'secondary'} data-testid={`${prefix}-list-errors`}>
                {t('list.errors', { count: input ? (list.data?.errorRecordCount ?? 0) : 0 })}
              </Typography.Text>
            )}
            {input && (list.data?.stillLiveCount || state.filterStillLive) ? (
              // Issue 18: listings a re-check found still live after their takedown; ticking shows only those.
              <Tooltip title={t('list.stillLiveHelp')}>
                <span data-testid={`${prefix}-list-still-live`} data-checked={state.filterStillLive}>
                  <Checkbox
                    checked={state.filterStillLive}
                    onChange={(e) => {
                      setSelected([]);
                      update({ filterStillLive: e.target.checked, current: 1 });
                    }}
                  >
                    <Typography.Text type="warning">{t('list.stillLive', { count: list.data?.stillLiveCount ?? 0 })}</Typography.Text>
                  </Checkbox>
                </span>
              </Tooltip>
            ) : null}
            {kind.pictureFacts && (
              <MatchFilter
                value={state.imageMatch}
                testPrefix={prefix}
                onChange={(imageMatch) => {
                  setSelected([]);
                  update({ imageMatch, current: 1 });
                }}
              />
            )}
            {kind.FindByPicture && clientId !== undefined && <kind.FindByPicture clientId={clientId} />}
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
              placeholder={view.batchPlaceholder}
              selected={selected}
              submit={submitBatch}
              onDone={afterBatch}
              testPrefix={prefix}
              disabledReason={mayWrite === false ? t('detail.notManager') : undefined}
              fieldLabel={view.batchPlaceholder}
            />
            <UndoBatchButton kind={kind} clientId={clientId} view={view} onDone={afterBatch} />
            {analyst && (
              <AcceptSuggestions
                kind={kind.name}
                clientId={clientId}
                selected={selected}
                search={input ? (({ limit: _l, offset: _o, ...rest }) => rest)(input) : null}
                disabledReason={mayWrite === false ? t('detail.notManager') : undefined}
                onDone={afterBatch}
              />
            )}
            {analyst && <CaptureBatch kind={kind.name} clientId={clientId} selected={selected} disabledReason={mayWrite === false ? t('detail.notManager') : undefined} />}
            {analyst && <TakedownCompose kind={kind.name} clientId={clientId} selected={selected} disabledReason={mayWrite === false ? t('detail.notManager') : undefined} onSent={afterBatch} />}
            <Button
              icon={<DownloadOutlined />}
              disabled={clientId === undefined}
              onClick={() => clientId !== undefined && window.open(kind.exportHref(clientId, exportConditions(state)), '_blank', 'noopener')}
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
          totalIs={totalIs}
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
        query={(recordId) => ({ ...kind.calls.history.query({ clientId: clientId ?? 0, recordId }), enabled: clientId !== undefined })}
        fieldLabel={view.historyLabel}
        fieldText={view.historyText}
        sourceLabel={sourceLabel}
        onClose={() => {
          // The drawer gives no focus back: the keyboard continues from the row's history link.
          document.querySelector<HTMLElement>(`[data-testid="${prefix}-history-${historyOf}"]`)?.focus();
          setHistoryOf(null);
        }}
        testId={`${prefix}-history-drawer`}
      />
    </>
  );
}
