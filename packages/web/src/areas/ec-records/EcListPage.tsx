import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AGGREGATE_CATEGORIES, EC_RESPONSE_ACTIONS, type EcRecord } from '@portal/contract';
import { api } from '../../app/api';
import { NoCompany, RecordList, type RecordListKind, type RecordListView } from './generic/RecordList';
import { customText, customValues } from './generic/columnLayout';
import type { HistoryEntry } from './generic/types';
import { ecColumns, ecColumnTitle, ecValueText } from './ecFields';
import { customColumnsQuery, useClientOptions, useLookups, useRecordScope } from './ecLookups';
import { EC_DEFAULT_COLUMNS, EC_INITIAL_SEARCH, EC_LIST_FIELDS, ecKeys, recordFieldOf, type EcDateField, type EcFilterField, type EcSortField, type EcWordField } from './ecModel';
import { useEcTexts } from './useEcTexts';

/** The marketplace list's calls, keys and defaults for the generic list. */
const EC_LIST: RecordListKind<EcRecord, EcDateField, EcWordField, EcFilterField, EcSortField> = {
  testPrefix: 'ec',
  fields: EC_LIST_FIELDS,
  initialSearch: EC_INITIAL_SEARCH,
  defaultColumns: EC_DEFAULT_COLUMNS,
  exportPath: '/api/ec-data/export-search-result',
  keys: {
    lists: ecKeys.lists,
    list: ecKeys.list,
    allFilters: ['ec-records', 'filters'],
    filters: ecKeys.filters,
    columns: ecKeys.columns,
    history: ecKeys.history,
  },
  recordId: (r) => r.ec_id,
  detailPath: (r) => `/ec-data/${r.client_id}/${r.ec_id}`,
  isError: (r) => r.is_error,
  search: (input) => api('/api/ec-data/search-records', input),
  fetchFilters: async (clientId, fieldName) => (await api('/api/ec-data/fetch-filters', { clientId, fieldName })).filters,
  getColumns: async () => (await api('/api/ec-data/get-columns', {})).columns,
  setColumns: async (columns) => (await api('/api/ec-data/set-columns', { columns })).columns,
  batch: async ({ analyst, clientId, recordIds, value }) =>
    (analyst
      ? await api('/api/ec-data/batch-update-category', { clientId, recordIds, commoncategoryId: value })
      : await api('/api/ec-data/batch-update-action', { clientId, recordIds, action: value })
    ).updateCount,
  history: async (clientId, recordId) => (await api('/api/ec-data/get-record-history', { clientId, recordId })).history,
};

/** The EC columns, labels and batch values for a client, in the user's language. */
function useEcView({ clientId, analyst, detailHref }: { clientId: number | undefined; analyst: boolean; detailHref: (record: EcRecord) => string }): RecordListView<EcRecord> {
  const { t } = useTranslation('ecRecords');
  const lookups = useLookups(clientId);
  const texts = useEcTexts();
  const columns = useMemo(() => ecColumns(lookups, texts, detailHref), [lookups, texts, detailHref]);
  return useMemo(() => {
    const locale = lookups.locale;
    return {
      columns,
      fieldLabel: (field: string) => ecColumnTitle(field, locale, texts),
      batchOptions: analyst
        ? Object.entries(AGGREGATE_CATEGORIES).map(([value, names]) => ({ value: Number(value), label: names[locale] }))
        : // Spec 6: the client's options are shown in English.
          Object.entries(EC_RESPONSE_ACTIONS).map(([value, names]) => ({ value: Number(value), label: names.en })),
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

/** The client's custom columns: the table waits for them, so they load with the page. */
const prefetchEc = (clientId: number | undefined) => (clientId === undefined ? [] : [customColumnsQuery(clientId)]);

/**
 * Document 3, section 2 "Marketplace record list" (/ec-list): the generic record list (generic/RecordList) with the
 * EC kind.
 */
export default function EcListPage() {
  const { analyst, ownClientId } = useRecordScope();
  const clients = useClientOptions(analyst);
  if (!analyst && ownClientId === undefined) return <NoCompany testId="ec-no-company" />;
  return <RecordList kind={EC_LIST} analyst={analyst} ownClientId={ownClientId} useView={useEcView} clients={clients} prefetch={prefetchEc} />;
}
