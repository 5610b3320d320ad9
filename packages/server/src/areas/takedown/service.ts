import type { EvidenceKind, TakedownChannel, TakedownNotice, TakedownProblem, takedown as contract } from '@portal/contract';
import { proposedChannel, translate } from '@portal/contract';
import type { z } from 'zod';
import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { recordsChanged } from '../../records/search/changes.js';
import { EC_KIND } from '../../kinds/ec/kind.js';
import { SNS_KIND } from '../../kinds/sns/kind.js';
import { WS_KIND } from '../../kinds/ws/kind.js';
import { CHANNELS } from './channels/index.js';
import { presendProblems } from './checks.js';
import { composeEnv, loadFacts, type RecordFacts } from './facts.js';
import * as repo from './repo.js';

/**
 * Takedown notices (issue 18): compose for a selection and a channel (with the pre-send check), mark them sent
 * (stores what went out and fills each record's round report date, all or nothing), and read the notices sent.
 */
type ComposeInput = z.output<typeof contract.composeInput>;

export interface Composed {
  /** The channel of the selected listings' marketplace (their own when they share one, else the general one). */
  proposed: TakedownChannel;
  notices: TakedownNotice[];
  facts: RecordFacts[];
}

/**
 * Groups the records as the channel's notices take them (one per listing, one batch, or batches of 300), for the
 * channel asked or, without one, the channel proposed for the listings' marketplace.
 */
export async function composeNotices(ctx: AuthedContext, input: ComposeInput, lock = false): Promise<Composed> {
  const [facts, env] = await Promise.all([loadFacts(ctx, input.kind, input.clientId, input.recordIds, lock), composeEnv(ctx, input.clientId)]);
  const proposed = proposedChannel(facts.map((f) => ({ site: f.site, url: f.url })));
  const id = input.channel ?? proposed;
  const channel = CHANNELS[id];
  const notices: TakedownNotice[] = [];
  for (let i = 0; i < facts.length; i += channel.perNotice) {
    const group = facts.slice(i, i + channel.perNotice);
    const draft = channel.compose(group, env);
    notices.push({ channel: id, ...draft, recordIds: group.map((f) => f.id), problems: group.flatMap((f) => presendProblems(f, env.today, ctx.locale)) });
  }
  return { proposed, notices, facts };
}

export async function compose(ctx: AuthedContext, input: ComposeInput): Promise<{ proposed: TakedownChannel; notices: TakedownNotice[] }> {
  const { proposed, notices } = await composeNotices(ctx, input);
  return { proposed, notices };
}

/** The kinds' descriptions: where each keeps its rounds, and the names its history uses for them. */
const KINDS = { ec: EC_KIND, ws: WS_KIND, sns: SNS_KIND } as const;
const IN_REVIEW = 1;

/** The round a record's report date goes in: the one asked (it must be the record's next), or its next. */
function roundOf(f: RecordFacts, asked: number | undefined): number | null {
  const next = f.rounds.findIndex((r) => r.date === null) + 1;
  if (next === 0) return null;
  if (asked === undefined) return next;
  return asked === next ? asked : null;
}

/**
 * Stores the notices as composed now (the server recomposes: what is stored is exactly what the check passed) and
 * fills the round's report date of every record, with the round's result "in review" where it had none (a date
 * without a result is an inconsistent round), one history row per record. Any problem refuses the whole call.
 */
export async function markSent(ctx: AuthedContext, input: z.output<typeof contract.markSentInput>): Promise<{ noticeIds: number[]; updateCount: number; reportDate: string }> {
  const { notices, facts } = await composeNotices(ctx, input, true);
  const problems: TakedownProblem[] = notices.flatMap((n) => n.problems);
  const rounds = new Map<number, number>();
  for (const f of facts) {
    const round = roundOf(f, input.round);
    if (round === null) {
      const key = input.round === undefined ? 'takedown.problem.noRound' : 'takedown.problem.roundTaken';
      problems.push({ recordId: f.id, field: 'round', message: translate(ctx.locale, key, { round: input.round ?? 0 }) });
    } else rounds.set(f.id, round);
  }
  if (problems.length > 0) throw new AppError('takedownProblems', { count: new Set(problems.map((p) => p.recordId)).size }).withData({ problems });

  const reportDate = ctx.now.toISOString().slice(0, 10);
  const kind = KINDS[input.kind];
  const changedFields = new Set<string>();
  // One UPDATE and one history INSERT per round (at most three), whatever the number of records.
  for (const round of [1, 2, 3]) {
    const ids = facts.filter((f) => rounds.get(f.id) === round).map((f) => f.id);
    if (ids.length === 0) continue;
    const dateField = kind.save.fields[`process${round}Date`]!;
    const resultField = kind.save.fields[`process${round}Result`]!;
    const columns = { dateField, resultField, dateColumn: kind.fields[dateField]!.column, resultColumn: kind.fields[resultField]!.column };
    const updated = await repo.fillRoundDate(ctx.db, input.kind, { clientId: input.clientId, ids, round: columns, reportDate, emptyResult: IN_REVIEW, at: ctx.now });
    // A concurrent change filled the round meanwhile: refuse rather than overwrite it.
    if (updated.length !== ids.length) throw new AppError('takedownProblems', { count: ids.length - updated.length });
    await repo.insertRoundHistory(ctx.db, input.kind, { clientId: input.clientId, userId: ctx.user.userId, rows: updated, round: columns, reportDate, at: ctx.now });
    changedFields.add(dateField).add(resultField);
  }
  const noticeIds = await repo.insertNotices(
    ctx.db,
    notices.map((n) => ({ client_id: input.clientId, kind: input.kind, channel: input.channel, record_ids: n.recordIds, recipient: n.to, subject: n.subject, body: n.body, round: input.round ?? null, sent_by: ctx.user.userId, sent_at: ctx.now })),
  );
  await recordsChanged(ctx.services, ctx.db, kind, input.clientId, [...changedFields]);
  return { noticeIds, updateCount: facts.length, reportDate };
}

/**
 * The notices sent for a client (of one kind, or naming one record): analysts of the client and the client's own
 * users. A record a client user may not see (unpublished) does not show its notices to them.
 */
export async function fetchNotices(ctx: AuthedContext, input: z.output<typeof contract.fetchNoticesInput>) {
  if (input.recordId !== undefined) await loadFacts(ctx, input.kind, input.clientId, [input.recordId]);
  const rows = await repo.listNotices(ctx.db, input.clientId, input.kind, input.recordId);
  return {
    notices: rows.map((r) => ({
      id: r.notice_id,
      kind: r.kind as EvidenceKind,
      channel: r.channel as TakedownChannel,
      to: r.recipient,
      subject: r.subject,
      body: r.body,
      recordIds: r.record_ids.map(Number),
      sentByName: r.user_name ?? '',
      sentAt: new Date(r.sent_at).toISOString(),
    })),
  };
}
