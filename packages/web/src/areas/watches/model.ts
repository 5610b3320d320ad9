import { WATCH_CHANGES, WatchRunStatus, type CallPath, type RunCounts, type WatchSchedule, type WatchSource } from '@portal/contract';

/** While a shown run is running, the watch and its runs are fetched again this often (as a crawler task's progress). */
export const RUN_POLL_MS = 3000;
/** What a watch change leaves stale. */
export const WATCH_READS = ['/api/watch/fetch', '/api/watch/detail', '/api/watch/fetch-runs', '/api/watch/fetch-run-changes'] as const satisfies readonly CallPath[];
export const WATCH_LIST_PATH = '/analyst/watches';
export const watchPath = (watchId: number, runId?: number) => `${WATCH_LIST_PATH}/${watchId}${runId ? `?run=${runId}` : ''}`;

export { TIME_ZONES, timeZoneChoices } from '../../components/timeZones';
export { CHANGE_COLORS, fieldChangeText, type ChangeKind, type Translate } from '../watch-columns/changeWords';
import type { Translate } from '../watch-columns/changeWords';


/** "Every 6 hours", "Daily at 09:00 (Asia/Tokyo)", "Mondays at 09:00 (Asia/Tokyo)" — and the Japanese of each. */
export function scheduleWords(schedule: WatchSchedule, t: Translate): string {
  const zone = schedule.timezone ? t('watches:schedule.zone', { zone: schedule.timezone }) : '';
  if (schedule.every === 'minutes') return t('watches:schedule.everyMinutes', { count: schedule.minutes ?? 15 });
  if (schedule.every === 'hours') {
    const hours = schedule.hours ?? 1;
    return hours === 1 ? t('watches:schedule.hourly') : t('watches:schedule.everyHours', { count: hours });
  }
  const at = schedule.at ?? '00:00';
  if (schedule.every === 'day') return t('watches:schedule.daily', { at }) + zone;
  return t('watches:schedule.weekly', { weekday: t(`watches:weekday.${schedule.weekday ?? 0}`), at }) + zone;
}

export const COUNTED = [...WATCH_CHANGES, 'unchanged'] as const;

/** "2 new · 1 changed · 5 unchanged": the kinds a run saw, in a fixed order, none when it saw nothing. */
export function runCountsSummary(counts: RunCounts, t: Translate): string {
  const parts = COUNTED.filter((kind) => counts[kind] > 0).map((kind) => t(`watches:counts.${kind}`, { count: counts[kind] }));
  return parts.length > 0 ? parts.join(t('watches:counts.separator')) : t('watches:counts.none');
}

export const RUN_STATUS_COLORS: Record<number, string> = { [WatchRunStatus.RUNNING]: 'processing', [WatchRunStatus.FINISHED]: 'success', [WatchRunStatus.FAILED]: 'error', [WatchRunStatus.SKIPPED]: 'default' };

export const isRunning = (status: number | undefined) => status === WatchRunStatus.RUNNING;


/** The form's values: the schedule flat, the time as text, the sources as rows. */
export interface WatchFormValues {
  clientId?: number;
  name?: string;
  every?: WatchSchedule['every'];
  hours?: number | null;
  minutes?: number | null;
  at?: string;
  weekday?: number;
  timezone?: string;
  targetCount?: number | null;
  captureEvidence?: boolean;
  sources?: Partial<WatchSource>[];
}

/** Only the parts the chosen kind of schedule uses (the server keeps what it is sent). */
export function scheduleOf(v: Pick<WatchFormValues, 'every' | 'hours' | 'minutes' | 'at' | 'weekday' | 'timezone'>): WatchSchedule {
  const every = v.every ?? 'day';
  if (every === 'minutes') return { every, minutes: v.minutes ?? undefined };
  if (every === 'hours') return { every, hours: v.hours ?? undefined };
  return { every, at: v.at, timezone: v.timezone, ...(every === 'week' ? { weekday: v.weekday } : {}) };
}

export function watchInputOf(v: WatchFormValues) {
  return {
    clientId: v.clientId,
    name: v.name ?? '',
    sources: (v.sources ?? []).map((s) => ({ site: s.site ?? '', keyword: s.keyword ?? '', startUrl: s.startUrl ?? '' })),
    schedule: scheduleOf(v),
    targetCount: v.targetCount ?? undefined,
    captureEvidence: Boolean(v.captureEvidence),
  };
}

export function formValuesOf(w: { clientId: number; name: string; schedule: WatchSchedule; targetCount: number; captureEvidence: boolean; sources: WatchSource[] }): WatchFormValues {
  return { clientId: w.clientId, name: w.name, ...DEFAULT_SCHEDULE, ...w.schedule, targetCount: w.targetCount, captureEvidence: w.captureEvidence, sources: w.sources };
}

export const DEFAULT_SCHEDULE = { every: 'day', hours: 6, minutes: 15, at: '09:00', weekday: 1, timezone: 'Asia/Tokyo' } as const satisfies WatchFormValues;
