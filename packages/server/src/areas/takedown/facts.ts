import { SNS_PLATFORMS, type EvidenceKind } from '@portal/contract';
import { COUNTRIES, COUNTRY_CODES } from '@portal/contract/code-lists';
import { TRADEMARK_REGISTRIES } from '@portal/contract/trademark-lists';
import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { ACCOUNT_REASONS, listMatchers, loadListUrls, SELLER_REASONS } from '../../records/upload/list-matching.js';
import { visibleTo } from '../../records/core/visibility-queries.js';
import { RECORD_TABLES } from '../../records/core/tables.js';
import { attorneyLettersOf, clientNameOf, doneCapturesOf, recordFactRows, trademarksOf, userNameAndMail } from './fact-queries.js';

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
  const found = await recordFactRows(ctx.db, kind, ids, visibleTo(ctx, clientId, t.records), lock);
  if (found.length !== ids.length) throw new AppError('takedownForbidden');
  const trademarkIds = uniqueIds(found.map((r) => r.trademark_id).filter((x): x is number => x !== null));
  const [trademarks, captures, listUrls, letters] = await Promise.all([
    trademarksOf(ctx.db, clientId, trademarkIds),
    doneCapturesOf(ctx.db, kind, clientId, ids),
    loadListUrls(ctx.db, clientId),
    attorneyLettersOf(ctx.db, clientId),
  ]);
  const marks = new Map(trademarks.map((m) => [m.trademark_id, m]));
  const capturesOf = new Map<number, CaptureFacts[]>();
  for (const c of captures) {
    const list = capturesOf.get(Number(c.record_id)) ?? [];
    // The newest three are enough to cite; older ones stay on the record's evidence list.
    if (list.length < 3) list.push({ capturedAt: new Date(c.captured_at).toISOString(), finalUrl: c.final_url ?? '', status: c.http_status, sha256Png: c.sha256_png, sha256Html: c.sha256_html });
    capturesOf.set(Number(c.record_id), list);
  }
  const lists = listMatchers(listUrls, kind === 'sns' ? ACCOUNT_REASONS : SELLER_REASONS);
  const byId = new Map(
    found.map((r) => {
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
  const [clientName, user] = await Promise.all([clientNameOf(ctx.db, clientId), userNameAndMail(ctx.db, ctx.user.userId)]);
  return { clientName: clientName ?? '', notifier: { name: user?.user_name ?? '', mail: user?.user_mail ?? '' }, today: today(ctx), locale: ctx.locale };
}
