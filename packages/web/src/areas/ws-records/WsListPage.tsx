import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { WS_ACTIONS, WS_SITE_CATEGORIES, type WsRecord } from '@portal/contract';
import { api } from '../../app/api';
import { NoCompany, RecordList, type RecordListKind, type RecordListView } from '../ec-records/generic/RecordList';
import type { HistoryEntry } from '../ec-records/generic/types';
import { useClientOptions, useRecordScope } from '../ec-records/ecLookups';
import { wsColumns } from './wsFields';
import { useWsLookups } from './wsLookups';
import {
  WS_DEFAULT_COLUMNS,
  WS_INITIAL_SEARCH,
  WS_LIST_FIELDS,
  codeOptions,
  wsFieldLabel,
  wsKeys,
  wsRecordFieldOf,
  wsValueText,
  type WsDateField,
  type WsFilterField,
  type WsSortField,
  type WsWordField,
} from './wsModel';

/** The website list's calls, keys and defaults for the generic list. */
export const WS_LIST: RecordListKind<WsRecord, WsDateField, WsWordField, WsFilterField, WsSortField> = {
  testPrefix: 'ws',
  fields: WS_LIST_FIELDS,
  initialSearch: WS_INITIAL_SEARCH,
  defaultColumns: WS_DEFAULT_COLUMNS,
  exportPath: '/api/ws-data/export-search-result',
  keys: {
    lists: wsKeys.lists,
    list: wsKeys.list,
    allFilters: wsKeys.allFilters,
    filters: wsKeys.filters,
    columns: wsKeys.columns,
    history: wsKeys.history,
  },
  recordId: (r) => r.id,
  detailPath: (r) => `/ws-data/${r.client_id}/${r.id}`,
  isError: (r) => r.is_error,
  search: (input) => api('/api/ws-data/search-records', input),
  fetchFilters: async (clientId, fieldName) => (await api('/api/ws-data/fetch-filters', { clientId, fieldName })).filters,
  getColumns: async () => (await api('/api/ws-data/get-columns', {})).columns,
  setColumns: async (columns) => (await api('/api/ws-data/set-columns', { columns })).columns,
  batch: async ({ analyst, clientId, recordIds, value }) =>
    (analyst
      ? await api('/api/ws-data/batch-update-category', { clientId, recordIds, categoryId: value })
      : await api('/api/ws-data/batch-update-action', { clientId, recordIds, action: value })
    ).updateCount,
  history: async (clientId, recordId) => (await api('/api/ws-data/get-record-history', { clientId, recordId })).history,
};

/** The WS columns, labels and batch values (analysts: the site categories; client users: the actions). */
function useWsView({ clientId, analyst, detailHref }: { clientId: number | undefined; analyst: boolean; detailHref: (record: WsRecord) => string }): RecordListView<WsRecord> {
  const { t } = useTranslation('wsRecords');
  const lookups = useWsLookups(clientId);
  const columns = useMemo(() => wsColumns(lookups, detailHref), [lookups, detailHref]);
  return useMemo(() => {
    const locale = lookups.locale;
    return {
      columns,
      fieldLabel: (field: string) => wsFieldLabel(field, locale),
      batchOptions: codeOptions(analyst ? WS_SITE_CATEGORIES : WS_ACTIONS, locale),
      batchPlaceholder: t(analyst ? 'batch.categoryPlaceholder' : 'batch.actionPlaceholder'),
      historyLabel: (field: string) => wsFieldLabel(wsRecordFieldOf(field), locale),
      historyText: (field: string, value: HistoryEntry['fields'][string]) => wsValueText(wsRecordFieldOf(field), value, lookups),
    };
  }, [columns, lookups, analyst, t]);
}

/** Document 3, section 2 "Website record list" (/ws-list): the generic record list with the WS kind. */
export default function WsListPage() {
  const { analyst, ownClientId } = useRecordScope();
  const clients = useClientOptions(analyst);
  if (!analyst && ownClientId === undefined) return <NoCompany testId="ws-no-company" />;
  return <RecordList kind={WS_LIST} analyst={analyst} ownClientId={ownClientId} useView={useWsView} clients={clients} />;
}
