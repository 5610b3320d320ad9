import { ALIBABA_BATCH } from '@portal/contract';
import type { Channel } from './common.js';
import { GOOD_FAITH_EN, letterLine, mainTrademark, priceOf } from './common.js';

/**
 * Alibaba's Intellectual Property Protection platform (AliExpress, Alibaba.com, Taobao, Tmall): a complaint names
 * the IP right (registered on the IPP account) and lists the links, at most 300 per complaint; larger selections
 * become several notices.
 */
export const alibabaIpp: Channel = {
  id: 'alibaba-ipp',
  perNotice: ALIBABA_BATCH,
  compose(records, env) {
    const m = mainTrademark(records);
    const letter = letterLine(records, 'en');
    const body = [
      `Alibaba IPP complaint - trademark infringement`,
      ``,
      `Rights holder: ${env.clientName}`,
      `IPR type: Trademark`,
      `Registration number: ${m?.no ?? '—'} (${m ? `${m.officeEn}, class ${m.classes}` : '—'})`,
      `Trademark: ${m?.text ?? '—'}  Register entry: ${m?.registryUrl || '—'}`,
      `Complainant: ${env.notifier.name} <${env.notifier.mail}>`,
      ...(letter ? [letter] : []),
      `Reason: the listings sell counterfeit goods or use the trademark without authorisation.`,
      ``,
      `Infringing links (${records.length}):`,
      ...records.map((f, i) => `${i + 1}. ${f.url} | ${f.seller || '—'} | ${f.title} | ${priceOf(f)}${f.captures[0] ? ` | evidence PNG SHA-256 ${f.captures[0].sha256Png}` : ''}`),
      ``,
      GOOD_FAITH_EN,
      ``,
      `${env.notifier.name}, ${env.today}`,
    ].join('\n');
    return { to: 'Alibaba IPP (https://ipp.alibabagroup.com)', subject: `IPP complaint: ${records.length} link(s), trademark ${m?.no ?? ''}`.trim(), body };
  },
  csv: {
    header: ['Link', 'Seller', 'Title', 'Price', 'IPR type', 'Registration number', 'Region', 'Classes', 'Evidence PNG SHA-256'],
    row: (f) => [f.url, f.seller, f.title, priceOf(f), 'Trademark', f.trademark?.no ?? '', f.trademark?.region ?? '', f.trademark?.classes ?? '', f.captures[0]?.sha256Png ?? ''],
  },
};
