import { Role } from '@portal/contract';
import { contextFor, type Services } from '../platform/context.js';
import type { Tx } from '../platform/db.js';
import { CHANNELS } from '../areas/takedown/channels/index.js';
import { composeEnv, countryOf, loadFacts } from '../areas/takedown/facts.js';

/**
 * Takedown notices in the demo (issue 18): a few listings name the client's trademark for their country, so
 * "Compose takedown notice" on them drafts notices (and the pre-send check shows what is still missing: most have
 * no capture yet); the captured listing has an eBay VeRO notice already sent, composed by the real channel.
 */
export async function seedTakedown(services: Services, trx: Tx, clientId: number, analystId: number, now: Date): Promise<void> {
  const marks = await trx.selectFrom('trademark').select(['trademark_id', 'region', 'invalid_date']).where('client_id', '=', clientId).where('status', '=', 1).execute();
  const markFor = (region: string) => marks.find((m) => m.region === countryOf(region))?.trademark_id ?? null;
  const records = await trx.selectFrom('ec_record').select(['ec_id', 'ec_product_region']).where('client_id', '=', clientId).where('published', '=', true).orderBy('ec_id').limit(40).execute();
  const withMark = records.map((r) => ({ id: r.ec_id, mark: markFor(r.ec_product_region) })).filter((r) => r.mark !== null).slice(0, 4);
  for (const r of withMark) await trx.updateTable('ec_record').set({ ec_response_trademark: r.mark }).where('ec_id', '=', r.id).execute();

  const captured = await trx.selectFrom('evidence_capture').select('ec_id').where('client_id', '=', clientId).where('state', '=', 'done').where('ec_id', 'is not', null).executeTakeFirst();
  const first = records[0];
  if (!captured?.ec_id || !first) return;
  const mark = markFor(first.ec_product_region) ?? marks[0]?.trademark_id;
  if (mark === undefined) return;
  await trx.updateTable('ec_record').set({ ec_response_trademark: mark }).where('ec_id', '=', captured.ec_id).execute();
  // The composer reads as the analyst would (the demo has no request to take a context from).
  const ctx = contextFor(services, trx, { userId: analystId, role: Role.ANALYST }, { now });
  const [facts, env] = await Promise.all([loadFacts(ctx, 'ec', clientId, [captured.ec_id]), composeEnv(ctx, clientId)]);
  const draft = CHANNELS['ebay-vero'].compose(facts, env);
  await trx
    .insertInto('takedown_notice')
    .values({ client_id: clientId, kind: 'ec', channel: 'ebay-vero', record_ids: [captured.ec_id], recipient: draft.to, subject: draft.subject, body: draft.body, round: null, sent_by: analystId, sent_at: now })
    .execute();
}
