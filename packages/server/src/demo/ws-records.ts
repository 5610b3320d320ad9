import type { Tx } from '../platform/db.js';
import { WS_CHECK, WS_UPLOAD } from '../kinds/ws/sheet-kind.js';
import { demoProgressColumns } from './categorized.js';

/**
 * A demo website report for the first client: 30 sites found by last month's scan, with their whois text; most
 * are categorized (some reported in one or two rounds, a few answered by the client) and posted, the rest wait.
 */
const ENGINES = ['Google', 'Bing', 'Yahoo! JAPAN'];
const STEMS = ['sakura-beauty-outlet', 'sakurabeauty-sale', 'skb-official-store', 'cheap-sakura-cosme', 'sakura-beauty-jp', 'hanami-cosmetics'];
const TLDS = [
  { tld: 'shop', region: 'US' },
  { tld: 'cn', region: 'CN' },
  { tld: 'xyz', region: 'PA' },
  { tld: 'jp', region: 'JP' },
  { tld: 'com', region: 'HK' },
];
const REGISTRARS = ['NameSilo, LLC', 'Alibaba Cloud Computing (Beijing)', 'GMO Internet, Inc.', 'Namecheap, Inc.'];
/** Site categories for the categorized ones: mostly suspicious, phishing and parking sites, one official site. */
const CATEGORIES = [3, 11, 5, 3, 10, 8, 11, 1];

const TAKEDOWN_REMARKS = 'Please take it down';

export async function seedWsRecords(trx: Tx, clientId: number, uploaderId: number, now: Date): Promise<void> {
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
  const day = (d: number) => `${month}-${String(d).padStart(2, '0')}`;
  const { report_id } = await trx
    .insertInto('ws_report')
    .values({ client_id: clientId, report_name: `${month} さくら化粧品 ウェブサイト調査`, upload_date: now, uploaded_by: uploaderId, send_date: now })
    .returning('report_id')
    .executeTakeFirstOrThrow();
  const rows = Array.from({ length: 30 }, (_, n) => {
    const t = TLDS[n % TLDS.length]!;
    const domain = `${STEMS[n % STEMS.length]}${n < STEMS.length ? '' : n}.${t.tld}`;
    const registrar = REGISTRARS[n % REGISTRARS.length]!;
    const created = `20${22 + (n % 4)}-0${1 + (n % 9)}-1${n % 10}`;
    const expires = `20${27 + (n % 2)}-0${1 + (n % 9)}-1${n % 10}`;
    return {
      no: n + 1,
      searchEngine: ENGINES[n % ENGINES.length]!,
      scanDate: day(1 + (n % 27)),
      searchKeyword: n % 2 ? 'sakura beauty' : 'さくらビューティー 通販',
      pageDomain: domain,
      pageURL: `https://${domain}/${n % 3 ? 'products/serum' : ''}`,
      domainRegion: t.region,
      tld: t.tld,
      domainContact: n % 4 === 0 ? 'REDACTED FOR PRIVACY' : `abuse@${registrar.split(/[ ,]/)[0]!.toLowerCase()}.example`,
      redirectURL: n % 7 === 3 ? `https://landing-${n}.example/` : '',
      whois: [
        `Domain Name: ${domain.toUpperCase()}`,
        `Registrar: ${registrar}`,
        `Creation Date: ${created}T03:12:45Z`,
        `Registry Expiry Date: ${expires}T03:12:45Z`,
        `Registrant Organization: ${n % 4 === 0 ? 'REDACTED FOR PRIVACY' : 'Privacy Protect, LLC'}`,
        `Registrant Country: ${t.region}`,
        `Name Server: NS${1 + (n % 2)}.PARKING-DNS.EXAMPLE`,
      ].join('\n'),
      domainCreatedAt: created,
      domainExpireAt: expires,
    };
  });
  await WS_UPLOAD.insert(trx, { clientId, reportId: report_id, now, seen: new Set() }, WS_CHECK.pack(rows));

  const trademark = await trx.selectFrom('trademark').select('trademark_id').where('client_id', '=', clientId).orderBy('trademark_id').executeTakeFirst();
  const ids = (await trx.selectFrom('ws_record').select('ws_id').where('report_id', '=', report_id).orderBy('ws_id').execute()).map((r) => r.ws_id);
  for (const [i, id] of ids.entries()) {
    // The last six wait to be categorized: not posted yet.
    if (i >= 24) continue;
    const category = CATEGORIES[i % CATEGORIES.length]!;
    const rounds = category === 1 || category === 5 || category === 8 ? 0 : 1 + (i % 2);
    const done = rounds > 0 && i % 3 === 0;
    const action = category === 1 ? 3 : i % 4 === 0 ? 1 : i % 4 === 1 ? 2 : null;
    const remarks = category === 11 ? 'Login page imitating the brand' : category === 1 ? 'Official site' : '';
    await trx
      .updateTable('ws_record')
      .set(demoProgressColumns({ category, remarks, rounds, done, action, takedownRemarks: TAKEDOWN_REMARKS, trademarkId: trademark?.trademark_id ?? null }, day, now))
      .where('ws_id', '=', id)
      .execute();
  }
}
