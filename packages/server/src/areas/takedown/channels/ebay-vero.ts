import type { Channel } from './common.js';
import { claimsCompatibility, GOOD_FAITH_EN, itemId, letterLine, mainTrademark, priceOf } from './common.js';
import type { RecordFacts } from '../facts.js';

/**
 * eBay's Verified Rights Owner programme: one Notice of Claimed Infringement (NOII) for the whole batch, as the
 * form lists items, each with its item number and VeRO reason code (trademark: counterfeit item, or unlawful use
 * of the trademark in the listing).
 */
export const VERO_REASONS = {
  counterfeit: 'Trademark - item(s) is a counterfeit product',
  unlawfulUse: 'Trademark - listing(s) contains unlawful use of trademark',
} as const;

export const veroReason = (f: RecordFacts) => (claimsCompatibility(f) ? VERO_REASONS.unlawfulUse : VERO_REASONS.counterfeit);
const ebayItem = (f: RecordFacts) => itemId(f.url, /\/itm\/(?:[^/?#]*\/)?(\d{9,15})/, f.productNo);

export const ebayVero: Channel = {
  id: 'ebay-vero',
  perNotice: Number.MAX_SAFE_INTEGER,
  compose(records, env) {
    const m = mainTrademark(records);
    const letter = letterLine(records, 'en');
    const items = records.map((f, i) =>
      [`${i + 1}. Item number: ${ebayItem(f) || '(see URL)'}`, `   URL: ${f.url}`, `   Reason code: ${veroReason(f)}`, `   Seller: ${f.seller || '—'}  Title: ${f.title}  Price: ${priceOf(f)}`,
        `   Trademark: ${f.trademark ? `${f.trademark.text}, reg. no. ${f.trademark.no} (${f.trademark.officeEn}, class ${f.trademark.classes}) ${f.trademark.registryUrl}` : '(none named)'}`,
        ...f.captures.slice(0, 1).map((c) => `   Evidence: captured ${c.capturedAt}, PNG SHA-256 ${c.sha256Png}, HTML SHA-256 ${c.sha256Html}`)].join('\n'),
    );
    const body = [
      `Notice of Claimed Infringement (NOII) - eBay VeRO Program`,
      ``,
      `Rights owner: ${env.clientName}`,
      `Intellectual property: ${m ? `trademark ${m.text}, registration no. ${m.no} (${m.officeEn})` : 'trademark'}`,
      `Contact: ${env.notifier.name} <${env.notifier.mail}>`,
      ...(letter ? [letter] : []),
      ``,
      `Items (${records.length}):`,
      ...items,
      ``,
      GOOD_FAITH_EN,
      `I state under penalty of perjury that the information in this notification is accurate and that I am the owner, or an agent authorised to act on behalf of the owner, of the intellectual property rights at issue.`,
      ``,
      `Signature: ${env.notifier.name}, ${env.today}`,
    ].join('\n');
    return { to: 'eBay VeRO Program: Notice of Claimed Infringement (NOII)', subject: `VeRO NOII: ${records.length} item(s) infringing ${m ? m.text : 'the trademark'} of ${env.clientName}`, body };
  },
  csv: {
    header: ['Item number', 'URL', 'Reason code', 'Seller', 'Title', 'Price', 'Trademark', 'Registration no.', 'Evidence PNG SHA-256'],
    row: (f) => [ebayItem(f), f.url, veroReason(f), f.seller, f.title, priceOf(f), f.trademark?.text ?? '', f.trademark?.no ?? '', f.captures[0]?.sha256Png ?? ''],
  },
};
