import { proposedChannel, Role } from '@portal/contract';
import { contextFor, type Services } from '../platform/context.js';
import type { Tx } from '../platform/db.js';
import { CHANNELS } from '../areas/takedown/channels/index.js';
import { composeEnv, countryOf, coversCountry, loadFacts } from '../areas/takedown/facts.js';

/**
 * Takedown notices in the demo (issues 18 and 35): the first listings of the EC list as an analyst sees it (newest
 * scan first) that are still live name the client's trademark in force for their country (its own office's, else
 * the international registration), and get their capture from seedPictures, which runs next and captures the same
 * first rows: so a newcomer who selects them composes a clean notice, for the channel of the listing's marketplace
 * (Rakuten listings the Rakuten form, Coupang ones a mail). The demo's captured listing has a notice already sent,
 * composed by the real channel its marketplace proposes.
 */

/** How many of the list's first live listings compose cleanly. */
export const DEMO_CLEAN_LISTINGS = 12;
/** Result 2 of a round or the final result: taken down (the pre-send check rightly refuses those). */
const TAKEN_DOWN = 2;

export async function seedTakedown(services: Services, trx: Tx, clientId: number, analystId: number, now: Date): Promise<void> {
  const today = now.toISOString().slice(0, 10);
  const marks = (await trx.selectFrom('trademark').select(['trademark_id', 'region', 'invalid_date']).where('client_id', '=', clientId).where('status', '=', 1).orderBy('trademark_id').execute()).filter(
    (m) => m.invalid_date === null || m.invalid_date >= today,
  );
  // The country's own office first, then a mark that covers it (the EU's, the international registration).
  const markFor = (region: string) => {
    const country = countryOf(region);
    if (country === null) return marks[0]?.trademark_id ?? null;
    return (marks.find((m) => m.region === country) ?? marks.find((m) => coversCountry(m.region, country)))?.trademark_id ?? null;
  };
  const first = await trx
    .selectFrom('ec_record')
    .select(['ec_id', 'ec_product_region', 'ec_process1_result', 'ec_process2_result', 'ec_process3_result', 'ec_process_result'])
    .where('client_id', '=', clientId)
    .orderBy('ec_scan_date', 'desc')
    .orderBy('ec_id', 'desc')
    // The rows seedPictures captures next (its first 24 of the list): a listing without evidence is not clean.
    .limit(24)
    .execute();
  const live = first.filter((r) => ![r.ec_process1_result, r.ec_process2_result, r.ec_process3_result, r.ec_process_result].includes(TAKEN_DOWN)).slice(0, DEMO_CLEAN_LISTINGS);
  for (const r of live) await trx.updateTable('ec_record').set({ ec_response_trademark: markFor(r.ec_product_region) }).where('ec_id', '=', r.ec_id).execute();

  const captured = await trx.selectFrom('evidence_capture').select('ec_id').where('client_id', '=', clientId).where('state', '=', 'done').where('ec_id', 'is not', null).executeTakeFirst();
  if (!captured?.ec_id) return;
  const record = await trx.selectFrom('ec_record').select('ec_product_region').where('ec_id', '=', captured.ec_id).executeTakeFirstOrThrow();
  const mark = markFor(record.ec_product_region) ?? marks[0]?.trademark_id;
  if (mark === undefined) return;
  await trx.updateTable('ec_record').set({ ec_response_trademark: mark }).where('ec_id', '=', captured.ec_id).execute();
  // The composer reads as the analyst would (the demo has no request to take a context from).
  const ctx = contextFor(services, trx, { userId: analystId, role: Role.ANALYST }, { now });
  const [facts, env] = await Promise.all([loadFacts(ctx, 'ec', clientId, [captured.ec_id]), composeEnv(ctx, clientId)]);
  const channel = proposedChannel(facts);
  const draft = CHANNELS[channel].compose(facts, env);
  await trx
    .insertInto('takedown_notice')
    .values({ client_id: clientId, kind: 'ec', channel, record_ids: [captured.ec_id], recipient: draft.to, subject: draft.subject, body: draft.body, round: null, sent_by: analystId, sent_at: now })
    .execute();
}
