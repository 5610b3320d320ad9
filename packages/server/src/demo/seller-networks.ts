import { sql } from 'kysely';
import type { Tx } from '../platform/db.js';
import { computeNetworks } from '../areas/triage-signals/networks.js';
import { computePriceScores } from '../areas/triage-signals/price-queries.js';

/**
 * Demo triage signals (issue 19) for the first client, so a fresh start shows networks and abnormal prices: contact
 * details the crawler would have captured (a phone shared by an EC seller and an Instagram account, a mail shared
 * by two sellers, a shop address shared by two more), three listings of this month's scan far below their peers,
 * then the signals computed at once (the job would do it after the first upload or at night).
 */
const PHONE = { seller: 'tokyo-direct', phone: '+81 3-5555-0199', account: 'sakura.beauty.sale', accountPhone: '03-5555-0199' };
const MAIL = { sellers: ['beauty-deals-hk', 'glow-store-22'], mail: 'sales@beautydeals.example' };
const ADDRESS = { sellers: ['cosme_wholesale', 'shop-5'], address: '深圳市龙岗区坂田街道 88号 3F' };

export async function seedSellerNetworks(trx: Tx, clientId: number, now: Date): Promise<void> {
  const setOnSeller = async (seller: string, column: 'ec_seller_phone' | 'ec_seller_mail' | 'ec_seller_address', value: string) =>
    sql`UPDATE ec_record SET ${sql.ref(column)} = ${value} WHERE client_id = ${clientId} AND ec_product_seller = ${seller} AND ec_site IN ('Amazon', 'Taobao')`.execute(trx);
  await setOnSeller(PHONE.seller, 'ec_seller_phone', PHONE.phone);
  for (const s of MAIL.sellers) await setOnSeller(s, 'ec_seller_mail', MAIL.mail);
  for (const s of ADDRESS.sellers) await setOnSeller(s, 'ec_seller_address', ADDRESS.address);
  await sql`UPDATE sns_record SET contact_phone = ${PHONE.accountPhone} WHERE client_id = ${clientId} AND account_id = ${PHONE.account}`.execute(trx);
  // This month's (unposted) scan found the Hanami lip tint (model HN Lip Tint, 22.50 USD) at its price nine times
  // and three times at a dollar or two: the analysts' list shows those three with high scores.
  await sql`
    UPDATE ec_record SET ec_product_title = 'HN Lip Tint by Hanami, 3 colours', ec_product_price = x.price, ec_product_currency = 'USD'
    FROM (SELECT ec_id, (ARRAY[21.90, 22.50, 23.00, 22.00, 24.00, 22.50, 21.50, 23.50, 22.00, 0.99, 1.49, 1.99])[row_number() OVER (ORDER BY ec_id)] AS price
          FROM ec_record WHERE client_id = ${clientId} AND NOT published ORDER BY ec_id LIMIT 12) x
    WHERE ec_record.ec_id = x.ec_id`.execute(trx);
  await computePriceScores(trx, clientId, now);
  await computeNetworks(trx, clientId, now);
}
