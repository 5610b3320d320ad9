import dayjs from 'dayjs';

const DATE_TIME = 'YYYY-MM-DD HH:mm';

/** Server times are ISO instants; they show in the browser's time zone, '—' when there is none. */
export function formatDateTime(iso: string | null): string {
  return iso ? dayjs(iso).format(DATE_TIME) : '—';
}
