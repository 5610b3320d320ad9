import { ALERT_EVENTS, CLIENT_ALERT_DEFAULTS, CLIENT_ALERT_EVENTS, Role, STAFF_ALERT_DEFAULTS, alerts as contract, type AlertSetting } from '@portal/contract';
import type { z } from 'zod';
import type { AuthedContext } from '../../platform/context.js';
import { fail } from '../../platform/errors.js';
import * as q from './queries.js';

/** A user's alert settings (spec README "Watches and webhooks"): their own only, per client they can see. */

const isStaff = (role: number) => (role & (Role.ANALYST | Role.ADMIN)) !== 0;
/** The time zone of a user's digest: chosen, else Tokyo for Japanese and UTC for English. */
export const digestZone = (u: { alert_timezone: string | null; user_locale: string }) => u.alert_timezone ?? (u.user_locale === 'ja' ? 'Asia/Tokyo' : 'UTC');

export async function fetchSettings(ctx: AuthedContext) {
  const staff = isStaff(ctx.user.role);
  const [clients, rows, user] = await Promise.all([q.visibleClients(ctx.db, ctx.user), q.settingsOf(ctx.db, ctx.user.userId), q.userTimezone(ctx.db, ctx.user.userId)]);
  const defaults = staff ? STAFF_ALERT_DEFAULTS : CLIENT_ALERT_DEFAULTS;
  const events = staff ? [...ALERT_EVENTS] : [...CLIENT_ALERT_EVENTS];
  const settings: AlertSetting[] = clients.map((c) => {
    const row = rows.find((r) => r.client_id === c.client_id);
    const chosen = { ...defaults, ...(row?.events ?? {}) };
    return {
      clientId: c.client_id,
      clientName: c.client_name,
      events: Object.fromEntries(events.map((e) => [e, chosen[e]])),
      priceFloor: row?.price_floor == null ? null : Number(row.price_floor),
      priceDropPercent: row?.price_drop_percent == null ? null : Number(row.price_drop_percent),
    };
  });
  return { settings, timezone: digestZone(user), events };
}

export async function updateSettings(ctx: AuthedContext, input: z.output<typeof contract.updateAlertSettingsInput>) {
  const visible = await q.visibleClients(ctx.db, ctx.user);
  if (!visible.some((c) => c.client_id === input.clientId)) fail('forbidden');
  const staff = isStaff(ctx.user.role);
  const refused = Object.keys(input.events).filter((e) => !staff && !(CLIENT_ALERT_EVENTS as readonly string[]).includes(e));
  if (refused.length > 0) fail('alertEventNotAllowed', { events: CLIENT_ALERT_EVENTS.join(', ') });
  const row = (await q.settingsOf(ctx.db, ctx.user.userId)).find((r) => r.client_id === input.clientId);
  await q.saveSetting(ctx.db, {
    user_id: ctx.user.userId,
    client_id: input.clientId,
    events: { ...(row?.events ?? {}), ...input.events },
    price_floor: input.priceFloor !== undefined ? input.priceFloor : row?.price_floor == null ? null : Number(row.price_floor),
    price_drop_percent: input.priceDropPercent !== undefined ? input.priceDropPercent : row?.price_drop_percent == null ? null : Number(row.price_drop_percent),
  });
  if (input.timezone) await q.setUserTimezone(ctx.db, ctx.user.userId, input.timezone);
  return fetchSettings(ctx);
}
