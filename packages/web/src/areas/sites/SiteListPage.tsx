import { useState } from 'react';
import { Alert, App, Button, Card, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { callKey, invalidateCalls, removeCalls, useCall } from '../../platform/calls';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CallOutput } from '@portal/contract';
import { api, errorMessage } from '../../platform/api';
import { currentLocale } from '../../platform/i18n';
import { SITE_PAGE_SIZE, SITE_PAGE_SIZES, categoryName, regionName } from './model';
import { useCategories } from './SiteFields';

type SiteRow = CallOutput<'/api/analyst/fetch-ec-sites'>['sites'][number];

/** Spec 2 "Marketplace site list": paged on the server, with quick jump; delete asks first. */
export default function SiteListPage() {
  const { t } = useTranslation('sites');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const locale = currentLocale();
  const [paging, setPaging] = useState({ current: 1, pageSize: SITE_PAGE_SIZE });
  const [removing, setRemoving] = useState<number | null>(null);
  const categories = useCategories();

  const list = useCall('/api/analyst/fetch-ec-sites', paging, { placeholderData: keepPreviousData });
  const total = list.data?.total ?? 0;

  const remove = async (site: SiteRow) => {
    setRemoving(site.id);
    try {
      await api('/api/analyst/remove-ec-site', { siteId: site.id });
      void message.success(t('delete.success'));
      // The last row of the last page gone: show the page before it.
      const lastPage = Math.max(1, Math.ceil((total - 1) / paging.pageSize));
      if (paging.current > lastPage) setPaging((p) => ({ ...p, current: lastPage }));
      removeCalls(queryClient, [callKey('/api/analyst/get-ec-site', { siteId: site.id })]);
      await invalidateCalls(queryClient, ['/api/analyst/fetch-ec-sites']);
    } catch (error) {
      void message.error(t('delete.failure', { message: errorMessage(error) }));
    } finally {
      setRemoving(null);
    }
  };

  const columns: ColumnsType<SiteRow> = [
    { key: 'id', title: t('col.id'), dataIndex: 'id', width: 70 },
    { key: 'name', title: t('col.name'), dataIndex: 'name', width: 180 },
    {
      key: 'url',
      title: t('col.url'),
      dataIndex: 'url',
      ellipsis: true,
      render: (_, site) => (
        <Typography.Link href={site.url} target="_blank" rel="noopener noreferrer">
          {site.url}
        </Typography.Link>
      ),
    },
    { key: 'region', title: t('col.region'), width: 130, render: (_, site) => regionName(site.region, locale) },
    { key: 'category', title: t('col.category'), width: 150, render: (_, site) => categoryName(categories.data, site.infrigementCategoryId, locale) },
    {
      key: 'crawler',
      title: t('col.crawler'),
      width: 120,
      render: (_, site) => (site.hasCrawler ? <Tag color="green">{t('crawler.yes')}</Tag> : <Tag>{t('crawler.no')}</Tag>),
    },
    { key: 'accounts', title: t('col.accounts'), dataIndex: 'accountCount', width: 100, align: 'right' },
    {
      key: 'action',
      title: t('col.action'),
      width: 150,
      fixed: 'right',
      render: (_, site) => (
        <Space size="small">
          <Link to={`/analyst/ec-site/detail/${site.id}`} data-testid={`site-detail-${site.id}`}>
            {t('action.detail')}
          </Link>
          <Popconfirm
            title={t('delete.confirm')}
            okText={t('delete.yes')}
            cancelText={t('delete.no')}
            okButtonProps={{ danger: true, 'data-testid': 'site-delete-ok' }}
            onConfirm={() => remove(site)}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />} loading={removing === site.id} data-testid={`site-delete-${site.id}`}>
              {t('action.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('list.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/analyst/ec-site/new')} data-testid="site-new">
          {t('list.new')}
        </Button>
      }
    >
      {list.isError && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('list.loadFailed', { message: errorMessage(list.error) })} />}
      <Table<SiteRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.sites ?? []}
        loading={list.isFetching}
        scroll={{ x: 1100 }}
        locale={{ emptyText: t('list.empty') }}
        data-testid="site-list"
        pagination={{
          current: paging.current,
          pageSize: paging.pageSize,
          total,
          showSizeChanger: true,
          showQuickJumper: true,
          pageSizeOptions: SITE_PAGE_SIZES.map(String),
          showTotal: (count) => t('list.total', { total: count }),
          onChange: (current, pageSize) => setPaging((p) => ({ current: pageSize === p.pageSize ? current : 1, pageSize })),
        }}
      />
    </Card>
  );
}
