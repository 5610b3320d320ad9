import { useMemo } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { EcReport } from '@portal/contract';
import { api } from '../../app/api';
import { upload } from '../../app/upload';
import { NUMBER_COLUMN as NUMBER, ReportPanel, countText as count, type ReportKind } from './ReportPanel';
import { RECORD_QUERIES, categorizedCount, detailPath, formatReportDate, reportDownloadUrl, reportKeys, templateUrl } from './model';

const UPLOAD_PATHS = { new: '/api/ec-report/upload-report', update: '/api/ec-report/batch-update' } as const;

/** The EC report's calls and addresses (the columns come with the language). */
const EC_REPORT_CALLS: Omit<ReportKind<EcReport>, 'columns'> = {
  testPrefix: 'ec',
  queryKey: reportKeys.list,
  recordQueries: RECORD_QUERIES,
  reportId: (r) => r.report_id,
  reportName: (r) => r.report_name,
  fetch: async (clientId) => (await api('/api/ec-report/fetch-reports', { clientId })).reports,
  send: (kind, clientId, file, options) => upload(UPLOAD_PATHS[kind], { clientId }, file, options),
  post: (ids, withUncategorized) => api('/api/ec-report/post-report', { ...ids, sendUncategorizRecords: withUncategorized }),
  remove: (ids) => api('/api/ec-report/remove-report', ids),
  inherit: (ids) => api('/api/ec-report/inherit-records', ids),
  deleteRepeats: (ids) => api('/api/ec-report/delete-repeat-records', ids),
  postUncategorizedChoice: true,
  templateUrl,
  downloadUrl: ({ clientId, reportId }) => reportDownloadUrl(clientId, reportId),
  detailPath: ({ clientId, reportId }) => detailPath(clientId, reportId),
};

/**
 * Spec 2.12 "EC report tab": the generic report panel with the EC report's calls and columns (document 1, section 3:
 * the categorized count is the scrape count minus the uncategorized count).
 */
export function EcReportPanel({ clientId }: { clientId: number }) {
  const { t } = useTranslation('ecReports');
  const kind = useMemo<ReportKind<EcReport>>(() => {
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
    ];
    return { ...EC_REPORT_CALLS, columns };
  }, [t]);
  return <ReportPanel clientId={clientId} kind={kind} />;
}
