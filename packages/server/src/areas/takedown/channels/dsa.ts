import type { Channel } from './common.js';
import { GOOD_FAITH_EN, letterLine, listingLines, notifierLines } from './common.js';

/**
 * A notice under Article 16 of the Digital Services Act (Regulation (EU) 2022/2065), one per listing, in English.
 * Its sections are the elements of Art. 16(2): (a) a sufficiently substantiated explanation of the reasons, (b) the
 * exact electronic location (URL), (c) the notifier's name and e-mail address, (d) the good-faith statement.
 */
export const dsa: Channel = {
  id: 'dsa',
  perNotice: 1,
  compose([f], env) {
    const r = f!;
    const m = r.trademark;
    const mark = m ? `the trademark ${m.text} (registration no. ${m.no}, ${m.officeEn}, class ${m.classes})` : 'the trademark of the rights owner';
    const reasons =
      `The listing below offers goods under a sign identical or confusingly similar to ${mark}, owned by ${env.clientName}, ` +
      `without the owner's consent. This use infringes the owner's exclusive rights and is illegal content within the ` +
      `meaning of Article 3(h) of the Digital Services Act. The listing was recorded as shown in the evidence below.`;
    const letter = letterLine([r], 'en');
    const body = [
      `Notice of illegal content under Article 16 of the Digital Services Act`,
      ``,
      `1. Explanation of the reasons (Art. 16(2)(a))`,
      reasons,
      ...listingLines(r, 'en'),
      ``,
      `2. Exact electronic location (Art. 16(2)(b))`,
      `  - ${r.url}`,
      ``,
      `3. Notifier (Art. 16(2)(c))`,
      ...notifierLines(env, 'en'),
      ...(letter ? [letter] : []),
      ``,
      `4. Statement (Art. 16(2)(d))`,
      `I confirm my bona fide belief that the information and allegations contained in this notice are accurate and complete. ${GOOD_FAITH_EN}`,
      ``,
      `${env.notifier.name}, ${env.today}`,
    ].join('\n');
    return { to: `${r.site}: notice and action mechanism (Art. 16 DSA)`, subject: `DSA Article 16 notice: trademark infringement on ${r.site} (${r.url})`, body };
  },
};
