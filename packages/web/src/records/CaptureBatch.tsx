import { useState } from 'react';
import { App, Button, Progress, Space, Tooltip } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import { useCall } from '../platform/calls';
import { useTranslation } from 'react-i18next';
import { CAPTURE_BATCH_MAX, type EvidenceKind } from '@portal/contract';
import { api, errorMessage } from '../platform/api';

export interface CaptureBatchProps {
  kind: EvidenceKind;
  clientId: number | undefined;
  selected: readonly number[];
  /** Why a capture is not offered (an analyst who does not manage the client). */
  disabledReason?: string;
}

/**
 * Evidence captures of the list's selection (issue 18): queued at once, then a progress bar that follows the queue
 * until every capture is done or failed.
 */
export function CaptureBatch({ kind, clientId, selected, disabledReason }: CaptureBatchProps) {
  const { t } = useTranslation(['records', 'contract']);
  const { message } = App.useApp();
  const [batch, setBatch] = useState<{ clientId: number; ids: number[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const progress = useCall('/api/evidence/fetch-progress', batch ?? { clientId: 0, ids: [] }, {
    enabled: batch !== null,
    refetchInterval: (q) => (q.state.data && q.state.data.pending === 0 ? false : 2_000),
  });

  const run = async () => {
    if (clientId === undefined || busy) return;
    if (selected.length === 0) return void message.error(t('contract:validation.noRecordsSelected'));
    if (selected.length > CAPTURE_BATCH_MAX) return void message.error(t('contract:validation.captureBatchTooMany', { maximum: CAPTURE_BATCH_MAX }));
    setBusy(true);
    try {
      const { ids } = await api('/api/evidence/capture-batch', { clientId, kind, recordIds: [...selected] });
      setBatch({ clientId, ids });
      void message.success(t('evidence.batchQueued', { count: ids.length }));
    } catch (error) {
      void message.error(t('evidence.captureFailed', { message: errorMessage(error) }));
    } finally {
      setBusy(false);
    }
  };

  const p = progress.data;
  const total = batch?.ids.length ?? 0;
  const finished = p ? p.done + p.failed : 0;
  return (
    <Space>
      <Tooltip title={disabledReason}>
        <Button icon={<CameraOutlined />} loading={busy} disabled={disabledReason !== undefined || clientId === undefined} onClick={() => void run()} data-testid={`${kind}-capture-batch`}>
          {t('evidence.captureSelected', { count: selected.length })}
        </Button>
      </Tooltip>
      {batch && (
        <Tooltip title={p ? t('evidence.batchProgress', { done: p.done, failed: p.failed, total }) : undefined}>
          <Progress
            type="circle"
            size={28}
            percent={total === 0 ? 0 : Math.round((finished / total) * 100)}
            status={p && p.pending === 0 && p.failed > 0 ? 'exception' : undefined}
            aria-label={t('evidence.batchProgress', { done: p?.done ?? 0, failed: p?.failed ?? 0, total })}
            data-testid={`${kind}-capture-progress`}
          />
        </Tooltip>
      )}
    </Space>
  );
}
