import type { TriageKind } from '@portal/contract';
import type { TriageCondition } from '@portal/contract';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import { EC_KIND } from '../../kinds/ec/kind.js';
import type { KindName } from '../../records/core/kind.js';
import { SNS_KIND } from '../../kinds/sns/kind.js';
import { WS_KIND } from '../../kinds/ws/kind.js';
import type { TriageRow } from './compile.js';

/**
 * Where each kind keeps what the rules look at, and what accepting a suggestion writes. The seller signals
 * (migration 030, computed by the seller-network job) join on (client, kind, site, seller): EC's site and seller,
 * SNS's platform and account (its id or its name); the price signals on EC's record id.
 */
export interface TriageSource {
  kind: TriageKind;
  /** The record kind as the engine describes it (batches, history, notices). */
  record: typeof EC_KIND | typeof WS_KIND | typeof SNS_KIND;
  table: string;
  idColumn: string;
  /** The analysts' category: its column and its answer field (history key). */
  categoryColumn: string;
  categoryField: string;
  /** Accepting a suggestion also sets these, by answer field: EC's aggregate category follows the subcategory. */
  remarkField: string;
  productCategoryField: string | null;
  aggregateField: string | null;
  /** Each triage value of a record `r` (selected under TriageRow's names, in snake case below). */
  text: RawBuilder<string>;
  seller: RawBuilder<string>;
  site: RawBuilder<string>;
  region: RawBuilder<string>;
  black: RawBuilder<string>;
  white: RawBuilder<string>;
  brandHint: RawBuilder<string>;
  sold: RawBuilder<number | null>;
  stock: RawBuilder<number | null>;
  /** The record's seller keys in the seller networks (EC: its seller; SNS: its account id and name, joined by U+0001), or null. */
  sellerKeys: RawBuilder<string> | null;
  price: RawBuilder<unknown> | null;
  /** The column of record_picture that holds this kind's record id (issue 31), or null: the kind has no pictures. */
  pictureColumn: 'ec_id' | 'sns_id' | null;
}

const none = sql<string>`''`;
const nothing = sql<number | null>`NULL::integer`;

export const SOURCES: Record<TriageKind, TriageSource> = {
  ec: {
    kind: 'ec',
    record: EC_KIND,
    table: 'ec_record',
    idColumn: 'ec_id',
    categoryColumn: 'ec_category_id',
    categoryField: 'ec_category_id',
    remarkField: 'ec_categorize_remarks',
    productCategoryField: 'ec_product_category_id',
    aggregateField: 'ec_category_common_type_id',
    text: sql`r.ec_product_title`,
    seller: sql`r.ec_product_seller`,
    site: sql`r.ec_site`,
    region: sql`r.ec_product_region`,
    black: sql`r.ec_blacklist_object`,
    white: sql`r.ec_whitelist_object`,
    brandHint: sql`r.ec_brand_hint_word`,
    sold: sql`r.ec_product_sold_count`,
    stock: sql`r.ec_product_onsell_count`,
    sellerKeys: sql`r.ec_product_seller`,
    price: sql`LEFT JOIN triage_price_score ps ON ps.ec_id = r.ec_id`,
    pictureColumn: 'ec_id',
  },
  ws: {
    kind: 'ws',
    record: WS_KIND,
    table: 'ws_record',
    idColumn: 'ws_id',
    categoryColumn: 'category_id',
    categoryField: 'categoryId',
    remarkField: 'remarks',
    productCategoryField: null,
    aggregateField: null,
    text: sql`(r.page_domain || ' ' || r.page_url)`,
    seller: none,
    site: sql`r.search_engine`,
    region: sql`r.domain_region`,
    black: none,
    white: none,
    brandHint: none,
    sold: nothing,
    stock: nothing,
    sellerKeys: null,
    price: null,
    pictureColumn: null,
  },
  sns: {
    kind: 'sns',
    record: SNS_KIND,
    table: 'sns_record',
    idColumn: 'sns_id',
    categoryColumn: 'category_id',
    categoryField: 'categoryId',
    remarkField: 'remarks',
    productCategoryField: null,
    aggregateField: null,
    text: sql`r.post_text`,
    seller: sql`CASE WHEN r.account_id <> '' THEN r.account_id ELSE r.account_name END`,
    site: sql`r.platform::text`,
    region: sql`r.region`,
    black: sql`r.blacklist`,
    white: sql`r.whitelist`,
    brandHint: none,
    sold: nothing,
    stock: nothing,
    sellerKeys: sql`(coalesce(r.account_id, '') || chr(1) || coalesce(r.account_name, ''))`,
    price: null,
    pictureColumn: 'sns_id',
  },
};

export const sourceOf = (kind: KindName): TriageSource => SOURCES[kind];

/** A client's seller networks by (site, seller) key, as the rules ask about them. */
export type ClusterMap = Map<string, { sellers: number; repeatOffender: boolean }>;
const clusterKey = (site: string, seller: string) => `${site}\u0000${seller}`;

/**
 * The client's network members of a kind, read once per run: tens of thousands at most, so a lookup in memory per
 * record instead of a join per record (which halved the evaluation's speed).
 */
export async function loadClusters(db: Db | Tx, clientId: number, kind: TriageKind): Promise<ClusterMap> {
  const { rows } = await sql<{ site: string; seller: string; sellers: number; repeat_offender: boolean }>`
    SELECT m.site, m.seller, c.sellers, c.repeat_offender FROM triage_seller_member m
    JOIN triage_seller_cluster c ON c.client_id = m.client_id AND c.cluster_id = m.cluster_id
    WHERE m.client_id = ${clientId} AND m.kind = ${kind}`.execute(db);
  const map: ClusterMap = new Map();
  for (const r of rows) map.set(clusterKey(r.site, r.seller), { sellers: r.sellers, repeatOffender: r.repeat_offender });
  return map;
}

interface RawRow {
  id: string;
  text: string;
  seller: string;
  site: string;
  region: string;
  black: string;
  white: string;
  hint: string;
  sold: number | null;
  stock: number | null;
  model_ratio: number | null;
  score: number | null;
  keys: string | null;
  pictures: string | null;
  category: number | null;
}

export interface ReadOptions {
  /** Join the seller, price and picture signals (only when a rule asks for them). */
  signals: { cluster: boolean; price: boolean; picture?: boolean };
  /** The client's networks (loadClusters), when a rule asks about them. */
  clusters?: ClusterMap | null;
  /** Only the records of one report (after an upload). */
  reportId?: number | undefined;
  /** Only records the analysts categorized (the backtest). */
  categorized?: boolean;
  /** The last record id of the previous batch (0 first). */
  after: number;
  /** Only records that may match (prefilter): a superset of what the rule matches, checked again in TypeScript. */
  where?: RawBuilder<SqlBool> | null;
  limit: number;
}

/** One keyset batch of a client's records in id order, as the rules see them. */
export async function readBatch(db: Db | Tx, source: TriageSource, clientId: number, o: ReadOptions): Promise<TriageRow[]> {
  const id = sql.ref(`r.${source.idColumn}`);
  const clusters = o.signals.cluster && source.sellerKeys ? (o.clusters ?? null) : null;
  const price = o.signals.price && source.price;
  const pictures = o.signals.picture === true ? pictureMatchKinds(source) : null;
  const { rows } = await sql<RawRow>`
    SELECT ${id} AS id, ${source.text} AS text, ${source.seller} AS seller, ${source.site} AS site, ${source.region} AS region,
      ${source.black} AS black, ${source.white} AS white, ${source.brandHint} AS hint, ${source.sold} AS sold, ${source.stock} AS stock,
      ${price ? sql`ps.model_ratio, ps.score` : sql`NULL::float8 AS model_ratio, NULL::float8 AS score`},
      ${clusters ? sql`${source.sellerKeys} AS keys` : sql`NULL::text AS keys`},
      ${pictures ? sql`${pictures} AS pictures` : sql`NULL::text AS pictures`},
      r.${sql.ref(source.categoryColumn)} AS category
    FROM ${sql.table(source.table)} r ${price || sql``}
    WHERE r.client_id = ${clientId} AND ${id} > ${o.after}
      ${o.reportId !== undefined ? sql`AND r.report_id = ${o.reportId}` : sql``}
      ${o.categorized ? sql`AND r.${sql.ref(source.categoryColumn)} IS NOT NULL` : sql``}
      ${o.where ? sql`AND ${o.where}` : sql``}
    ORDER BY ${id} LIMIT ${o.limit}`.execute(db);
  const clusterOf = (r: RawRow) => {
    if (!clusters || !r.keys) return undefined;
    let best: { sellers: number; repeatOffender: boolean; seller: string } | undefined;
    for (const key of r.keys.split('\u0001')) {
      const found = key ? clusters.get(clusterKey(r.site, key)) : undefined;
      if (found && (!best || found.sellers > best.sellers)) best = { ...found, seller: key };
    }
    return best;
  };
  return rows.map((r) => {
    const cluster = clusterOf(r);
    return {
      id: Number(r.id),
      text: r.text ?? '',
      seller: r.seller ?? '',
      site: r.site ?? '',
      region: r.region ?? '',
      black: r.black ?? '',
      white: r.white ?? '',
      brandHint: r.hint ?? '',
      sold: r.sold,
      stock: r.stock,
      modelRatio: r.model_ratio === null ? null : Number(r.model_ratio),
      score: r.score === null ? null : Number(r.score),
      clusterSeller: cluster?.seller ?? null,
      clusterSellers: cluster?.sellers ?? null,
      repeatOffender: cluster?.repeatOffender ?? null,
      pictureMatches: r.pictures ? r.pictures.split(',') : [],
      category: r.category,
    };
  });
}

/** The kinds of match of the record `r`'s listing picture, comma-separated (one picture per record, its matches by index). */
function pictureMatchKinds(source: TriageSource): RawBuilder<string> | null {
  if (!source.pictureColumn) return null;
  return sql<string>`(SELECT string_agg(DISTINCT m.kind, ',') FROM record_picture p JOIN picture_match m ON m.picture_id = p.picture_id
    WHERE p.${sql.ref(source.pictureColumn)} = r.${sql.ref(source.idColumn)})`;
}

/**
 * Text whose lower case PostgreSQL and JavaScript surely agree on (ASCII, CJK and full-width forms): only such words,
 * sites and regions are pushed down to the database in a prefilter.
 */
const SAME_CASE = /^[ -~\u3000-\u9fff\uff00-\uffef]*$/;
const likeOf = (word: string) => `%${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A condition as SQL over a record `r` (and its price score `ps`), or null when it cannot be said there exactly
 * (patterns: another regular-expression dialect): the backtest reads only the records
 * the pushed-down conditions admit, and judges them with the compiled rule as the job does.
 */
export function prefilter(source: TriageSource, c: TriageCondition): RawBuilder<SqlBool> | null {
  const lowered = (values: string[], column: RawBuilder<string>) =>
    values.every((v) => SAME_CASE.test(v)) ? sql<SqlBool>`lower(${column}) = ANY(${values.map((v) => v.toLowerCase())}::text[])` : null;
  switch (c.type) {
    case 'words': {
      if (!c.words.every((w) => SAME_CASE.test(w))) return null;
      const likes = c.words.map((w) => sql<SqlBool>`lower(${source.text}) LIKE ${likeOf(w)}`);
      return sql<SqlBool>`(${sql.join(likes, c.match === 'any' ? sql` OR ` : sql` AND `)})`;
    }
    case 'site':
      return lowered(c.sites, source.site);
    case 'region':
      return lowered(c.regions, source.region);
    case 'list':
      return sql<SqlBool>`${c.list === 'black' ? source.black : source.white} <> ''`;
    case 'brandHint':
      return sql<SqlBool>`${source.brandHint} <> ''`;
    case 'count':
      return sql<SqlBool>`${c.field === 'sold' ? source.sold : source.stock} > ${c.above}`;
    case 'priceScore':
      return source.price ? sql<SqlBool>`ps.score > ${c.above}` : null;
    case 'modelPrice':
      return source.price ? sql<SqlBool>`ps.model_ratio * 100 < ${c.belowPercent}` : null;
    case 'cluster': {
      // EC: exactly the rule's check (one seller per record; no seller, no network). SNS: a superset of it (the rule
      // takes the largest network among an account's id and name).
      if (!source.sellerKeys) return null;
      const seller = source.kind === 'ec' ? sql`m.seller = r.ec_product_seller AND r.ec_product_seller <> ''` : sql`m.seller IN (r.account_id, r.account_name)`;
      return sql<SqlBool>`EXISTS (SELECT 1 FROM triage_seller_member m JOIN triage_seller_cluster c ON c.client_id = m.client_id AND c.cluster_id = m.cluster_id
        WHERE m.client_id = r.client_id AND m.kind = ${source.kind} AND m.site = ${source.site} AND ${seller}
          AND c.sellers >= ${c.minSellers} ${c.repeatOffender ? sql`AND c.repeat_offender` : sql``})`;
    }
    case 'picture':
      return source.pictureColumn
        ? sql<SqlBool>`EXISTS (SELECT 1 FROM record_picture p JOIN picture_match m ON m.picture_id = p.picture_id
            WHERE p.${sql.ref(source.pictureColumn)} = r.${sql.ref(source.idColumn)} AND m.kind = ANY(${[...c.matches]}::text[]))`
        : null;
    default:
      return null;
  }
}
