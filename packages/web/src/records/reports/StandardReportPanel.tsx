import { useMemo } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { CallOutput, CallPath, WsReport } from '@portal/contract';
import { api } from '../../platform/api';
import { upload } from '../../platform/upload';
import { seededCall } from '../../platform/calls';
import type { KindName } from '../kind';
import { NUMBER_COLUMN as NUMBER, ReportPanel, countText as count, type ReportKind } from './ReportPanel';
import { formatReportDate, reportDownloadUrl, reportListPath, templateUrl } from './model';

/** The report addresses whose calls answer the standard report (`/api/ws-report`, `/api/sns-report`). */
export type StandardReportBase = {
  [P in CallPath]: P extends `${infer Base}/fetch-reports` ? (CallOutput<P> extends { reports: WsReport[] } ? Base : never) : never;
}[CallPath];

/** What a kind with the standard report (no inherit, no repeat removal) tells the panel. */
export interface StandardReportDescription {
  /** `ws`, `sns`: the test ids read `${testPrefix}-report-row-1` … */
  testPrefix: KindName;
  /** The report calls' address: `${base}/fetch-reports`, `${base}/upload-report` … */
  base: StandardReportBase;
  /** The kind's record list, opened filtered by a report. */
  listPath: string;
  /** The record screens' reads, marked stale after every upload and action. */
  recordReads: readonly CallPath[];
}

function standardReportKind(d: StandardReportDescription): Omit<ReportKind<WsReport>, 'columns'> {
  const uploadPaths = { new: `${d.base}/upload-report`, update: `${d.base}/batch-update` } as const;
  return {
    testPrefix: d.testPrefix,
    list: seededCall(`${d.base}/fetch-reports`, (answer) => answer.reports, (reports) => ({ reports })),
    recordReads: d.recordReads,
    reportId: (r) => r.id,
    reportName: (r) => r.reportName,
    send: (kind, clientId, file, options) => upload(uploadPaths[kind], { clientId }, file, options),
    post: (ids, withUncategorized) => api(`${d.base}/post-report`, { ...ids, sendUncategorizRecords: withUncategorized }),
    remove: (ids) => api(`${d.base}/remove-report`, ids),
    extraActions: [],
    postUncategorizedChoice: true,
    templateUrl: (clientId) => templateUrl(d.base, clientId),
    downloadUrl: (ids) => reportDownloadUrl(d.base, ids),
    detailPath: (ids) => reportListPath(d.listPath, 'reportId', ids),
  };
}

/**
 * The report tab of a kind without inherit or repeat removal (spec 2.12 "WS report tab", and the SNS report tab):
 * the shared report panel with the kind's calls and the standard columns (document 1, section 3: id, name, upload
 * date, record count, sent date, categorized, uncategorized and response counts).
 */
export function StandardReportPanel({ clientId, report }: { clientId: number; report: StandardReportDescription }) {
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
    return { ...standardReportKind(report), columns };
  }, [t, report]);
  return <ReportPanel clientId={clientId} kind={kind} />;
}
