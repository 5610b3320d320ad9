import { z } from 'zod';
import { id, timeZone } from './validation.js';

/**
 * Alerts (issue 30 point 3, spec README "Watches and webhooks"): each user chooses, per client they can see, which
 * events of the watches reach them and how: in the portal (the notice bell), by mail at once, in a daily digest
 * mail, or not at all.
 * - `listings.new`: a watch's run found new listings (staff only: new listings are records not yet posted);
 * - `listings.back`: a listing taken down is up again;
 * - `listings.price`: a listing's price fell below the floor, or dropped by more than the percentage;
 * - `watch.failed`: a watch's run failed (staff only);
 * - `domains.new`, `domains.live`, `domains.changed`: a domain watch's run (issue 32) found look-alike domains newly
 *   registered, look-alikes whose site came up, or look-alikes whose page changed (client users too: they read their
 *   company's domain watches).
 * Client users hear only of their own company's posted records and domain watches.
 */
export const ALERT_EVENTS = ['listings.new', 'listings.back', 'listings.price', 'watch.failed', 'domains.new', 'domains.live', 'domains.changed'] as const;
export type AlertEvent = (typeof ALERT_EVENTS)[number];
export const ALERT_WAYS = ['off', 'portal', 'mail', 'digest'] as const;
export type AlertWay = (typeof ALERT_WAYS)[number];
/** The events a client user may choose (of posted records). */
export const CLIENT_ALERT_EVENTS: readonly AlertEvent[] = ['listings.back', 'listings.price', 'domains.new', 'domains.live', 'domains.changed'];
/** What a user hears without a choice of their own: staff in the bell, client users nothing. */
export const STAFF_ALERT_DEFAULTS: Record<AlertEvent, AlertWay> = {
  'listings.new': 'portal', 'listings.back': 'portal', 'listings.price': 'off', 'watch.failed': 'portal',
  'domains.new': 'portal', 'domains.live': 'portal', 'domains.changed': 'portal',
};
export const CLIENT_ALERT_DEFAULTS: Record<AlertEvent, AlertWay> = {
  'listings.new': 'off', 'listings.back': 'off', 'listings.price': 'off', 'watch.failed': 'off',
  'domains.new': 'off', 'domains.live': 'off', 'domains.changed': 'off',
};
/** The local hour the daily digest leaves at. */
export const DIGEST_HOUR = 8;


export const alertSetting = z.object({
  clientId: z.number(),
  clientName: z.string(),
  events: z.record(z.string(), z.enum(ALERT_WAYS)),
  priceFloor: z.number().nullable(),
  priceDropPercent: z.number().nullable(),
});
export type AlertSetting = z.infer<typeof alertSetting>;

export const fetchAlertSettingsInput = z.object({});
export const alertSettingsOutput = z.object({
  settings: z.array(alertSetting),
  /** The user's time zone for the digest (Tokyo for Japanese, UTC for English until chosen). */
  timezone: z.string(),
  /** The events this user may choose. */
  events: z.array(z.enum(ALERT_EVENTS)),
});

export const updateAlertSettingsInput = z.object({
  clientId: id,
  events: z.partialRecord(z.enum(ALERT_EVENTS, { error: 'validation.alertEventUnknown' }), z.enum(ALERT_WAYS, { error: 'validation.alertWayUnknown' })),
  priceFloor: z.number({ error: 'validation.alertPriceFloor' }).min(0, 'validation.alertPriceFloor').max(1e12, 'validation.alertPriceFloor').nullable().optional(),
  priceDropPercent: z.number({ error: 'validation.alertPriceDrop' }).gt(0, 'validation.alertPriceDrop').max(100, 'validation.alertPriceDrop').nullable().optional(),
  timezone: timeZone.optional(),
});
