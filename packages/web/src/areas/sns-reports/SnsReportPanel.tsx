import { useMemo } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { SnsReport } from '@portal/contract';
import { api } from '../../app/api';
import { upload } from '../../app/upload';
import { NUMBER_COLUMN as NUMBER, ReportPanel, countText as count, type ReportKind } from '../reports/ReportPanel';
import { formatReportDate, reportDownloadUrl, reportListPath, templateUrl } from '../reports/model';
import { snsKeys } from '../sns-records/snsModel';
import { snsReportKeys } from './model';

const UPLOAD_PATHS = { new: '/api/sns-report/upload-report', update: '/api/sns-report/batch-update' } as const;

/** The SNS report's calls and addresses (as the WS report's: no inherit, no repeat removal). */
const SNS_REPORT_CALLS: Omit<ReportKind<SnsReport>, 'columns'> = {
  testPrefix: 'sns',
  queryKey: snsReportKeys.list,
  recordQueries: snsKeys.all,
  reportId: (r) => r.id,
  reportName: (r) => r.reportName,
  fetch: async (clientId) => (await api('/api/sns-report/fetch-reports', { clientId })).reports,
  send: (kind, clientId, file, options) => upload(UPLOAD_PATHS[kind], { clientId }, file, options),
  post: (ids, withUncategorized) => api('/api/sns-report/post-report', { ...ids, sendUncategorizRecords: withUncategorized }),
  remove: (ids) => api('/api/sns-report/remove-report', ids),
  extraActions: [],
  postUncategorizedChoice: true,
  templateUrl: (clientId) => templateUrl('/api/sns-report', clientId),
  downloadUrl: (ids) => reportDownloadUrl('/api/sns-report', ids),
  detailPath: (ids) => reportListPath('/sns-list', 'reportId', ids),
};

/**
 * The SNS report tab of the client's Data Settings (spec README, "SNS records"): the shared report panel with the SNS
 * report's calls and the WS report's columns (id, name, upload date, record count, sent date, categorized,
 * uncategorized and response counts).
 */
export function SnsReportPanel({ clientId }: { clientId: number }) {
  const { t } = useTranslation('records');
  const kind = useMemo<ReportKind<SnsReport>>(() => {
    const columns: ColumnsType<SnsReport> = [
      { title: t('report.column.id'), dataIndex: 'id', width: 72, fixed: 'left' },
      {
        title: t('report.column.name'),
        dataIndex: 'reportName',
        width: 220,
        fixed: 'left',
        render: (name: string) => <span style={{ overflowWrap: 'anywhere' }}>{name}</span>,
      },
      { title: t('report.column.uploadDate'), dataIndex: 'uploadDate', width: 150, render: (d: string) => formatReportDate(d) },
      { title: t('report.column.records'), dataIndex: 'recordCount', ...NUMBER, render: count },
      { title: t('report.column.categorized'), dataIndex: 'categrizeCount', ...NUMBER, render: count },
      { title: t('report.column.uncategorized'), dataIndex: 'uncategrizeCount', ...NUMBER, render: count },
      { title: t('report.column.sendDate'), dataIndex: 'sendDate', width: 150, render: (d: string | null) => formatReportDate(d) },
      { title: t('report.column.responses'), dataIndex: 'responseCount', ...NUMBER, render: count },
    ];
    return { ...SNS_REPORT_CALLS, columns };
  }, [t]);
  return <ReportPanel clientId={clientId} kind={kind} />;
}
