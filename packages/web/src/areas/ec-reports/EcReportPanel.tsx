import { useState, type HTMLAttributes, type ReactNode } from 'react';
import { Alert, App, Button, Checkbox, Flex, Popconfirm, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CallOutput, EcReport } from '@portal/contract';
import { api, errorMessage } from '../../app/api';
import { UploadButton, UploadList, useReportUploads, type UploadAnswer } from './ReportUpload';
import { RECORD_QUERIES, REPORT_MAX_MB, categorizedCount, detailPath, formatReportDate, reportDownloadUrl, reportKeys, templateUrl } from './model';

type ActionAnswer = CallOutput<'/api/ec-report/remove-report'>;
type Action = 'inherit' | 'repeats' | 'post' | 'remove';

const NUMBER = { align: 'right' as const, width: 96 };

/**
 * Spec 2.12 "EC report tab" (document 1, sections 3, 4, 7 and 8): the two uploads and the template, and the table
 * of the client's reports with their counts and actions. Every answer carries the whole report list, which replaces
 * the table; no refetch follows.
 */
export function EcReportPanel({ clientId }: { clientId: number }) {
  const { t } = useTranslation('ecReports');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const queryKey = reportKeys.list(clientId);
  const query = useQuery({ queryKey, queryFn: async () => (await api('/api/ec-report/fetch-reports', { clientId })).reports });
  const setReports = (reports: EcReport[]) => {
    queryClient.setQueryData(queryKey, reports);
    void queryClient.invalidateQueries({ queryKey: RECORD_QUERIES });
  };
  // The action under way, as `${action}-${reportId}` (its button spins; the others of the row wait).
  const [pending, setPending] = useState<string | null>(null);
  // The post popup's checkbox: unchecked whenever the popup opens.
  const [withUncategorized, setWithUncategorized] = useState(false);

  const uploads = useReportUploads(clientId, (answer: UploadAnswer) => setReports(answer.reports));

  const run = async (action: Action, report: EcReport, call: () => Promise<ActionAnswer>) => {
    const name = report.report_name;
    setPending(`${action}-${report.report_id}`);
    try {
      const { reports, count } = await call();
      setReports(reports);
      const done = {
        inherit: () => t('toast.inherited', { name, count }),
        repeats: () => t('toast.repeatsDeleted', { name, count }),
        post: () => t('toast.posted', { name, count }),
        remove: () => t('toast.removed', { name }),
      }[action];
      void message.success(done());
    } catch (error) {
      const failed = {
        inherit: () => t('toast.inheritFailed', { message: errorMessage(error) }),
        repeats: () => t('toast.repeatsFailed', { message: errorMessage(error) }),
        post: () => t('toast.postFailed', { message: errorMessage(error) }),
        remove: () => t('toast.removeFailed', { message: errorMessage(error) }),
      }[action];
      void message.error(failed());
    } finally {
      setPending(null);
    }
  };

  const ids = (report: EcReport) => ({ clientId, reportId: report.report_id });
  const inherit = (r: EcReport) => run('inherit', r, () => api('/api/ec-report/inherit-records', ids(r)));
  const deleteRepeats = (r: EcReport) => run('repeats', r, () => api('/api/ec-report/delete-repeat-records', ids(r)));
  const post = (r: EcReport) =>
    run('post', r, () => api('/api/ec-report/post-report', { ...ids(r), sendUncategorizRecords: withUncategorized }));
  const remove = (r: EcReport) => run('remove', r, () => api('/api/ec-report/remove-report', ids(r)));
  const openWindow = (url: string) => window.open(url, '_blank', 'noopener');

  /** A confirmed row action: a link button that spins while its call runs. */
  const confirmed = (args: {
    action: Action;
    report: EcReport;
    testId: string;
    label: string;
    title: string;
    text: ReactNode;
    onConfirm: () => Promise<void>;
    danger?: boolean;
    onOpenChange?: (open: boolean) => void;
  }) => (
    <Popconfirm
      title={args.title}
      description={<div style={{ maxWidth: 320 }}>{args.text}</div>}
      okText={args.label}
      okButtonProps={{ danger: args.danger }}
      cancelText={t('action.cancel')}
      onConfirm={args.onConfirm}
      onOpenChange={args.onOpenChange}
      disabled={pending !== null}
    >
      <Button
        type="link"
        size="small"
        danger={args.danger}
        loading={pending === `${args.action}-${args.report.report_id}`}
        disabled={pending !== null && pending !== `${args.action}-${args.report.report_id}`}
        data-testid={args.testId}
      >
        {args.label}
      </Button>
    </Popconfirm>
  );

  const count = (value: number) => value.toLocaleString();
  const columns: ColumnsType<EcReport> = [
    { title: t('column.id'), dataIndex: 'report_id', width: 72, fixed: 'left' },
    {
      title: t('column.name'),
      dataIndex: 'report_name',
      width: 220,
      fixed: 'left',
      render: (name: string) => <span style={{ overflowWrap: 'anywhere' }}>{name}</span>,
    },
    { title: t('column.uploadDate'), dataIndex: 'report_upload_date', width: 150, render: (d: string) => formatReportDate(d) },
    { title: t('column.scraped'), dataIndex: 'report_scrape_count', ...NUMBER, render: count },
    { title: t('column.repeat'), dataIndex: 'report_repeat_count', ...NUMBER, render: count },
    { title: t('column.categorized'), key: 'categorized', ...NUMBER, render: (_, r) => count(categorizedCount(r)) },
    { title: t('column.uncategorized'), dataIndex: 'report_uncategrize_count', ...NUMBER, render: count },
    { title: t('column.needCheck'), dataIndex: 'report_need_check_count', ...NUMBER, render: count },
    { title: t('column.inherited'), dataIndex: 'report_inherited_count', ...NUMBER, render: count },
    { title: t('column.sendDate'), dataIndex: 'report_send_date', width: 150, render: (d: string | null) => formatReportDate(d) },
    { title: t('column.responses'), dataIndex: 'report_response_count', ...NUMBER, render: count },
    { title: t('column.responseDate'), dataIndex: 'report_response_date', width: 150, render: (d: string | null) => formatReportDate(d) },
    { title: t('column.uploadedBy'), dataIndex: 'report_uploaded_by', width: 140 },
    {
      title: t('column.action'),
      key: 'action',
      fixed: 'right',
      width: 260,
      render: (_, r) => {
        const name = r.report_name;
        return (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => void navigate(detailPath(clientId, r.report_id))} data-testid={`ec-report-detail-${r.report_id}`}>
              {t('action.detail')}
            </Button>
            {confirmed({
              action: 'inherit',
              report: r,
              testId: `ec-report-inherit-${r.report_id}`,
              label: t('action.inherit'),
              title: t('confirm.inherit', { name }),
              text: t('confirm.inheritText'),
              onConfirm: () => inherit(r),
            })}
            {confirmed({
              action: 'repeats',
              report: r,
              testId: `ec-report-repeats-${r.report_id}`,
              label: t('action.repeats'),
              title: t('confirm.repeats', { name }),
              text: t('confirm.repeatsText'),
              onConfirm: () => deleteRepeats(r),
            })}
            {confirmed({
              action: 'post',
              report: r,
              testId: `ec-report-post-${r.report_id}`,
              label: t('action.post'),
              title: t('confirm.post', { name }),
              text: (
                <Flex vertical gap={8}>
                  <span>{t('confirm.postText')}</span>
                  <Checkbox
                    checked={withUncategorized}
                    onChange={(e) => setWithUncategorized(e.target.checked)}
                    data-testid="ec-report-post-uncategorized"
                  >
                    {t('confirm.postUncategorized')}
                  </Checkbox>
                </Flex>
              ),
              onConfirm: () => post(r),
              onOpenChange: (open) => {
                if (open) setWithUncategorized(false);
              },
            })}
            <Button
              type="link"
              size="small"
              icon={<DownloadOutlined />}
              onClick={() => openWindow(reportDownloadUrl(clientId, r.report_id))}
              data-testid={`ec-report-download-${r.report_id}`}
            >
              {t('action.download')}
            </Button>
            {confirmed({
              action: 'remove',
              report: r,
              testId: `ec-report-remove-${r.report_id}`,
              label: t('action.remove'),
              title: t('confirm.remove', { name }),
              text: t('confirm.removeText'),
              onConfirm: () => remove(r),
              danger: true,
            })}
          </Space>
        );
      },
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="ec-report-panel">
      <Flex vertical gap={8}>
        <Flex wrap gap={8} align="center">
          <UploadButton kind="new" onFile={(file) => void uploads.start('new', file)} />
          <UploadButton kind="update" onFile={(file) => void uploads.start('update', file)} />
          <Button icon={<DownloadOutlined />} onClick={() => openWindow(templateUrl(clientId))} data-testid="ec-template">
            {t('upload.template')}
          </Button>
          <Typography.Text type="secondary">{t('upload.rules', { max: REPORT_MAX_MB })}</Typography.Text>
        </Flex>
        <UploadList files={uploads.files} onRemove={uploads.remove} />
      </Flex>
      {query.error ? (
        <Alert
          type="error"
          showIcon
          message={t('load.failed', { message: errorMessage(query.error) })}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('load.retry')}
            </Button>
          }
        />
      ) : (
        <Table<EcReport>
          rowKey="report_id"
          size="small"
          bordered
          columns={columns}
          dataSource={query.data ?? []}
          loading={query.isLoading}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('table.empty') }}
          onRow={(r) => ({ 'data-testid': `ec-report-row-${r.report_id}` }) as HTMLAttributes<HTMLElement>}
          footer={query.data?.length ? () => t('table.total', { count: query.data.length }) : undefined}
        />
      )}
    </Flex>
  );
}
