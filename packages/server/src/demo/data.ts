import { Role } from '@portal/contract';

/** What a newcomer sees after `npm start`: bilingual names, contracts that run out soon and later. */

export const demoUsers = [
  { label: 'administrator', name: '管理 太郎 (Admin)', mail: 'admin@example.com', role: Role.ADMIN, tel: '03-1234-5678', department: '', locale: 'ja' as const, clientIndex: undefined },
  { label: 'analyst', name: 'Alice Analyst', mail: 'analyst@example.com', role: Role.ANALYST, tel: '03-2345-6789', department: '', locale: 'en' as const, clientIndex: undefined },
  { label: 'analyst (2)', name: '分析 花子', mail: 'analyst2@example.com', role: Role.ANALYST, tel: '', department: '', locale: 'ja' as const, clientIndex: undefined },
  { label: 'client user', name: 'Carol Client', mail: 'client@example.com', role: Role.CLIENT, tel: '+81 90-1111-2222', department: 'Legal', locale: 'en' as const, clientIndex: 0 },
  { label: 'client user (2)', name: '佐藤 健', mail: 'client2@example.com', role: Role.CLIENT, tel: '', department: '知的財産部', locale: 'ja' as const, clientIndex: 1 },
  // Sakura's Japanese colleague of Carol's: her service requests are written in Japanese.
  { label: 'client user (3)', name: '山田 美咲', mail: 'client3@example.com', role: Role.CLIENT, tel: '03-5555-0102', department: '法務部', locale: 'ja' as const, clientIndex: 0 },
];

/** The first demo client, a Japanese company: its Japanese name with the English one the English screens know it by. */
export const SAKURA_NAME = 'さくら化粧品株式会社 (Sakura Cosmetics)';
/** The owner of its Japanese registrations, as the register writes it. */
const SAKURA_OWNER_JA = 'さくら化粧品株式会社';

const day = (now: Date, offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

export function demoClients(now: Date) {
  return [
    {
      client: { client_name: SAKURA_NAME, client_tel: '03-5555-0101', client_address: '東京都中央区銀座1-2-3', client_remarks: 'Skincare and make-up brands' },
      contracts: [
        { service: 'ec', start_date: day(now, -300), end_date: day(now, 65), fee: '12000.00', currency: 1, remind_mail: true },
        { service: 'ws', start_date: day(now, -300), end_date: day(now, 400), fee: '800000.00', currency: 2, remind_mail: true },
      ],
    },
    {
      client: { client_name: '富士山電機株式会社', client_tel: '06-6666-0202', client_address: '大阪府大阪市北区梅田1-1-1', client_remarks: '家電・バッテリー' },
      contracts: [{ service: 'ec', start_date: day(now, -100), end_date: day(now, 265), fee: '50000.00', currency: 3, remind_mail: false }],
    },
    {
      client: { client_name: 'Nordic Outdoor AB', client_tel: '+46 8 123 456', client_address: 'Drottninggatan 1, Stockholm', client_remarks: '' },
      contracts: [],
    },
  ];
}

/** The demo's notices, written in the recipient's language as the notice service writes them. */
export function demoNotices(now: Date, locale: 'en' | 'ja') {
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000);
  const ja = locale === 'ja';
  return [
    { title: ja ? 'ECレポートが公開されました' : 'EC report uploaded', content: ja ? '10月のECレポートを公開しました。' : 'The October marketplace report is ready.', type: 3, sender: 'IPF', target: '/ec-list', send_date: at(2), viewed: false },
    { title: ja ? 'EC記録が更新されました' : 'EC records updated', content: ja ? '12件の記録が分類されました。' : '12 records were categorized.', type: 2, sender: 'IPF', target: '/ec-list', send_date: at(30), viewed: false },
    { title: ja ? 'ポータルへようこそ' : 'Welcome to the portal', content: ja ? 'アカウントの準備ができました。' : 'Your account is ready.', type: 1, sender: 'IPF', target: '/profile', send_date: at(72), viewed: true },
  ];
}

/** The demo's custom column of marketplace fees (the EC records fill it). */
export const DEMO_FEE_COLUMN = '出店手数料';

/** Master data of the first demo client (Sakura Cosmetics), so the Data Settings tab has something to show. */
export function demoMasterData(now: Date) {
  return {
    brands: [
      { name: 'SAKURA BEAUTY', keywords: ['sakura beauty', 'さくらビューティー', 'SKB'], models: [{ name: 'SK-Serum 30ml', price: '48.00' }, { name: 'SK-Cream 50g', price: '65.00' }] },
      { name: 'Hanami', keywords: ['hanami', '花見コスメ'], models: [{ name: 'HN Lip Tint', price: '22.50' }] },
    ],
    categories: [
      { name: '美容液', name_en: 'Serum', code: 'SER' },
      { name: 'クリーム', name_en: 'Cream', code: 'CRM' },
      { name: 'リップ', name_en: 'Lip', code: 'LIP' },
    ],
    columns: [
      // Named by the client's Japanese staff, as the columns of their own sheets.
      { column_name: DEMO_FEE_COLUMN, column_category: 1, column_position: 'ec_product_price', column_order: 1 },
      { column_name: 'テスト購入', column_category: 2, column_position: 'ec_categorize_remarks', column_order: 1 },
    ],
    urls: [
      { type: 2, url: 'https://shop.example/fake-sakura', seller: 'Sakura Outlet 88', seller_id: 'so88', company: 'Unknown', remarks: 'Repeat offender' },
      { type: 1, url: 'https://shop.example/sakura-official', seller: 'SAKURA BEAUTY Official', seller_id: 'skb-official', company: SAKURA_OWNER_JA, remarks: 'Official store' },
    ],
    words: [
      { type: 1, word: 'compatible with' },
      { type: 1, word: '互換' },
      { type: 2, word: 'genuine' },
      { type: 2, word: '正規品' },
    ],
    letters: [
      { region: 'CN', start_date: day(now, -300), end_date: day(now, 60), remind_flag: true },
      { region: 'US', start_date: day(now, -100), end_date: day(now, 265), remind_flag: false },
    ],
    countries: 'JP,CN,US,KR,TW,DE,FR,GB',
  };
}

/** News for the home page and /news: real offices' pages, each item in English and in Japanese for readers of each. */
export function demoNews(now: Date) {
  const items = [
    { en: 'WIPO: the 13th edition of the Nice Classification is in force', ja: 'WIPO：ニース分類第13版が発効', url: 'https://www.wipo.int/classifications/nice/en/', news_date: day(now, -40) },
    { en: 'JPO: trademark application guide', ja: '特許庁：商標出願の手引き', url: 'https://www.jpo.go.jp/system/trademark/', news_date: day(now, -20) },
    { en: 'EUIPO: searching trademarks with TMview', ja: 'EUIPO：TMviewによる商標検索', url: 'https://www.tmdn.org/tmview/', news_date: day(now, -7) },
  ];
  return items.flatMap(({ en, ja, ...rest }) => [
    { ...rest, title: en, locale: 'en' },
    { ...rest, title: ja, locale: 'ja' },
  ]);
}

/** The shared infringement category master: main categories with subcategories and their aggregate category. */
export const demoInfringementCategories = [
  {
    name: '商標権侵害', name_en: 'Trademark infringement', code: 'TM',
    subs: [
      { name: '模倣品', name_en: 'Counterfeit', code: 'TM-01', common_category: 3 },
      { name: '広告での商標使用', name_en: 'Trademark in advertising', code: 'TM-02', common_category: 2 },
    ],
  },
  {
    name: '著作権侵害', name_en: 'Copyright infringement', code: 'CR',
    subs: [{ name: '画像の無断使用', name_en: 'Unauthorised image use', code: 'CR-01', common_category: 4 }],
  },
  {
    name: '非侵害', name_en: 'Non-infringement', code: 'NI',
    subs: [
      { name: '正規品', name_en: 'Genuine product', code: 'NI-01', common_category: 1 },
      { name: '互換品', name_en: 'Compatible product', code: 'NI-02', common_category: 1 },
    ],
  },
];

/** Marketplace sites the crawler knows, with accounts (their passwords are generated at seeding and sealed). */
export const demoSites = [
  { name: 'Taobao', url: 'https://www.taobao.com', region: 'CN', has_crawler: true, remarks: 'Main target', accounts: [{ account: 'ipf-crawler-01', phone: '+86 10 0000 0001', freeze_seconds: 60, remarks: '' }, { account: 'ipf-crawler-02', phone: '', freeze_seconds: 120, remarks: 'backup' }] },
  { name: 'Amazon.com', url: 'https://www.amazon.com', region: 'US', has_crawler: true, remarks: '', accounts: [{ account: 'ipf-us-01', phone: '', freeze_seconds: 30, remarks: '' }] },
  { name: 'Rakuten Ichiba', url: 'https://www.rakuten.co.jp', region: 'JP', has_crawler: false, remarks: 'Manual checks', accounts: [] as { account: string; phone: string; freeze_seconds: number; remarks: string }[] },
];

/** Trademarks of the first two clients: one expiring soon with a reminder, every status, regional offices too. */
export function demoTrademarks(now: Date) {
  const base = { remind_flag: false, belongsto: '', description_ja: '', description_en: '', description_cn: '', remarks: '', register_date: null as string | null, invalid_date: null as string | null };
  return [
    { clientIndex: 0, logo: [232, 121, 160] as const, ...base, no: '第6123456号', region: 'JP', type: '3', text: 'SAKURA GLOW', status: 1, register_date: day(now, -2400), invalid_date: day(now, 75), remind_flag: true, belongsto: SAKURA_OWNER_JA, description_ja: '化粧品、せっけん類、香料', description_en: 'Cosmetics; soaps; perfumes', description_cn: '化妆品；肥皂；香料', remarks: 'Renewal due soon' },
    { clientIndex: 0, logo: [232, 121, 160] as const, ...base, no: '40123456', region: 'CN', type: '3', text: 'SAKURA GLOW', status: 1, register_date: day(now, -1500), invalid_date: day(now, 2150), remind_flag: true, belongsto: 'Sakura Cosmetics Co., Ltd.', description_cn: '化妆品；香皂' },
    { clientIndex: 0, logo: null, ...base, no: '2026-045678', region: 'JP', type: '3', text: 'さくら美肌', status: 2, belongsto: SAKURA_OWNER_JA, description_ja: '化粧品', remarks: 'Application filed' },
    { clientIndex: 0, logo: null, ...base, no: '97123456', region: 'US', type: '3', text: 'SAKURA GLOW', status: 3, belongsto: 'Sakura Cosmetics Co., Ltd.', description_en: 'Cosmetics', remarks: 'Office action: likelihood of confusion' },
    // The Madrid registration: the marketplaces' other countries (Korea, Taiwan, Thailand, Hong Kong, the US, ...).
    { clientIndex: 0, logo: [232, 121, 160] as const, ...base, no: '1723456', region: 'WO', type: '3', text: 'SAKURA GLOW', status: 1, register_date: day(now, -1200), invalid_date: day(now, 2450), belongsto: 'Sakura Cosmetics Co., Ltd.', description_ja: '化粧品', description_en: 'Cosmetics' },
    { clientIndex: 0, logo: [90, 90, 200] as const, ...base, no: '018765432', region: 'EM', type: '35', text: 'SAKURA', status: null, register_date: day(now, -900), invalid_date: day(now, 2750), description_en: 'Online retail services for cosmetics' },
    { clientIndex: 1, logo: [30, 110, 200] as const, ...base, no: '第5987654号', region: 'JP', type: '9', text: 'FUJIYAMA POWER', status: 1, register_date: day(now, -3000), invalid_date: day(now, 650), remind_flag: true, belongsto: '富士山電機株式会社', description_ja: '電池、充電器', description_en: 'Batteries; chargers', remarks: '更新の手続きを準備中' },
    { clientIndex: 1, logo: null, ...base, no: '61234567', region: 'CN', type: '9', text: '富士山电机', status: 2, belongsto: '富士山電機株式会社', description_cn: '电池；充电器' },
  ];
}
