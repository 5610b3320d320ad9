import { DEFAULT_WATCH_TIMEZONE, WATCH_MINUTES_MIN, type WatchSchedule } from '@portal/contract';
import { DateTime } from 'luxon';

/**
 * When a watch runs next. Hours are counted from the watch's anchor (its creation, or the last change of its
 * schedule), so a watch every 6 hours keeps its times whatever the clocks do. A daily or weekly watch runs at its
 * local time in its time zone (Tokyo by default), computed by luxon from the IANA rules: on the night a
 * daylight-saving change skips that time it runs as much later as the clocks jumped; on the night the time happens
 * twice it runs once, the first time.
 */
export function nextRunAfter(schedule: WatchSchedule, after: Date, anchor: Date): Date {
  if (schedule.every === 'hours' || schedule.every === 'minutes') {
    const stepMs = schedule.every === 'hours' ? (schedule.hours ?? 1) * 3_600_000 : Math.max(WATCH_MINUTES_MIN, schedule.minutes ?? 15) * 60_000;
    const steps = Math.floor((after.getTime() - anchor.getTime()) / stepMs) + 1;
    return new Date(anchor.getTime() + Math.max(1, steps) * stepMs);
  }
  const zone = schedule.timezone ?? DEFAULT_WATCH_TIMEZONE;
  const [hour, minute] = (schedule.at ?? '09:00').split(':').map(Number) as [number, number];
  const local = DateTime.fromJSDate(after, { zone });
  // Walk forward day by day (at most 8) to the first local day whose time at `at` is after `after`.
  for (let day = 0; day <= 8; day++) {
    const date = local.plus({ days: day });
    if (schedule.every === 'week' && date.weekday % 7 !== schedule.weekday) continue;
    const at = atLocalTime(date, hour, minute);
    if (at.toMillis() > after.getTime()) return at.toJSDate();
  }
  throw new Error('no next run within eight days');
}

/**
 * The instant of `hour:minute` on the local day of `date`. A time a clock change skips is moved forward by the gap
 * (luxon's rule: 02:30 on a spring-forward night is 03:30); a time that happens twice is taken the first time.
 */
function atLocalTime(date: DateTime, hour: number, minute: number): DateTime {
  const wanted = DateTime.fromObject({ year: date.year, month: date.month, day: date.day, hour, minute }, { zone: date.zone });
  const hourEarlier = wanted.minus({ hours: 1 });
  return hourEarlier.hour === hour && hourEarlier.minute === minute && hourEarlier.day === wanted.day ? hourEarlier : wanted;
}
