import { useRef, useState } from 'react';
import { Alert, App, Button, Collapse, Descriptions, Drawer, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { DownloadOutlined, FileProtectOutlined, SendOutlined } from '@ant-design/icons';
import { useCall, useInvalidateCalls } from '../platform/calls';
import { useTranslation } from 'react-i18next';
import { BATCH_CHANNELS, downloadHref, TAKEDOWN_CHANNELS, TAKEDOWN_MAX, type EvidenceKind, type TakedownChannel, type TakedownNotice } from '@portal/contract';
import { api, errorMessage } from '../platform/api';
import { problemsByRecord } from './takedown';

export interface TakedownComposeProps {
  kind: EvidenceKind;
  clientId: number | undefined;
  selected: readonly number[];
  /** Why composing is not offered (an analyst who does not manage the client). */
  disabledReason?: string;
  /** After marking sent: the list reloads (the report dates changed). */
  onSent: () => void;
}

/** Where a record opens, to fix a problem the check found. */
const DETAIL_BASE: Record<EvidenceKind, string> = { ec: '/ec-data', ws: '/ws-data', sns: '/sns-data' };

export function takedownExportUrl(clientId: number, kind: EvidenceKind, channel: TakedownChannel, format: 'docx' | 'txt' | 'csv', ids: readonly number[]): string {
  return downloadHref('/api/takedown/export', { clientId, kind, channel, format, ids: [...ids] });
}

/**
 * Takedown notices from the list's selection (issue 18): the channel of the listings' marketplace is proposed (the
 * server's `proposed`; issue 35) and may be changed; read the notices and the pre-send check's problems (each record
 * once, with a link to fix it), export them, and mark them sent once nothing is wrong.
 */
export function TakedownCompose({ kind, clientId, selected, disabledReason, onSent }: TakedownComposeProps) {
  const { t } = useTranslation(['takedown', 'contract']);
  const { message, modal } = App.useApp();
  const invalidate = useInvalidateCalls();
  const [open, setOpen] = useState(false);
  // The channel the analyst chose; until then the one the server proposes for the selection's marketplace.
  const [chosen, setChosen] = useState<TakedownChannel | null>(null);
  const [ids, setIds] = useState<number[]>([]);
  const [sending, setSending] = useState(false);
  const composed = useCall('/api/takedown/compose', { clientId: clientId ?? 0, kind, recordIds: ids, ...(chosen ? { channel: chosen } : {}) }, {
    enabled: open && clientId !== undefined && ids.length > 0,
    gcTime: 0,
  });
  const proposed = composed.data?.proposed;
  const channel = chosen ?? proposed;

  const start = () => {
    if (selected.length === 0) return void message.error(t('contract:validation.noRecordsSelected'));
    if (selected.length > TAKEDOWN_MAX) return void message.error(t('contract:validation.takedownTooMany'));
    setIds([...selected]);
    setChosen(null);
    setOpen(true);
  };

  const notices: TakedownNotice[] = composed.data?.notices ?? [];
  const problems = notices.flatMap((n) => n.problems);
  const problemRecords = problemsByRecord(notices);

  const opener = useRef<HTMLButtonElement>(null);
  // The drawer does not give the focus back when it closes: the keyboard continues from the button that opened it.
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };

  const markSent = () => {
    if (clientId === undefined || channel === undefined) return;
    modal.confirm({
      title: t('markSentTitle', { notices: notices.length }),
      content: t('markSentText', { count: ids.length }),
      okText: t('markSentOk', { count: ids.length }),
      cancelText: t('cancel'),
      okButtonProps: { 'data-testid': 'takedown-mark-sent-confirm' } as Record<`data-${string}`, string>,
      onOk: async () => {
        setSending(true);
        try {
          const done = await api('/api/takedown/mark-sent', { clientId, kind, recordIds: ids, channel });
          void message.success(t('markSentDone', { count: done.updateCount, date: done.reportDate }));
          // The records' sent notices (their detail's list) now include these.
          await invalidate(['/api/takedown/fetch-notices']);
          close();
          onSent();
        } catch (error) {
          void message.error(t('markSentFailed', { message: errorMessage(error) }));
        } finally {
          setSending(false);
        }
      },
    });
  };

  const exportButton = (format: 'docx' | 'txt' | 'csv') => (
    <Button key={format} icon={<DownloadOutlined />} href={clientId === undefined || channel === undefined ? undefined : takedownExportUrl(clientId, kind, channel, format, ids)} download data-testid={`takedown-export-${format}`}>
      {t(`export.${format}`)}
    </Button>
  );

  return (
    <>
      <Tooltip title={disabledReason}>
        <Button ref={opener} icon={<FileProtectOutlined />} disabled={disabledReason !== undefined || clientId === undefined} onClick={start} data-testid={`${kind}-takedown`}>
          {t('button', { count: selected.length })}
        </Button>
      </Tooltip>
      <Drawer open={open} onClose={close} width={760} title={t('title', { count: ids.length })} destroyOnClose data-testid="takedown-drawer">
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Space wrap>
            <span>{t('channel')}</span>
            <Select<TakedownChannel>
              value={channel}
              onChange={setChosen}
              style={{ width: 300 }}
              options={TAKEDOWN_CHANNELS.map((c) => ({ value: c, label: t(`channel.${c}`) }))}
              aria-label={t('channel')}
              data-testid="takedown-channel"
            />
            <Button onClick={() => void composed.refetch()} loading={composed.isFetching} data-testid="takedown-recompose">
              {t('recompose')}
            </Button>
            {channel !== undefined && channel === proposed && (
              <Typography.Text type="secondary" data-testid="takedown-proposed">
                {t('proposed')}
              </Typography.Text>
            )}
          </Space>
          {composed.isError && <Alert type="error" showIcon message={t('composeFailed', { message: errorMessage(composed.error) })} />}
          {composed.data && (
            <>
              <Typography.Text strong data-testid="takedown-summary">
                {t('summary', { notices: notices.length, problems: problems.length })}
              </Typography.Text>
              {problems.length === 0 ? (
                <Alert type="success" showIcon message={t('noProblems')} />
              ) : (
                <Alert
                  type="warning"
                  showIcon
                  message={t('problemsTitle', { count: problemRecords.length })}
                  description={
                    <Space direction="vertical" size={2} data-testid="takedown-problems">
                      <Typography.Text type="secondary">{t('problemsHint')}</Typography.Text>
                      {problemRecords.map((r) => (
                        <div key={r.recordId} data-testid={`takedown-problem-${r.recordId}`}>
                          <a href={`${DETAIL_BASE[kind]}/${clientId}/${r.recordId}`} target="_blank" rel="noopener noreferrer">
                            {t('openRecord', { id: r.recordId })}
                          </a>
                          {r.problems.map((p) => (
                            <div key={p.field + p.message}>
                              <Tag>{t(`field.${p.field}`)}</Tag> {p.message}
                            </div>
                          ))}
                        </div>
                      ))}
                    </Space>
                  }
                />
              )}
              <Space wrap>
                {exportButton('docx')}
                {exportButton('txt')}
                {channel !== undefined && BATCH_CHANNELS.includes(channel) && exportButton('csv')}
                <Tooltip title={problems.length > 0 ? t('problemsBlock') : undefined}>
                  <Button type="primary" icon={<SendOutlined />} disabled={problems.length > 0} loading={sending} onClick={markSent} data-testid="takedown-mark-sent">
                    {t('markSent')}
                  </Button>
                </Tooltip>
              </Space>
              <Collapse
                defaultActiveKey={notices.length <= 3 ? notices.map((_, i) => String(i)) : ['0']}
                items={notices.map((n, i) => ({
                  key: String(i),
                  label: n.subject,
                  children: (
                    <>
                      <Descriptions size="small" column={1} items={[{ key: 'to', label: t('to'), children: n.to || '—' }, { key: 'records', label: t('records'), children: n.recordIds.join(', ') }]} />
                      <Typography.Paragraph copyable={{ text: n.body }}>
                        {/* Scrolled when long: a named region the keyboard can reach and scroll (WCAG 2.1.1). */}
                        <pre
                          tabIndex={0}
                          role="region"
                          aria-label={t('bodyLabel', { subject: n.subject })}
                          style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 420, overflow: 'auto' }}
                          data-testid="takedown-body"
                        >
                          {n.body}
                        </pre>
                      </Typography.Paragraph>
                    </>
                  ),
                }))}
              />
            </>
          )}
          {composed.isFetching && !composed.data && <Typography.Text type="secondary">{t('composing')}</Typography.Text>}
        </Space>
      </Drawer>
    </>
  );
}
