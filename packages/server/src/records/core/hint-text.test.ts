import { describe, expect, it } from 'vitest';
import { hintText, localizeHints } from './hint-text.js';

describe('match reasons in the reader\'s language', () => {
  const stored = [
    hintText('hint.compatible', { word: 'for use with' }),
    hintText('hint.genuine', { word: "l'original" }),
    hintText('hint.keyword', { word: 'sakura', brand: 'Sakura (Glow)' }),
    'seller id: A123',
    'seller: Bad Shop',
    'url: https://shop.example/x',
  ].join('; ');

  it('stores the English text and answers it unchanged in English', () => {
    expect(stored).toBe("compatible: 'for use with'; genuine: 'l'original'; keyword 'sakura' (brand Sakura (Glow)); seller id: A123; seller: Bad Shop; url: https://shop.example/x");
    expect(localizeHints(stored, 'en')).toBe(stored);
  });

  it('writes each known part again from the Japanese catalogue, and leaves any other part as stored', () => {
    expect(localizeHints(stored, 'ja')).toBe('互換品の表現：「for use with」; 純正品の表現：「l\'original」; キーワード「sakura」（ブランド：Sakura (Glow)）; 出品者ID：A123; 出品者：Bad Shop; URL：https://shop.example/x');
    expect(localizeHints("keyword 'sak", 'ja')).toBe("keyword 'sak"); // cut at the column's length
    expect(localizeHints('', 'ja')).toBe('');
  });

  it('writes SNS list reasons and a re-check\'s verdict reason in Japanese', () => {
    const sns = [hintText('hint.accountId', { value: 'bad_shop' }), hintText('hint.account', { value: 'Bad Shop' }), hintText('hint.url', { value: 'https://x.example/p/1' })].join('; ');
    expect(sns).toBe('account id: bad_shop; account: Bad Shop; url: https://x.example/p/1');
    expect(localizeHints(sns, 'ja')).toBe('アカウントID：bad_shop; アカウント：Bad Shop; URL：https://x.example/p/1');
    expect(localizeHints('status 404', 'ja')).toBe('ステータス 404');
    expect(localizeHints('page answers without a status', 'ja')).toBe('ページがステータスなしで応答');
    expect(localizeHints('page answers 200', 'ja')).toBe('ページの応答 200');
    expect(localizeHints('redirect to /search?q=x', 'ja')).toBe('/search?q=x へ転送');
    expect(localizeHints('phrase "sold out"', 'ja')).toBe('文言「sold out」');
  });
});
