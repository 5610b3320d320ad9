import { useMemo } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { EcReport } from '@portal/contract';
import { api } from '../../platform/api';
import { upload } from '../../platform/upload';
import { seededCall } from '../../platform/calls';
import { EC_RECORD_READS } from './ecModel';
import { NUMBER_COLUMN as NUMBER, ReportPanel, countText as count, type ReportKind } from '../../records/reports/ReportPanel';
import { formatReportDate, reportDownloadUrl, reportListPath, templateUrl } from '../../records/reports/model';
import { EC_REPORT_LIST, categorizedCount } from './reportModel';

const UPLOAD_PATHS = { new: '/api/ec-report/upload-report', update: '/api/ec-report/batch-update' } as const;

/** The EC report's calls and addresses (the columns and the EC-only actions come with the language). */
const EC_REPORT_CALLS: Omit<ReportKind<EcReport>, 'columns' | 'extraActions'> = {
  testPrefix: 'ec',
  list: seededCall(EC_REPORT_LIST, (answer) => answer.reports, (reports) => ({ reports })),
  recordReads: EC_RECORD_READS,
  reportId: (r) => r.report_id,
  reportName: (r) => r.report_name,
  send: (kind, clientId, file, options) => upload(UPLOAD_PATHS[kind], { clientId }, file, options),
  post: (ids, withUncategorized) => api('/api/ec-report/post-report', { ...ids, sendUncategorizRecords: withUncategorized }),
  remove: (ids) => api('/api/ec-report/remove-report', ids),
  postUncategorizedChoice: true,
  templateUrl: (clientId) => templateUrl('/api/ec-report', clientId),
  downloadUrl: (ids) => reportDownloadUrl('/api/ec-report', ids),
  detailPath: (ids) => reportListPath('/ec-list', 'report_id', ids),
};

/**
 * Spec 2.12 "EC report tab": the shared report panel with the EC report's calls, columns (document 1, section 3: the
 * categorized count is the scrape count minus the uncategorized count) and its own actions, inherit and delete
 * repeats.
 */
export function EcReportPanel({ clientId }: { clientId: number }) {
  const { t } = useTranslation(['records', 'ecReports']);
  const kind = useMemo<ReportKind<EcReport>>(() => {
    const columns: ColumnsType<EcReport> = [
      { title: t('report.column.id'), dataIndex: 'report_id', width: 72, fixed: 'left' },
      {
        title: t('report.column.name'),
        dataIndex: 'report_name',
        width: 220,
        fixed: 'left',
        render: (name: string) => <span style={{ overflowWrap: 'anywhere' }}>{name}</span>,
      },
      { title: t('report.column.uploadDate'), dataIndex: 'report_upload_date', width: 150, render: (d: string) => formatReportDate(d) },
      { title: t('ecReports:column.scraped'), dataIndex: 'report_scrape_count', ...NUMBER, render: count },
      { title: t('ecReports:column.repeat'), dataIndex: 'report_repeat_count', ...NUMBER, render: count },
      { title: t('report.column.categorized'), key: 'categorized', ...NUMBER, render: (_, r) => count(categorizedCount(r)) },
      { title: t('report.column.uncategorized'), dataIndex: 'report_uncategrize_count', ...NUMBER, render: count },
      { title: t('ecReports:column.needCheck'), dataIndex: 'report_need_check_count', ...NUMBER, render: count },
      { title: t('ecReports:column.inherited'), dataIndex: 'report_inherited_count', ...NUMBER, render: count },
      { title: t('report.column.sendDate'), dataIndex: 'report_send_date', width: 150, render: (d: string | null) => formatReportDate(d) },
      { title: t('report.column.responses'), dataIndex: 'report_response_count', ...NUMBER, render: count },
      { title: t('ecReports:column.responseDate'), dataIndex: 'report_response_date', width: 150, render: (d: string | null) => formatReportDate(d) },
      { title: t('ecReports:column.uploadedBy'), dataIndex: 'report_uploaded_by', width: 140 },
    ];
    const extraActions: ReportKind<EcReport>['extraActions'] = [
      {
        name: 'inherit',
        label: t('ecReports:action.inherit'),
        confirmTitle: (r) => t('ecReports:confirm.inherit', { name: r.report_name }),
        confirmText: t('ecReports:confirm.inheritText'),
        call: (ids) => api('/api/ec-report/inherit-records', ids),
        done: (r, n) => t('ecReports:toast.inherited', { name: r.report_name, count: n }),
        failed: (message) => t('ecReports:toast.inheritFailed', { message }),
      },
      {
        name: 'repeats',
        label: t('ecReports:action.repeats'),
        confirmTitle: (r) => t('ecReports:confirm.repeats', { name: r.report_name }),
        confirmText: t('ecReports:confirm.repeatsText'),
        call: (ids) => api('/api/ec-report/delete-repeat-records', ids),
        done: (r, n) => t('ecReports:toast.repeatsDeleted', { name: r.report_name, count: n }),
        failed: (message) => t('ecReports:toast.repeatsFailed', { message }),
      },
    ];
    return { ...EC_REPORT_CALLS, columns, extraActions };
  }, [t]);
  return <ReportPanel clientId={clientId} kind={kind} />;
}
