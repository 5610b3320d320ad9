import dayjs from 'dayjs';

const DATE_TIME = 'YYYY-MM-DD HH:mm';

/** Server times are ISO instants; they show in the browser's time zone, '—' when there is none. */
export function formatDateTime(iso: string | null): string {
  return iso ? dayjs(iso).format(DATE_TIME) : '—';
}

/** The time of day alone (24-hour, both languages), in the browser's time zone. */
export function formatTime(iso: string): string {
  return dayjs(iso).format('HH:mm');
}
