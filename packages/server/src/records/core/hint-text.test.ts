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

  it('writes SNS list reasons in Japanese', () => {
    const sns = [hintText('hint.accountId', { value: 'bad_shop' }), hintText('hint.account', { value: 'Bad Shop' }), hintText('hint.url', { value: 'https://x.example/p/1' })].join('; ');
    expect(sns).toBe('account id: bad_shop; account: Bad Shop; url: https://x.example/p/1');
    expect(localizeHints(sns, 'ja')).toBe('アカウントID：bad_shop; アカウント：Bad Shop; URL：https://x.example/p/1');
  });
});
