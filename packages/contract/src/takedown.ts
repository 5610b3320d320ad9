import { z } from 'zod';
import { EVIDENCE_KINDS } from './evidence.js';
import { id, recordId } from './validation.js';

/**
 * Takedown notices (issue 18, spec README "Evidence and takedown notices"): composed from a record list's selection
 * for one channel, checked before sending (the problems a platform would refuse a notice for), exported, and marked
 * sent (which stores the notice and fills the round's report date of each record).
 */
export const TAKEDOWN_CHANNELS = ['dsa', 'ebay-vero', 'amazon', 'alibaba-ipp', 'rakuten', 'mercari', 'rakuma', 'mail'] as const;
export type TakedownChannel = (typeof TAKEDOWN_CHANNELS)[number];
/** Channels whose platforms take a list of listings in one submission: exported as CSV as well. */
export const BATCH_CHANNELS: readonly TakedownChannel[] = ['ebay-vero', 'amazon', 'alibaba-ipp'];
/** Alibaba IPP takes at most this many listings in one complaint; larger selections are split. */
export const ALIBABA_BATCH = 300;
/** Records in one compose or mark-sent. */
export const TAKEDOWN_MAX = 1000;
/** What a pre-send problem is about (the record's part to fix). */
export const PROBLEM_FIELDS = ['trademark', 'evidence', 'seller', 'result', 'round'] as const;
export type ProblemField = (typeof PROBLEM_FIELDS)[number];

/** The channel proposed where a listing's marketplace has no channel of its own, or a selection mixes marketplaces. */
export const GENERAL_CHANNEL: TakedownChannel = 'mail';

/**
 * Each marketplace's own channel, by its site name (as reports and the crawler write it: "eBay", "Rakuten Ichiba",
 * "楽天市場") or, when the name says nothing, the listing's host. Rakuma (fril.jp, a Rakuten service) comes before
 * Rakuten; Alibaba's IPP platform takes Taobao, Tmall, AliExpress and 1688 listings as well.
 */
const MARKETPLACE_CHANNELS: readonly { channel: TakedownChannel; site: RegExp; host: RegExp }[] = [
  { channel: 'ebay-vero', site: /^ebay\b/i, host: /(^|\.)ebay\./i },
  { channel: 'amazon', site: /^amazon\b/i, host: /(^|\.)amazon\./i },
  { channel: 'alibaba-ipp', site: /^(alibaba|aliexpress|taobao|tmall|1688)\b|^(淘宝|天猫)/i, host: /(^|\.)(alibaba|aliexpress|taobao|tmall|1688)\./i },
  { channel: 'rakuma', site: /^(rakuma|fril)\b|^(ラクマ|フリル)/i, host: /(^|\.)fril\.|(^|\.)rakuma\./i },
  { channel: 'rakuten', site: /^rakuten\b|^楽天/i, host: /(^|\.)rakuten\./i },
  { channel: 'mercari', site: /^mercari\b|^メルカリ/i, host: /(^|\.)mercari\./i },
];

const hostOf = (url: string): string => {
  try {
    return new URL(url.trim()).hostname;
  } catch {
    return '';
  }
};

/** The channel of one listing's marketplace: its own (by site name, else by host), else the general one. */
export function channelOfListing(site: string, url: string): TakedownChannel {
  const name = site.trim();
  const byName = name === '' ? undefined : MARKETPLACE_CHANNELS.find((m) => m.site.test(name));
  if (byName) return byName.channel;
  const host = hostOf(url);
  return MARKETPLACE_CHANNELS.find((m) => host !== '' && m.host.test(host))?.channel ?? GENERAL_CHANNEL;
}

/** The channel proposed for a selection: its listings' marketplace's own when they share one, else the general one. */
export function proposedChannel(listings: readonly { site: string; url: string }[]): TakedownChannel {
  const channels = new Set(listings.map((l) => channelOfListing(l.site, l.url)));
  return channels.size === 1 ? [...channels][0]! : GENERAL_CHANNEL;
}

const kind = z.enum(EVIDENCE_KINDS, { error: 'validation.evidenceKind' });
export const takedownChannel = z.enum(TAKEDOWN_CHANNELS, { error: 'validation.takedownChannel' });
const channel = takedownChannel;
const recordIds = z.array(recordId).min(1, 'validation.noRecordsSelected').max(TAKEDOWN_MAX, 'validation.takedownTooMany');

/** Without a channel, the notices are composed for the one proposed for the selection (`proposed` of the answer). */
export const composeInput = z.object({ clientId: id, kind, recordIds, channel: channel.optional() });
export const problem = z.object({ recordId: z.number(), field: z.enum(PROBLEM_FIELDS), message: z.string() });
export type TakedownProblem = z.infer<typeof problem>;
export const notice = z.object({
  channel,
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  recordIds: z.array(z.number()),
  problems: z.array(problem),
});
export type TakedownNotice = z.infer<typeof notice>;
export const composeOutput = z.object({
  /** The channel proposed for the selected listings' marketplace (channelOfListing): the one composed for when none was asked. */
  proposed: channel,
  notices: z.array(notice),
});

/** Round 1-3 whose report date is filled; without it each record's first round without a date. */
export const markSentInput = composeInput.extend({ channel, round: z.number({ error: 'validation.takedownRound' }).int('validation.takedownRound').min(1, 'validation.takedownRound').max(3, 'validation.takedownRound').optional() });
export const markSentOutput = z.object({ noticeIds: z.array(z.number()), updateCount: z.number(), reportDate: z.string() });

export const fetchNoticesInput = z.object({ clientId: id, kind, recordId: recordId.optional() });
export const sentNotice = notice.omit({ problems: true }).extend({
  id: z.number(),
  kind,
  sentByName: z.string(),
  sentAt: z.string(),
});
export type SentNotice = z.infer<typeof sentNotice>;
export const fetchNoticesOutput = z.object({ notices: z.array(sentNotice) });

/** Export formats: a Word document or plain text of every notice, and the listing table of the batch channels. */
export const EXPORT_FORMATS = ['docx', 'txt', 'csv'] as const;
export type TakedownExportFormat = (typeof EXPORT_FORMATS)[number];
