import type { Tx } from '../platform/db.js';
import { loadListUrls } from '../records/upload/list-matching.js';
import { trademarkLookups } from '../records/upload/upload.js';
import { SNS_CHECK, SNS_UPLOAD } from '../kinds/sns/sheet-kind.js';
import { demoProgressColumns } from './categorized.js';

/**
 * A demo social media report for the first client: 40 posts found by last month's scan across the platforms,
 * matched against the client's lists as an upload would (one account is on the black list); most are categorized
 * and posted (some reported in one or two rounds, some answered by the client), the rest wait.
 */
const ACCOUNTS: { platform: number; name: string; handle: string; region: string; host: string; post: (h: string, n: number) => string }[] = [
  { platform: 1, name: 'sakura.beauty.sale', handle: 'sakura.beauty.sale', region: 'JP', host: 'https://www.instagram.com/', post: (_, n) => `https://www.instagram.com/p/Cx${n}Sakura/` },
  { platform: 3, name: 'さくらコスメ激安', handle: 'sakura_gekiyasu', region: 'JP', host: 'https://x.com/', post: (h, n) => `https://x.com/${h}/status/18${n}4420193` },
  { platform: 4, name: 'Sakura Outlet 88', handle: 'so88', region: 'CN', host: 'https://www.tiktok.com/@', post: (h, n) => `https://www.tiktok.com/@${h}/video/73${n}81092` },
  { platform: 8, name: '樱花美妆代购', handle: 'sakura_daigou', region: 'CN', host: 'https://www.xiaohongshu.com/user/profile/', post: (_, n) => `https://www.xiaohongshu.com/explore/64a${n}f0c2` },
  { platform: 2, name: 'Sakura Beauty Deals', handle: 'sakurabeautydeals', region: 'US', host: 'https://www.facebook.com/', post: (h, n) => `https://www.facebook.com/${h}/posts/pfbid0${n}Kq` },
  { platform: 5, name: 'Beauty Haul TV', handle: 'beautyhaultv', region: 'US', host: 'https://www.youtube.com/@', post: (_, n) => `https://www.youtube.com/watch?v=sKb${n}Xq9` },
  { platform: 7, name: '樱花精华正品店', handle: 'sakura_zhengpin', region: 'CN', host: 'https://weibo.com/u/', post: (h, n) => `https://weibo.com/${h}/N${n}pQ` },
  { platform: 6, name: 'さくら美容LINE', handle: 'sakura_line', region: 'JP', host: 'https://line.me/R/ti/p/@', post: (h, n) => `https://line.me/R/home/public/post?id=${h}&postId=${n}` },
];
const TEXTS = [
  'SAKURA serum 70% OFF today only! DM to order 🌸',
  '正規品 さくらビューティー美容液 半額！在庫わずか',
  'Authentic Sakura Glow set, worldwide shipping, link in bio',
  '樱花精华液 原单 支持验货 私信下单',
  'Unboxing the Sakura Glow serum I got for $9 (is it real?)',
];
/** SNS categories for the categorized ones: mostly counterfeit sales, impersonation and trademark misuse. */
const CATEGORIES = [3, 5, 3, 4, 7, 3, 8, 2, 6, 3];

const TAKEDOWN_REMARKS = 'Please report the account';

export async function seedSnsRecords(trx: Tx, clientId: number, uploaderId: number, now: Date): Promise<void> {
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
  const day = (d: number) => `${month}-${String(d).padStart(2, '0')}`;
  const { report_id } = await trx
    .insertInto('sns_report')
    .values({ client_id: clientId, report_name: `${month} さくら化粧品 SNS調査`, upload_date: now, uploaded_by: uploaderId, send_date: now })
    .returning('report_id')
    .executeTakeFirstOrThrow();
  // Checked and matched as an upload would check and match them.
  const prepare = SNS_CHECK.prepare(await loadListUrls(trx, clientId), await trademarkLookups(trx, clientId));
  const rows = Array.from({ length: 40 }, (_, n) => {
    const a = ACCOUNTS[n % ACCOUNTS.length]!;
    // The black-listed account shows up once; the others are different accounts of the same kind.
    const handle = a.handle === 'so88' ? (n === 2 ? 'so88' : `so${88 + n}`) : n < ACCOUNTS.length ? a.handle : `${a.handle}${n}`;
    const name = a.handle === 'so88' ? (n === 2 ? a.name : `Sakura Outlet ${88 + n}`) : n < ACCOUNTS.length ? a.name : `${a.name} ${n}`;
    return prepare(
      {
        no: n + 1,
        platform: a.platform,
        scanDate: day(1 + (n % 27)),
        searchKeyword: n % 2 ? 'sakura glow serum' : 'さくらビューティー',
        accountName: name,
        accountId: handle,
        accountURL: `${a.host}${handle}`,
        followers: 300 + ((n * 7919) % 180_000),
        postURL: a.post(handle, n),
        postText: TEXTS[n % TEXTS.length]!,
        postedAt: day(1 + (n % 25)),
        region: a.region,
        imageURL: n % 3 === 0 ? `https://img.example/sns/${n}.jpg` : '',
      },
      {},
    );
  });
  await SNS_UPLOAD.insert(trx, { clientId, reportId: report_id, now, seen: new Set() }, SNS_CHECK.pack(rows));

  const trademark = await trx.selectFrom('trademark').select('trademark_id').where('client_id', '=', clientId).orderBy('trademark_id').executeTakeFirst();
  const ids = (await trx.selectFrom('sns_record').select('sns_id').where('report_id', '=', report_id).orderBy('sns_id').execute()).map((r) => r.sns_id);
  for (const [i, id] of ids.entries()) {
    // The last eight wait to be categorized: not posted yet.
    if (i >= 32) continue;
    const category = CATEGORIES[i % CATEGORIES.length]!;
    const infringing = category !== 2;
    const rounds = infringing ? 1 + (i % 3 === 0 ? 1 : 0) : 0;
    const done = rounds > 0 && i % 4 === 0;
    const action = !infringing ? 3 : i % 5 === 0 ? 1 : i % 5 === 1 ? 2 : null;
    const remarks = category === 5 ? 'Uses the brand logo as its profile picture' : category === 3 ? 'Sells at a tenth of the price' : '';
    await trx
      .updateTable('sns_record')
      .set(demoProgressColumns({ category, remarks, rounds, done, action, takedownRemarks: TAKEDOWN_REMARKS, trademarkId: trademark?.trademark_id ?? null }, day, now))
      .where('sns_id', '=', id)
      .execute();
  }
}
