import { useState } from 'react';
import { Alert, App, Button, Card, List, Popconfirm, Space, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, LinkOutlined, PlusOutlined } from '@ant-design/icons';
import { useCall, useInvalidateCalls } from '../../platform/calls';
import { useTranslation } from 'react-i18next';
import { Role, hasRole, type NewsItem } from '@portal/contract';
import { api, errorMessage } from '../../platform/api';
import { useUser } from '../../platform/session';
import { NEWS_FETCH_SIZE, NEWS_PAGE_SIZE, NEWS_READS } from './model';
import { NewsFormModal } from './NewsFormModal';

/**
 * Spec 2 "News": the titles with their dates, newest first, each opening its external page in a new tab. Fetched
 * once (page 1 of 1000) and paged here, 20 per page. Administrators add, edit and delete items.
 */
export default function NewsPage() {
  const { t } = useTranslation(['news', 'common']);
  const { message } = App.useApp();
  const invalidate = useInvalidateCalls();
  const user = useUser();
  const admin = hasRole(user.user_role, Role.ADMIN);
  const [page, setPage] = useState(1);
  // The item stays while the modal closes, so its title does not flip during the animation.
  const [modal, setModal] = useState<{ open: boolean; item: NewsItem | undefined }>({ open: false, item: undefined });

  const list = useCall('/api/ipf-news', { page: 1, pageSize: NEWS_FETCH_SIZE }, {
    select: (answer) => answer.news,
  });

  const remove = async (item: NewsItem) => {
    try {
      await api('/api/admin/news/remove', { newsId: item.id });
      void message.success(t('remove.success', { title: item.title }));
    } catch (failure) {
      void message.error(t('remove.failure', { message: errorMessage(failure) }));
    }
    await invalidate(NEWS_READS);
  };

  const actions = (item: NewsItem) => [
    <Typography.Link key="edit" onClick={() => setModal({ open: true, item })} data-testid={`news-edit-${item.id}`}>
      <EditOutlined /> {t('action.edit')}
    </Typography.Link>,
    <Popconfirm
      key="delete"
      title={t('remove.confirm')}
      description={item.title}
      okText={t('action.delete')}
      okButtonProps={{ danger: true, 'data-testid': 'news-delete-confirm' }}
      cancelText={t('action.cancel')}
      onConfirm={() => remove(item)}
    >
      <Typography.Link type="danger" data-testid={`news-delete-${item.id}`}>
        <DeleteOutlined /> {t('action.delete')}
      </Typography.Link>
    </Popconfirm>,
  ];

  const items = list.data ?? [];

  return (
    <>
      {list.isError && <Alert type="error" showIcon message={t('list.loadFailed', { message: errorMessage(list.error) })} style={{ marginBottom: 16 }} />}
      <Card
        title={t('list.title')}
        extra={
          admin && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true, item: undefined })} data-testid="news-add">
              {t('action.add')}
            </Button>
          )
        }
      >
        <List<NewsItem>
          loading={list.isLoading}
          dataSource={items}
          rowKey="id"
          locale={{ emptyText: t('list.empty') }}
          pagination={
            items.length > NEWS_PAGE_SIZE && {
              current: Math.min(page, Math.ceil(items.length / NEWS_PAGE_SIZE)),
              pageSize: NEWS_PAGE_SIZE,
              showSizeChanger: false,
              onChange: setPage,
              align: 'center',
            }
          }
          renderItem={(item) => (
            <List.Item actions={admin ? actions(item) : undefined} data-testid={`news-item-${item.id}`}>
              <Space size="middle" align="baseline" style={{ minWidth: 0 }}>
                <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  {item.date}
                </Typography.Text>
                <Typography.Link href={item.url} target="_blank" rel="noopener noreferrer" data-testid={`news-link-${item.id}`}>
                  {item.title} <LinkOutlined style={{ fontSize: 12 }} />
                </Typography.Link>
              </Space>
            </List.Item>
          )}
        />
      </Card>
      {admin && <NewsFormModal item={modal.item} open={modal.open} onClose={() => setModal((current) => ({ ...current, open: false }))} />}
    </>
  );
}
