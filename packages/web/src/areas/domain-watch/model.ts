import { DOMAIN_FUZZERS, DOMAIN_PROMOTE_THRESHOLD_DEFAULT, DomainRunStatus, STAFF_ROLES, hasRole, type CallPath, type DomainFuzzer, type DomainWatch, type WatchSchedule } from '@portal/contract';
import { DEFAULT_SCHEDULE, scheduleOf, type WatchFormValues } from '../watches/model';

/** While a run goes on, the watch, its runs and candidates are fetched again this often (as the watches of issue 30). */
export { RUN_POLL_MS } from '../watches/model';
export const DOMAIN_WATCH_LIST_PATH = '/domain-watch';
export const domainWatchPath = (watchId: number) => `${DOMAIN_WATCH_LIST_PATH}/${watchId}`;
export const wsRecordPath = (clientId: number, recordId: number) => `/ws-data/${clientId}/${recordId}`;
export const screenshotUrl = (candidateId: number) => `/api/domain-watch/screenshot?candidateId=${candidateId}`;

/** What a change to a watch leaves stale. */
export const DOMAIN_WATCH_READS = ['/api/domain-watch/fetch', '/api/domain-watch/detail', '/api/domain-watch/fetch-runs', '/api/domain-watch/fetch-candidates'] as const satisfies readonly CallPath[];

export const isRunning = (status: number | undefined) => status === DomainRunStatus.RUNNING;
export const RUN_STATUS_COLORS: Record<number, string> = { [DomainRunStatus.RUNNING]: 'processing', [DomainRunStatus.FINISHED]: 'success', [DomainRunStatus.FAILED]: 'error' };

/** The server's rule (domain-watch/calls.ts): staff make, edit, run, remove, promote and dismiss; client users only read. */
export const mayChange = (role: number) => hasRole(role, STAFF_ROLES);

/** The form's values: lists as text (one entry a line), the schedule flat as the watches' form has it. */
export interface DomainWatchFormValues extends Omit<WatchFormValues, 'name' | 'targetCount' | 'captureEvidence' | 'sources'> {
  domains?: string;
  words?: string;
  keywords?: string;
  tlds?: string;
  fuzzers?: DomainFuzzer[];
  scheduled?: boolean;
  /** Candidates scoring `promoteThreshold` or more become WS records when a run ends; off: by hand only. */
  autoPromote?: boolean;
  promoteThreshold?: number | null;
}

/** One entry a line (commas and spaces separate too: a pasted list works as typed). */
export function linesOf(text: string | undefined): string[] {
  return (text ?? '')
    .split(/[\n,\s]+/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The form read as the create call's input (the contract's schema checks it). */
export function domainWatchInputOf(v: DomainWatchFormValues) {
  const keywords = linesOf(v.keywords);
  return {
    clientId: v.clientId,
    domains: linesOf(v.domains),
    words: linesOf(v.words),
    // Left empty: the portal's default words (the contract's "left out").
    keywords: keywords.length ? keywords : undefined,
    fuzzers: v.fuzzers ?? [],
    tlds: linesOf(v.tlds),
    schedule: v.scheduled ? scheduleOf(v) : null,
    promoteThreshold: v.autoPromote ? (v.promoteThreshold ?? DOMAIN_PROMOTE_THRESHOLD_DEFAULT) : null,
  };
}

/** The update call's input: every part sent (an emptied keyword list goes back to the defaults: null). */
export function domainWatchUpdateOf(watchId: number, v: DomainWatchFormValues) {
  const { clientId: _client, keywords, ...rest } = domainWatchInputOf(v);
  return { watchId, ...rest, keywords: keywords ?? null };
}

export function formValuesOf(w: Pick<DomainWatch, 'clientId' | 'domains' | 'words' | 'keywords' | 'fuzzers' | 'tlds' | 'schedule' | 'promoteThreshold'>): DomainWatchFormValues {
  return {
    clientId: w.clientId,
    domains: w.domains.join('\n'),
    words: w.words.join('\n'),
    keywords: (w.keywords ?? []).join('\n'),
    tlds: w.tlds.join('\n'),
    fuzzers: w.fuzzers,
    scheduled: w.schedule !== null,
    autoPromote: w.promoteThreshold !== null,
    promoteThreshold: w.promoteThreshold ?? DOMAIN_PROMOTE_THRESHOLD_DEFAULT,
    ...DEFAULT_SCHEDULE,
    ...(w.schedule ?? {}),
  };
}

export const NEW_WATCH_VALUES: DomainWatchFormValues = { domains: '', words: '', keywords: '', tlds: 'com\nnet\njp\nshop', fuzzers: [...DOMAIN_FUZZERS], scheduled: false, autoPromote: true, promoteThreshold: DOMAIN_PROMOTE_THRESHOLD_DEFAULT, ...DEFAULT_SCHEDULE };

export type { WatchSchedule };
