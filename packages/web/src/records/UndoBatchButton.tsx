import { useEffect, useState } from 'react';
import type { ButtonProps } from 'antd';
import { App, Button, Tooltip } from 'antd';
import { UndoOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useInvalidateCalls } from '../platform/calls';
import { formatTime } from '../components/dateTime';
import { useTranslation } from 'react-i18next';
import type { KindTypes, RecordKind, RecordListView } from './kind';

/**
 * Issue 16: the toolbar's undo of the user's last batch update, shown while the server still takes it back (ten
 * minutes). It names how many records go back and what the batch had set; the server refuses (and names them) when
 * records were changed since, and the toast says so.
 */
export function UndoBatchButton<T extends KindTypes>({ kind, clientId, view, onDone }: {
  kind: RecordKind<T>;
  clientId: number | undefined;
  view: RecordListView<T['record']>;
  onDone: () => void;
}) {
  const { t } = useTranslation('records');
  const { message, modal } = App.useApp();
  const invalidate = useInvalidateCalls();
  const input = { clientId: clientId ?? 0 };
  const last = useQuery({ ...kind.calls.lastBatch.query(input), enabled: clientId !== undefined, staleTime: 30_000 });
  const batch = last.data ?? null;
  // Hidden once the window has passed (the server would refuse anyway).
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!batch) return undefined;
    const timer = window.setTimeout(() => setTick((n) => n + 1), Math.max(0, Date.parse(batch.undoUntil) - Date.now()) + 500);
    return () => window.clearTimeout(timer);
  }, [batch]);
  if (clientId === undefined || !batch || Date.parse(batch.undoUntil) <= Date.now()) return null;

  const until = formatTime(batch.undoUntil);
  const change = `${view.historyLabel(batch.field)}: ${view.historyText(batch.field, batch.value)}`;
  const undo = () =>
    modal.confirm({
      title: t('undo.confirmTitle'),
      content: <span data-testid={`${kind.name}-undo-confirm-text`}>{t('undo.confirm', { count: batch.count, change })}</span>,
      okText: t('undo.confirmOk'),
      cancelText: t('batch.cancel'),
      okButtonProps: { 'data-testid': `${kind.name}-undo-confirm` } as ButtonProps,
      onOk: async () => {
        try {
          const count = await kind.calls.undoBatch(clientId, batch.batchId);
          void message.success(t('undo.done', { count }));
          onDone();
        } catch (error) {
          void message.error(error instanceof Error && error.message ? error.message : t('undo.failed'));
        } finally {
          void invalidate([kind.calls.lastBatch.key(input)]);
        }
      },
    });
  return (
    <Tooltip title={t('undo.tooltip', { count: batch.count, change, until })}>
      <Button icon={<UndoOutlined />} onClick={undo} data-testid={`${kind.name}-undo-batch`}>
        {t('undo.button', { count: batch.count })}
      </Button>
    </Tooltip>
  );
}
