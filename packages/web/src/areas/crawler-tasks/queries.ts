import { useEffect, useMemo } from 'react';
import type { CrawlerTask } from '@portal/contract';
import { useCall, useInvalidateCalls } from '../../platform/calls';
import { PROGRESS_POLL_MS, isRunning, runningIds, TASK_READS, withProgress } from './model';

/**
 * Live progress (issue 15): while any shown task is pending or scraping, its status and counts are polled every few
 * seconds; when one stops running, the lists and the detail are fetched again (for the report, the actions).
 */
export function useLiveTasks(tasks: readonly CrawlerTask[]): CrawlerTask[] {
  const invalidate = useInvalidateCalls();
  const ids = useMemo(() => runningIds(tasks), [tasks]);
  const progress = useCall('/api/ec-crawler-task/fetch-progress', { taskIds: ids }, {
    enabled: ids.length > 0,
    refetchInterval: PROGRESS_POLL_MS,
  });
  const answered = ids.length > 0 ? progress.data?.tasks : undefined;
  const settled = answered?.some((p) => !isRunning(p.status)) ?? false;
  useEffect(() => {
    if (settled) void invalidate(TASK_READS);
  }, [settled, invalidate]);
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
  return useCall('/api/ec-crawler-task/fetch-sites', {}, { select: (answer) => answer.sites, staleTime: 60_000 });
}
