import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';
import { NOTICE_POLL_MS } from '../../app/config';

/** Invalidate this key after a notice is viewed so the menu badge follows at once. */
export const unviewedNoticeKey = ['notices', 'unviewed'] as const;

/** The menu badge of /notice: polled every 30 s (spec 4); a failure just leaves the badge empty. */
export function useUnviewedNoticeCount(): number {
  const { data } = useQuery({
    queryKey: unviewedNoticeKey,
    queryFn: () => api('/api/notication/unviewed-notice-count', {}),
    refetchInterval: NOTICE_POLL_MS,
    select: (answer) => answer.unviewed,
  });
  return data ?? 0;
}
