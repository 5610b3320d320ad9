import { useCall } from '../../platform/calls';
import { NOTICE_POLL_MS } from '../../platform/config';

/** The menu badge of /notice: polled every 30 s (spec 4); a failure just leaves the badge empty. Viewing a notice marks it stale (NOTICE_READS). */
export function useUnviewedNoticeCount(): number {
  const { data } = useCall('/api/notication/unviewed-notice-count', {}, { refetchInterval: NOTICE_POLL_MS, select: (answer) => answer.unviewed });
  return data ?? 0;
}
