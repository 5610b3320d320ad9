import { useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DomainWatch } from '@portal/contract';
import { api, errorMessage } from '../../platform/api';
import { useInvalidateCalls } from '../../platform/calls';
import { DOMAIN_WATCH_READS } from './model';

export type DomainWatchAction = 'runNow' | 'remove';

/** Run now or remove: spins while it goes, toasts in the user's language, then refreshes the watch's reads. */
export function useDomainWatchActions() {
  const { t } = useTranslation('domainWatch');
  const { message } = App.useApp();
  const invalidate = useInvalidateCalls();
  const [pending, setPending] = useState<string | null>(null);

  const act = async (watch: Pick<DomainWatch, 'id'>, action: DomainWatchAction): Promise<boolean> => {
    setPending(`${action}-${watch.id}`);
    try {
      await api(action === 'runNow' ? '/api/domain-watch/run-now' : '/api/domain-watch/remove', { watchId: watch.id });
      void message.success(t(action === 'runNow' ? 'toast.ran' : 'toast.removed'));
      await invalidate(action === 'remove' ? ['/api/domain-watch/fetch'] : DOMAIN_WATCH_READS);
      return true;
    } catch (error) {
      void message.error(t('toast.failed', { message: errorMessage(error) }));
      return false;
    } finally {
      setPending(null);
    }
  };

  return { act, busy: (watch: Pick<DomainWatch, 'id'>, action: DomainWatchAction) => pending === `${action}-${watch.id}` };
}
