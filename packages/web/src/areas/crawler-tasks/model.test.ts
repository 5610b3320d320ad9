import { describe, expect, it } from 'vitest';
import type { CrawlerTask } from '@portal/contract';
import { type DateField, type FilterField, type SortField, type WordField, lastError, taskDownloadHref, listInput, progressOf, runningIds, subtaskChanges, taskChanges, withProgress } from './model';
import { emptyState } from '../../records/listQuery';

const subtask = { id: 11, status: 2, siteId: 1, site: 'Demo market', keyword: 'bag', startUrl: 'https://m.example/s?q=bag', targetCount: 40, recordCount: 10, error: null };
const task: CrawlerTask = {
  id: 5, clientId: 2, clientName: 'Acme', title: 'Bags', type: 0, status: 2, planStartDate: '2026-11-24', total: 10, remarks: '', reportId: null, captureEvidence: false, createdAt: '2026-11-24T00:00:00Z',
  subtasks: [subtask, { ...subtask, id: 12, status: 99, targetCount: null, recordCount: 3, error: 'The site answered 403.' }],
};

describe('the list call', () => {
  it('reads the URL state into the call: sort as 1/2, filters as numbers, paging', () => {
    const state = { ...emptyState<DateField, WordField, FilterField, SortField>(), sorter: { field: 'createdAt' as const, order: 'descend' as const }, filters: [{ key: 'status' as const, values: ['2', 99] }], current: 3, pageSize: 50 };
    expect(listInput(state)).toMatchObject({ orderFields: [{ key: 'createdAt', value: 2 }], filters: [{ key: 'status', values: [2, 99] }], current: 3, pageSize: 50, keyword: '' });
  });

  it('drops filter values that are no codes', () => {
    expect(listInput({ ...emptyState<DateField, WordField, FilterField, SortField>(), filters: [{ key: 'type' as const, values: ['x', null] }] }).filters).toEqual([]);
  });
});

describe('progress', () => {
  it('polls only running tasks', () => {
    expect(runningIds([task, { ...task, id: 6, status: 3 }, { ...task, id: 7, status: 1 }])).toEqual([5, 7]);
  });

  it('has no target while a subtask runs to the last page', () => {
    expect(progressOf(task.subtasks)).toEqual({ count: 13, target: null });
    expect(progressOf([subtask, { ...subtask, recordCount: 5 }])).toEqual({ count: 15, target: 80 });
  });

  it('merges a progress answer into the task', () => {
    const next = withProgress(task, { id: 5, status: 3, total: 40, subtasks: [{ id: 11, status: 3, recordCount: 40, targetCount: 40, error: null }] });
    expect(next.status).toBe(3);
    expect(next.subtasks.map((s) => [s.status, s.recordCount])).toEqual([[3, 40], [99, 3]]);
  });

  it('shows the failed subtask’s error', () => {
    expect(lastError(task)).toBe('The site answered 403.');
    expect(lastError({ ...task, subtasks: [subtask] })).toBeNull();
  });
});

describe('changes sent by the detail', () => {
  const values = { planStartDate: task.planStartDate, clientId: 2, title: task.title, type: 0, remarks: '', captureEvidence: false };
  it('sends nothing when nothing changed', () => {
    expect(taskChanges(task, values)).toEqual({});
  });
  it('sends only changed, non-empty fields', () => {
    expect(taskChanges(task, { ...values, title: ' Wallets ', type: 2, planStartDate: '' })).toEqual({ title: 'Wallets', type: 2 });
    expect(taskChanges(task, { ...values, captureEvidence: true })).toEqual({ captureEvidence: true });
    expect(subtaskChanges(subtask, { site: subtask.site, keyword: 'wallet', startUrl: '', targetCount: null })).toEqual({ keyword: 'wallet', targetCount: null });
  });
});

it('builds the download with the export type and subtasks', () => {
  expect(taskDownloadHref(5, 3, [11, 12])).toBe('/api/ec-crawler-command/download?taskId=5&exportType=3&subtaskIds=11%2C12');
});
