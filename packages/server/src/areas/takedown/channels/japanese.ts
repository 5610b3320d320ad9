import type { TakedownChannel } from '@portal/contract';
import type { Channel } from './common.js';
import { GOOD_FAITH_JA, itemId, letterLine, listingLines, notifierLines } from './common.js';

/**
 * The Japanese marketplaces' rights-infringement reports (楽天市場, メルカリ, ラクマ), one per listing, in Japanese:
 * the reporter, the right (商標登録番号, 区分), the listing and its evidence, the reason and the pledge each form asks.
 */
interface Marketplace {
  id: TakedownChannel;
  name: string;
  to: string;
  /** The platform's item id in a listing URL (商品ID), for the form's item field. */
  item: RegExp;
}

function japanese(p: Marketplace): Channel {
  return {
    id: p.id,
    perNotice: 1,
    compose([f], env) {
      const r = f!;
      const m = r.trademark;
      const letter = letterLine([r], 'ja');
      const item = itemId(r.url, p.item);
      const body = [
        `${p.name} ご担当者様`,
        ``,
        `下記の出品は、${env.clientName} が保有する商標権を侵害するものですので、削除を申請いたします。`,
        ``,
        `■ 申告者`,
        ...notifierLines(env, 'ja'),
        ...(letter ? [letter] : []),
        ``,
        `■ 権利の内容`,
        m ? `商標権（登録番号 ${m.no}、${m.officeJa}、第${m.classes}類、商標「${m.text}」）` : '商標権',
        ``,
        `■ 対象の出品${item ? `（商品ID ${item}）` : ''}`,
        ...listingLines(r, 'ja'),
        ``,
        `■ 申告の理由`,
        `権利者の許諾なく、登録商標と同一又は類似の標章を付した商品（模倣品）を販売しており、商標権を侵害しています。`,
        ``,
        `■ 誓約`,
        GOOD_FAITH_JA,
        ``,
        `${env.today}\u3000${env.notifier.name}`,
      ].join('\n');
      return { to: p.to, subject: `【権利侵害申告】商標権侵害の出品について（${item || r.url}）`, body };
    },
  };
}

export const rakuten = japanese({ id: 'rakuten', name: '楽天市場', to: '楽天市場 権利侵害申告窓口', item: /item\.rakuten\.co\.jp\/([^?#]+?)\/?(?:[?#]|$)/ });
export const mercari = japanese({ id: 'mercari', name: 'メルカリ', to: 'メルカリ 知的財産権侵害申告フォーム', item: /\/item\/(m\d+)/ });
export const rakuma = japanese({ id: 'rakuma', name: 'ラクマ', to: 'ラクマ 権利侵害申告フォーム', item: /\/item\/([A-Za-z0-9]+)/ });
