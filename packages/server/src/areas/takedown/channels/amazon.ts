import type { Channel } from './common.js';
import { claimsCompatibility, GOOD_FAITH_EN, itemId, letterLine, mainTrademark, priceOf } from './common.js';
import type { RecordFacts } from '../facts.js';

/**
 * Amazon's Report Infringement form: the rights owner, the trademark's registration number and office, the kind of
 * infringement, and the ASINs (or URLs) reported, one report for the batch.
 */
export const asinOf = (f: RecordFacts) => itemId(f.url, /\/(?:dp|gp\/product|product)\/([A-Z0-9]{10})(?:[/?#]|$)/, /^[A-Z0-9]{10}$/.test(f.productNo) ? f.productNo : '');
export const amazonType = (f: RecordFacts) => (claimsCompatibility(f) ? 'Trademark - a listing uses the trademark (text or logo)' : 'Trademark - counterfeit product');

export const amazon: Channel = {
  id: 'amazon',
  perNotice: Number.MAX_SAFE_INTEGER,
  compose(records, env) {
    const m = mainTrademark(records);
    const letter = letterLine(records, 'en');
    const body = [
      `Amazon Report Infringement - trademark`,
      ``,
      `Rights owner: ${env.clientName}`,
      `Brand name: ${m?.text ?? '—'}`,
      `Trademark registration number: ${m?.no ?? '—'}`,
      `Trademark office: ${m ? `${m.officeEn} (${m.region}), class ${m.classes}, ${m.registryUrl}` : '—'}`,
      `Reporter: ${env.notifier.name} <${env.notifier.mail}> (agent of the rights owner)`,
      ...(letter ? [letter] : []),
      ``,
      `ASINs / URLs (${records.length}):`,
      ...records.map((f) => `- ASIN: ${asinOf(f) || '—'} | ${f.url} | Infringement type: ${amazonType(f)} | Registration number: ${f.trademark?.no ?? '—'} | Seller: ${f.seller || '—'} | ${priceOf(f)}`),
      ``,
      GOOD_FAITH_EN,
      ``,
      `${env.notifier.name}, ${env.today}`,
    ].join('\n');
    return { to: 'Amazon Report Infringement form (https://www.amazon.com/report/infringement)', subject: `Report Infringement: ${records.length} ASIN(s), trademark ${m?.no ?? ''}`.trim(), body };
  },
  csv: {
    header: ['ASIN', 'URL', 'Infringement type', 'Trademark registration number', 'Trademark office', 'Seller', 'Title', 'Price'],
    row: (f) => [asinOf(f), f.url, amazonType(f), f.trademark?.no ?? '', f.trademark?.region ?? '', f.seller, f.title, priceOf(f)],
  },
};
