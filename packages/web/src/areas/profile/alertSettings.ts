import type { AlertEvent, AlertSetting, AlertWay } from '@portal/contract';

import { timeZoneChoices } from '../../components/timeZones';

/** The time zones offered for the digest: the usual ones, then the user's own and the browser's. */
export const digestTimeZones = (extra: readonly (string | undefined)[]): string[] => timeZoneChoices(extra);

/** The update of one event's way for one client: only that event, the others stay as they are on the server. */
export function wayUpdateOf(clientId: number, event: AlertEvent, way: AlertWay) {
  return { clientId, events: { [event]: way } as Partial<Record<AlertEvent, AlertWay>> };
}

/** An emptied number input means "no threshold" (null), which the server stores as such. */
const thresholdOf = (value: number | null | undefined): number | null => (value === undefined || value === null || Number.isNaN(value) ? null : value);

/**
 * The update of a client's price thresholds, or null when neither changed (nothing to save). Both are sent when one
 * changed, so what the user sees in the row is what is stored.
 */
export function priceUpdateOf(setting: Pick<AlertSetting, 'clientId' | 'priceFloor' | 'priceDropPercent'>, floor: number | null | undefined, drop: number | null | undefined) {
  const priceFloor = thresholdOf(floor);
  const priceDropPercent = thresholdOf(drop);
  if (priceFloor === setting.priceFloor && priceDropPercent === setting.priceDropPercent) return null;
  return { clientId: setting.clientId, events: {}, priceFloor, priceDropPercent };
}

/** The time zone is stored per user; the server takes it with any client's update, so the first one carries it. */
export function timeZoneUpdateOf(settings: readonly Pick<AlertSetting, 'clientId'>[], timezone: string) {
  const first = settings[0];
  return first ? { clientId: first.clientId, events: {}, timezone } : null;
}
