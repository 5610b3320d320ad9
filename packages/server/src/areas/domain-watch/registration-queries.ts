import type { Db, Tx } from '../../platform/db.js';
import type { Registration } from './registration.js';

type Conn = Db | Tx;

/**
 * The candidates of a watch whose registration a run asks about: registered ones never asked, asked more than
 * `staleBefore` ago, or asked in vain more than `retryBefore` ago; never asked first, then the oldest.
 */
export function registrationsDue(db: Conn, watchId: number, input: { staleBefore: Date; retryBefore: Date; limit: number }) {
  return db
    .selectFrom('domain_candidate')
    .select(['id', 'domain'])
    .where('watch_id', '=', watchId)
    .where('registered', '=', true)
    .where((eb) =>
      eb.or([
        eb('registration_checked_at', 'is', null),
        eb('registration_checked_at', '<', input.staleBefore),
        eb.and([eb('registration_source', 'is', null), eb('registration_checked_at', '<', input.retryBefore)]),
      ]),
    )
    .orderBy((eb) => eb.fn.coalesce('registration_checked_at', eb.val(new Date(0))))
    .orderBy('id')
    .limit(input.limit)
    .execute();
}

/** What was learnt; an answer of nothing keeps what an earlier one said, and marks the time asked. */
export async function storeRegistration(db: Conn, id: number, registration: Registration | null, now: Date): Promise<void> {
  await db
    .updateTable('domain_candidate')
    .set({
      registration_checked_at: now,
      ...(registration && {
        registrar: registration.registrar,
        domain_created_at: registration.createdAt,
        domain_expires_at: registration.expiresAt,
        registration_source: registration.source,
      }),
    })
    .where('id', '=', id)
    .execute();
}
