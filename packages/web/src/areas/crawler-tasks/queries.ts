import { useEffect, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CrawlerTask } from '@portal/contract';
import { api } from '../../app/api';
import { PROGRESS_POLL_MS, isRunning, runningIds, taskKeys, withProgress } from './model';

/**
 * Live progress (issue 15): while any shown task is pending or scraping, its status and counts are polled every few
 * seconds; when one stops running, the lists and the detail are fetched again (for the report, the actions).
 */
export function useLiveTasks(tasks: readonly CrawlerTask[]): CrawlerTask[] {
  const queryClient = useQueryClient();
  const ids = useMemo(() => runningIds(tasks), [tasks]);
  const progress = useQuery({
    queryKey: taskKeys.progress(ids),
    queryFn: () => api('/api/ec-crawler-task/fetch-progress', { taskIds: ids }),
    enabled: ids.length > 0,
    refetchInterval: PROGRESS_POLL_MS,
  });
  const answered = ids.length > 0 ? progress.data?.tasks : undefined;
  const settled = answered?.some((p) => !isRunning(p.status)) ?? false;
  useEffect(() => {
    if (settled) void queryClient.invalidateQueries({ queryKey: taskKeys.all, predicate: (q) => q.queryKey[1] !== 'progress' });
  }, [settled, queryClient]);
  return useMemo(() => {
    const byId = new Map((answered ?? []).map((p) => [p.id, p]));
    return tasks.map((task) => withProgress(task, byId.get(task.id)));
  }, [tasks, answered]);
}

/**
 * The marketplace sites a subtask may name: those with a crawler (spec 3 "Site (for task choice)"), from the tasks'
 * own call, which administrators may use too (the analysts' site list is theirs alone).
 */
export function useCrawlerSites() {
  return useQuery({
    queryKey: taskKeys.sites,
    queryFn: async () => (await api('/api/ec-crawler-task/fetch-sites', {})).sites,
    staleTime: 60_000,
  });
}
