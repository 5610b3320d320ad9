import { useMemo } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { SNS_ACTIONS, SNS_CATEGORIES, SNS_PLATFORMS, SNS_UPDATE_FIELDS, downloadHref, snsRecords, type SnsRecord, type SnsUpdateField, type SnsUpdateRecordInput } from '@portal/contract';
import { api } from '../../platform/api';
import { pickedCall, seededCall } from '../../platform/calls';
import type { DetailHeading, RecordKind, RecordListView } from '../../records/kind';
import type { HistoryEntry } from '../../records/types';
import { standardFormFields, standardSaveProblem, type StandardFormValues } from '../../records/standardForm';
import { codeOptions, codeText, safeUrl } from '../../records/values';
import { snsColumns } from './snsFields';
import { useSnsLookups, type SnsScreenLookups } from './snsLookups';
import { SnsFormSections, SnsFound } from './SnsSections';
import {
  SNS_DEFAULT_COLUMNS,
  SNS_FORM,
  SNS_INITIAL_SEARCH,
  SNS_LIST_FIELDS,
  accountTitle,
  snsFieldLabel,
  SNS_RECORD_READS,
  snsRecordFieldOf,
  snsValueText,
  type SnsDateField,
  type SnsFilterField,
  type SnsSortField,
  type SnsWordField,
} from './snsModel';
import { SIGNAL_KEYS, signalColumn, useSignalTexts } from '../../areas/seller-networks/signalColumns';

/** The types the social media kind binds. */
export interface SnsKindTypes {
  record: SnsRecord;
  date: SnsDateField;
  word: SnsWordField;
  filter: SnsFilterField;
  sort: SnsSortField;
  lookups: SnsScreenLookups;
  values: StandardFormValues;
  payload: SnsUpdateRecordInput;
}

/** The SNS columns, labels and batch values (analysts: the SNS categories; client users: the actions). */
function useSnsView({ lookups, analyst, detailHref }: { lookups: SnsScreenLookups; analyst: boolean; detailHref: (record: SnsRecord) => string }): RecordListView<SnsRecord> {
  const { t } = useTranslation('snsRecords');
  const signals = useSignalTexts();
  const columns = useMemo(() => {
    // The account's repeat-offender network (issue 19), after the account's id.
    const list = snsColumns(lookups, detailHref);
    const at = list.findIndex((c) => c.key === 'accountId') + 1;
    return [...list.slice(0, at), signalColumn<SnsRecord>('repeatOffender', signals), ...list.slice(at)];
  }, [lookups, detailHref, signals]);
  return useMemo(() => {
    const locale = lookups.locale;
    return {
      columns,
      fieldLabel: (field: string) => (SIGNAL_KEYS.has(field) ? signals.signalLabel(field) : snsFieldLabel(field, locale)),
      batchOptions: codeOptions(analyst ? SNS_CATEGORIES : SNS_ACTIONS, locale),
      batchPlaceholder: t(analyst ? 'batch.categoryPlaceholder' : 'batch.actionPlaceholder'),
      historyLabel: (field: string) => snsFieldLabel(snsRecordFieldOf(field), locale),
      historyText: (field: string, value: HistoryEntry['fields'][string]) => snsValueText(snsRecordFieldOf(field), value, lookups),
    };
  }, [columns, lookups, analyst, t, signals]);
}

/** The detail's title (the account), its platform and SNS category tags, and the post it opens. */
function useSnsHeading(record: SnsRecord, lookups: SnsScreenLookups): DetailHeading {
  const { t } = useTranslation('snsRecords');
  const locale = lookups.locale;
  const platform = codeText(SNS_PLATFORMS, record.platform, locale);
  const category = record.categoryId === null ? undefined : codeText(SNS_CATEGORIES, record.categoryId, locale);
  return {
    title: accountTitle(record) || t('detail.untitled', { id: record.id }),
    tooltip: record.postURL || record.accountURL,
    tags: (
      <>
        {platform && <Tag color="blue">{platform}</Tag>}
        {category && <Tag color="purple">{category}</Tag>}
      </>
    ),
    openUrl: safeUrl(record.postURL),
    openLabel: t('detail.openPost'),
    payloadLabel: (field) => (field in SNS_UPDATE_FIELDS ? snsFieldLabel(SNS_UPDATE_FIELDS[field as SnsUpdateField], locale) : ''),
  };
}

/** The social media records (/sns-list, /sns-data/{cid}/{rid}) as a kind of the shared record screens. */
export const SNS_KIND: RecordKind<SnsKindTypes> = {
  name: 'sns',
  listPath: '/sns-list',
  detailPath: (r) => `/sns-data/${r.client_id}/${r.id}`,
  fields: SNS_LIST_FIELDS,
  initialSearch: SNS_INITIAL_SEARCH,
  defaultColumns: [...SNS_DEFAULT_COLUMNS, 'repeatOffender'],
  exportHref: (clientId, search) => downloadHref('/api/sns-data/export-search-result', { clientId, search }),
  reads: SNS_RECORD_READS,
  recordId: (r) => r.id,
  isError: (r) => r.is_error,
  published: (r) => r.published,
  calls: {
    search: pickedCall('/api/sns-data/search-records', (answer) => answer),
    getRecord: seededCall('/api/sns-data/get-record', (answer) => answer.record, (record) => ({ record })),
    update: async (payload) => (await api('/api/sns-data/update-record', payload)).record,
    fetchFilters: pickedCall('/api/sns-data/fetch-filters', (answer) => answer.filters),
    getColumns: seededCall('/api/sns-data/get-columns', (answer) => answer.columns, (columns) => ({ columns })),
    setColumns: async (columns) => (await api('/api/sns-data/set-columns', { columns })).columns,
    batch: async ({ analyst, clientId, recordIds, value }) =>
      (analyst
        ? await api('/api/sns-data/batch-update-category', { clientId, recordIds, categoryId: value })
        : await api('/api/sns-data/batch-update-action', { clientId, recordIds, action: value })
      ).updateCount,
    history: pickedCall('/api/sns-data/get-record-history', (answer) => answer.history),
    lastBatch: pickedCall('/api/sns-data/fetch-last-batch', (answer) => answer.batch),
    undoBatch: async (clientId, batchId) => (await api('/api/sns-data/undo-batch', { clientId, batchId })).updateCount,
  },
  useLookups: useSnsLookups,
  useView: useSnsView,
  prefetch: () => [],
  detail: {
    useHeading: useSnsHeading,
    Before: SnsFound,
    Sections: SnsFormSections,
    picture: (record) => ({ imageUrl: record.imageURL, screenshots: [] }),
    formBasis: () => '',
    formValues: (record) => SNS_FORM.formValuesOf(record),
    saveProblem: (values) => standardSaveProblem(standardFormFields(values)),
    changedPayload: SNS_FORM.changedPayload,
    payloadSchema: snsRecords.updateRecordInput,
  },
  pictureFacts: (record) => record,
  FindByPicture: null,
};
