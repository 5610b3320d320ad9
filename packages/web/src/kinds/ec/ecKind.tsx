import { useMemo } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { FindByPicture } from './FindByPicture';
import { AGGREGATE_CATEGORIES, EC_RESPONSE_ACTIONS, downloadHref, ecRecords, type EcRecord, type UpdateRecordInput } from '@portal/contract';
import { api } from '../../platform/api';
import { pickedCall, seededCall } from '../../platform/calls';
import { customText, customValues } from '../../records/columnLayout';
import type { DetailHeading, RecordKind, RecordListView } from '../../records/kind';
import type { HistoryEntry } from '../../records/types';
import { safeUrl } from '../../records/values';
import { EcFacts, EcSections } from './EcSections';
import { usePayloadLabel } from './RecordSections';
import { ecColumns, ecColumnTitle, ecValueText } from './ecFields';
import { customColumnsQuery, useLookups, type Lookups } from './ecLookups';
import { EC_DEFAULT_COLUMNS, EC_INITIAL_SEARCH, EC_LIST_FIELDS, PAYLOAD_FIELDS, EC_RECORD_READS, evidenceNames, evidenceUrl, recordFieldOf, type EcDateField, type EcFilterField, type EcSortField, type EcWordField, type PayloadField } from './ecModel';
import { changedPayload, formFields, formValuesOf, saveProblem, type RecordFormValues } from './recordForm';
import { useEcTexts } from './useEcTexts';

/** The types the marketplace kind binds. */
export interface EcKindTypes {
  record: EcRecord;
  date: EcDateField;
  word: EcWordField;
  filter: EcFilterField;
  sort: EcSortField;
  lookups: Lookups;
  values: RecordFormValues;
  payload: UpdateRecordInput;
}

/** The EC columns, labels and batch values for a client, in the user's language. */
function useEcView({ lookups, analyst, detailHref }: { lookups: Lookups; analyst: boolean; detailHref: (record: EcRecord) => string }): RecordListView<EcRecord> {
  const { t } = useTranslation('ecRecords');
  const texts = useEcTexts();
  // The abnormal-price score is the analysts' (the server answers null to client users).
  const columns = useMemo(() => ecColumns(lookups, texts, detailHref).filter((c) => analyst || c.key !== 'triage_price_score'), [lookups, texts, detailHref, analyst]);
  return useMemo(() => {
    const locale = lookups.locale;
    return {
      columns,
      fieldLabel: (field: string) => ecColumnTitle(field, locale, texts),
      batchOptions: analyst
        ? Object.entries(AGGREGATE_CATEGORIES).map(([value, names]) => ({ value: Number(value), label: names[locale] }))
        : // Spec 6: the client's options are shown in English.
          Object.entries(EC_RESPONSE_ACTIONS).map(([value, names]) => ({ value: Number(value), label: names.en })),
      batchPlaceholder: t(analyst ? 'batch.categoryPlaceholder' : 'batch.actionPlaceholder'),
      historyLabel: (field: string) => {
        const key = recordFieldOf(field);
        return key === 'custom_info' ? t('field.customInfo') : ecColumnTitle(key, locale, texts);
      },
      historyText: (field: string, value: HistoryEntry['fields'][string]) => {
        const key = recordFieldOf(field);
        if (key !== 'custom_info') return ecValueText(key, value, lookups, texts);
        // Custom columns: "name: value" pairs rather than the JSON text.
        const values = customValues(typeof value === 'string' ? value : '');
        return Object.entries(values)
          .map(([name, v]) => `${name}: ${customText(v)}`)
          .join(' / ');
      },
    };
  }, [columns, lookups, texts, analyst, t]);
}

/** The detail's title (the product title), its site and repeat tags, and the product page it opens. */
function useEcHeading(record: EcRecord): DetailHeading {
  const { t } = useTranslation('ecRecords');
  const label = usePayloadLabel();
  return {
    title: record.ec_product_title || `#${record.ec_id}`,
    tooltip: record.ec_product_title,
    tags: (
      <>
        {record.ec_site && <Tag color="blue">{record.ec_site}</Tag>}
        {record.is_repeat && <Tag color="warning">{t('detail.repeatTag')}</Tag>}
      </>
    ),
    openUrl: safeUrl(record.ec_product_url),
    openLabel: t('detail.open'),
    payloadLabel: (field) => (field in PAYLOAD_FIELDS ? label(field as PayloadField) : ''),
  };
}

/** The custom columns' names: the form holds a field for each. */
const customNamesOf = (basis: string): string[] => (basis ? (JSON.parse(basis) as string[]) : []);

/**
 * Document 3, the marketplace records (/ec-list, /ec-data/{cid}/{rid}) as a kind of the shared record screens; its
 * own parts are the custom columns, the evidence and the aggregate category.
 */
export const EC_KIND: RecordKind<EcKindTypes> = {
  name: 'ec',
  listPath: '/ec-list',
  detailPath: (r) => `/ec-data/${r.client_id}/${r.ec_id}`,
  fields: EC_LIST_FIELDS,
  initialSearch: EC_INITIAL_SEARCH,
  defaultColumns: EC_DEFAULT_COLUMNS,
  exportHref: (clientId, search) => downloadHref('/api/ec-data/export-search-result', { clientId, search }),
  reads: EC_RECORD_READS,
  recordId: (r) => r.ec_id,
  isError: (r) => r.is_error,
  published: (r) => r.published,
  calls: {
    search: pickedCall('/api/ec-data/search-records', (answer) => answer),
    getRecord: seededCall('/api/ec-data/get-record', (answer) => answer.record, (record) => ({ record })),
    update: async (payload) => {
      const answer = await api('/api/ec-data/update-record', payload);
      return { ...answer.record, ec_upload_image_names: answer.ec_upload_image_names };
    },
    fetchFilters: pickedCall('/api/ec-data/fetch-filters', (answer) => answer.filters),
    getColumns: seededCall('/api/ec-data/get-columns', (answer) => answer.columns, (columns) => ({ columns })),
    setColumns: async (columns) => (await api('/api/ec-data/set-columns', { columns })).columns,
    batch: async ({ analyst, clientId, recordIds, value }) =>
      (analyst
        ? await api('/api/ec-data/batch-update-category', { clientId, recordIds, commoncategoryId: value })
        : await api('/api/ec-data/batch-update-action', { clientId, recordIds, action: value })
      ).updateCount,
    history: pickedCall('/api/ec-data/get-record-history', (answer) => answer.history),
    lastBatch: pickedCall('/api/ec-data/fetch-last-batch', (answer) => answer.batch),
    undoBatch: async (clientId, batchId) => (await api('/api/ec-data/undo-batch', { clientId, batchId })).updateCount,
  },
  useLookups,
  useView: useEcView,
  // The client's custom columns: the table waits for them, so they load with the page.
  prefetch: (clientId) => (clientId === undefined ? [] : [customColumnsQuery(clientId)]),
  detail: {
    useHeading: useEcHeading,
    Before: EcFacts,
    Sections: EcSections,
    picture: (record) => ({
      imageUrl: record.ec_product_image_url,
      screenshots: evidenceNames(record.ec_upload_image_names).map((name) => evidenceUrl(record.client_id, record.ec_id, name)),
    }),
    formBasis: (lookups) => JSON.stringify(lookups.customColumns.map((c) => c.column_name)),
    formValues: (record, basis) => formValuesOf(record, customNamesOf(basis)),
    saveProblem: (values, record) => saveProblem(formFields(values, record)),
    changedPayload,
    payloadSchema: ecRecords.updateRecordInput,
  },
  pictureFacts: (record) => record,
  FindByPicture,
};
