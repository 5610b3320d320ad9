import { useMemo } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { WsReport } from '@portal/contract';
import { api } from '../../app/api';
import { upload } from '../../app/upload';
import { NUMBER_COLUMN as NUMBER, ReportPanel, countText as count, type ReportKind } from '../reports/ReportPanel';
import { formatReportDate, reportDownloadUrl, reportListPath, templateUrl } from '../reports/model';
import { wsKeys } from '../ws-records/wsModel';
import { wsReportKeys } from './model';

const UPLOAD_PATHS = { new: '/api/ws-report/upload-report', update: '/api/ws-report/batch-update' } as const;

/** The WS report's calls and addresses (document 1, section 7 "Reports (WS)": no inherit, no repeat removal). */
const WS_REPORT_CALLS: Omit<ReportKind<WsReport>, 'columns'> = {
  testPrefix: 'ws',
  queryKey: wsReportKeys.list,
  recordQueries: wsKeys.all,
  reportId: (r) => r.id,
  reportName: (r) => r.reportName,
  fetch: async (clientId) => (await api('/api/ws-report/fetch-reports', { clientId })).reports,
  send: (kind, clientId, file, options) => upload(UPLOAD_PATHS[kind], { clientId }, file, options),
  post: (ids, withUncategorized) => api('/api/ws-report/post-report', { ...ids, sendUncategorizRecords: withUncategorized }),
  remove: (ids) => api('/api/ws-report/remove-report', ids),
  extraActions: [],
  postUncategorizedChoice: true,
  templateUrl: (clientId) => templateUrl('/api/ws-report', clientId),
  downloadUrl: (ids) => reportDownloadUrl('/api/ws-report', ids),
  detailPath: (ids) => reportListPath('/ws-list', 'reportId', ids),
};

/**
 * Spec 2.12 "WS report tab": the shared report panel with the WS report's calls and columns (document 1, section 3:
 * id, name, upload date, record count, sent date, categorized, uncategorized and response counts).
 */
export function WsReportPanel({ clientId }: { clientId: number }) {
  const { t } = useTranslation('records');
  const kind = useMemo<ReportKind<WsReport>>(() => {
    const columns: ColumnsType<WsReport> = [
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
    return { ...WS_REPORT_CALLS, columns };
  }, [t]);
  return <ReportPanel clientId={clientId} kind={kind} />;
}
