import { Fragment, useState, type HTMLAttributes, type ReactNode } from 'react';
import { Alert, App, Button, Checkbox, Flex, Popconfirm, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CallPath } from '@portal/contract';
import { errorMessage } from '../../platform/api';
import { invalidateCalls, type SeededCall } from '../../platform/calls';
import { UploadButton, UploadList, useReportUploads, type SendReport } from './ReportUpload';
import type { KindName } from '../kind';
import { REPORT_MAX_MB, type ReportIds } from './model';

/** What every report action answers: the whole report list (it replaces the table) and how many records it touched. */
export interface ReportActionAnswer<R> {
  reports: R[];
  count: number;
}

/** The actions every report kind has; a kind adds its own (EC: inherit, delete repeats) as `extraActions`. */
type SharedAction = 'post' | 'remove';

/**
 * A row action only some kinds have (EC: inherit, delete repeats): confirmed, then run; its texts are the kind's own.
 * The test id reads `${testPrefix}-report-${name}-${reportId}`.
 */
export interface ExtraReportAction<R> {
  name: string;
  label: string;
  confirmTitle: (report: R) => string;
  confirmText: string;
  call: (ids: ReportIds) => Promise<ReportActionAnswer<R>>;
  done: (report: R, count: number) => string;
  failed: (message: string) => string;
}

/**
 * One kind of report (EC, WS, SNS): its calls, its row shape and data columns, and the prefix of its test ids. The
 * panel brings the uploads, the template, the action column and the shared texts of the `records` catalogue.
 * Every member is required: a kind without extra actions says so with an empty list.
 */
export interface ReportKind<R> {
  /** `ec`, `ws`, `sns`: the test ids read `${testPrefix}-report-row-1`, `${testPrefix}-upload-new` … */
  testPrefix: KindName;
  /** The client's reports, cached; an action's answer replaces them. */
  list: SeededCall<{ clientId: number }, R[]>;
  /** The record screens' reads, marked stale after every upload and action. */
  recordReads: readonly CallPath[];
  reportId: (report: R) => number;
  reportName: (report: R) => string;
  send: SendReport<R>;
  /** The table's data columns (the panel adds the action column). */
  columns: ColumnsType<R>;
  post: (ids: ReportIds, withUncategorized: boolean) => Promise<ReportActionAnswer<R>>;
  remove: (ids: ReportIds) => Promise<ReportActionAnswer<R>>;
  /** Row actions before Post (EC: inherit and delete repeats); WS and SNS have none. */
  extraActions: readonly ExtraReportAction<R>[];
  /** The post popup offers "include uncategorized records". */
  postUncategorizedChoice: boolean;
  templateUrl: (clientId: number) => string;
  downloadUrl: (ids: ReportIds) => string;
  /** Row action Detail: the record list filtered to the report. */
  detailPath: (ids: ReportIds) => string;
}

/**
 * Spec 2.12 "EC report tab", "WS report tab" and the SNS report tab (document 1, sections 3, 4, 7 and 8): the two uploads and the
 * template, and the table of the client's reports with their counts and actions. Every answer carries the whole
 * report list, which replaces the table; no refetch follows.
 */
export function ReportPanel<R extends object>({ clientId, kind }: { clientId: number; kind: ReportKind<R> }) {
  const { t } = useTranslation('records');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const prefix = kind.testPrefix;
  const query = useQuery(kind.list.query({ clientId }));
  const setReports = (reports: R[]) => {
    kind.list.seed(queryClient, { clientId }, reports);
    void invalidateCalls(queryClient, kind.recordReads);
  };
  // The action under way, as `${action}-${reportId}` (its button spins; the others of the row wait).
  const [pending, setPending] = useState<string | null>(null);
  // The post popup's checkbox: unchecked whenever the popup opens.
  const [withUncategorized, setWithUncategorized] = useState(false);

  const uploads = useReportUploads<R>(clientId, kind.send, (answer) => setReports(answer.reports), prefix);

  const shared: Record<SharedAction, Pick<ExtraReportAction<R>, 'done' | 'failed'>> = {
    post: { done: (r, count) => t('report.toast.posted', { name: kind.reportName(r), count }), failed: (text) => t('report.toast.postFailed', { message: text }) },
    remove: { done: (r) => t('report.toast.removed', { name: kind.reportName(r) }), failed: (text) => t('report.toast.removeFailed', { message: text }) },
  };

  const run = async (action: string, report: R, toasts: Pick<ExtraReportAction<R>, 'done' | 'failed'>, call: () => Promise<ReportActionAnswer<R>>) => {
    setPending(`${action}-${kind.reportId(report)}`);
    try {
      const { reports, count } = await call();
      setReports(reports);
      void message.success(toasts.done(report, count));
    } catch (error) {
      void message.error(toasts.failed(errorMessage(error)));
    } finally {
      setPending(null);
    }
  };

  const ids = (report: R): ReportIds => ({ clientId, reportId: kind.reportId(report) });
  const openWindow = (url: string) => window.open(url, '_blank', 'noopener');

  /** A confirmed row action: a link button that spins while its call runs. */
  const confirmed = (args: {
    action: string;
    report: R;
    label: string;
    title: string;
    text: ReactNode;
    onConfirm: () => Promise<void>;
    danger?: boolean;
    onOpenChange?: (open: boolean) => void;
  }) => {
    const id = kind.reportId(args.report);
    return (
      <Popconfirm
        title={args.title}
        description={<div style={{ maxWidth: 320 }}>{args.text}</div>}
        okText={args.label}
        okButtonProps={{ danger: args.danger }}
        cancelText={t('report.action.cancel')}
        onConfirm={args.onConfirm}
        onOpenChange={args.onOpenChange}
        disabled={pending !== null}
      >
        <Button
          type="link"
          size="small"
          danger={args.danger}
          loading={pending === `${args.action}-${id}`}
          disabled={pending !== null && pending !== `${args.action}-${id}`}
          data-testid={`${prefix}-report-${args.action}-${id}`}
        >
          {args.label}
        </Button>
      </Popconfirm>
    );
  };

  const actionColumn: ColumnsType<R>[number] = {
    title: t('report.column.action'),
    key: 'action',
    fixed: 'right',
    width: 200 + kind.extraActions.length * 30,
    render: (_, r) => {
      const name = kind.reportName(r);
      const id = kind.reportId(r);
      return (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => void navigate(kind.detailPath(ids(r)))} data-testid={`${prefix}-report-detail-${id}`}>
            {t('report.action.detail')}
          </Button>
          {kind.extraActions.map((extra) => (
            <Fragment key={extra.name}>
              {confirmed({
                action: extra.name,
                report: r,
                label: extra.label,
                title: extra.confirmTitle(r),
                text: extra.confirmText,
                onConfirm: () => run(extra.name, r, extra, () => extra.call(ids(r))),
              })}
            </Fragment>
          ))}
          {confirmed({
            action: 'post',
            report: r,
            label: t('report.action.post'),
            title: t('report.confirm.post', { name }),
            text: kind.postUncategorizedChoice ? (
              <Flex vertical gap={8}>
                <span>{t('report.confirm.postText')}</span>
                <Checkbox checked={withUncategorized} onChange={(e) => setWithUncategorized(e.target.checked)} data-testid={`${prefix}-report-post-uncategorized`}>
                  {t('report.confirm.postUncategorized')}
                </Checkbox>
              </Flex>
            ) : (
              t('report.confirm.postText')
            ),
            onConfirm: () => run('post', r, shared.post, () => kind.post(ids(r), withUncategorized)),
            onOpenChange: (open) => {
              if (open) setWithUncategorized(false);
            },
          })}
          <Button
            type="link"
            size="small"
            icon={<DownloadOutlined />}
            onClick={() => openWindow(kind.downloadUrl(ids(r)))}
            data-testid={`${prefix}-report-download-${id}`}
          >
            {t('report.action.download')}
          </Button>
          {confirmed({
            action: 'remove',
            report: r,
            label: t('report.action.remove'),
            title: t('report.confirm.remove', { name }),
            text: t('report.confirm.removeText'),
            onConfirm: () => run('remove', r, shared.remove, () => kind.remove(ids(r))),
            danger: true,
          })}
        </Space>
      );
    },
  };

  return (
    <Flex vertical gap={16} data-testid={`${prefix}-report-panel`}>
      <Flex vertical gap={8}>
        <Flex wrap gap={8} align="center">
          <UploadButton kind="new" onFile={(file) => void uploads.start('new', file)} testPrefix={prefix} />
          <UploadButton kind="update" onFile={(file) => void uploads.start('update', file)} testPrefix={prefix} />
          <Button icon={<DownloadOutlined />} onClick={() => openWindow(kind.templateUrl(clientId))} data-testid={`${prefix}-template`}>
            {t('report.upload.template')}
          </Button>
          <Typography.Text type="secondary">{t('report.upload.rules', { max: REPORT_MAX_MB })}</Typography.Text>
        </Flex>
        <UploadList files={uploads.files} onRemove={uploads.remove} testPrefix={prefix} />
      </Flex>
      {query.error ? (
        <Alert
          type="error"
          showIcon
          message={t('report.load.failed', { message: errorMessage(query.error) })}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('report.load.retry')}
            </Button>
          }
        />
      ) : (
        <Table<R>
          rowKey={kind.reportId}
          size="small"
          bordered
          columns={[...kind.columns, actionColumn]}
          dataSource={query.data ?? []}
          loading={query.isLoading}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('report.table.empty') }}
          onRow={(r) => ({ 'data-testid': `${prefix}-report-row-${kind.reportId(r)}` }) as HTMLAttributes<HTMLElement>}
          footer={query.data?.length ? () => t('report.table.total', { count: query.data.length }) : undefined}
        />
      )}
    </Flex>
  );
}

/** Counts right-aligned in the report tables. */
export const NUMBER_COLUMN = { align: 'right' as const, width: 96 };
export const countText = (value: number) => value.toLocaleString();
