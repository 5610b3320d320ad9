import { sql } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import { notImporting } from '../../records/core/visibility-queries.js';

/**
 * Abnormal prices (issue 19, point 4), in one statement over the client's priced EC records (WS and SNS records
 * carry no price). Each record's US-dollar price (ec_price_usd, at the administrators' latest rate, migration 021)
 * is compared with its peers:
 * - peers: the listings of the same brand model when a model name of the client's brands appears in the record's
 *   search keyword (else its title; the longest name wins), otherwise the listings of the same search keyword on the
 *   same site; a record with neither has no peers;
 * - score: (median - price) / (1.4826 x MAD), positive when cheaper than the peers (1.4826 makes the MAD estimate a
 *   standard deviation for normal prices). Only with MIN_PEERS listings or more in the group (the record included):
 *   fewer make a median of nothing. When the MAD is 0 (more than half the peers at one price), the mean absolute
 *   deviation scaled by 1.253314 stands in (Iglewicz and Hoaglin's modified z-score); when that is 0 too, every
 *   peer has the same price and the score is 0;
 * - ratio: price / the brand model's master price (in dollars), when a model matched.
 * The client's rows are replaced whole in the caller's transaction. Answers how many records were scored.
 */
export const MIN_PEERS = 5;
/** Shorter model names ("S", "X1") would match inside unrelated words. */
export const MIN_MODEL_NAME = 3;

export async function computePriceScores(db: Db | Tx, clientId: number, now: Date): Promise<number> {
  await sql`DELETE FROM triage_price_score WHERE client_id = ${clientId}`.execute(db);
  const result = await sql`
    WITH models AS (
      SELECT model_id, lower(model_name) AS name, model_price::float8 AS price FROM brand_model
      WHERE client_id = ${clientId} AND length(trim(model_name)) >= ${MIN_MODEL_NAME}),
    priced AS (
      SELECT r.ec_id, r.ec_site, r.ec_search_keyword, r.ec_product_title, r.ec_price_usd::float8 AS usd FROM ec_record r
      WHERE r.client_id = ${clientId} AND r.ec_price_usd > 0 AND ${notImporting('ec_record', clientId)}),
    matched AS (
      SELECT DISTINCT ON (p.ec_id) p.ec_id, m.model_id, m.price FROM priced p
      JOIN models m ON strpos(lower(p.ec_search_keyword), m.name) > 0 OR strpos(lower(p.ec_product_title), m.name) > 0
      ORDER BY p.ec_id, (strpos(lower(p.ec_search_keyword), m.name) > 0) DESC, length(m.name) DESC, m.model_id),
    grouped AS (
      SELECT p.ec_id, p.usd, mt.price AS model_price,
        CASE WHEN mt.model_id IS NOT NULL THEN 'model:' || mt.model_id
             WHEN p.ec_search_keyword <> '' THEN 'keyword:' || p.ec_site || '|' || lower(p.ec_search_keyword)
             ELSE '' END AS peer_group
      FROM priced p LEFT JOIN matched mt ON mt.ec_id = p.ec_id),
    stats AS (
      SELECT peer_group, count(*) AS n, percentile_cont(0.5) WITHIN GROUP (ORDER BY usd) AS median
      FROM grouped WHERE peer_group <> '' GROUP BY peer_group),
    spread AS (
      SELECT g.peer_group, percentile_cont(0.5) WITHIN GROUP (ORDER BY abs(g.usd - s.median)) AS mad, avg(abs(g.usd - s.median)) AS mean_ad
      FROM grouped g JOIN stats s ON s.peer_group = g.peer_group WHERE s.n >= ${MIN_PEERS} GROUP BY g.peer_group)
    INSERT INTO triage_price_score (ec_id, client_id, price_usd, peer_group, peer_count, peer_median_usd, peer_mad_usd, score, model_price_usd, model_ratio, computed_at)
    SELECT g.ec_id, ${clientId}, g.usd, left(g.peer_group, 600), COALESCE(s.n, 0), s.median, d.mad,
      CASE WHEN d.peer_group IS NULL THEN NULL
           WHEN d.mad > 0 THEN (s.median - g.usd) / (1.4826 * d.mad)
           WHEN d.mean_ad > 0 THEN (s.median - g.usd) / (1.253314 * d.mean_ad)
           ELSE 0 END,
      g.model_price, CASE WHEN g.model_price > 0 THEN g.usd / g.model_price END, ${now}
    FROM grouped g LEFT JOIN stats s ON s.peer_group = g.peer_group LEFT JOIN spread d ON d.peer_group = g.peer_group`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
