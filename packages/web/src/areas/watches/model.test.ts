import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from '../../locales/en/watches.json';
import ja from '../../locales/ja/watches.json';
import { fieldChangeText, runCountsSummary, scheduleOf, scheduleWords, timeZoneChoices, watchInputOf, watchPath, type Translate } from './model';

/** The real catalogues, through i18next (plurals and interpolation as the pages see them). */
function translator(lng: 'en' | 'ja'): Translate {
  const i18n = i18next.createInstance();
  void i18n.init({ lng, initAsync: false, keySeparator: false, resources: { en: { watches: en }, ja: { watches: ja } }, defaultNS: 'watches', interpolation: { escapeValue: false } });
  const t = i18n.t.bind(i18n) as unknown as (key: string, vars: Record<string, unknown>) => string;
  return (key, vars) => t(key, vars ?? {});
}
const enT = translator('en');
const jaT = translator('ja');

describe('a schedule in words', () => {
  it('says every N hours, hourly for one', () => {
    expect(scheduleWords({ every: 'hours', hours: 6 }, enT)).toBe('Every 6 hours');
    expect(scheduleWords({ every: 'hours', hours: 1 }, enT)).toBe('Every hour');
    expect(scheduleWords({ every: 'hours', hours: 6 }, jaT)).toBe('6時間ごと');
  });

  it('says daily and weekly with the time and the zone', () => {
    expect(scheduleWords({ every: 'day', at: '09:00', timezone: 'Asia/Tokyo' }, enT)).toBe('Daily at 09:00 (Asia/Tokyo)');
    expect(scheduleWords({ every: 'day', at: '09:00', timezone: 'Asia/Tokyo' }, jaT)).toBe('毎日 09:00（Asia/Tokyo）');
    expect(scheduleWords({ every: 'week', weekday: 1, at: '09:00' }, enT)).toBe('Mondays at 09:00');
    expect(scheduleWords({ every: 'week', weekday: 1, at: '09:00' }, jaT)).toBe('毎週月曜 09:00');
  });
});

describe('a run in counts', () => {
  const counts = { new: 2, changed: 1, gone: 0, back: 0, unchanged: 5 };
  it('names only the kinds the run saw, in order', () => {
    expect(runCountsSummary(counts, enT)).toBe('2 new · 1 changed · 5 unchanged');
    expect(runCountsSummary(counts, jaT)).toBe('新規 2・変更 1・変化なし 5');
  });

  it('says so when it saw nothing', () => {
    expect(runCountsSummary({ new: 0, changed: 0, gone: 0, back: 0, unchanged: 0 }, enT)).toBe('Nothing seen');
  });
});

describe('a changed field', () => {
  it('shows from what to what, the field translated', () => {
    expect(fieldChangeText({ field: 'price', before: '2000', after: '1500' }, enT)).toBe('Price: 2000 → 1500');
    expect(fieldChangeText({ field: 'seller', before: 'A', after: null }, jaT)).toBe('出品者: A → —');
  });

  it('keeps a field it does not know by its name', () => {
    expect(fieldChangeText({ field: 'colour', before: 'red', after: 'blue' }, enT)).toBe('colour: red → blue');
  });
});

describe('the form', () => {
  it('sends only the parts of the schedule its kind uses', () => {
    expect(scheduleOf({ every: 'hours', hours: 6, at: '09:00', timezone: 'UTC' })).toEqual({ every: 'hours', hours: 6 });
    expect(scheduleOf({ every: 'day', hours: 6, at: '09:00', weekday: 2, timezone: 'UTC' })).toEqual({ every: 'day', at: '09:00', timezone: 'UTC' });
    expect(scheduleOf({ every: 'week', at: '09:00', weekday: 2, timezone: 'UTC' })).toEqual({ every: 'week', at: '09:00', weekday: 2, timezone: 'UTC' });
  });

  it('reads the source rows, empty cells as empty text', () => {
    expect(watchInputOf({ clientId: 3, name: 'Bags', every: 'hours', hours: 2, targetCount: 10, sources: [{ site: 'Demo', startUrl: 'https://m.example/s' }] })).toEqual({
      clientId: 3, name: 'Bags', sources: [{ site: 'Demo', keyword: '', startUrl: 'https://m.example/s' }], schedule: { every: 'hours', hours: 2 }, targetCount: 10, captureEvidence: false,
    });
  });

  it('offers the watch zone when it is not among the usual ones', () => {
    expect(timeZoneChoices(['Asia/Kolkata', 'UTC', undefined])).toContain('Asia/Kolkata');
    expect(timeZoneChoices().filter((z) => z === 'UTC')).toHaveLength(1);
  });

  it('opens a watch on a run', () => {
    expect(watchPath(4, 9)).toBe('/analyst/watches/4?run=9');
    expect(watchPath(4)).toBe('/analyst/watches/4');
  });
});
