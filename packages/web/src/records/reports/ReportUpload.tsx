import { useEffect, useRef, useState } from 'react';
import { App, Button, Flex, Progress, Tag, Tooltip, Typography, Upload, theme } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, CloseOutlined, LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../platform/api';
import type { UploadOptions } from '../../platform/upload';
import { REPORT_ACCEPT, REPORT_MAX_MB, fileProblem, keepLast, moreProblems, problemLines, problemsOf, type Problems } from './model';

export type UploadKind = 'new' | 'update';
/** What both upload calls of a report kind answer: the whole report list and how many records they wrote. */
export interface UploadAnswer<R> {
  reports: R[];
  count: number;
}
/** One report kind's upload call (new: upload-report, update: batch-update) for a client. */
export type SendReport<R> = (kind: UploadKind, clientId: number, file: File, options: UploadOptions) => Promise<UploadAnswer<R>>;

/** One file of the upload list (spec 4: the last 2 are kept), newest last. */
export interface UploadEntry {
  uid: string;
  name: string;
  kind: UploadKind;
  status: 'uploading' | 'done' | 'error';
  /** 0-100 while the file goes out; at 100 the server is still checking and storing it. */
  percent: number;
  /** Records created or updated (done). */
  count?: number;
  /** The server's message (error). */
  error?: string;
}

/** Spec 4, 8 and 9: a refused spreadsheet's problems stay on screen for 20 seconds. */
const PROBLEMS_SECONDS = 20;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
let nextUid = 0;

/**
 * Spec 2.12 and 4, the uploads of a report tab (EC and WS): one .xls, .xlsx or .csv at a time, checked here by its
 * extension and size (the server checks it again, cell by cell), sent at once with its progress in the file list,
 * which keeps the last 2 files with their status. A refused sheet lists its problems in an error toast for 20 seconds.
 * `testPrefix` names the report kind in the test ids (`ec-upload-errors`, `ws-upload-errors`).
 */
export function useReportUploads<R>(clientId: number, send: SendReport<R>, onUploaded: (answer: UploadAnswer<R>) => void, testPrefix: string) {
  const { t } = useTranslation('records');
  const problemsKey = `${testPrefix}-upload-errors`;
  const { message } = App.useApp();
  const [files, setFiles] = useState<UploadEntry[]>([]);
  // The uploads under way by uid: stopped when the panel goes away or their entry is removed.
  const running = useRef(new Map<string, AbortController>());
  useEffect(() => {
    const controllers = running.current;
    return () => {
      for (const controller of controllers.values()) controller.abort();
    };
  }, []);

  const patch = (uid: string, change: Partial<UploadEntry>) => setFiles((list) => list.map((f) => (f.uid === uid ? { ...f, ...change } : f)));

  const showProblems = (text: string, problems: Problems) => {
    const lines = problemLines(problems, (p) => t('report.upload.problem', p));
    const more = moreProblems(problems);
    void message.error({
      key: problemsKey,
      duration: PROBLEMS_SECONDS,
      content: (
        <div style={{ display: 'inline-block', textAlign: 'left', maxWidth: 'min(680px, 85vw)', verticalAlign: 'top' }}>
          <div>{text}</div>
          <div data-testid={problemsKey}>
            <ul style={{ maxHeight: 260, overflowY: 'auto', margin: '6px 0 0', paddingInlineStart: 20 }}>
              {lines.map((line, index) => (
                <li key={index}>{line}</li>
              ))}
            </ul>
            {more > 0 && <Typography.Text type="secondary">{t('report.upload.more', { count: more })}</Typography.Text>}
          </div>
        </div>
      ),
    });
  };

  /** The browser's check; false when the file is refused (with a toast saying why). */
  const accepts = (file: File): boolean => {
    const problem = fileProblem(file);
    if (!problem) return true;
    const text = {
      type: t('report.upload.badType', { name: file.name }),
      size: t('report.upload.tooLarge', { name: file.name, max: REPORT_MAX_MB }),
      empty: t('report.upload.empty', { name: file.name }),
    }[problem];
    void message.error({ content: text, duration: 6 });
    return false;
  };

  const start = async (kind: UploadKind, file: File) => {
    if (!accepts(file)) return;
    const uid = `${testPrefix}-upload-${++nextUid}`;
    const controller = new AbortController();
    running.current.set(uid, controller);
    setFiles((list) => keepLast([...list, { uid, name: file.name, kind, status: 'uploading', percent: 0 }]));
    try {
      const answer = await send(kind, clientId, file, { onProgress: (percent) => patch(uid, { percent }), signal: controller.signal });
      patch(uid, { status: 'done', percent: 100, count: answer.count });
      onUploaded(answer);
      void message.success(kind === 'new' ? t('report.upload.newDone', { name: file.name, count: answer.count }) : t('report.upload.updateDone', { count: answer.count }));
    } catch (error) {
      if (isAbort(error)) return;
      patch(uid, { status: 'error', error: errorMessage(error) });
      const problems = error instanceof ApiError ? problemsOf(error.data) : null;
      if (problems && problems.errors.length > 0) showProblems(errorMessage(error), problems);
      else void message.error({ key: problemsKey, duration: PROBLEMS_SECONDS, content: t('report.upload.failed', { name: file.name, message: errorMessage(error) }) });
    } finally {
      running.current.delete(uid);
    }
  };

  /**
   * Takes a file off the list; one still being sent is cancelled (the server stores a sheet all or nothing). Once
   * sent, the server finishes it anyway, so the list offers no cancel while it checks and saves.
   */
  const remove = (uid: string) => {
    running.current.get(uid)?.abort();
    setFiles((list) => list.filter((f) => f.uid !== uid));
  };

  return { files, start, remove };
}

/** A button opening the file picker; Playwright sets the file on the wrapper's <input type=file>. */
export function UploadButton({ kind, onFile, testPrefix }: { kind: UploadKind; onFile: (file: File) => void; testPrefix: string }) {
  const { t } = useTranslation('records');
  return (
    <div data-testid={`${testPrefix}-upload-${kind}`}>
      <Upload
        accept={REPORT_ACCEPT}
        multiple={false}
        showUploadList={false}
        beforeUpload={(file) => {
          onFile(file);
          // The list below is ours; antd keeps nothing.
          return Upload.LIST_IGNORE;
        }}
      >
        <Tooltip title={t(kind === 'new' ? 'report.upload.newHint' : 'report.upload.updateHint')}>
          <Button type={kind === 'new' ? 'primary' : 'default'} icon={<UploadOutlined />}>
            {t(kind === 'new' ? 'report.upload.new' : 'report.upload.update')}
          </Button>
        </Tooltip>
      </Upload>
    </div>
  );
}

/** The last files uploaded, each with its kind, its progress and then its outcome. */
export function UploadList({ files, onRemove, testPrefix }: { files: readonly UploadEntry[]; onRemove: (uid: string) => void; testPrefix: string }) {
  const { t } = useTranslation('records');
  const { token } = theme.useToken();
  if (files.length === 0) return null;
  return (
    <Flex vertical gap={4} style={{ maxWidth: 760 }} data-testid={`${testPrefix}-upload-list`}>
      {files.map((f) => (
        <Flex key={f.uid} align="center" gap={8} data-testid={`${testPrefix}-upload-file`} data-status={f.status} style={{ minHeight: 28 }}>
          {f.status === 'uploading' && <LoadingOutlined style={{ color: token.colorPrimary }} />}
          {f.status === 'done' && <CheckCircleFilled style={{ color: token.colorSuccess }} />}
          {f.status === 'error' && <CloseCircleFilled style={{ color: token.colorError }} />}
          <Typography.Text ellipsis={{ tooltip: f.name }} style={{ maxWidth: 260 }} type={f.status === 'error' ? 'danger' : undefined}>
            {f.name}
          </Typography.Text>
          <Tag bordered={false} color={f.kind === 'new' ? 'blue' : 'default'} style={{ marginInlineEnd: 0 }}>
            {t(f.kind === 'new' ? 'report.upload.new' : 'report.upload.update')}
          </Tag>
          <div style={{ flex: 1, minWidth: 160 }}>
            {f.status === 'uploading' &&
              (f.percent < 100 ? (
                <Progress percent={f.percent} size="small" aria-label={f.name} style={{ marginBottom: 0 }} />
              ) : (
                <Typography.Text type="secondary">{t('report.upload.checking')}</Typography.Text>
              ))}
            {f.status === 'done' && <Typography.Text type="secondary">{t('report.upload.records', { count: f.count ?? 0 })}</Typography.Text>}
            {f.status === 'error' && (
              <Typography.Text type="danger" ellipsis={{ tooltip: f.error }}>
                {f.error}
              </Typography.Text>
            )}
          </div>
          {(f.status !== 'uploading' || f.percent < 100) && (
            <Tooltip title={t(f.status === 'uploading' ? 'report.upload.cancel' : 'report.upload.dismiss')}>
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined />}
                aria-label={t(f.status === 'uploading' ? 'report.upload.cancel' : 'report.upload.dismiss')}
                onClick={() => onRemove(f.uid)}
              />
            </Tooltip>
          )}
        </Flex>
      ))}
    </Flex>
  );
}
