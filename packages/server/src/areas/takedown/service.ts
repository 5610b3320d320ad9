import type { EvidenceKind, TakedownChannel, TakedownNotice, TakedownProblem, takedown as contract } from '@portal/contract';
import { translate } from '@portal/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { recordsChanged } from '../../records/search/changes.js';
import { RECORD_TABLES } from '../../records/core/tables.js';
import { EC_KIND } from '../../kinds/ec/kind.js';
import { SNS_KIND } from '../../kinds/sns/kind.js';
import { WS_KIND } from '../../kinds/ws/kind.js';
import { CHANNELS } from './channels/index.js';
import { presendProblems } from './checks.js';
import { composeEnv, loadFacts, type RecordFacts } from './facts.js';

/**
 * Takedown notices (issue 18): compose for a selection and a channel (with the pre-send check), mark them sent
 * (stores what went out and fills each record's round report date, all or nothing), and read the notices sent.
 */
type ComposeInput = z.output<typeof contract.composeInput>;

export interface Composed {
  notices: TakedownNotice[];
  facts: RecordFacts[];
}

/** Groups the records as the channel's notices take them (one per listing, one batch, or batches of 300). */
export async function composeNotices(ctx: AuthedContext, input: ComposeInput, lock = false): Promise<Composed> {
  const [facts, env] = await Promise.all([loadFacts(ctx, input.kind, input.clientId, input.recordIds, lock), composeEnv(ctx, input.clientId)]);
  const channel = CHANNELS[input.channel];
  const notices: TakedownNotice[] = [];
  for (let i = 0; i < facts.length; i += channel.perNotice) {
    const group = facts.slice(i, i + channel.perNotice);
    const draft = channel.compose(group, env);
    notices.push({ channel: input.channel, ...draft, recordIds: group.map((f) => f.id), problems: group.flatMap((f) => presendProblems(f, env.today, ctx.locale)) });
  }
  return { notices, facts };
}

export async function compose(ctx: AuthedContext, input: ComposeInput): Promise<{ notices: TakedownNotice[] }> {
  return { notices: (await composeNotices(ctx, input)).notices };
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
  const t = RECORD_TABLES[input.kind];
  const changedFields = new Set<string>();
  // One UPDATE and one history INSERT per round (at most three), whatever the number of records.
  for (const round of [1, 2, 3]) {
    const ids = facts.filter((f) => rounds.get(f.id) === round).map((f) => f.id);
    if (ids.length === 0) continue;
    const dateField = kind.save.fields[`process${round}Date`]!;
    const resultField = kind.save.fields[`process${round}Result`]!;
    const dateCol = sql.ref(kind.fields[dateField]!.column);
    const resultCol = sql.ref(kind.fields[resultField]!.column);
    const idList = sql`${ids}::bigint[]`;
    const updated = await sql<{ id: number; result: number }>`
      UPDATE ${sql.table(t.records)} AS r SET ${dateCol} = ${reportDate}, ${resultCol} = COALESCE(r.${resultCol}, ${IN_REVIEW}), updated_at = ${ctx.now}
      WHERE r.client_id = ${input.clientId} AND r.${sql.ref(t.id)} = ANY(${idList}) AND r.${dateCol} IS NULL
      RETURNING r.${sql.ref(t.id)} AS id, r.${resultCol} AS result`.execute(ctx.db);
    // A concurrent change filled the round meanwhile: refuse rather than overwrite it.
    if (updated.rows.length !== ids.length) throw new AppError('takedownProblems', { count: ids.length - updated.rows.length });
    await sql`
      INSERT INTO ${sql.table(t.history)} (record_id, client_id, user_id, source, fields, created_at)
      SELECT u.id, ${input.clientId}, ${ctx.user.userId}, 'takedown', jsonb_build_object(${dateField}::text, ${reportDate}::text, ${resultField}::text, u.result), ${ctx.now}
      FROM unnest(${idList}, ${sql`${updated.rows.map((r) => r.result)}::int[]`}) AS u(id, result)
      ORDER BY u.id`.execute(ctx.db);
    changedFields.add(dateField).add(resultField);
  }
  const stored = await ctx.db
    .insertInto('takedown_notice')
    .values(notices.map((n) => ({ client_id: input.clientId, kind: input.kind, channel: input.channel, record_ids: n.recordIds, recipient: n.to, subject: n.subject, body: n.body, round: input.round ?? null, sent_by: ctx.user.userId, sent_at: ctx.now })))
    .returning('notice_id')
    .execute();
  await recordsChanged(ctx.services, ctx.db, kind, input.clientId, [...changedFields]);
  return { noticeIds: stored.map((s) => s.notice_id), updateCount: facts.length, reportDate };
}

/**
 * The notices sent for a client (of one kind, or naming one record): analysts of the client and the client's own
 * users. A record a client user may not see (unpublished) does not show its notices to them.
 */
export async function fetchNotices(ctx: AuthedContext, input: z.output<typeof contract.fetchNoticesInput>) {
  if (input.recordId !== undefined) await loadFacts(ctx, input.kind, input.clientId, [input.recordId]);
  let q = ctx.db
    .selectFrom('takedown_notice as n')
    .leftJoin('users as u', 'u.user_id', 'n.sent_by')
    .select(['n.notice_id', 'n.kind', 'n.channel', 'n.record_ids', 'n.recipient', 'n.subject', 'n.body', 'n.sent_at', 'u.user_name'])
    .where('n.client_id', '=', input.clientId)
    .where('n.kind', '=', input.kind);
  if (input.recordId !== undefined) q = q.where(sql<boolean>`n.record_ids @> ARRAY[${input.recordId}]::bigint[]`);
  const rows = await q.orderBy('n.notice_id', 'desc').limit(500).execute();
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
