import { useMemo } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { WS_ACTIONS, WS_SITE_CATEGORIES, WS_UPDATE_FIELDS, downloadHref, wsRecords, type WsRecord, type WsUpdateField, type WsUpdateRecordInput } from '@portal/contract';
import { api } from '../../platform/api';
import { pickedCall, seededCall } from '../../platform/calls';
import type { DetailHeading, RecordKind, RecordListView } from '../../records/kind';
import type { HistoryEntry } from '../../records/types';
import { standardFormFields, standardSaveProblem, type StandardFormValues } from '../../records/standardForm';
import { codeOptions, codeText, safeUrl } from '../../records/values';
import { wsColumns } from './wsFields';
import { useWsLookups, type WsScreenLookups } from './wsLookups';
import { ScrapeSection, WsFormSections } from './WsSections';
import {
  WS_DEFAULT_COLUMNS,
  WS_FORM,
  WS_INITIAL_SEARCH,
  WS_LIST_FIELDS,
  wsFieldLabel,
  WS_RECORD_READS,
  wsRecordFieldOf,
  wsValueText,
  type WsDateField,
  type WsFilterField,
  type WsSortField,
  type WsWordField,
} from './wsModel';

/** The types the website kind binds. */
export interface WsKindTypes {
  record: WsRecord;
  date: WsDateField;
  word: WsWordField;
  filter: WsFilterField;
  sort: WsSortField;
  lookups: WsScreenLookups;
  values: StandardFormValues;
  payload: WsUpdateRecordInput;
}

/** The WS columns, labels and batch values (analysts: the site categories; client users: the actions). */
function useWsView({ lookups, analyst, detailHref }: { lookups: WsScreenLookups; analyst: boolean; detailHref: (record: WsRecord) => string }): RecordListView<WsRecord> {
  const { t } = useTranslation('wsRecords');
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

/** The detail's title (the domain), its search engine and site category tags, and the page it opens. */
function useWsHeading(record: WsRecord, lookups: WsScreenLookups): DetailHeading {
  const { t } = useTranslation('wsRecords');
  const locale = lookups.locale;
  const category = record.categoryId === null ? undefined : codeText(WS_SITE_CATEGORIES, record.categoryId, locale);
  return {
    title: record.pageDomain || t('detail.untitled', { id: record.id }),
    tooltip: record.pageURL,
    tags: (
      <>
        {record.searchEngine && <Tag color="blue">{record.searchEngine}</Tag>}
        {category && <Tag color="purple">{category}</Tag>}
      </>
    ),
    openUrl: safeUrl(record.pageURL),
    openLabel: t('detail.openPage'),
    payloadLabel: (field) => (field in WS_UPDATE_FIELDS ? wsFieldLabel(WS_UPDATE_FIELDS[field as WsUpdateField], locale) : ''),
  };
}

/** Document 3, the website records (/ws-list, /ws-data/{cid}/{rid}) as a kind of the shared record screens. */
export const WS_KIND: RecordKind<WsKindTypes> = {
  name: 'ws',
  listPath: '/ws-list',
  detailPath: (r) => `/ws-data/${r.client_id}/${r.id}`,
  fields: WS_LIST_FIELDS,
  initialSearch: WS_INITIAL_SEARCH,
  defaultColumns: WS_DEFAULT_COLUMNS,
  exportHref: (clientId, search) => downloadHref('/api/ws-data/export-search-result', { clientId, search }),
  reads: WS_RECORD_READS,
  recordId: (r) => r.id,
  isError: (r) => r.is_error,
  published: (r) => r.published,
  calls: {
    search: pickedCall('/api/ws-data/search-records', (answer) => answer),
    getRecord: seededCall('/api/ws-data/get-record', (answer) => answer.record, (record) => ({ record })),
    update: async (payload) => (await api('/api/ws-data/update-record', payload)).record,
    fetchFilters: pickedCall('/api/ws-data/fetch-filters', (answer) => answer.filters),
    getColumns: seededCall('/api/ws-data/get-columns', (answer) => answer.columns, (columns) => ({ columns })),
    setColumns: async (columns) => (await api('/api/ws-data/set-columns', { columns })).columns,
    batch: async ({ analyst, clientId, recordIds, value }) =>
      (analyst
        ? await api('/api/ws-data/batch-update-category', { clientId, recordIds, categoryId: value })
        : await api('/api/ws-data/batch-update-action', { clientId, recordIds, action: value })
      ).updateCount,
    history: pickedCall('/api/ws-data/get-record-history', (answer) => answer.history),
    lastBatch: pickedCall('/api/ws-data/fetch-last-batch', (answer) => answer.batch),
    undoBatch: async (clientId, batchId) => (await api('/api/ws-data/undo-batch', { clientId, batchId })).updateCount,
  },
  useLookups: useWsLookups,
  useView: useWsView,
  prefetch: () => [],
  detail: {
    useHeading: useWsHeading,
    Before: ScrapeSection,
    Sections: WsFormSections,
    // A website has no listing image and no uploaded screenshots: its picture is its newest capture.
    picture: () => ({ imageUrl: '', screenshots: [] }),
    formValues: (record) => WS_FORM.formValuesOf(record),
    formBasis: () => '',
    saveProblem: (values) => standardSaveProblem(standardFormFields(values)),
    changedPayload: WS_FORM.changedPayload,
    payloadSchema: wsRecords.updateRecordInput,
  },
  // Website records carry no picture address.
  pictureFacts: null,
  FindByPicture: null,
};
