import { useState, type HTMLAttributes } from 'react';
import { Alert, App, Button, Card, Drawer, Dropdown, Popconfirm, Space, Table, Typography } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData } from '@tanstack/react-query';
import { useCall, useInvalidateCalls } from '../../platform/calls';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EXPORT_TYPES, TASK_STATUSES, TASK_TYPES, crawlerTasks, taskActions, type CrawlerTask } from '@portal/contract';
import { api, errorMessage } from '../../platform/api';
import { SearchBar } from '../../components/SearchBar';
import { PAGE_SIZES, initialSearch } from '../../records/listQuery';
import { useListQuery } from '../../records/useListQuery';
import { useClientChoices } from '../../components/clientChoices';
import { TASK_LIST_FIELDS, exportTypeOf, lastError, taskDownloadHref, listInput, TASK_READS, type DateField, type FilterField, type SortField, type WordField } from './model';
import { useLiveTasks } from './queries';
import { StatusTag, TaskProgress } from './TaskProgress';
import { SubtaskTable } from './SubtaskTable';
import { formatDateTime } from '../../components/dateTime';

const INITIAL_SEARCH = initialSearch<DateField, WordField>([...crawlerTasks.TASK_WORD_FIELDS]);
type TableFilters = Record<string, readonly unknown[] | null | undefined>;

/**
 * Document 3 "Crawler task list": the search bar, filters, sort and paging all live in the URL query; each row's
 * actions follow section 4 (the contract's `taskActions`, the server's own rule); progress is live while tasks run.
 */
export default function TaskListPage() {
  const { t } = useTranslation('crawlerTasks');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const invalidate = useInvalidateCalls();
  const { state, update } = useListQuery(TASK_LIST_FIELDS);
  const [pending, setPending] = useState<string | null>(null);
  const [drawerTaskId, setDrawerTaskId] = useState<number | null>(null);
  const clients = useClientChoices('all');

  const input = listInput(state);
  const list = useCall('/api/ec-crawler-task', input, { placeholderData: keepPreviousData });
  const tasks = useLiveTasks(list.data?.tasks ?? []);
  const total = list.data?.total ?? 0;
  const drawerTask = tasks.find((task) => task.id === drawerTaskId);

  /** One row action: spins while it runs, toasts the section 8 texts, then refreshes the list. */
  const act = async (task: CrawlerTask, action: 'start' | 'stop' | 'clone' | 'remove') => {
    setPending(`${action}-${task.id}`);
    try {
      if (action === 'start') await api('/api/ec-crawler-command/start', { taskId: task.id, subtaskIds: [] });
      if (action === 'stop') await api('/api/ec-crawler-command/stop', { taskId: task.id, subtaskIds: [] });
      if (action === 'clone') await api('/api/ec-crawler-task/clone', { taskId: task.id });
      if (action === 'remove') {
        await api('/api/ec-crawler-task/remove', { taskId: task.id });
        // The last row of the last page gone: show the page before it.
        const lastPage = Math.max(1, Math.ceil((total - 1) / state.pageSize));
        if (state.current > lastPage) update({ current: lastPage }, { replace: true });
      }
      void message.success(t(action === 'start' ? 'toast.started' : action === 'stop' ? 'toast.stopped' : action === 'clone' ? 'toast.cloned' : 'toast.deleted'));
      await invalidate([...TASK_READS, '/api/ec-crawler-task/fetch-progress']);
    } catch (error) {
      void message.error(t(action === 'remove' ? 'toast.deleteFailed' : 'toast.failed', { message: errorMessage(error) }));
    } finally {
      setPending(null);
    }
  };

  const filtered = (key: FilterField) => state.filters.find((f) => f.key === key)?.values.map(String) ?? null;
  const sorted = (key: SortField) => (state.sorter?.field === key ? state.sorter.order : null);
  const sortable = (key: SortField) => ({ key, sorter: true, sortOrder: sorted(key) });

  const columns: ColumnsType<CrawlerTask> = [
    { title: t('field.id'), dataIndex: 'id', width: 70, ...sortable('id') },
    { title: t('field.title'), dataIndex: 'title', ...sortable('title'), render: (title: string, task) => <a onClick={() => void navigate(`/task/ec-scraping-task-detail/${task.id}`)}>{title}</a> },
    {
      title: t('field.client'),
      dataIndex: 'clientName',
      key: 'clientId',
      filters: (clients.data ?? []).map((c) => ({ text: c.client_name, value: String(c.client_id) })),
      filterSearch: true,
      filteredValue: filtered('clientId'),
    },
    { title: t('field.type'), dataIndex: 'type', ...sortable('type'), filters: TASK_TYPES.map((n) => ({ text: t(`type.${n}`), value: String(n) })), filteredValue: filtered('type'), render: (n: 0 | 1 | 2) => t(`type.${n}`) },
    {
      title: t('field.status'),
      dataIndex: 'status',
      ...sortable('status'),
      filters: TASK_STATUSES.map((n) => ({ text: t(`status.${n}`), value: String(n) })),
      filteredValue: filtered('status'),
      render: (s: number) => <StatusTag status={s} />,
    },
    { title: t('field.progress'), dataIndex: 'total', ...sortable('total'), render: (_, task) => <TaskProgress subtasks={task.subtasks} testId={`task-progress-${task.id}`} /> },
    {
      title: t('field.lastError'),
      key: 'error',
      render: (_, task) => {
        const error = lastError(task);
        return error ? <Typography.Text type="danger" style={{ maxWidth: 220 }} ellipsis={{ tooltip: error }}>{error}</Typography.Text> : null;
      },
    },
    { title: t('field.planStartDate'), dataIndex: 'planStartDate', ...sortable('planStartDate') },
    { title: t('field.createdAt'), dataIndex: 'createdAt', ...sortable('createdAt'), render: (v: string) => formatDateTime(v) },
    { title: t('field.actions'), key: 'actions', fixed: 'right', width: 250, render: (_, task) => rowActions(task) },
  ];

  // A plain function, not a component: a component made in render would remount (and close a confirmation) on every poll.
  function rowActions(task: CrawlerTask) {
    const allowed = taskActions(task.status);
    const busy = (action: string) => pending === `${action}-${task.id}`;
    const id = (action: string) => `task-${action}-${task.id}`;
    return (
      <Space size={0} wrap style={{ maxWidth: 250 }}>
        <Button type="link" size="small" onClick={() => void navigate(`/task/ec-scraping-task-detail/${task.id}`)} data-testid={id('detail')}>
          {t('action.detail')}
        </Button>
        <Button type="link" size="small" onClick={() => setDrawerTaskId(task.id)} data-testid={id('subtasks')}>
          {t('action.subtasks')}
        </Button>
        {allowed.stop ? (
          <Popconfirm title={t('confirm.stop', { title: task.title })} okText={t('action.stop')} cancelText={t('action.cancel')} onConfirm={() => act(task, 'stop')}>
            <Button type="link" size="small" danger loading={busy('stop')} data-testid={id('stop')}>
              {t('action.stop')}
            </Button>
          </Popconfirm>
        ) : (
          <Button type="link" size="small" disabled={!allowed.start || task.subtasks.length === 0} loading={busy('start')} onClick={() => void act(task, 'start')} data-testid={id('start')}>
            {t('action.start')}
          </Button>
        )}
        <Dropdown
          disabled={!allowed.download}
          trigger={['click']}
          menu={{ items: EXPORT_TYPES.map((n) => ({ key: String(n), label: t(`export.${n}`) })), onClick: ({ key }) => window.open(taskDownloadHref(task.id, exportTypeOf(key)), '_blank', 'noopener') }}
        >
          <Button type="link" size="small" disabled={!allowed.download} data-testid={id('download')}>
            {t('action.download')} <DownOutlined />
          </Button>
        </Dropdown>
        <Popconfirm title={t('confirm.clone', { title: task.title })} okText={t('action.clone')} cancelText={t('action.cancel')} onConfirm={() => act(task, 'clone')}>
          <Button type="link" size="small" loading={busy('clone')} data-testid={id('clone')}>
            {t('action.clone')}
          </Button>
        </Popconfirm>
        <Popconfirm disabled={!allowed.remove} title={t('confirm.delete', { title: task.title })} okText={t('action.delete')} okButtonProps={{ danger: true }} cancelText={t('action.cancel')} onConfirm={() => act(task, 'remove')}>
            <Button type="link" size="small" danger disabled={!allowed.remove} loading={busy('remove')} data-testid={id('delete')}>
              {t('action.delete')}
            </Button>
        </Popconfirm>
      </Space>
    );
  }

  const onTableChange = (pagination: TablePaginationConfig, tableFilters: TableFilters, sorter: SorterResult<CrawlerTask> | SorterResult<CrawlerTask>[]) => {
    const filters = crawlerTasks.TASK_FILTER_FIELDS.map((key) => ({ key, values: (tableFilters[key] ?? []).map(Number) })).filter((f) => f.values.length > 0);
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const nextSorter = one?.order && one.columnKey ? { field: one.columnKey as SortField, order: one.order } : null;
    const pageSize = pagination.pageSize ?? state.pageSize;
    const narrowed = JSON.stringify(filters) !== JSON.stringify(state.filters) || JSON.stringify(nextSorter) !== JSON.stringify(state.sorter);
    // A new filter, sort or page size starts again from the first page.
    update({ filters, sorter: nextSorter, pageSize, current: narrowed || pageSize !== state.pageSize ? 1 : (pagination.current ?? 1) });
  };

  return (
    <>
      <SearchBar<DateField, WordField>
        key={JSON.stringify(state.search)}
        dateFields={crawlerTasks.TASK_DATE_FIELDS.map((value) => ({ value, label: t(`field.${value}`) }))}
        wordFields={crawlerTasks.TASK_WORD_FIELDS.map((value) => ({ value, label: t(`field.${value}`) }))}
        initial={state.search ?? INITIAL_SEARCH}
        onSearch={(search) => (JSON.stringify(search) === JSON.stringify(state.search) ? void list.refetch() : update({ search, current: 1 }))}
        onReset={() => update({ search: null, current: 1 })}
        loading={list.isFetching}
      />
      <Card
        title={t('list.title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/task/new-ec-scraping-task')} data-testid="task-new">
            {t('list.new')}
          </Button>
        }
      >
        {list.isError && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('list.loadFailed', { message: errorMessage(list.error) })} />}
        <Table<CrawlerTask>
          rowKey="id"
          size="small"
          bordered
          columns={columns}
          dataSource={tasks}
          loading={list.isFetching && !list.isRefetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('list.empty') }}
          onRow={(row) => ({ 'data-testid': `task-row-${row.id}` }) as HTMLAttributes<HTMLElement>}
          onChange={(pagination, tableFilters, sorter) => onTableChange(pagination, tableFilters, sorter)}
          data-testid="task-list"
          pagination={{
            current: state.current,
            pageSize: state.pageSize,
            total,
            showSizeChanger: true,
            showQuickJumper: true,
            pageSizeOptions: PAGE_SIZES.map(String),
            showTotal: (count) => t('list.total', { total: count }),
          }}
        />
      </Card>
      <Drawer open={drawerTask !== undefined} width={900} title={drawerTask && t('drawer.title', { title: drawerTask.title })} onClose={() => setDrawerTaskId(null)} destroyOnClose>
        {drawerTask && <SubtaskTable rows={drawerTask.subtasks} testId="task-subtasks" />}
      </Drawer>
    </>
  );
}
