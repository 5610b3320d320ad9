import { z } from 'zod';
import { id } from './validation.js';
import { watchSchedule } from './watches.js';

/**
 * Look-alike domains (issue 32, spec README "Look-alike domains"): a client's domain watch (its brand's domains,
 * dictionary words, keyword combinations, fuzzers, TLDs, schedule), its runs and the candidates they found. The
 * calls and shapes are the spec's; `keywords`, `unicode`, `firstSeenAt` and `lastSeenAt` are ours.
 */

/** dnstwist's fuzzer names, plus `keyword` (brand + word combinations). */
export const DOMAIN_FUZZERS = [
  'addition', 'bitsquatting', 'cyrillic', 'homoglyph', 'hyphenation', 'insertion', 'omission', 'plural',
  'repetition', 'replacement', 'subdomain', 'transposition', 'vowel-swap', 'dictionary', 'keyword', 'tld-swap',
  'various',
] as const;
export type DomainFuzzer = (typeof DOMAIN_FUZZERS)[number];
export const CANDIDATE_STATES = ['new', 'promoted', 'dismissed'] as const;
export type CandidateState = (typeof CANDIDATE_STATES)[number];
/** Run status: 1 running, 2 finished, 3 failed (the spec's). */
export const DomainRunStatus = { RUNNING: 1, FINISHED: 2, FAILED: 3 } as const;
export const DOMAIN_WATCH_DOMAINS_MAX = 20;
export const DOMAIN_WATCH_WORDS_MAX = 100;

const listOf = (item: z.ZodType<string>, max: number) => z.array(item, { error: 'validation.invalid' }).max(max, 'validation.domainWatchTooMany');
/** A domain as typed (Unicode or punycode); the server checks it has a registrable part (UTS 46, public suffix list). */
const domainName = z
  .string({ error: 'validation.domainWatchDomainInvalid' })
  .trim()
  .toLowerCase()
  .max(253, 'validation.tooLong')
  .refine((s) => /^[^\s/:@]+\.[^\s/:@]+$/u.test(s), 'validation.domainWatchDomainInvalid');
/** A word or a TLD: one DNS label's worth, no dots in a word. */
const word = z.string({ error: 'validation.invalid' }).trim().min(1, 'validation.required').max(63, 'validation.tooLong');
const tld = z.string({ error: 'validation.invalid' }).trim().toLowerCase().min(1, 'validation.required').max(63, 'validation.tooLong').transform((s) => s.replace(/^\./, ''));
const fuzzers = z.array(z.enum(DOMAIN_FUZZERS, { error: 'validation.domainWatchFuzzerUnknown' })).min(1, 'validation.domainWatchFuzzersRequired');
/** Candidates scoring this or more become WS records at the end of a run; null: only by hand. */
const promoteThreshold = z
  .number({ error: 'validation.domainWatchThresholdInvalid' })
  .int('validation.domainWatchThresholdInvalid')
  .min(0, 'validation.domainWatchThresholdInvalid')
  .max(100, 'validation.domainWatchThresholdInvalid')
  .nullable();
export const DOMAIN_PROMOTE_THRESHOLD_DEFAULT = 70;
const domains = z.array(domainName, { error: 'validation.domainWatchDomainsRequired' }).min(1, 'validation.domainWatchDomainsRequired').max(DOMAIN_WATCH_DOMAINS_MAX, 'validation.domainWatchTooMany');

export const createDomainWatchInput = z.object({
  clientId: id,
  domains,
  words: listOf(word, DOMAIN_WATCH_WORDS_MAX).optional().default([]),
  /** The client's combinations (brand + "outlet", "sale", ...); the portal's default words when left out. */
  keywords: listOf(word, DOMAIN_WATCH_WORDS_MAX).optional(),
  /** Every fuzzer when left out. */
  fuzzers: fuzzers.optional(),
  tlds: listOf(tld, DOMAIN_WATCH_WORDS_MAX).optional().default([]),
  /** When the watch runs by itself; null or left out: only by hand (`run-now`). */
  schedule: watchSchedule.nullable().optional(),
  promoteThreshold: promoteThreshold.optional().default(DOMAIN_PROMOTE_THRESHOLD_DEFAULT),
});

export const updateDomainWatchInput = z.object({
  watchId: id,
  domains: domains.optional(),
  words: listOf(word, DOMAIN_WATCH_WORDS_MAX).optional(),
  keywords: listOf(word, DOMAIN_WATCH_WORDS_MAX).nullable().optional(),
  fuzzers: fuzzers.optional(),
  tlds: listOf(tld, DOMAIN_WATCH_WORDS_MAX).optional(),
  schedule: watchSchedule.nullable().optional(),
  promoteThreshold: promoteThreshold.optional(),
});

export const domainWatchIdInput = z.object({ watchId: id });
const page = (limit: number) => ({ offset: z.number().int().min(0).max(10_000_000).optional().default(0), limit: z.number().int().min(1).max(500).optional().default(limit) });
export const fetchDomainWatchesInput = z.object({ clientId: id.optional(), ...page(50) });
export const fetchDomainRunsInput = z.object({ watchId: id, ...page(20) });
export const fetchCandidatesInput = z.object({
  watchId: id,
  state: z.enum(CANDIDATE_STATES, { error: 'validation.invalid' }).optional(),
  /** Only names that resolved (registered true); failed look-ups and wildcard answers left out. */
  registeredOnly: z.boolean().optional().default(false),
  ...page(50),
});
export const candidateIdsInput = z.object({ candidateIds: z.array(id).min(1, 'validation.required').max(500, 'validation.domainWatchTooMany') });

export const domainRunCounts = z.object({ permutations: z.number(), registered: z.number(), live: z.number(), new: z.number(), changed: z.number() });
export type DomainRunCounts = z.infer<typeof domainRunCounts>;
export const domainRun = z.object({
  id: z.number(),
  status: z.number(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  counts: domainRunCounts,
  /** Why a run failed. */
  error: z.string().nullable(),
  /** The permutations were cut at the configured cap (DOMAIN_WATCH_MAX_PERMUTATIONS). */
  capped: z.boolean(),
});
export type DomainRun = z.infer<typeof domainRun>;

export const domainWatch = z.object({
  id: z.number(),
  clientId: z.number(),
  clientName: z.string(),
  domains: z.array(z.string()),
  words: z.array(z.string()),
  keywords: z.array(z.string()).nullable(),
  fuzzers: z.array(z.enum(DOMAIN_FUZZERS)),
  tlds: z.array(z.string()),
  schedule: watchSchedule.nullable(),
  /** When the schedule starts the next run (null: no schedule). */
  nextRunAt: z.string().nullable(),
  /** Candidates scoring this (0-100) or more are promoted at the end of a run; null: never by themselves. */
  promoteThreshold: z.number().nullable(),
  lastRun: domainRun.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DomainWatch = z.infer<typeof domainWatch>;

export const dnsAnswers = z.object({ a: z.array(z.string()), aaaa: z.array(z.string()), mx: z.array(z.string()), ns: z.array(z.string()) });
export const candidate = z.object({
  id: z.number(),
  /** ASCII (punycode), as DNS is asked. */
  domain: z.string(),
  /** As a person reads it. */
  unicode: z.string(),
  fuzzer: z.enum(DOMAIN_FUZZERS),
  /** null: the look-up failed (asked again next run). */
  registered: z.boolean().nullable(),
  live: z.boolean(),
  score: z.number(),
  /** In the caller's language. */
  reasons: z.array(z.string()),
  dns: dnsAnswers,
  state: z.enum(CANDIDATE_STATES),
  /** The WS record a promoted candidate became. */
  recordId: z.number().nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  /** The page fetched for a live candidate (after redirects), its title, and when it was last looked at. */
  pageUrl: z.string().nullable(),
  pageTitle: z.string().nullable(),
  checkedAt: z.string().nullable(),
  /** The site category its page suggests (WS_SITE_CATEGORIES), used when it is promoted. */
  siteCategoryId: z.number().nullable(),
  /** A screenshot of its page was kept: `GET /api/domain-watch/screenshot?candidateId=` serves it (PNG). */
  screenshot: z.boolean(),
  /** Registrar and dates from RDAP, or WHOIS where RDAP is not reachable; null until known. */
  registration: z
    .object({ registrar: z.string().nullable(), createdAt: z.string().nullable(), expiresAt: z.string().nullable(), source: z.enum(['rdap', 'whois']) })
    .nullable(),
});
export type Candidate = z.infer<typeof candidate>;

export const domainWatchOutput = z.object({ watch: domainWatch });
export const domainWatchesOutput = z.object({ watches: z.array(domainWatch), total: z.number() });
export const domainRemovedOutput = z.object({ removed: z.boolean() });
export const domainRunNowOutput = z.object({ watch: domainWatch, runId: z.number() });
export const domainRunsOutput = z.object({ runs: z.array(domainRun), total: z.number() });
export const candidatesOutput = z.object({ candidates: z.array(candidate), total: z.number() });
export const promotedOutput = z.object({ records: z.array(z.object({ candidateId: z.number(), recordId: z.number() })) });
export const dismissedOutput = z.object({ dismissed: z.number() });
