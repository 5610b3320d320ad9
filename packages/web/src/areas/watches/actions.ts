import { useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Watch } from '@portal/contract';
import { api, errorMessage } from '../../platform/api';
import { useInvalidateCalls } from '../../platform/calls';
import { WATCH_READS } from './model';

export type WatchAction = 'runNow' | 'pause' | 'resume' | 'remove';

const TOASTS = { runNow: 'toast.ran', pause: 'toast.paused', resume: 'toast.resumed', remove: 'toast.removed' } as const;

/** One action on a watch: spins while it runs, toasts, then refreshes the watch's reads. Answers the run started, if any. */
export function useWatchActions() {
  const { t } = useTranslation('watches');
  const { message } = App.useApp();
  const invalidate = useInvalidateCalls();
  const [pending, setPending] = useState<string | null>(null);

  const act = async (watch: Pick<Watch, 'id'>, action: WatchAction): Promise<{ ok: boolean; runId?: number }> => {
    setPending(`${action}-${watch.id}`);
    try {
      const input = { watchId: watch.id };
      let runId: number | undefined;
      if (action === 'runNow') runId = (await api('/api/watch/run-now', input)).runId;
      if (action === 'pause') await api('/api/watch/pause', input);
      if (action === 'resume') await api('/api/watch/resume', input);
      if (action === 'remove') await api('/api/watch/remove', input);
      void message.success(t(TOASTS[action]));
      await invalidate(action === 'remove' ? ['/api/watch/fetch'] : WATCH_READS);
      return { ok: true, runId };
    } catch (error) {
      void message.error(t('toast.failed', { message: errorMessage(error) }));
      return { ok: false };
    } finally {
      setPending(null);
    }
  };

  return { act, busy: (watch: Pick<Watch, 'id'>, action: WatchAction) => pending === `${action}-${watch.id}` };
}
