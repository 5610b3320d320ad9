import { useState, type HTMLAttributes } from 'react';
import { Alert, App, Button, Card, DatePicker, Flex, Form, Input, Space, Table, Tag, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { keepPreviousData } from '@tanstack/react-query';
import { useCall, useInvalidateCalls } from '../../platform/calls';
import { useTranslation } from 'react-i18next';
import type { Notice } from '@portal/contract';
import { api, errorMessage } from '../../platform/api';
import {
  NOTICE_PAGE_SIZE,
  NOTICE_PAGE_SIZES,
  NOTICE_SCROLL_X,
  NOTICE_SCROLL_Y,
  NOTICE_TYPE_LABELS,
  NO_CONDITIONS,
  formatSendDate,
  isNoticeType,
  NOTICE_READS,
  openableTarget,
  toNoticeConditions,
  type NoticeConditions,
  type NoticeSearchValues,
} from './model';

/** antd's row props have no data attributes; the test ids and the viewed state go on the row all the same. */
type RowProps = HTMLAttributes<HTMLElement> & { 'data-testid': string; 'data-unviewed': boolean };

/**
 * Spec 2 "Notices": the user's notification centre. Search by creation date and keyword (title or content),
 * Total and Unviewed in the header, unviewed rows highlighted, paged on the server. Detail marks the notice viewed
 * (spec 4), then opens its target — a page of the portal only — in a new window; the list and the menu badge follow.
 */
export default function NoticePage() {
  const { t } = useTranslation(['notices', 'common']);
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const invalidate = useInvalidateCalls();
  const [form] = Form.useForm<NoticeSearchValues>();
  const [conditions, setConditions] = useState<NoticeConditions>(NO_CONDITIONS);
  const [paging, setPaging] = useState({ page: 1, pageSize: NOTICE_PAGE_SIZE });
  const [opening, setOpening] = useState<number | null>(null);

  const list = useCall(
    '/api/notication/search-notification',
    { ...conditions, offset: (paging.page - 1) * paging.pageSize, limit: paging.pageSize },
    { placeholderData: keepPreviousData },
  );

  const find = (values: NoticeSearchValues) => {
    const next = toNoticeConditions(values);
    // The same conditions on the first page again still mean "look again".
    if (JSON.stringify(next) === JSON.stringify(conditions) && paging.page === 1) void list.refetch();
    else {
      setConditions(next);
      setPaging((current) => ({ ...current, page: 1 }));
    }
  };

  const reset = () => {
    form.resetFields();
    setConditions(NO_CONDITIONS);
    setPaging((current) => ({ ...current, page: 1 }));
  };

  const openDetail = async (notice: Notice) => {
    setOpening(notice.id);
    try {
      const { notice: viewed } = await api('/api/notication/view-notification', { noticeId: notice.id });
      const target = openableTarget(viewed.target_url, window.location.origin);
      if (target) window.open(target, '_blank', 'noopener');
      else void message.info(t('detail.noTarget'));
    } catch (failure) {
      void message.error(t('detail.failure', { message: errorMessage(failure) }));
    } finally {
      setOpening(null);
    }
    await invalidate(NOTICE_READS);
  };

  const typeLabel = (type: number) => (isNoticeType(type) ? t(NOTICE_TYPE_LABELS[type]) : t('type.unknown', { type }));

  const columns: ColumnsType<Notice> = [
    { key: 'id', title: t('col.id'), dataIndex: 'id', width: 60 },
    {
      key: 'title',
      title: t('col.title'),
      dataIndex: 'title',
      width: 200,
      render: (_, notice) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: notice.title }} style={{ marginBottom: 0, fontWeight: 'inherit' }}>
          {notice.title}
        </Typography.Paragraph>
      ),
    },
    {
      key: 'content',
      title: t('col.content'),
      dataIndex: 'content',
      render: (_, notice) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: notice.content }} style={{ marginBottom: 0, fontWeight: 'inherit' }}>
          {notice.content}
        </Typography.Paragraph>
      ),
    },
    {
      key: 'type',
      title: t('col.type'),
      dataIndex: 'type',
      width: 180,
      render: (_, notice) => typeLabel(notice.type),
    },
    {
      key: 'createdAt',
      title: t('col.sendDate'),
      dataIndex: 'createdAt',
      width: 150,
      render: (_, notice) => <span style={{ whiteSpace: 'nowrap' }}>{formatSendDate(notice.createdAt)}</span>,
    },
    {
      key: 'viewed',
      title: t('col.viewed'),
      dataIndex: 'viewed',
      width: 100,
      render: (_, notice) =>
        notice.viewed ? <Tag>{t('viewed.yes')}</Tag> : <Tag color="blue">{t('viewed.no')}</Tag>,
    },
    {
      key: 'action',
      title: t('col.action'),
      width: 80,
      render: (_, notice) => (
        <Button
          type="link"
          size="small"
          style={{ paddingInline: 0 }}
          loading={opening === notice.id}
          disabled={opening !== null && opening !== notice.id}
          onClick={() => void openDetail(notice)}
          data-testid={`notice-detail-${notice.id}`}
        >
          {t('action.detail')}
        </Button>
      ),
    },
  ];

  const total = list.data?.total ?? 0;
  const unviewed = list.data?.unviewed ?? 0;

  return (
    <>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Form<NoticeSearchValues> form={form} onFinish={find} data-testid="notice-search">
          <Flex wrap gap={8} align="start">
            <Form.Item name="range" label={t('search.sendDate')} style={{ marginBottom: 0 }}>
              <DatePicker.RangePicker
                format="YYYY-MM-DD"
                allowEmpty={[true, true]}
                placeholder={[t('search.from'), t('search.to')]}
                data-testid="notice-range"
              />
            </Form.Item>
            <Form.Item name="keyword" label={t('search.keyword')} style={{ marginBottom: 0 }}>
              <Input allowClear maxLength={200} placeholder={t('search.keywordPlaceholder')} style={{ width: 240 }} data-testid="notice-keyword" />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={list.isFetching} data-testid="notice-find">
                {t('search.find')}
              </Button>
              <Button icon={<UndoOutlined />} onClick={reset} data-testid="notice-reset">
                {t('search.reset')}
              </Button>
            </Space>
          </Flex>
        </Form>
      </Card>
      {list.isError && <Alert type="error" showIcon message={t('list.loadFailed', { message: errorMessage(list.error) })} style={{ marginBottom: 16 }} />}
      <Card
        title={t('list.title')}
        extra={
          <Space size="large">
            <Typography.Text>
              {t('list.total')} <Typography.Text strong data-testid="notice-total">{total}</Typography.Text>
            </Typography.Text>
            <Typography.Text>
              {t('list.unviewed')}{' '}
              <Typography.Text strong type={unviewed > 0 ? 'danger' : undefined} data-testid="notice-unviewed">
                {unviewed}
              </Typography.Text>
            </Typography.Text>
          </Space>
        }
        styles={{ body: { padding: 0 } }}
      >
        <Table<Notice>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.notices ?? []}
          loading={list.isFetching}
          size="middle"
          scroll={{ x: NOTICE_SCROLL_X, y: NOTICE_SCROLL_Y }}
          onRow={(notice): RowProps => ({
            'data-testid': `notice-row-${notice.id}`,
            'data-unviewed': !notice.viewed,
            style: notice.viewed ? undefined : { fontWeight: 600, background: token.colorPrimaryBg },
          })}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total,
            showSizeChanger: true,
            pageSizeOptions: NOTICE_PAGE_SIZES.map(String),
            onChange: (page, pageSize) => setPaging((current) => ({ page: pageSize === current.pageSize ? page : 1, pageSize })),
          }}
          locale={{ emptyText: t('list.empty') }}
        />
      </Card>
    </>
  );
}
