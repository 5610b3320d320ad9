import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { REPORT_MAX_BYTES, UPLOAD_PROBLEMS_SHOWN } from '@portal/contract';
import {
  REPORT_ACCEPT,
  fileProblem,
  formatReportDate,
  keepLast,
  moreProblems,
  problemLines,
  problemsOf,
  reportDownloadUrl,
  reportListPath,
  templateUrl,
} from './model';

describe('fileProblem', () => {
  it('accepts .xls, .xlsx and .csv whatever their case, up to 50 MB', () => {
    expect(fileProblem({ name: 'report.xlsx', size: 10 })).toBeNull();
    expect(fileProblem({ name: 'report.CSV', size: 10 })).toBeNull();
    expect(fileProblem({ name: 'REPORT.XLS', size: 10 })).toBeNull();
    expect(fileProblem({ name: 'a.b.Xlsx', size: REPORT_MAX_BYTES })).toBeNull();
  });

  it('refuses other extensions first, then a file over the limit, then an empty one', () => {
    expect(fileProblem({ name: 'report.xlsm', size: 10 })).toBe('type');
    expect(fileProblem({ name: 'report', size: 10 })).toBe('type');
    expect(fileProblem({ name: 'report.xlsx.exe', size: 10 })).toBe('type');
    expect(fileProblem({ name: 'xlsx', size: 10 })).toBe('type');
    expect(fileProblem({ name: 'report.pdf', size: REPORT_MAX_BYTES + 1 })).toBe('type');
    expect(fileProblem({ name: 'report.xlsx', size: REPORT_MAX_BYTES + 1 })).toBe('size');
    expect(fileProblem({ name: 'report.xls', size: 0 })).toBe('empty');
  });

  it('offers only spreadsheets in the file picker', () => {
    expect(REPORT_ACCEPT).toBe('.xls,.xlsx,.csv');
  });
});

describe('keepLast', () => {
  it('keeps the newest 2 entries of the upload list', () => {
    expect(keepLast([])).toEqual([]);
    expect(keepLast(['a'])).toEqual(['a']);
    expect(keepLast(['a', 'b'])).toEqual(['a', 'b']);
    expect(keepLast(['a', 'b', 'c'])).toEqual(['b', 'c']);
    expect(keepLast(['a', 'b', 'c'], 1)).toEqual(['c']);
  });
});

describe('problems of a refused spreadsheet', () => {
  const problem = (row: number) => ({ sheet: 'Sheet1', row, column: 'Listing URL', message: 'must be a URL starting with http:// or https://' });
  const text = (p: { sheet: string; row: number; column: string; message: string }) => `${p.sheet} row ${p.row}, ${p.column}: ${p.message}`;

  it('reads the answer data and formats one line per problem, in order', () => {
    const problems = problemsOf({ errors: [problem(5), { ...problem(7), column: 'Price', message: 'must be a number' }], total: 2 });
    expect(problems).not.toBeNull();
    expect(problemLines(problems!, text)).toEqual([
      'Sheet1 row 5, Listing URL: must be a URL starting with http:// or https://',
      'Sheet1 row 7, Price: must be a number',
    ]);
    expect(moreProblems(problems!)).toBe(0);
  });

  it('counts the problems the answer leaves out', () => {
    const errors = Array.from({ length: UPLOAD_PROBLEMS_SHOWN }, (_, i) => problem(i + 2));
    const problems = problemsOf({ errors, total: 1234 })!;
    expect(problemLines(problems, text)).toHaveLength(UPLOAD_PROBLEMS_SHOWN);
    expect(moreProblems(problems)).toBe(1234 - UPLOAD_PROBLEMS_SHOWN);
  });

  it('shows at most the number the server sends, counting the rest as more', () => {
    const errors = Array.from({ length: UPLOAD_PROBLEMS_SHOWN + 5 }, (_, i) => problem(i + 2));
    const problems = problemsOf({ errors, total: UPLOAD_PROBLEMS_SHOWN + 5 })!;
    expect(problems.errors).toHaveLength(UPLOAD_PROBLEMS_SHOWN);
    expect(moreProblems(problems)).toBe(5);
  });

  it('never counts fewer problems than it lists', () => {
    const problems = problemsOf({ errors: [problem(2), problem(3)], total: 1 })!;
    expect(problems.total).toBe(2);
    expect(moreProblems(problems)).toBe(0);
  });

  it('is null for an answer without problems (any other failure)', () => {
    expect(problemsOf(undefined)).toBeNull();
    expect(problemsOf(null)).toBeNull();
    expect(problemsOf({})).toBeNull();
    expect(problemsOf({ errors: 'bad', total: 1 })).toBeNull();
    expect(problemsOf({ errors: [{ sheet: 'Sheet1' }], total: 1 })).toBeNull();
  });
});

describe('the report table', () => {
  it('shows days as YYYY-MM-DD and timestamps as YYYY-MM-DD HH:mm in local time', () => {
    expect(formatReportDate('2024-03-05')).toBe('2024-03-05');
    expect(formatReportDate(null)).toBe('');
    expect(formatReportDate('')).toBe('');
    const instant = '2024-03-05T09:07:00.000Z';
    expect(formatReportDate(instant)).toBe(dayjs(instant).format('YYYY-MM-DD HH:mm'));
    expect(formatReportDate('not a date')).toBe('not a date');
  });

  it('opens the record list filtered to the report', () => {
    const path = reportListPath('/ec-list', 'report_id', { clientId: 7, reportId: 42 });
    expect(path).toBe(`/ec-list?clientId=7&filters=${encodeURIComponent('[{"key":"report_id","values":[42]}]')}`);
    const query = new URLSearchParams(path.slice(path.indexOf('?')));
    expect(query.get('clientId')).toBe('7');
    expect(JSON.parse(query.get('filters') ?? '')).toEqual([{ key: 'report_id', values: [42] }]);
  });

  it('downloads through GET addresses with the ids in the query and no token', () => {
    expect(templateUrl('/api/ec-report', 7)).toBe('/api/ec-report/download-template?clientId=7');
    expect(reportDownloadUrl('/api/ec-report', { clientId: 7, reportId: 42 })).toBe('/api/ec-report/download-report?clientId=7&reportId=42');
  });
});
