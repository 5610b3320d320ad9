import type { Channel } from './common.js';
import { GOOD_FAITH_EN, GOOD_FAITH_JA, letterLine, listingLines, notifierLines } from './common.js';

/**
 * A plain mail to whoever runs the page (a website's contact, a seller), one per listing, in the user's language:
 * the client has no language of its own, and the analyst writes to the counterpart they chose the language for.
 */
const MAIL = /[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+/;

export const mail: Channel = {
  id: 'mail',
  perNotice: 1,
  compose([f], env) {
    const r = f!;
    const ja = env.locale === 'ja';
    const to = MAIL.exec(r.contact)?.[0] ?? '';
    const letter = letterLine([r], env.locale);
    const m = r.trademark;
    const body = ja
      ? [`${r.seller || r.site} ご担当者様`, ``, `${env.clientName} の代理として連絡いたします。下記のページは ${env.clientName} の商標権を侵害しています。直ちに削除してください。`, ``, ...listingLines(r, 'ja'), ``, ...notifierLines(env, 'ja'), ...(letter ? [letter] : []), ``, GOOD_FAITH_JA, ``, `${env.today}\u3000${env.notifier.name}`].join('\n')
      : [`Dear ${r.seller || r.site},`, ``, `I write on behalf of ${env.clientName}. The page below infringes ${env.clientName}'s trademark rights. Please remove it without delay.`, ``, ...listingLines(r, 'en'), ``, ...notifierLines(env, 'en'), ...(letter ? [letter] : []), ``, GOOD_FAITH_EN, ``, `${env.notifier.name}, ${env.today}`].join('\n');
    const subject = ja ? `商標権侵害のお知らせ: ${m?.text ?? env.clientName}（${r.url}）` : `Trademark infringement: ${m?.text ?? env.clientName} (${r.url})`;
    return { to, subject, body };
  },
};
