import { describe, expect, it } from 'vitest';
import { nextRunAfter } from './schedule.js';

const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();

describe('watch schedules', () => {
  it('every N hours keeps its times from the anchor, whatever time it is asked', () => {
    const anchor = at('2026-11-28T10:15:00Z');
    expect(iso(nextRunAfter({ every: 'hours', hours: 6 }, at('2026-11-28T10:15:00Z'), anchor))).toBe('2026-11-28T16:15:00.000Z');
    expect(iso(nextRunAfter({ every: 'hours', hours: 6 }, at('2026-11-29T03:00:00Z'), anchor))).toBe('2026-11-29T04:15:00.000Z');
    expect(iso(nextRunAfter({ every: 'hours' }, at('2026-11-28T10:59:59Z'), anchor))).toBe('2026-11-28T11:15:00.000Z');
  });

  it('every N minutes (at least five) from the anchor', () => {
    const anchor = at('2026-11-28T10:00:00Z');
    expect(iso(nextRunAfter({ every: 'minutes', minutes: 5 }, at('2026-11-28T10:07:00Z'), anchor))).toBe('2026-11-28T10:10:00.000Z');
    expect(iso(nextRunAfter({ every: 'minutes', minutes: 1 }, at('2026-11-28T10:00:00Z'), anchor))).toBe('2026-11-28T10:05:00.000Z');
  });

  it('daily at a local time in Tokyo (no daylight saving) and in New York across both changes', () => {
    expect(iso(nextRunAfter({ every: 'day', at: '09:00', timezone: 'Asia/Tokyo' }, at('2026-11-28T00:30:00Z'), at('2026-01-01T00:00:00Z')))).toBe('2026-11-29T00:00:00.000Z');
    expect(iso(nextRunAfter({ every: 'day', at: '09:00', timezone: 'Asia/Tokyo' }, at('2026-11-27T23:59:00Z'), at('2026-01-01T00:00:00Z')))).toBe('2026-11-28T00:00:00.000Z');
    const ny = { every: 'day' as const, at: '08:00', timezone: 'America/New_York' };
    // Spring forward on 8 March 2026: 08:00 EST is 13:00 UTC the day before, 08:00 EDT 12:00 UTC after.
    expect(iso(nextRunAfter(ny, at('2026-03-07T14:00:00Z'), at('2026-01-01T00:00:00Z')))).toBe('2026-03-08T12:00:00.000Z');
    expect(iso(nextRunAfter(ny, at('2026-03-06T14:00:00Z'), at('2026-01-01T00:00:00Z')))).toBe('2026-03-07T13:00:00.000Z');
    // Fall back on 1 November 2026.
    expect(iso(nextRunAfter(ny, at('2026-10-31T13:00:00Z'), at('2026-01-01T00:00:00Z')))).toBe('2026-11-01T13:00:00.000Z');
  });

  it('a time the clocks skip runs as much later as they jumped; a time that happens twice runs once, the first time', () => {
    const skipped = { every: 'day' as const, at: '02:30', timezone: 'Europe/Berlin' };
    // 29 March 2026 in Berlin: 02:00 CET jumps to 03:00 CEST; 02:30 is run at 03:30 CEST (01:30 UTC).
    expect(iso(nextRunAfter(skipped, at('2026-03-28T12:00:00Z'), at('2026-01-01T00:00:00Z')))).toBe('2026-03-29T01:30:00.000Z');
    const twice = { every: 'day' as const, at: '01:30', timezone: 'America/New_York' };
    // 1 November 2026: 01:30 EDT (05:30 UTC) and again 01:30 EST (06:30 UTC).
    const first = nextRunAfter(twice, at('2026-10-31T12:00:00Z'), at('2026-01-01T00:00:00Z'));
    expect(iso(first)).toBe('2026-11-01T05:30:00.000Z');
    expect(iso(nextRunAfter(twice, first, at('2026-01-01T00:00:00Z')))).toBe('2026-11-02T06:30:00.000Z');
  });

  it('weekly on a weekday at a local time', () => {
    // 2026-11-28 is a Saturday; Monday 09:00 Tokyo is Monday 00:00 UTC.
    expect(iso(nextRunAfter({ every: 'week', weekday: 1, at: '09:00', timezone: 'Asia/Tokyo' }, at('2026-11-28T00:00:00Z'), at('2026-01-01T00:00:00Z')))).toBe('2026-11-30T00:00:00.000Z');
    // Sunday (0) in London, asked on a Sunday after the time: the next Sunday.
    expect(iso(nextRunAfter({ every: 'week', weekday: 0, at: '07:00', timezone: 'Europe/London' }, at('2026-11-29T08:00:00Z'), at('2026-01-01T00:00:00Z')))).toBe('2026-12-06T07:00:00.000Z');
  });
});
