import { describe, expect, it } from 'vitest';
import { digestTimeZones, priceUpdateOf, timeZoneUpdateOf, wayUpdateOf } from './alertSettings';

describe('alert settings payloads', () => {
  it('a way changes one event of one client only', () => {
    expect(wayUpdateOf(7, 'listings.price', 'digest')).toEqual({ clientId: 7, events: { 'listings.price': 'digest' } });
  });

  it('price thresholds: nothing to save when unchanged; both sent when one changed; an emptied input is null', () => {
    const setting = { clientId: 3, priceFloor: 1000, priceDropPercent: null };
    expect(priceUpdateOf(setting, 1000, null)).toBeNull();
    expect(priceUpdateOf(setting, 1000, undefined)).toBeNull();
    expect(priceUpdateOf(setting, 1000, 10)).toEqual({ clientId: 3, events: {}, priceFloor: 1000, priceDropPercent: 10 });
    expect(priceUpdateOf(setting, null, null)).toEqual({ clientId: 3, events: {}, priceFloor: null, priceDropPercent: null });
  });

  it('the time zone rides on the first client, and cannot be saved without one', () => {
    expect(timeZoneUpdateOf([{ clientId: 4 }, { clientId: 9 }], 'Asia/Tokyo')).toEqual({ clientId: 4, events: {}, timezone: 'Asia/Tokyo' });
    expect(timeZoneUpdateOf([], 'Asia/Tokyo')).toBeNull();
  });

  it('the zones offered include the user\'s own once', () => {
    const zones = digestTimeZones(['Asia/Tokyo', 'Pacific/Auckland', undefined]);
    expect(zones.filter((z) => z === 'Asia/Tokyo')).toHaveLength(1);
    expect(zones).toContain('Pacific/Auckland');
  });
});
