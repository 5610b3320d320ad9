import { useState, type HTMLAttributes } from 'react';
import { Alert, App, Button, Card, Space, Table } from 'antd';
import type { TablePaginationConfig } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { FileAddOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { callKey, invalidateCalls, removeCalls, useCall } from '../../platform/calls';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Trademark } from '@portal/contract';
import { api, errorMessage } from '../../platform/api';
import { SearchBar, type SearchFieldOption } from '../../components/SearchBar';
import { NoCompany } from './NoCompany';
import { useTrademarkColumns } from './columns';
import {
  INITIAL_CONDITIONS,
  NO_FILTERS,
  PAGE_SIZE,
  PAGE_SIZES,
  filtersFromTable,
  regionFromQuery,
  searchInput,
  type Conditions,
  type DateField,
  type Filters,
  type Sort,
  type SortField,
  type TableFilters,
  type WordField,
} from './model';
import { useClientChoices } from '../../components/clientChoices';
import { useTrademarkScope } from './queries';

/** Spec 2 "Trademark list": a `?region=XX` link opens it filtered on that region. */
export default function TrademarkListPage() {
  const [params] = useSearchParams();
  const region = params.get('region');
  // A new ?region= starts the list again from that filter.
  return <TrademarkList key={region ?? ''} initialRegion={regionFromQuery(region)} />;
}

/**
 * The search bar, then the table: column filters, sort and paging all run on the server. Client users see their
 * own company's trademarks (no client column); staff see every client's.
 */
function TrademarkList({ initialRegion }: { initialRegion: string[] }) {
  const { t } = useTranslation('trademarks');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { staff, ownClientId } = useTrademarkScope();
  const [conditions, setConditions] = useState<Conditions>(INITIAL_CONDITIONS);
  const [filters, setFilters] = useState<Filters>({ ...NO_FILTERS, region: initialRegion });
  const [sort, setSort] = useState<Sort | null>(null);
  const [paging, setPaging] = useState({ current: 1, pageSize: PAGE_SIZE });
  const [removing, setRemoving] = useState<number | null>(null);
  const clients = useClientChoices('all', staff);

  const input = searchInput({ conditions, filters, sort, ...paging, clientId: staff ? undefined : ownClientId });
  const list = useCall('/api/trademark/search-trademarks', input, {
    placeholderData: keepPreviousData,
    enabled: staff || ownClientId !== undefined,
  });
  const total = list.data?.total ?? 0;

  const search = (next: Conditions) => {
    setPaging((p) => ({ ...p, current: 1 }));
    // The same conditions again still mean "look again".
    if (JSON.stringify(next) === JSON.stringify(conditions)) void list.refetch();
    else setConditions(next);
  };

  const remove = async (trademark: Trademark) => {
    setRemoving(trademark.trademark_id);
    try {
      await api('/api/trademark/remove-trademark', { trademarkId: trademark.trademark_id });
      void message.success(t('delete.success'));
      // The last row of the last page gone: show the page before it.
      const lastPage = Math.max(1, Math.ceil((total - 1) / paging.pageSize));
      if (paging.current > lastPage) setPaging((p) => ({ ...p, current: lastPage }));
      removeCalls(queryClient, [callKey('/api/trademark/get-trademark', { trademarkId: trademark.trademark_id })]);
      await invalidateCalls(queryClient, ['/api/trademark/search-trademarks']);
    } catch (error) {
      void message.error(t('delete.failure', { message: errorMessage(error) }));
    } finally {
      setRemoving(null);
    }
  };

  const columns = useTrademarkColumns({ staff, clients: clients.data ?? [], regions: list.data?.regions ?? [], filters, sort, removing, onRemove: remove });

  const onTableChange = (pagination: TablePaginationConfig, tableFilters: TableFilters, sorter: SorterResult<Trademark> | SorterResult<Trademark>[]) => {
    const nextFilters = filtersFromTable(tableFilters);
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const nextSort = one?.order && one.columnKey ? { field: one.columnKey as SortField, order: one.order } : null;
    const pageSize = pagination.pageSize ?? paging.pageSize;
    const narrowed = JSON.stringify(nextFilters) !== JSON.stringify(filters) || JSON.stringify(nextSort) !== JSON.stringify(sort);
    setFilters(nextFilters);
    setSort(nextSort);
    // A new filter, sort or page size starts again from the first page.
    setPaging({ current: narrowed || pageSize !== paging.pageSize ? 1 : (pagination.current ?? 1), pageSize });
  };

  if (!staff && ownClientId === undefined) return <NoCompany />;

  const dateOptions: SearchFieldOption<DateField>[] = [
    { value: 'registerDate', label: t('field.registerDate') },
    { value: 'invalidDate', label: t('field.invalidDate') },
  ];
  const wordOptions: SearchFieldOption<WordField>[] = [
    { value: 'text', label: t('field.text') },
    { value: 'belongsto', label: t('field.belongsto') },
    { value: 'descriptionJP', label: t('field.descriptionJP') },
    { value: 'descriptionEN', label: t('field.descriptionEN') },
    { value: 'descriptionCN', label: t('field.descriptionCN') },
  ];

  return (
    <>
      <SearchBar<DateField, WordField>
        dateFields={dateOptions}
        wordFields={wordOptions}
        initial={INITIAL_CONDITIONS}
        onSearch={search}
        onReset={() => search(INITIAL_CONDITIONS)}
        loading={list.isFetching}
      />
      <Card
        title={t('list.title')}
        extra={
          <Space wrap>
            {!staff && (
              <Button icon={<FileAddOutlined />} onClick={() => void navigate('/trademark/registration')} data-testid="trademark-request">
                {t('list.request')}
              </Button>
            )}
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/trademark/new')} data-testid="trademark-new">
              {t('list.new')}
            </Button>
          </Space>
        }
      >
        {list.isError && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('list.loadFailed', { message: errorMessage(list.error) })} />}
        <Table<Trademark>
          rowKey="trademark_id"
          size="middle"
          columns={columns}
          dataSource={list.data?.trademarks ?? []}
          loading={list.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('list.empty') }}
          onRow={(row) => ({ 'data-testid': `trademark-row-${row.trademark_id}` }) as HTMLAttributes<HTMLElement>}
          onChange={(pagination, tableFilters, sorter) => onTableChange(pagination, tableFilters, sorter)}
          data-testid="trademark-list"
          pagination={{
            current: paging.current,
            pageSize: paging.pageSize,
            total,
            showSizeChanger: true,
            showQuickJumper: true,
            pageSizeOptions: PAGE_SIZES.map(String),
            showTotal: (count) => t('list.total', { total: count }),
          }}
        />
      </Card>
    </>
  );
}
