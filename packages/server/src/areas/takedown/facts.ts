import { SNS_PLATFORMS, type EvidenceKind } from '@portal/contract';
import { COUNTRIES, COUNTRY_CODES } from '@portal/contract/code-lists';
import { TRADEMARK_REGISTRIES } from '@portal/contract/trademark-lists';
import { sql, type RawBuilder } from 'kysely';
import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { listMatchers, loadListUrls } from '../../records/upload/list-matching.js';
import { visibleTo } from '../../records/core/visibility-queries.js';
import { RECORD_TABLES } from '../../records/core/tables.js';

/**
 * Everything a takedown notice and its pre-send check need about the selected records, of any kind, loaded in a
 * handful of set-based queries (one per table, never one per record): the listing, the trademark the response
 * names, the newest finished captures, the uploaded screenshots, the rounds, the client's white list and attorney
 * letters, and who notifies. Channels only format these facts.
 */

export interface TrademarkFacts {
  id: number;
  no: string;
  /** The office's code: a country, or EM (EU), BX (Benelux), WO (international registration), ... */
  region: string;
  classes: string;
  text: string;
  owner: string;
  invalidDate: string | null;
  registryUrl: string;
  officeEn: string;
  officeJa: string;
}

export interface CaptureFacts {
  capturedAt: string;
  finalUrl: string;
  status: number | null;
  sha256Png: string;
  sha256Html: string;
}

export interface RecordFacts {
  id: number;
  site: string;
  url: string;
  seller: string;
  sellerUrl: string;
  title: string;
  price: string | null;
  currency: string;
  productNo: string;
  /** The region as the record has it, and the country it names (null when it names none we know). */
  region: string;
  country: string | null;
  contact: string;
  trademark: TrademarkFacts | null;
  /** Rounds 1-3 (report date and result) and the final result (2: taken down). */
  rounds: { date: string | null; result: number | null }[];
  finalResult: number | null;
  captures: CaptureFacts[];
  uploadedScreenshots: number;
  /** Why the seller is on the client's white list ('' when not). */
  whitelisted: string;
  attorneyLetter: { region: string; startDate: string; endDate: string } | null;
}

export interface ComposeEnv {
  clientName: string;
  notifier: { name: string; mail: string };
  today: string;
  /** The language of the user (the generic mail is written in it). */
  locale: 'en' | 'ja';
}

interface RecordRow {
  id: number;
  site: string;
  url: string;
  seller: string;
  seller_url: string;
  seller_id: string;
  title: string;
  price: string | null;
  currency: string;
  product_no: string;
  region: string;
  contact: string;
  trademark_id: number | null;
  p1d: string | null;
  p1r: number | null;
  p2d: string | null;
  p2r: number | null;
  p3d: string | null;
  p3r: number | null;
  final: number | null;
  whitelist: string;
  uploads: string;
}

const prefixed = (prefix: string) => (c: string) => sql.ref(`r.${prefix}${c}`);
/** Each kind's columns under the common names (alias r). */
const SELECT: Record<EvidenceKind, RawBuilder<unknown>> = {
  ec: sql`r.ec_id AS id, r.ec_site AS site, r.ec_product_url AS url, r.ec_product_seller AS seller, r.ec_product_seller_url AS seller_url,
    '' AS seller_id, r.ec_product_title AS title, r.ec_product_price::text AS price, r.ec_product_currency AS currency,
    r.ec_product_no AS product_no, r.ec_product_region AS region, '' AS contact, r.ec_response_trademark AS trademark_id,
    ${rounds(prefixed('ec_'))}, r.ec_process_result AS final, r.ec_whitelist_object AS whitelist, r.ec_upload_image_names AS uploads`,
  ws: sql`r.ws_id AS id, r.page_domain AS site, r.page_url AS url, r.page_domain AS seller, '' AS seller_url, '' AS seller_id,
    r.page_domain AS title, NULL::text AS price, '' AS currency, '' AS product_no, r.domain_region AS region,
    r.domain_contact AS contact, r.trademark_id, ${rounds(prefixed(''))}, r.process_result AS final, '' AS whitelist, '' AS uploads`,
  sns: sql`r.sns_id AS id, r.platform::text AS site, COALESCE(NULLIF(r.post_url, ''), r.account_url) AS url, r.account_name AS seller,
    r.account_url AS seller_url, r.account_id AS seller_id, left(r.post_text, 300) AS title, NULL::text AS price, '' AS currency,
    '' AS product_no, r.region, '' AS contact, r.trademark_id, ${rounds(prefixed(''))}, r.process_result AS final,
    r.whitelist, '' AS uploads`,
};

function rounds(col: (c: string) => RawBuilder<unknown> | ReturnType<typeof sql.ref>): RawBuilder<unknown> {
  return sql`${col('process1_date')}::text AS p1d, ${col('process1_result')} AS p1r, ${col('process2_date')}::text AS p2d,
    ${col('process2_result')} AS p2r, ${col('process3_date')}::text AS p3d, ${col('process3_result')} AS p3r`;
}

/** Names marketplaces show for a region that are not ISO names. */
const ALIASES: Record<string, string> = { china: 'CN', 中国: 'CN', usa: 'US', 'united states': 'US', uk: 'GB', korea: 'KR', 韓国: 'KR', 台湾: 'TW', taiwan: 'TW', 米国: 'US', アメリカ: 'US' };
const BY_NAME = new Map<string, string>();
for (const c of COUNTRIES) {
  BY_NAME.set(c.en.toLowerCase(), c.code);
  BY_NAME.set(c.ja, c.code);
}

/** The country a record's region names: a code, an English or Japanese name, a common alias; null otherwise. */
export function countryOf(region: string): string | null {
  const text = region.trim();
  if (COUNTRY_CODES.has(text.toUpperCase()) && text.length === 2) return text.toUpperCase();
  const key = text.toLowerCase();
  return ALIASES[key] ?? BY_NAME.get(key) ?? BY_NAME.get(text) ?? null;
}

const EU = new Set(['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE']);
const BENELUX = new Set(['BE', 'NL', 'LU']);

/**
 * Whether a trademark of this office protects in the country: its own country, an EU mark in a member state, a
 * Benelux mark in the three. An international registration (WO) names its designations elsewhere, so it is not
 * refused here.
 */
export function coversCountry(office: string, country: string): boolean {
  return office === country || office === 'WO' || (office === 'EM' && EU.has(country)) || (office === 'BX' && BENELUX.has(country));
}

const uniqueIds = (ids: number[]) => [...new Set(ids)];

/**
 * The facts of the records, in the order asked. Every record must be one the user may see as a record of this
 * client; otherwise nothing is composed (403). Marking sent locks them, so what was checked is what gets written.
 */
export async function loadFacts(ctx: AuthedContext, kind: EvidenceKind, clientId: number, recordIds: number[], lock = false): Promise<RecordFacts[]> {
  const t = RECORD_TABLES[kind];
  const ids = uniqueIds(recordIds);
  const found = await sql<RecordRow>`
    SELECT ${SELECT[kind]} FROM ${sql.table(t.records)} AS r
    WHERE r.${sql.ref(t.id)} = ANY(${sql`${ids}::bigint[]`}) AND ${visibleTo(ctx, clientId, t.records)}
    ${lock ? sql`FOR UPDATE OF r` : sql``}`.execute(ctx.db);
  if (found.rows.length !== ids.length) throw new AppError('takedownForbidden');
  const trademarkIds = uniqueIds(found.rows.map((r) => r.trademark_id).filter((x): x is number => x !== null));
  const [trademarks, captures, listUrls, letters] = await Promise.all([
    trademarkIds.length === 0
      ? Promise.resolve([])
      : ctx.db.selectFrom('trademark').select(['trademark_id', 'no', 'region', 'type', 'text', 'belongsto', sql<string | null>`invalid_date::text`.as('invalid_date')]).where('client_id', '=', clientId).where('trademark_id', 'in', trademarkIds).execute(),
    sql<{ record_id: number; captured_at: Date; final_url: string | null; http_status: number | null; sha256_png: string; sha256_html: string }>`
      SELECT e.${sql.ref(t.id)} AS record_id, e.captured_at, e.final_url, e.http_status, e.sha256_png, e.sha256_html
      FROM evidence_capture e WHERE e.client_id = ${clientId} AND e.state = 'done' AND e.${sql.ref(t.id)} = ANY(${sql`${ids}::bigint[]`})
      ORDER BY e.capture_id DESC`.execute(ctx.db),
    loadListUrls(ctx.db, clientId),
    ctx.db.selectFrom('attorney_letter').select(['region', sql<string>`start_date::text`.as('start_date'), sql<string>`end_date::text`.as('end_date')]).where('client_id', '=', clientId).orderBy('end_date', 'desc').execute(),
  ]);
  const marks = new Map(trademarks.map((m) => [m.trademark_id, m]));
  const capturesOf = new Map<number, CaptureFacts[]>();
  for (const c of captures.rows) {
    const list = capturesOf.get(Number(c.record_id)) ?? [];
    // The newest three are enough to cite; older ones stay on the record's evidence list.
    if (list.length < 3) list.push({ capturedAt: new Date(c.captured_at).toISOString(), finalUrl: c.final_url ?? '', status: c.http_status, sha256Png: c.sha256_png, sha256Html: c.sha256_html });
    capturesOf.set(Number(c.record_id), list);
  }
  const lists = listMatchers(listUrls, kind === 'sns' ? { name: 'account', id: 'account id' } : { name: 'seller', id: 'seller id' });
  const byId = new Map(
    found.rows.map((r) => {
      const m = r.trademark_id === null ? undefined : marks.get(r.trademark_id);
      const country = countryOf(r.region);
      const registry = m ? TRADEMARK_REGISTRIES.find((x) => x.code === m.region) : undefined;
      const letterRegion = country ?? m?.region ?? null;
      const letter = letters.find((l) => l.region === letterRegion && l.start_date <= today(ctx) && l.end_date >= today(ctx));
      const listed = lists({ names: [r.seller], ids: [r.seller_id], urls: [r.url, r.seller_url].filter((u) => u !== '') });
      const facts: RecordFacts = {
        id: Number(r.id),
        site: kind === 'sns' ? (SNS_PLATFORMS[Number(r.site) as keyof typeof SNS_PLATFORMS]?.en ?? r.site) : r.site,
        url: r.url,
        seller: r.seller,
        sellerUrl: r.seller_url,
        title: r.title,
        price: r.price,
        currency: r.currency,
        productNo: r.product_no,
        region: r.region,
        country,
        contact: r.contact,
        trademark: m
          ? { id: m.trademark_id, no: m.no, region: m.region, classes: m.type, text: m.text, owner: m.belongsto, invalidDate: m.invalid_date, registryUrl: registry?.url ?? '', officeEn: registry?.officeEn ?? m.region, officeJa: registry?.officeJa ?? m.region }
          : null,
        rounds: [
          { date: r.p1d, result: r.p1r },
          { date: r.p2d, result: r.p2r },
          { date: r.p3d, result: r.p3r },
        ],
        finalResult: r.final,
        captures: capturesOf.get(Number(r.id)) ?? [],
        uploadedScreenshots: r.uploads.split(',').filter((n) => n.trim() !== '').length,
        whitelisted: [...new Set([r.whitelist, listed.whitelist].flatMap((w) => w.split('; ')).filter((w) => w !== ''))].join('; '),
        attorneyLetter: letter ? { region: letter.region, startDate: letter.start_date, endDate: letter.end_date } : null,
      };
      return [facts.id, facts] as const;
    }),
  );
  return ids.map((id) => byId.get(id)!);
}

export const today = (ctx: AuthedContext) => ctx.now.toISOString().slice(0, 10);

/** The client's name and who notifies (the signed-in analyst, on the client's behalf). */
export async function composeEnv(ctx: AuthedContext, clientId: number): Promise<ComposeEnv> {
  const [client, user] = await Promise.all([
    ctx.db.selectFrom('client').select('client_name').where('client_id', '=', clientId).executeTakeFirst(),
    ctx.db.selectFrom('users').select(['user_name', 'user_mail']).where('user_id', '=', ctx.user.userId).executeTakeFirst(),
  ]);
  return { clientName: client?.client_name ?? '', notifier: { name: user?.user_name ?? '', mail: user?.user_mail ?? '' }, today: today(ctx), locale: ctx.locale };
}
