import type { TriageRuleBody } from '@portal/contract';
import type { Tx } from '../platform/db.js';
import { evaluateClient } from '../areas/triage/evaluate.js';

/**
 * Demo triage rules (issue 19) for the first client, named in both languages, then evaluated at once so a fresh
 * start's records already carry suggestions with their trace (the rules tab, the lists' "suggested" column and
 * the record details show them).
 */
export async function seedTriage(trx: Tx, clientId: number, analystId: number, now: Date): Promise<void> {
  const subcategory = async (code: string) => (await trx.selectFrom('infringement_subcategory').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const rules: TriageRuleBody[] = [
    {
      // Matches once the pictures job has looked at the demo market's pictures (genuine-photos.ts), which re-evaluates the rules.
      kind: 'ec',
      name: 'The brand\'s own photo / ブランドの正規写真を使用',
      enabled: true,
      conditions: [{ type: 'picture', matches: ['same-photo'] }],
      subcategoryId: await subcategory('TM-01'),
      productCategoryId: null,
      remark: 'The listing shows a genuine product photo of the brand / 出品画像がブランドの正規品写真と同じ',
    },
    {
      kind: 'ec',
      name: 'Compatible refills / 互換リフィル',
      enabled: true,
      conditions: [{ type: 'words', match: 'any', words: ['compatible', '互換'] }],
      subcategoryId: await subcategory('NI-02'),
      productCategoryId: null,
      remark: 'Check that the brand only describes the fit / ブランド名が適合の説明のみか確認',
    },
    {
      kind: 'ec',
      name: 'Selling fast from China / 中国から大量販売',
      enabled: true,
      conditions: [
        { type: 'region', regions: ['CN', 'China', '中国', 'HK'] },
        { type: 'count', field: 'sold', above: 15 },
      ],
      subcategoryId: await subcategory('TM-01'),
      productCategoryId: null,
      remark: 'Likely counterfeit: many sold, shipped from CN/HK / 模倣品の疑い：中国・香港から多数販売',
    },
    {
      kind: 'ec',
      name: 'Genuine wording / 正規品の表記',
      enabled: true,
      conditions: [{ type: 'pattern', pattern: '正規品|\\(genuine\\)' }],
      subcategoryId: await subcategory('NI-01'),
      productCategoryId: null,
      remark: '',
    },
    {
      // Its trace quotes the stored list reasons, in the reader's language.
      kind: 'sns',
      name: 'Black-listed accounts / ブラックリストのアカウント',
      enabled: true,
      conditions: [{ type: 'list', list: 'black' }],
      subcategoryId: 3,
      productCategoryId: null,
      remark: '',
    },
    {
      kind: 'sns',
      name: 'Discount or "original order" posts / 割引・原単の投稿',
      enabled: true,
      conditions: [{ type: 'words', match: 'any', words: ['70% off', '半額', '原单'] }],
      subcategoryId: 3,
      productCategoryId: null,
      remark: 'Counterfeit sales / 模倣品販売',
    },
    {
      kind: 'ws',
      name: 'Shops registered in CN or PA / 中国・パナマ登録のサイト',
      enabled: true,
      conditions: [{ type: 'region', regions: ['CN', 'PA'] }],
      subcategoryId: 3,
      productCategoryId: null,
      remark: '',
    },
  ];
  await trx
    .insertInto('triage_rule')
    .values(rules.map((r, position) => ({ client_id: clientId, kind: r.kind, position, name: r.name, enabled: r.enabled, conditions: JSON.stringify(r.conditions), subcategory_id: r.subcategoryId, product_category_id: null, remark: r.remark, created_by: analystId, updated_at: now })))
    .execute();
  await evaluateClient(trx, { clientId }, now);
}
